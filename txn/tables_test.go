package txn_test

import (
	"context"
	"errors"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/google/go-cmp/cmp"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/query"
	"github.com/ddbmodel/ddbmodel/txn"
)

type Doc struct {
	DocID string `dynamo:"docId"`
	Body  string `dynamo:"body"`
}

type Audit struct {
	DocID string `dynamo:"docId"`
	Note  string `dynamo:"note"`
}

// twoTables is a model of two tables with the same key attributes, so that
// an item written to the wrong one would be accepted there.
type twoTables struct {
	content, audit *entity.Table
	docs           *entity.Entity[Doc]
	audits         *entity.Entity[Audit]
}

func newTwoTables() twoTables {
	c := &entity.Table{Name: "content", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
	a := &entity.Table{Name: "audit", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
	return twoTables{
		content: c, audit: a,
		docs:   entity.MustDefine(c, entity.Config[Doc]{Name: "Doc", Key: entity.Key{Partition: "DOC#${docId}", Sort: "#DOC"}}),
		audits: entity.MustDefine(a, entity.Config[Audit]{Name: "Audit", Key: entity.Key{Partition: "DOC#${docId}", Sort: "#AUDIT"}}),
	}
}

// itemsIn returns the number of items in the physical table.
func itemsIn(t *testing.T, db *entity.DB, table string) int32 {
	t.Helper()
	out, err := db.Client.Scan(t.Context(), &dynamodb.ScanInput{TableName: aws.String(table), ConsistentRead: aws.Bool(true)})
	if err != nil {
		t.Fatal(err)
	}
	return out.Count
}

// checkEachInItsTable asserts that the content table holds exactly the doc
// and the audit table exactly the audit entry.
func checkEachInItsTable(t *testing.T, m twoTables, client entity.Client, content, audit string) {
	t.Helper()
	ctx := t.Context()
	cdb, adb := entity.NewDB(client, content), entity.NewDB(client, audit)
	if d, err := m.docs.Get(entity.Values{"docId": "d1"}).Run(ctx, cdb); err != nil || d.Body != "hello" {
		t.Errorf("doc in the content table: %+v, %v", d, err)
	}
	if a, err := m.audits.Get(entity.Values{"docId": "d1"}).Run(ctx, adb); err != nil || a.Note != "created" {
		t.Errorf("audit entry in the audit table: %+v, %v", a, err)
	}
	if n := itemsIn(t, cdb, content); n != 1 {
		t.Errorf("content table holds %d items, want 1", n)
	}
	if n := itemsIn(t, adb, audit); n != 1 {
		t.Errorf("audit table holds %d items, want 1", n)
	}
}

// A DB whose TableName renames the default (content) table and whose Tables
// maps the audit table: a transaction across both writes each item to its own.
func TestCrossTableWriteKeepsEachTable(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	m := newTwoTables()
	content := entitytest.NewDB(t, m.content)
	audit := entitytest.NewDB(t, m.audit)
	db := &entity.DB{Client: content.Client, TableName: content.TableName,
		Tables: map[string]string{m.audit.Name: audit.TableName}}
	err := txn.Write(
		m.docs.Put(Doc{DocID: "d1", Body: "hello"}),
		m.audits.Put(Audit{DocID: "d1", Note: "created"}),
	).Run(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	checkEachInItsTable(t, m, db.Client, content.TableName, audit.TableName)

	items, err := txn.Get(m.docs.Get(entity.Values{"docId": "d1"}), m.audits.Get(entity.Values{"docId": "d1"})).Run(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	if !items.Found(0) || !items.Found(1) {
		t.Errorf("read transaction across the tables: found %v, %v", items.Found(0), items.Found(1))
	}
}

// The same through a batch, on a DB that maps both model tables
// (entitytest.NewDB given two tables).
func TestCrossTableBatchKeepsEachTable(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	m := newTwoTables()
	db := entitytest.NewDB(t, m.content, m.audit)
	err := txn.BatchWrite(ctx, db, txn.BatchOptions{},
		m.docs.Put(Doc{DocID: "d1", Body: "hello"}),
		m.audits.Put(Audit{DocID: "d1", Note: "created"}),
	)
	if err != nil {
		t.Fatal(err)
	}
	checkEachInItsTable(t, m, db.Client, db.Tables[m.content.Name], db.Tables[m.audit.Name])

	items, err := txn.BatchGet(ctx, db, txn.BatchOptions{}, m.docs.Get(entity.Values{"docId": "d1"}), m.audits.Get(entity.Values{"docId": "d1"}))
	if err != nil {
		t.Fatal(err)
	}
	if !items.Found(0) || !items.Found(1) {
		t.Errorf("batch get across the tables: found %v, %v", items.Found(0), items.Found(1))
	}
}

// The table names of every action, as sent.
func TestCrossTableRequestTableNames(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	m := newTwoTables()
	rec := entitytest.NewRecorder(nil)
	db := &entity.DB{Client: rec, TableName: "content-prod", Tables: map[string]string{"audit": "audit-prod"}}
	doc, audit := m.docs.Put(Doc{DocID: "d1"}), m.audits.Put(Audit{DocID: "d1"})
	docKey, auditKey := m.docs.Get(entity.Values{"docId": "d1"}), m.audits.Get(entity.Values{"docId": "d1"})

	if err := txn.Write(doc, audit).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	if _, err := txn.Get(docKey, auditKey).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	if err := txn.BatchWrite(ctx, db, txn.BatchOptions{}, doc, audit); err != nil {
		t.Fatal(err)
	}
	if _, err := txn.BatchGet(ctx, db, txn.BatchOptions{}, docKey, auditKey); err != nil {
		t.Fatal(err)
	}
	if _, err := m.audits.Put(Audit{DocID: "d2"}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	if _, err := m.docs.Put(Doc{DocID: "d2"}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	var got [][]string
	for _, r := range rec.Requests() {
		var names []string
		switch in := r.Input.(type) {
		case *dynamodb.TransactWriteItemsInput:
			for _, it := range in.TransactItems {
				names = append(names, aws.ToString(it.Put.TableName))
			}
		case *dynamodb.TransactGetItemsInput:
			for _, it := range in.TransactItems {
				names = append(names, aws.ToString(it.Get.TableName))
			}
		case *dynamodb.BatchWriteItemInput:
			for table, reqs := range in.RequestItems {
				for range reqs {
					names = append(names, table)
				}
			}
		case *dynamodb.BatchGetItemInput:
			for table, ka := range in.RequestItems {
				for range ka.Keys {
					names = append(names, table)
				}
			}
		case *dynamodb.PutItemInput:
			names = append(names, aws.ToString(in.TableName))
		}
		got = append(got, names)
	}
	// Batch maps have no order: sort those two.
	for _, i := range []int{2, 3} {
		if i < len(got) && len(got[i]) == 2 && got[i][0] > got[i][1] {
			got[i][0], got[i][1] = got[i][1], got[i][0]
		}
	}
	want := [][]string{
		{"content-prod", "audit-prod"},
		{"content-prod", "audit-prod"},
		{"audit-prod", "content-prod"},
		{"audit-prod", "content-prod"},
		{"audit-prod"},
		{"content-prod"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("table names (-want +got):\n%s", diff)
	}
	// Build keeps the model tables' names.
	in, err := txn.Write(doc, audit).Build()
	if err != nil {
		t.Fatal(err)
	}
	if a, b := aws.ToString(in.TransactItems[0].Put.TableName), aws.ToString(in.TransactItems[1].Put.TableName); a != "content" || b != "audit" {
		t.Errorf("Build's table names = %q, %q, want the model's content, audit", a, b)
	}
}

// A DB with only TableName cannot tell which of two model tables it
// renames: a request across both is refused before sending.
func TestCrossTableAmbiguousDefaultRefused(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	m := newTwoTables()
	db := entity.NewDB(entitytest.NoRequests(t), "prod")
	doc, audit := m.docs.Put(Doc{DocID: "d1"}), m.audits.Put(Audit{DocID: "d1"})
	docKey, auditKey := m.docs.Get(entity.Values{"docId": "d1"}), m.audits.Get(entity.Values{"docId": "d1"})
	_, getErr := txn.Get(docKey, auditKey).Run(ctx, db)
	_, batchGetErr := txn.BatchGet(ctx, db, txn.BatchOptions{}, docKey, auditKey)
	for name, err := range map[string]error{
		"write":       txn.Write(doc, audit).Run(ctx, db),
		"get":         getErr,
		"batch write": txn.BatchWrite(ctx, db, txn.BatchOptions{}, doc, audit),
		"batch get":   batchGetErr,
	} {
		var ve *ddbmodel.ValidationError
		if !errors.As(err, &ve) {
			t.Errorf("%s across two model tables on a DB with only TableName: err = %v, want a *ddbmodel.ValidationError", name, err)
		}
	}
}

// Single-item operations and queries on a DB with Tables go to their own
// model table's physical table too.
func TestMappedTableSingleItemAndQuery(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	m := newTwoTables()
	rec := entitytest.NewRecorder(nil)
	db := &entity.DB{Client: rec, TableName: "content-prod", Tables: map[string]string{"audit": "audit-prod"}}
	key := entity.Values{"docId": "d1"}
	_, _ = m.audits.Put(Audit{DocID: "d1"}).Run(ctx, db)
	_, _ = m.audits.Get(key).Run(ctx, db) // not found: answered empty
	_, _ = m.audits.Update(key).Set("note", "x").Run(ctx, db)
	_ = m.audits.Delete(key).Run(ctx, db)
	_, _ = query.New(m.audits).Where(key).Collect(ctx, db)
	_, _ = m.docs.Get(key).Run(ctx, db)
	var got []string
	for _, r := range rec.Requests() {
		switch in := r.Input.(type) {
		case *dynamodb.PutItemInput:
			got = append(got, aws.ToString(in.TableName))
		case *dynamodb.GetItemInput:
			got = append(got, aws.ToString(in.TableName))
		case *dynamodb.UpdateItemInput:
			got = append(got, aws.ToString(in.TableName))
		case *dynamodb.DeleteItemInput:
			got = append(got, aws.ToString(in.TableName))
		case *dynamodb.QueryInput:
			got = append(got, aws.ToString(in.TableName))
		}
	}
	want := []string{"audit-prod", "audit-prod", "audit-prod", "audit-prod", "audit-prod", "content-prod"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("table names (-want +got):\n%s", diff)
	}
}
