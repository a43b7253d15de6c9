package orders

import "github.com/ddbmodel/ddbmodel/entity"

// Typed keys: one struct per entity key (and per query), checked when
// declared to hold exactly the key's composites.

// OrderKey identifies an order.
type OrderKey struct {
	OrderID string `dynamo:"order_id"`
}

// ItemKey identifies an item of an order.
type ItemKey struct {
	OrderID string `dynamo:"order_id"`
	ItemID  string `dynamo:"item_id"`
}

// OfOrder is the partition of an order's items, returns, shipments and
// events.
type OfOrder struct {
	OrderID string `dynamo:"order_id"`
}

// OfItem is the part of an order's partition holding one item's returns.
type OfItem struct {
	OrderID string `dynamo:"order_id"`
	ItemID  string `dynamo:"item_id"`
}

// OfShipment is the part of an order's partition holding one shipment's
// events.
type OfShipment struct {
	OrderID    string `dynamo:"order_id"`
	ShipmentID string `dynamo:"shipment_id"`
}

// Keys, resolved once.
var (
	OrderByKey = entity.ItemKeyOf[OrderKey](Orders)
	ItemByKey  = entity.ItemKeyOf[ItemKey](Items)

	ItemsOfOrder        = entity.QueryKeyOf[OfOrder](Items, "")       // the partition of O2's collection
	ShipmentsOfOrder    = entity.QueryKeyOf[OfOrder](Shipments, "")   // the partition of O6's collection
	ItemsOnlyOfOrder    = entity.QueryKeyOf[OfOrder](Items, "GSI1")   // sparse: items only
	ReturnsOfOrder      = entity.QueryKeyOf[OfOrder](Returns, "GSI1") // every return, by item
	ReturnsOfOneItem    = entity.QueryKeyOf[OfItem](Returns, "")
	EventsOfOneShipment = entity.QueryKeyOf[OfShipment](Events, "")
)
