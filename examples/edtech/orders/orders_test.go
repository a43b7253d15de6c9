package orders_test

import (
	"context"
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/examples/edtech/orders"
	"github.com/ddbmodel/ddbmodel/internal/exampletest"
	"github.com/ddbmodel/ddbmodel/internal/pagetest"
)

func setup(t *testing.T) (context.Context, *entity.DB) {
	t.Helper()
	return exampletest.Sample(t, orders.Table, orders.LoadSample)
}

// find returns the sample value matching, failing the test when there is none.
func find[T any](t *testing.T, all []T, match func(T) bool) T {
	t.Helper()
	for _, v := range all {
		if match(v) {
			return v
		}
	}
	t.Fatal("no such sample value")
	panic("unreachable")
}

func item(t *testing.T, o, i string) orders.Item {
	return find(t, orders.SampleItems, func(v orders.Item) bool { return v.OrderID == o && v.ItemID == i })
}

func ret(t *testing.T, o, i, r string) orders.Return {
	return find(t, orders.SampleReturns, func(v orders.Return) bool {
		return v.OrderID == o && v.ItemID == i && v.ReturnID == r
	})
}

func shipment(t *testing.T, o, s string) orders.Shipment {
	return find(t, orders.SampleShipments, func(v orders.Shipment) bool { return v.OrderID == o && v.ShipmentID == s })
}

func event(t *testing.T, o, s, e string) orders.Event {
	return find(t, orders.SampleEvents, func(v orders.Event) bool {
		return v.OrderID == o && v.ShipmentID == s && v.EventID == e
	})
}

func TestOrderHeader(t *testing.T) {
	t.Parallel()
	ctx, db := setup(t)
	got, err := orders.OrderHeader(ctx, db, "o1")
	if err != nil {
		t.Fatal(err)
	}
	want := orders.Order{OrderID: "o1", Customer: "c-ana", PlacedAt: "2024-05-02T10:00:00Z"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("OrderHeader(o1) (-want +got):\n%s", diff)
	}
	if _, err := orders.OrderHeader(ctx, db, "o3"); !errors.Is(err, ddbmodel.ErrNotFound) {
		t.Errorf("OrderHeader(o3): got %v, want ErrNotFound", err)
	}
}

func TestItemsWithReturns(t *testing.T) {
	t.Parallel()
	ctx, db := setup(t)
	want := []any{
		item(t, "o1", "i1"), ret(t, "o1", "i1", "r1"), ret(t, "o1", "i1", "r2"), ret(t, "o1", "i1", "r3"),
		item(t, "o1", "i10"), ret(t, "o1", "i10", "r4"),
		item(t, "o1", "i100"), ret(t, "o1", "i100", "r5"), ret(t, "o1", "i100", "r6"),
		item(t, "o1", "i2"),
	}
	got, err := orders.ItemsWithReturns(ctx, db, "o1")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("ItemsWithReturns(o1) (-want +got):\n%s", diff)
	}
	paged, pages := pagetest.WalkCollection(ctx, t, db, orders.ItemsWithReturnsQuery("o1"), 3)
	if diff := cmp.Diff(want, paged); diff != "" {
		t.Errorf("ItemsWithReturns(o1) in pages of 3 (-want +got):\n%s", diff)
	}
	if pages < 4 {
		t.Errorf("%d pages of 3 for 10 items, want at least 4", pages)
	}
}

func TestItemsOnly(t *testing.T) {
	t.Parallel()
	ctx, db := setup(t)
	want := []orders.Item{item(t, "o1", "i1"), item(t, "o1", "i10"), item(t, "o1", "i100"), item(t, "o1", "i2")}
	got, err := orders.ItemsOnly(ctx, db, "o1")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("ItemsOnly(o1) (-want +got):\n%s", diff)
	}
	// No return is read at all: the index holds nothing else under ITEM#,
	// so a page of 2 is 2 items, not 2 items minus the returns dropped.
	in, err := orders.ItemsOnlyQuery("o1").Limit(2).Build()
	if err != nil {
		t.Fatal(err)
	}
	in.TableName = &db.TableName
	out, err := db.Client.Query(ctx, in)
	if err != nil {
		t.Fatal(err)
	}
	if len(out.Items) != 2 || out.ScannedCount != 2 {
		t.Errorf("a page of 2: %d items of %d read, want 2 of 2", len(out.Items), out.ScannedCount)
	}
	if in.FilterExpression != nil {
		t.Errorf("ItemsOnly uses a filter: %s", *in.FilterExpression)
	}
	paged, pages := pagetest.Walk(ctx, t, db, orders.ItemsOnlyQuery("o1"), 2)
	if diff := cmp.Diff(want, paged); diff != "" {
		t.Errorf("ItemsOnly(o1) in pages of 2 (-want +got):\n%s", diff)
	}
	if pages < 2 {
		t.Errorf("%d pages, want at least 2", pages)
	}
	o2, err := orders.ItemsOnly(ctx, db, "o2")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]orders.Item{item(t, "o2", "i1")}, o2); diff != "" {
		t.Errorf("ItemsOnly(o2) (-want +got):\n%s", diff)
	}
}

func TestItemByID(t *testing.T) {
	t.Parallel()
	ctx, db := setup(t)
	for _, id := range []string{"i1", "i10", "i100"} {
		got, err := orders.ItemByID(ctx, db, "o1", id)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(item(t, "o1", id), got); diff != "" {
			t.Errorf("ItemByID(o1, %s) (-want +got):\n%s", id, diff)
		}
	}
	if _, err := orders.ItemByID(ctx, db, "o1", "i3"); !errors.Is(err, ddbmodel.ErrNotFound) {
		t.Errorf("ItemByID(o1, i3): got %v, want ErrNotFound", err)
	}
}

func TestReturnsOfItem(t *testing.T) {
	t.Parallel()
	ctx, db := setup(t)
	tests := []struct {
		order, item string
		want        []orders.Return
	}{
		// i1's returns never include i10's or i100's.
		{"o1", "i1", []orders.Return{ret(t, "o1", "i1", "r1"), ret(t, "o1", "i1", "r2"), ret(t, "o1", "i1", "r3")}},
		{"o1", "i10", []orders.Return{ret(t, "o1", "i10", "r4")}},
		{"o1", "i100", []orders.Return{ret(t, "o1", "i100", "r5"), ret(t, "o1", "i100", "r6")}},
		{"o1", "i2", nil},
		{"o2", "i1", []orders.Return{ret(t, "o2", "i1", "r1")}},
	}
	for _, tt := range tests {
		got, err := orders.ReturnsOfItem(ctx, db, tt.order, tt.item)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("ReturnsOfItem(%s, %s) (-want +got):\n%s", tt.order, tt.item, diff)
		}
	}
	paged, pages := pagetest.Walk(ctx, t, db, orders.ReturnsOfItemQuery("o1", "i1"), 1)
	if diff := cmp.Diff(tests[0].want, paged); diff != "" {
		t.Errorf("ReturnsOfItem(o1, i1) in pages of 1 (-want +got):\n%s", diff)
	}
	if pages < 3 {
		t.Errorf("%d pages, want at least 3", pages)
	}
}

func TestShipmentsWithEvents(t *testing.T) {
	t.Parallel()
	ctx, db := setup(t)
	want := []any{
		shipment(t, "o1", "s1"), event(t, "o1", "s1", "e1"), event(t, "o1", "s1", "e2"), event(t, "o1", "s1", "e3"),
		shipment(t, "o1", "s10"), event(t, "o1", "s10", "e4"), event(t, "o1", "s10", "e5"),
	}
	got, err := orders.ShipmentsWithEvents(ctx, db, "o1")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("ShipmentsWithEvents(o1) (-want +got):\n%s", diff)
	}
	paged, _ := pagetest.WalkCollection(ctx, t, db, orders.ShipmentsWithEventsQuery("o1"), 2)
	if diff := cmp.Diff(want, paged); diff != "" {
		t.Errorf("ShipmentsWithEvents(o1) in pages of 2 (-want +got):\n%s", diff)
	}
}

func TestEventsOfShipment(t *testing.T) {
	t.Parallel()
	ctx, db := setup(t)
	tests := []struct {
		order, shipment string
		want            []orders.Event
	}{
		// s1's events never include s10's.
		{"o1", "s1", []orders.Event{event(t, "o1", "s1", "e1"), event(t, "o1", "s1", "e2"), event(t, "o1", "s1", "e3")}},
		{"o1", "s10", []orders.Event{event(t, "o1", "s10", "e4"), event(t, "o1", "s10", "e5")}},
		{"o2", "s1", []orders.Event{event(t, "o2", "s1", "e1")}},
	}
	for _, tt := range tests {
		got, err := orders.EventsOfShipment(ctx, db, tt.order, tt.shipment)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("EventsOfShipment(%s, %s) (-want +got):\n%s", tt.order, tt.shipment, diff)
		}
	}
	paged, _ := pagetest.Walk(ctx, t, db, orders.EventsOfShipmentQuery("o1", "s1"), 2)
	if diff := cmp.Diff(tests[0].want, paged); diff != "" {
		t.Errorf("EventsOfShipment(o1, s1) in pages of 2 (-want +got):\n%s", diff)
	}
}

func TestAllReturns(t *testing.T) {
	t.Parallel()
	ctx, db := setup(t)
	want := []orders.Return{
		ret(t, "o1", "i1", "r1"), ret(t, "o1", "i1", "r2"), ret(t, "o1", "i1", "r3"),
		ret(t, "o1", "i10", "r4"), ret(t, "o1", "i100", "r5"), ret(t, "o1", "i100", "r6"),
	}
	got, err := orders.AllReturns(ctx, db, "o1")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("AllReturns(o1) (-want +got):\n%s", diff)
	}
	paged, pages := pagetest.Walk(ctx, t, db, orders.AllReturnsQuery("o1"), 4)
	if diff := cmp.Diff(want, paged); diff != "" {
		t.Errorf("AllReturns(o1) in pages of 4 (-want +got):\n%s", diff)
	}
	if pages < 2 {
		t.Errorf("%d pages, want at least 2", pages)
	}
}

func TestIDsWithHashAreRejected(t *testing.T) {
	t.Parallel()
	ctx, db := setup(t)
	_, err := orders.Items.Put(orders.Item{OrderID: "o1", ItemID: "i1#RETURN#r9", SKU: "X", Quantity: 1}).Run(ctx, db)
	var ve *ddbmodel.ValidationError
	if !errors.As(err, &ve) || ve.Attribute != "item_id" {
		t.Fatalf("item id with '#': got %v, want a ValidationError on item_id", err)
	}
	got, err := orders.ReturnsOfItem(ctx, db, "o1", "i1")
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 3 {
		t.Errorf("returns of i1: %d, want 3 (nothing written)", len(got))
	}
}
