package entity_test

import (
	"context"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
)

type fkOrder struct {
	ID     string `dynamo:"id"`
	Status string `dynamo:"status"`
	Rank   int    `dynamo:"rank"`
}

// newFkModel keys two indexes on fields of the entity itself (the
// template ${field}): status (a string) and rank (a number).
func newFkModel(t *testing.T) (*entity.Table, *entity.Entity[fkOrder]) {
	t.Helper()
	table := &entity.Table{Name: "fieldkey", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"), Indexes: []entity.Index{
		{Name: "ByStatus", PartitionKey: entity.S("status"), SortKey: entity.S("GSI1SK")},
		{Name: "ByRank", PartitionKey: entity.S("GSI2PK"), SortKey: entity.N("rank")},
	}}
	orders := entity.MustDefine(table, entity.Config[fkOrder]{
		Name: "Order",
		Key:  entity.Key{Partition: "ORDER#${id}", Sort: "META"},
		Indexes: []entity.IndexKey[fkOrder]{
			{Index: "ByStatus", Partition: "${status}", Sort: "ORDER#${id}"},
			{Index: "ByRank", Partition: "RANKED", Sort: "${rank}"},
		},
	})
	return table, orders
}

// A field that is itself an index's key attribute (placed as ${field})
// is the user's data: an update sets, adds to or removes it as any field,
// and the item's index keys stay what a put of the result writes.
func TestUpdateOfAFieldThatIsItsOwnIndexKey(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	table, orders := newFkModel(t)
	db := entitytest.NewDB(t, table)
	if _, err := orders.Put(fkOrder{ID: "o1", Status: "new", Rank: 1}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	in, err := orders.Update(entity.Values{"id": "o1"}).Set("status", "shipped").Build()
	if err != nil {
		t.Fatalf("Build of a Set on status: %v", err)
	}
	if n := strings.Count(*in.UpdateExpression, "="); n != 1 {
		t.Errorf("UpdateExpression %q sets %d paths, want status alone (its other half is in place)", *in.UpdateExpression, n)
	}
	got, err := orders.Update(entity.Values{"id": "o1"}).Set("status", "shipped").Run(ctx, db)
	if err != nil {
		t.Fatalf("Set on status: %v", err)
	}
	if got.Status != "shipped" {
		t.Errorf("returned %+v", got)
	}
	if _, err := orders.Update(entity.Values{"id": "o1"}).Add("rank", 2).Run(ctx, db); err != nil {
		t.Fatalf("Add on rank: %v", err)
	}
	item := rawItem(t, db, map[string]types.AttributeValue{"PK": s("ORDER#o1"), "SK": s("META")})
	if str(item["status"]) != "shipped" || str(item["GSI1SK"]) != "ORDER#o1" || fkScalar(item["rank"]) != "3" || str(item["GSI2PK"]) != "RANKED" {
		t.Errorf("item after the updates: %v", item)
	}
	// What a put of the decoded value writes is what the item holds.
	v, err := orders.Decode(item)
	if err != nil {
		t.Fatal(err)
	}
	put, err := orders.Put(v).Build()
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"status", "GSI1SK", "rank", "GSI2PK"} {
		if fkScalar(put.Item[name]) != fkScalar(item[name]) {
			t.Errorf("%s: the item holds %q, a put of its value writes %q", name, fkScalar(item[name]), fkScalar(put.Item[name]))
		}
	}
}

// fkScalar is the text of a string or number attribute value.
func fkScalar(av types.AttributeValue) string {
	if n, ok := av.(*types.AttributeValueMemberN); ok {
		return n.Value
	}
	return str(av)
}
