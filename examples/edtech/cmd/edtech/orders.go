package main

import (
	"context"
	"fmt"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/examples/edtech/orders"
	"github.com/ddbmodel/ddbmodel/internal/exampleapp"
)

// orderRows renders items of any order entity with their sort-key level.
func orderRows(vs []any) [][]string {
	var rows [][]string
	for _, v := range vs {
		switch x := v.(type) {
		case orders.Item:
			rows = append(rows, []string{"Item", "ITEM#" + x.ItemID, fmt.Sprintf("%s x%d", x.SKU, x.Quantity)})
		case orders.Return:
			rows = append(rows, []string{"Return", "ITEM#" + x.ItemID + "#RETURN#" + x.ReturnID, fmt.Sprintf("%d, %s", x.Quantity, x.Reason)})
		case orders.Shipment:
			rows = append(rows, []string{"Shipment", "SHIPMENT#" + x.ShipmentID, x.Carrier})
		case orders.Event:
			rows = append(rows, []string{"Event", "SHIPMENT#" + x.ShipmentID + "#EVENT#" + x.EventID, x.At + " " + x.Description})
		case orders.Order:
			rows = append(rows, []string{"Order", "ORDER#" + x.OrderID, x.Customer + " " + x.PlacedAt})
		}
	}
	return rows
}

func anys[T any](vs []T) []any {
	out := make([]any, len(vs))
	for i, v := range vs {
		out[i] = v
	}
	return out
}

func runOrders(ctx context.Context, app *exampleapp.App, db *entity.DB) error {
	d := desc{db}
	if err := orders.LoadSample(ctx, db); err != nil {
		return err
	}
	header := []string{"ENTITY", "SK", "DETAILS"}

	req, err := d.get(orders.OrderHeaderGet("o1").Build())
	if err != nil {
		return err
	}
	o, err := orders.OrderHeader(ctx, db, "o1")
	if err != nil {
		return err
	}
	app.Pattern("O1", "Order o1's header", req, header, orderRows([]any{o}))

	in, err := orders.ItemsWithReturnsQuery("o1").Build()
	req, err = d.query(in, err)
	if err != nil {
		return err
	}
	vs, err := orders.ItemsWithReturns(ctx, db, "o1")
	if err != nil {
		return err
	}
	app.Pattern("O2", "Items of order o1 with their returns", req, header, orderRows(vs))

	req, err = d.query(orders.ItemsOnlyQuery("o1").Build())
	if err != nil {
		return err
	}
	items, err := orders.ItemsOnly(ctx, db, "o1")
	if err != nil {
		return err
	}
	app.Pattern("O3", "Items of order o1 without returns (sparse GSI1, no filter)", req, header, orderRows(anys(items)))

	req, err = d.get(orders.ItemGet("o1", "i10").Build())
	if err != nil {
		return err
	}
	it, err := orders.ItemByID(ctx, db, "o1", "i10")
	if err != nil {
		return err
	}
	app.Pattern("O4", "Item i10 of order o1, exact level", req, header, orderRows([]any{it}))

	req, err = d.query(orders.ReturnsOfItemQuery("o1", "i1").Build())
	if err != nil {
		return err
	}
	rs, err := orders.ReturnsOfItem(ctx, db, "o1", "i1")
	if err != nil {
		return err
	}
	app.Pattern("O5", "Returns of item i1 (never i10's or i100's)", req, header, orderRows(anys(rs)))

	in, err = orders.ShipmentsWithEventsQuery("o1").Build()
	req, err = d.query(in, err)
	if err != nil {
		return err
	}
	vs, err = orders.ShipmentsWithEvents(ctx, db, "o1")
	if err != nil {
		return err
	}
	app.Pattern("O6", "Shipments of order o1 with their events", req, header, orderRows(vs))

	req, err = d.query(orders.EventsOfShipmentQuery("o1", "s1").Build())
	if err != nil {
		return err
	}
	es, err := orders.EventsOfShipment(ctx, db, "o1", "s1")
	if err != nil {
		return err
	}
	app.Pattern("O7", "Events of shipment s1 (never s10's)", req, header, orderRows(anys(es)))

	req, err = d.query(orders.AllReturnsQuery("o1").Build())
	if err != nil {
		return err
	}
	rs, err = orders.AllReturns(ctx, db, "o1")
	if err != nil {
		return err
	}
	app.Pattern("O8", "All returns of order o1 (GSI1, skipping the item level)", req, header, orderRows(anys(rs)))
	return nil
}
