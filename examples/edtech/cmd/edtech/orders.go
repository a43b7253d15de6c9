package main

import (
	"context"
	"fmt"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/examples/edtech/orders"
	"github.com/ddbmodel/ddbmodel/internal/exampleapp"
)

// orderPattern prints one order pattern: its request, and each item read
// with the sort key it is stored under (read back from the table with the
// same request, not rebuilt from the item's values).
func orderPattern(ctx context.Context, app *exampleapp.App, db *entity.DB, id, name string, in any, vs []any) error {
	names := []string{orders.Orders.Name(), orders.Items.Name(), orders.Returns.Name(), orders.Shipments.Name(), orders.Events.Name()}
	sks, err := exampleapp.StoredKeys(ctx, db, in, "SK", names...)
	if err != nil {
		return err
	}
	if len(sks) != len(vs) {
		return fmt.Errorf("%s: %d stored keys for %d items", id, len(sks), len(vs))
	}
	var rows [][]string
	for i, v := range vs {
		switch x := v.(type) {
		case orders.Item:
			rows = append(rows, []string{"Item", sks[i], fmt.Sprintf("%s x%d", x.SKU, x.Quantity)})
		case orders.Return:
			rows = append(rows, []string{"Return", sks[i], fmt.Sprintf("%d, %s", x.Quantity, x.Reason)})
		case orders.Shipment:
			rows = append(rows, []string{"Shipment", sks[i], x.Carrier})
		case orders.Event:
			rows = append(rows, []string{"Event", sks[i], x.At + " " + x.Description})
		case orders.Order:
			rows = append(rows, []string{"Order", sks[i], x.Customer + " " + x.PlacedAt})
		default:
			return fmt.Errorf("%s: unexpected %T", id, v)
		}
	}
	app.Pattern(id, name, exampleapp.Describe(db.TableName, in), []string{"ENTITY", "SK", "DETAILS"}, rows)
	return nil
}

// anys passes on the result of a typed read as values of any type.
func anys[T any](vs []T, err error) ([]any, error) {
	out := make([]any, len(vs))
	for i, v := range vs {
		out[i] = v
	}
	return out, err
}

// built passes on the result of a Build.
func built[In any](in In, err error) func() (any, error) {
	return func() (any, error) { return in, err }
}

func runOrders(ctx context.Context, app *exampleapp.App, db *entity.DB) error {
	if err := orders.LoadSample(ctx, db); err != nil {
		return err
	}
	app.ResetCost() // each pattern's cost line covers its own requests
	one := func(v any, err error) ([]any, error) { return []any{v}, err }
	for _, p := range []struct {
		id, name string
		build    func() (any, error)
		read     func() ([]any, error)
	}{
		{"O1", "Order o1's header", built(orders.OrderHeaderGet("o1").Build()),
			func() ([]any, error) { return one(orders.OrderHeader(ctx, db, "o1")) }},
		{"O2", "Items of order o1 with their returns", built(orders.ItemsWithReturnsQuery("o1").Build()),
			func() ([]any, error) { return orders.ItemsWithReturns(ctx, db, "o1") }},
		{"O3", "Items of order o1 without returns (sparse GSI1, no filter)", built(orders.ItemsOnlyQuery("o1").Build()),
			func() ([]any, error) { return anys(orders.ItemsOnly(ctx, db, "o1")) }},
		{"O4", "Item i10 of order o1, exact level", built(orders.ItemGet("o1", "i10").Build()),
			func() ([]any, error) { return one(orders.ItemByID(ctx, db, "o1", "i10")) }},
		{"O5", "Returns of item i1 (never i10's or i100's)", built(orders.ReturnsOfItemQuery("o1", "i1").Build()),
			func() ([]any, error) { return anys(orders.ReturnsOfItem(ctx, db, "o1", "i1")) }},
		{"O6", "Shipments of order o1 with their events", built(orders.ShipmentsWithEventsQuery("o1").Build()),
			func() ([]any, error) { return orders.ShipmentsWithEvents(ctx, db, "o1") }},
		{"O7", "Events of shipment s1 (never s10's)", built(orders.EventsOfShipmentQuery("o1", "s1").Build()),
			func() ([]any, error) { return anys(orders.EventsOfShipment(ctx, db, "o1", "s1")) }},
		{"O8", "All returns of order o1 (GSI1, skipping the item level)", built(orders.AllReturnsQuery("o1").Build()),
			func() ([]any, error) { return anys(orders.AllReturns(ctx, db, "o1")) }},
	} {
		in, err := p.build()
		if err != nil {
			return err
		}
		vs, err := p.read()
		if err != nil {
			return err
		}
		if err := orderPattern(ctx, app, db, p.id, p.name, in, vs); err != nil {
			return err
		}
	}
	return nil
}
