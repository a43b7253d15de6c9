package query_test

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/query"
	"github.com/ddbmodel/ddbmodel/txn"
)

type queuedOrder struct {
	OrderID string `dynamo:"orderId"`
	Status  string `dynamo:"status"`
	Prio    int    `dynamo:"prio"`
}

type queuedPayment struct {
	PaymentID string `dynamo:"paymentId"`
	Status    string `dynamo:"status"`
}

// Two entities whose index queries send the same request (one partition
// text, one key condition, begins_with "P#") must not take each other's
// cursors: the position of one entity's page, given to the other's query,
// would silently skip the items before it.
func TestACursorIsBoundToTheEntitiesItsQueryReads(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	table := &entity.Table{Name: "cursor-entity", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"),
		Indexes: []entity.Index{{Name: "GSI1", PartitionKey: entity.S("GSI1PK"), SortKey: entity.S("GSI1SK")}}}
	orders := entity.MustDefine(table, entity.Config[queuedOrder]{
		Name: "QueuedOrder", Key: entity.Key{Partition: "ORDER#${orderId}", Sort: "#O"},
		Indexes: []entity.IndexKey[queuedOrder]{{Index: "GSI1", Partition: "STATUS#${status}", Sort: "P#${prio:pad(3)}#${orderId}"}},
	})
	payments := entity.MustDefine(table, entity.Config[queuedPayment]{
		Name: "QueuedPayment", Key: entity.Key{Partition: "PAYMENT#${paymentId}", Sort: "#P"},
		Indexes: []entity.IndexKey[queuedPayment]{{Index: "GSI1", Partition: "STATUS#${status}", Sort: "P#${paymentId}"}},
	})
	db := entitytest.NewDB(t, table)
	var ops []entity.BatchWriter
	for i := range 5 {
		ops = append(ops, orders.Put(queuedOrder{OrderID: fmt.Sprint("o", i), Status: "new", Prio: i}),
			payments.Put(queuedPayment{PaymentID: fmt.Sprint("p", i), Status: "new"}))
	}
	if err := txn.BatchWrite(ctx, db, txn.BatchOptions{}, ops...); err != nil {
		t.Fatal(err)
	}
	new := entity.Values{"status": "new"}
	first, err := query.New(orders).Index("GSI1").Where(new).Limit(7).Page(ctx, db, "")
	if err != nil || first.Cursor == "" {
		t.Fatalf("orders' first page: %d items, cursor %q, %v", len(first.Items), first.Cursor, err)
	}
	_, err = query.New(payments).Index("GSI1").Where(new).Page(ctx, db, first.Cursor)
	var ce *ddbmodel.CursorError
	if !errors.As(err, &ce) || ce.Reason != "made by another query: its entity differs" {
		t.Fatalf("payments' query with the orders' cursor: %v, want a CursorError: made by another query: its entity differs", err)
	}
	// The orders' own query goes on from it.
	if _, err := query.New(orders).Index("GSI1").Where(new).Limit(7).Page(ctx, db, first.Cursor); err != nil {
		t.Errorf("the orders' query with its own cursor: %v", err)
	}

	// A collection reads the same items whatever the order of its
	// members, and other items with another set of members.
	both := query.Of(orders, payments).Index("GSI1").Where(new).Limit(3)
	page, err := both.Page(ctx, db, "")
	if err != nil || page.Cursor == "" {
		t.Fatalf("collection's first page: cursor %q, %v", page.Cursor, err)
	}
	if _, err := query.Of(payments, orders).Index("GSI1").Where(new).Limit(3).Page(ctx, db, page.Cursor); err != nil {
		t.Errorf("the collection with its members in another order: %v", err)
	}
	if _, err := query.Of(payments).Index("GSI1").Where(new).Page(ctx, db, page.Cursor); !errors.As(err, &ce) || ce.Reason != "made by another query: its entity differs" {
		t.Errorf("a collection of one of the members with the collection's cursor: %v, want its entity differs", err)
	}
}
