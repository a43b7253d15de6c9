package query_test

import (
	"fmt"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/google/go-cmp/cmp"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/query"
)

type boundOrder struct {
	Customer string `dynamo:"customer"`
	Total    int    `dynamo:"total"`
	ID       string `dynamo:"id"`
}

type boundRefund struct {
	Customer string `dynamo:"customer"`
	ID       string `dynamo:"id"`
}

// Range conditions on a sort key with a literal prefix read only the
// entity's keys: a partition that also holds keys sorting before (ADDR#)
// and after (TXN#) the entity's (TOTAL#) is queried with each bound, and
// DynamoDB reads (ScannedCount) no item of another entity.
func TestRangeConditionsReadOnlyTheEntitysKeys(t *testing.T) {
	t.Parallel()
	table := &entity.Table{Name: "bounds", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
	orders := entity.MustDefine(table, entity.Config[boundOrder]{Name: "Order",
		Key: entity.Key{Partition: "CUST#${customer}", Sort: "TOTAL#${total:pad(6)}#${id}"}})
	refunds := entity.MustDefine(table, entity.Config[boundRefund]{Name: "Refund",
		Key: entity.Key{Partition: "CUST#${customer}", Sort: "TXN#${id}"}})
	addrs := entity.MustDefine(table, entity.Config[boundRefund]{Name: "Address",
		Key: entity.Key{Partition: "CUST#${customer}", Sort: "ADDR#${id}"}})
	db := entitytest.NewDB(t, table)
	for _, o := range []boundOrder{{"c", 10, "a"}, {"c", 20, "b"}, {"c", 20, "c"}, {"c", 30, "d"}} {
		if _, err := orders.Put(o).Run(t.Context(), db); err != nil {
			t.Fatal(err)
		}
	}
	for i := range 3 {
		if _, err := refunds.Put(boundRefund{"c", fmt.Sprint("r", i)}).Run(t.Context(), db); err != nil {
			t.Fatal(err)
		}
		if _, err := addrs.Put(boundRefund{"c", fmt.Sprint("a", i)}).Run(t.Context(), db); err != nil {
			t.Fatal(err)
		}
	}
	base := query.New(orders).Where(entity.Values{"customer": "c"})
	cases := []struct {
		name string
		q    query.Query[boundOrder]
		want []string
	}{
		{"Ge partial", base.Ge(entity.Values{"total": 20}), []string{"b", "c", "d"}},
		{"Ge whole", base.Ge(entity.Values{"total": 20, "id": "c"}), []string{"c", "d"}},
		{"Gt partial", base.Gt(entity.Values{"total": 20}), []string{"d"}},
		{"Gt whole", base.Gt(entity.Values{"total": 20, "id": "b"}), []string{"c", "d"}},
		{"Le partial", base.Le(entity.Values{"total": 20}), []string{"a", "b", "c"}},
		{"Le whole", base.Le(entity.Values{"total": 20, "id": "b"}), []string{"a", "b"}},
		{"Lt partial", base.Lt(entity.Values{"total": 20}), []string{"a"}},
		{"Lt whole", base.Lt(entity.Values{"total": 20, "id": "c"}), []string{"a", "b"}},
		{"Gt above all", base.Gt(entity.Values{"total": 999999}), nil},
	}
	for _, c := range cases {
		got, err := c.q.Collect(t.Context(), db)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		var ids []string
		for _, o := range got {
			ids = append(ids, o.ID)
		}
		if diff := cmp.Diff(c.want, ids); diff != "" {
			t.Errorf("%s: ids (-want +got):\n%s", c.name, diff)
		}
		in, err := c.q.Build()
		if err != nil {
			t.Fatal(err)
		}
		in.TableName = db.Table(table.Name)
		out, err := db.Client.Query(t.Context(), in)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if int(out.ScannedCount) != len(c.want) {
			t.Errorf("%s: %s read %d items, want only the %d orders (no refund or address)", c.name, aws.ToString(in.KeyConditionExpression), out.ScannedCount, len(c.want))
		}
	}
}
