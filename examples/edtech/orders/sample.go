package orders

import (
	"context"
	"fmt"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/txn"
)

// The sample data: order o1 has items i1, i2, i10 and i100 (text order i1,
// i10, i100, i2), returns on three of them, and shipments s1 and s10 with
// their events; order o2 shares item and return ids with o1 and must never
// show up in o1's results.
var (
	SampleOrders = []Order{
		{OrderID: "o1", Customer: "c-ana", PlacedAt: "2024-05-02T10:00:00Z"},
		{OrderID: "o2", Customer: "c-bruno", PlacedAt: "2024-05-03T11:30:00Z"},
	}
	SampleItems = []Item{
		{OrderID: "o1", ItemID: "i1", SKU: "BOOK-GO", Quantity: 3},
		{OrderID: "o1", ItemID: "i2", SKU: "MUG", Quantity: 1},
		{OrderID: "o1", ItemID: "i10", SKU: "PEN", Quantity: 10},
		{OrderID: "o1", ItemID: "i100", SKU: "BOOK-DDB", Quantity: 2},
		{OrderID: "o2", ItemID: "i1", SKU: "LAMP", Quantity: 1},
	}
	SampleReturns = []Return{
		{OrderID: "o1", ItemID: "i1", ReturnID: "r1", Quantity: 1, Reason: "damaged"},
		{OrderID: "o1", ItemID: "i1", ReturnID: "r2", Quantity: 1, Reason: "duplicate"},
		{OrderID: "o1", ItemID: "i1", ReturnID: "r3", Quantity: 1, Reason: "late"},
		{OrderID: "o1", ItemID: "i10", ReturnID: "r4", Quantity: 4, Reason: "wrong colour"},
		{OrderID: "o1", ItemID: "i100", ReturnID: "r5", Quantity: 1, Reason: "damaged"},
		{OrderID: "o1", ItemID: "i100", ReturnID: "r6", Quantity: 1, Reason: "not needed"},
		{OrderID: "o2", ItemID: "i1", ReturnID: "r1", Quantity: 1, Reason: "broken"},
	}
	SampleShipments = []Shipment{
		{OrderID: "o1", ShipmentID: "s1", Carrier: "Correios"},
		{OrderID: "o1", ShipmentID: "s10", Carrier: "Jadlog"},
		{OrderID: "o2", ShipmentID: "s1", Carrier: "Correios"},
	}
	SampleEvents = []Event{
		{OrderID: "o1", ShipmentID: "s1", EventID: "e1", At: "2024-05-02T18:00:00Z", Description: "left the distribution centre"},
		{OrderID: "o1", ShipmentID: "s1", EventID: "e2", At: "2024-05-03T08:00:00Z", Description: "in transit"},
		{OrderID: "o1", ShipmentID: "s1", EventID: "e3", At: "2024-05-04T14:00:00Z", Description: "delivered"},
		{OrderID: "o1", ShipmentID: "s10", EventID: "e4", At: "2024-05-05T09:00:00Z", Description: "left the distribution centre"},
		{OrderID: "o1", ShipmentID: "s10", EventID: "e5", At: "2024-05-06T16:00:00Z", Description: "in transit"},
		{OrderID: "o2", ShipmentID: "s1", EventID: "e1", At: "2024-05-04T07:00:00Z", Description: "left the distribution centre"},
	}
)

// LoadSample writes the sample data in one batch.
func LoadSample(ctx context.Context, db *entity.DB) error {
	var puts []entity.BatchWriter
	for _, v := range SampleOrders {
		puts = append(puts, Orders.Put(v))
	}
	for _, v := range SampleItems {
		puts = append(puts, Items.Put(v))
	}
	for _, v := range SampleReturns {
		puts = append(puts, Returns.Put(v))
	}
	for _, v := range SampleShipments {
		puts = append(puts, Shipments.Put(v))
	}
	for _, v := range SampleEvents {
		puts = append(puts, Events.Put(v))
	}
	if err := txn.BatchWrite(ctx, db, txn.BatchOptions{}, puts...); err != nil {
		return fmt.Errorf("orders: load sample: %w", err)
	}
	return nil
}
