package query_test

import (
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/entity/evolve"
)

// Writer is placed in GSI1 only; its table has a GSI2 too.
type Writer struct {
	ID     string `dynamo:"id"`
	Author string `dynamo:"author"`
}

func twoIndexTable() *entity.Table {
	return &entity.Table{Name: "foreignkeys", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"),
		Indexes: []entity.Index{
			{Name: "GSI1", PartitionKey: entity.S("GSI1PK"), SortKey: entity.S("GSI1SK")},
			{Name: "GSI2", PartitionKey: entity.S("GSI2PK"), SortKey: entity.S("GSI2SK")},
		}}
}

func writers(t *entity.Table, unmarked bool) *entity.Entity[Writer] {
	return entity.MustDefine(t, entity.Config[Writer]{Name: "Writer", RecognizeUnmarked: unmarked,
		Key:     entity.Key{Partition: "W#${id}", Sort: "#M"},
		Indexes: []entity.IndexKey[Writer]{{Index: "GSI1", Partition: "AU#${author}", Sort: "W#${id}"}}})
}

func avS(s string) types.AttributeValue { return &types.AttributeValueMemberS{Value: s} }

// putLegacy writes, through the SDK, an unmarked item under Writer w1's
// key that carries keys of GSI2, an index Writer is not in.
func putLegacy(t *testing.T, db *entity.DB, table *entity.Table) {
	t.Helper()
	_, err := db.Client.PutItem(t.Context(), &dynamodb.PutItemInput{TableName: db.Table(table.Name), Item: map[string]types.AttributeValue{
		"PK": avS("W#w1"), "SK": avS("#M"), "id": avS("w1"), "author": avS("ana"),
		"GSI2PK": avS("TAG#red"), "GSI2SK": avS("B#zz")}})
	if err != nil {
		t.Fatal(err)
	}
}

// rawWriter reads Writer w1's item through the SDK.
func rawWriter(t *testing.T, db *entity.DB, table *entity.Table) map[string]types.AttributeValue {
	t.Helper()
	out, err := db.Client.GetItem(t.Context(), &dynamodb.GetItemInput{TableName: db.Table(table.Name), ConsistentRead: aws.Bool(true),
		Key: map[string]types.AttributeValue{"PK": avS("W#w1"), "SK": avS("#M")}})
	if err != nil {
		t.Fatal(err)
	}
	return out.Item
}

// checkPutShape asserts that Writer w1's stored item has no GSI2 key and
// that evolve finds nothing to change in the table.
func checkPutShape(t *testing.T, what string, db *entity.DB, table *entity.Table, e *entity.Entity[Writer]) {
	t.Helper()
	item := rawWriter(t, db, table)
	for _, name := range []string{"GSI2PK", "GSI2SK"} {
		if _, ok := item[name]; ok {
			t.Errorf("%s: the item keeps %s, of an index the entity is not in", what, name)
		}
	}
	if _, ok := item["GSI1PK"]; !ok {
		t.Errorf("%s: the item lacks its GSI1 key", what)
	}
	r, err := evolve.Entity(e).Verify(t.Context(), db)
	if err != nil {
		t.Fatal(err)
	}
	if r.Findings != 0 {
		t.Errorf("%s: evolve's Verify finds %d items that differ from a put (%v)", what, r.Findings, r.Counts)
	}
}

// Adoption removes the keys of an index the entity is not in: the item is
// what a put of its value writes.
func TestAdoptRemovesKeysOfIndexesTheEntityIsNotIn(t *testing.T) {
	t.Parallel()
	table := twoIndexTable()
	e := writers(table, false)
	db := entitytest.NewDB(t, table)
	putLegacy(t, db, table)
	v, err := e.Adopt(entity.Values{"id": "w1"}).Run(t.Context(), db)
	if err != nil {
		t.Fatal(err)
	}
	if v != (Writer{ID: "w1", Author: "ana"}) {
		t.Errorf("adopted %+v", v)
	}
	checkPutShape(t, "adopt", db, table, e)
}

// An upsert over an unmarked item (RecognizeUnmarked) marks it and removes
// the keys of an index the entity is not in.
func TestUpsertOfUnmarkedRemovesKeysOfIndexesTheEntityIsNotIn(t *testing.T) {
	t.Parallel()
	table := twoIndexTable()
	e := writers(table, true)
	db := entitytest.NewDB(t, table)
	putLegacy(t, db, table)
	if _, err := e.Upsert(Writer{ID: "w1", Author: "bob"}).Run(t.Context(), db); err != nil {
		t.Fatal(err)
	}
	checkPutShape(t, "upsert", db, table, e)
	if got := rawWriter(t, db, table)["GSI1PK"]; got == nil || got.(*types.AttributeValueMemberS).Value != "AU#bob" {
		t.Errorf("upsert: GSI1PK = %v, want AU#bob", got)
	}
}
