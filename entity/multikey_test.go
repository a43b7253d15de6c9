package entity_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/google/go-cmp/cmp"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
)

func TestMultiKeyCreateTableInput(t *testing.T) {
	t.Parallel()
	in := mkTable().CreateTableInput()
	type el struct{ Name, Type string }
	var got []el
	for _, k := range in.GlobalSecondaryIndexes[0].KeySchema {
		got = append(got, el{aws.ToString(k.AttributeName), string(k.KeyType)})
	}
	want := []el{{"tenant", "HASH"}, {"region", "HASH"}, {"status", "RANGE"}, {"at", "RANGE"}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("key schema (-want +got):\n%s", diff)
	}
	defs := map[string]types.ScalarAttributeType{}
	for _, d := range in.AttributeDefinitions {
		defs[aws.ToString(d.AttributeName)] = d.AttributeType
	}
	wantDefs := map[string]types.ScalarAttributeType{"PK": "S", "SK": "S", "tenant": "S", "region": "N", "status": "S", "at": "N"}
	if diff := cmp.Diff(wantDefs, defs); diff != "" {
		t.Errorf("attribute definitions (-want +got):\n%s", diff)
	}
}

func TestMultiKeyTableChecks(t *testing.T) {
	t.Parallel()
	five := []entity.KeyAttribute{entity.S("a"), entity.S("b"), entity.S("c"), entity.S("d"), entity.S("e")}
	for name, ix := range map[string]entity.Index{
		"local":        {Name: "LSI1", Local: true, SortKeys: []entity.KeyAttribute{entity.S("a")}},
		"both forms":   {Name: "GSI1", PartitionKey: entity.S("x"), PartitionKeys: []entity.KeyAttribute{entity.S("a")}},
		"no partition": {Name: "GSI1", SortKeys: []entity.KeyAttribute{entity.S("a")}},
		"five":         {Name: "GSI1", PartitionKeys: five},
		"repeated":     {Name: "GSI1", PartitionKeys: []entity.KeyAttribute{entity.S("a")}, SortKeys: []entity.KeyAttribute{entity.N("a")}},
		"bad type":     {Name: "GSI1", PartitionKeys: []entity.KeyAttribute{{Name: "a", Type: "BOOL"}}},
	} {
		table := &entity.Table{Name: "t", PartitionKey: entity.S("PK"), Indexes: []entity.Index{ix}}
		_, err := entity.Define(table, entity.Config[mkTicket]{Name: "Ticket", Key: entity.Key{Partition: "T#${id}"}})
		if !errors.Is(err, ddbmodel.ErrInvalid) {
			t.Errorf("%s: Define error %v, want a ValidationError", name, err)
		}
	}
}

func TestMultiKeyDefineChecksFields(t *testing.T) {
	t.Parallel()
	type wrongType struct {
		ID     string `dynamo:"id"`
		Tenant string `dynamo:"tenant"`
		Region string `dynamo:"region"` // the index says N
		Status string `dynamo:"status"`
		At     int64  `dynamo:"at"`
	}
	_, err := entity.Define(mkTable(), entity.Config[wrongType]{
		Name: "Ticket", Key: entity.Key{Partition: "T#${id}", Sort: "#T"},
		Indexes: []entity.IndexKey[wrongType]{{Index: "ByTenant"}},
	})
	var ve *ddbmodel.ValidationError
	if !errors.As(err, &ve) || ve.Attribute != "region" || ve.Entity != "Ticket" || !strings.Contains(ve.Reason, "ByTenant") || !strings.Contains(ve.Reason, "type N") {
		t.Errorf("wrong field type: %v, want a ValidationError naming Ticket, region, ByTenant and type N", err)
	}

	type missing struct {
		ID     string `dynamo:"id"`
		Tenant string `dynamo:"tenant"`
		Region int    `dynamo:"region"`
		Status string `dynamo:"status"`
	}
	_, err = entity.Define(mkTable(), entity.Config[missing]{
		Name: "Ticket", Key: entity.Key{Partition: "T#${id}", Sort: "#T"},
		Indexes: []entity.IndexKey[missing]{{Index: "ByTenant"}},
	})
	if !errors.As(err, &ve) || ve.Attribute != "at" {
		t.Errorf("missing field: %v, want a ValidationError naming at", err)
	}

	_, err = entity.Define(mkTable(), entity.Config[mkTicket]{
		Name: "Ticket", Key: entity.Key{Partition: "T#${id}", Sort: "#T"},
		Indexes: []entity.IndexKey[mkTicket]{{Index: "ByTenant", Partition: "T#${tenant}"}},
	})
	if !errors.As(err, &ve) || !strings.Contains(ve.Reason, "no template") {
		t.Errorf("template on a multi-attribute index: %v, want a ValidationError", err)
	}
}

func TestMultiKeyWritesRefusedBeforeSending(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := entity.NewDB(entitytest.NoRequests(t), "mk")
	strict := mkDefine(t, mkTable(), false)
	// A put without a key attribute: a non-sparse index refuses it.
	_, err := strict.Put(mkTicket{ID: "1", Tenant: "acme", Region: 1, At: 5}).Run(ctx, db)
	var me *ddbmodel.MissingCompositesError
	if !errors.Is(err, ddbmodel.ErrInvalid) || !errors.As(err, &me) || me.Missing[0] != "status" {
		t.Errorf("put without status: %v, want a ValidationError with missing status", err)
	}
	// Removing a key attribute takes the item out of the index.
	for name, op := range map[string]entity.UpdateOp[mkTicket]{
		"remove":    strict.Update(entity.Values{"id": "1"}).Remove("status"),
		"set empty": strict.Update(entity.Values{"id": "1"}).Set("status", ""),
		"set null":  strict.Update(entity.Values{"id": "1"}).Set("status", &types.AttributeValueMemberNULL{Value: true}),
		"set type":  strict.Update(entity.Values{"id": "1"}).Set("region", "north"),
	} {
		if _, err := op.Build(); !errors.Is(err, ddbmodel.ErrInvalid) {
			t.Errorf("%s: %v, want a ValidationError", name, err)
		}
	}
	sparse := mkDefine(t, mkTable(), true)
	if _, err := sparse.Update(entity.Values{"id": "1"}).Remove("status").Build(); err != nil {
		t.Errorf("sparse index: removing a key attribute: %v", err)
	}
	if _, err := sparse.Put(mkTicket{ID: "1", Tenant: "acme", Region: 1, At: 5}).Build(); err != nil {
		t.Errorf("sparse index: put without status: %v", err)
	}
}

func TestMultiKeyItemsOnDynamoDB(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	table := mkTable()
	e := mkDefine(t, table, true)
	db := entitytest.NewDB(t, table)
	for _, v := range []mkTicket{
		{ID: "1", Tenant: "acme", Region: 1, Status: "open", At: 5},
		{ID: "2", Tenant: "acme", Region: 1, At: 6}, // no status: not in the index
	} {
		if _, err := e.Put(v).Run(ctx, db); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := e.Update(entity.Values{"id": "2"}).Set("status", "closed").Set("at", 9).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	if _, err := e.Update(entity.Values{"id": "1"}).Remove("status").Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	out, err := db.Client.Query(ctx, &dynamodb.QueryInput{
		TableName: db.Table(table.Name), IndexName: aws.String("ByTenant"),
		KeyConditionExpression:    aws.String("tenant = :t AND #r = :r"),
		ExpressionAttributeNames:  map[string]string{"#r": "region"},
		ExpressionAttributeValues: map[string]types.AttributeValue{":t": &types.AttributeValueMemberS{Value: "acme"}, ":r": &types.AttributeValueMemberN{Value: "1"}},
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(out.Items) != 1 || out.Items[0]["id"].(*types.AttributeValueMemberS).Value != "2" {
		t.Errorf("index holds %v, want only item 2 (item 1 left it on update)", out.Items)
	}
}

func TestMultiKeyAttributeRenderedByATemplate(t *testing.T) {
	t.Parallel()
	table := mkTable()
	table.Indexes = append(table.Indexes, entity.Index{Name: "ByAt", PartitionKey: entity.S("PK2"), SortKey: entity.N("at")})
	define := func(sort string) error {
		_, err := entity.Define(table, entity.Config[mkTicket]{
			Name: "Ticket" + sort[2:4], Key: entity.Key{Partition: "T#${id}", Sort: "#T"},
			Indexes: []entity.IndexKey[mkTicket]{{Index: "ByTenant"}, {Index: "ByAt", Partition: "X#" + sort, Sort: sort}},
		})
		return err
	}
	// ${at} writes the field's own value: the multi-attribute key may use it.
	if err := define("${at}"); err != nil {
		t.Errorf("template ${at} on at: %v", err)
	}
	// Any other template would overwrite the value the index reads.
	var ve *ddbmodel.ValidationError
	if err := define("${region}"); !errors.As(err, &ve) || ve.Attribute != "at" {
		t.Errorf("template ${region} on at: %v, want a ValidationError naming at", err)
	}
}
