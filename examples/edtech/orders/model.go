package orders

import (
	"errors"
	"strings"

	"github.com/ddbmodel/ddbmodel/entity"
)

// Table is the orders table: PK, SK and GSI1, an overloaded sparse index
// that only items (ITEM#<i>) and returns (RETURN#<i>#<r>) enter.
var Table = &entity.Table{
	Name:         "edtech-orders",
	PartitionKey: entity.S("PK"),
	SortKey:      entity.S("SK"),
	Indexes: []entity.Index{
		{Name: "GSI1", PartitionKey: entity.S("GSI1PK"), SortKey: entity.S("GSI1SK")},
	},
}

// Order is the order header.
type Order struct {
	OrderID  string `dynamo:"order_id"`
	Customer string `dynamo:"customer"`
	PlacedAt string `dynamo:"placed_at"`
}

// Item is one line of an order.
type Item struct {
	OrderID  string `dynamo:"order_id"`
	ItemID   string `dynamo:"item_id"`
	SKU      string `dynamo:"sku"`
	Quantity int    `dynamo:"quantity"`
}

// Return is a return of (part of) an item.
type Return struct {
	OrderID  string `dynamo:"order_id"`
	ItemID   string `dynamo:"item_id"`
	ReturnID string `dynamo:"return_id"`
	Quantity int    `dynamo:"quantity"`
	Reason   string `dynamo:"reason"`
}

// Shipment is one parcel of an order.
type Shipment struct {
	OrderID    string `dynamo:"order_id"`
	ShipmentID string `dynamo:"shipment_id"`
	Carrier    string `dynamo:"carrier"`
}

// Event is one tracking event of a shipment.
type Event struct {
	OrderID     string `dynamo:"order_id"`
	ShipmentID  string `dynamo:"shipment_id"`
	EventID     string `dynamo:"event_id"`
	At          string `dynamo:"at"`
	Description string `dynamo:"description"`
}

// errHash rejects ids that would add a level to the hierarchy.
var errHash = errors.New("must not contain '#'")

func id(v any) error {
	if s, _ := v.(string); strings.Contains(s, "#") {
		return errHash
	}
	return nil
}

var idRule = entity.Attribute{Required: true, Validate: id}

// Orders are the headers: ORDER#<order_id> / ORDER#<order_id>.
var Orders = entity.MustDefine(Table, entity.Config[Order]{
	Name:       "Order",
	Key:        entity.Key{Partition: "ORDER#${order_id}", Sort: "ORDER#${order_id}"},
	Attributes: map[string]entity.Attribute{"order_id": idRule},
})

// Items: ORDER#<order_id> / ITEM#<item_id>, and in GSI1 ORDER#<order_id> / ITEM#<item_id>.
var Items = entity.MustDefine(Table, entity.Config[Item]{
	Name: "Item",
	Key:  entity.Key{Partition: "ORDER#${order_id}", Sort: "ITEM#${item_id}"},
	Indexes: []entity.IndexKey[Item]{
		{Index: "GSI1", Partition: "ORDER#${order_id}", Sort: "ITEM#${item_id}"},
	},
	Attributes: map[string]entity.Attribute{"order_id": idRule, "item_id": idRule},
})

// Returns: ORDER#<order_id> / ITEM#<item_id>#RETURN#<return_id>, and in GSI1
// ORDER#<order_id> / RETURN#<item_id>#<return_id>.
var Returns = entity.MustDefine(Table, entity.Config[Return]{
	Name: "Return",
	Key:  entity.Key{Partition: "ORDER#${order_id}", Sort: "ITEM#${item_id}#RETURN#${return_id}"},
	Indexes: []entity.IndexKey[Return]{
		{Index: "GSI1", Partition: "ORDER#${order_id}", Sort: "RETURN#${item_id}#${return_id}"},
	},
	Attributes: map[string]entity.Attribute{"order_id": idRule, "item_id": idRule, "return_id": idRule},
})

// Shipments: ORDER#<order_id> / SHIPMENT#<shipment_id>.
var Shipments = entity.MustDefine(Table, entity.Config[Shipment]{
	Name:       "Shipment",
	Key:        entity.Key{Partition: "ORDER#${order_id}", Sort: "SHIPMENT#${shipment_id}"},
	Attributes: map[string]entity.Attribute{"order_id": idRule, "shipment_id": idRule},
})

// Events: ORDER#<order_id> / SHIPMENT#<shipment_id>#EVENT#<event_id>.
var Events = entity.MustDefine(Table, entity.Config[Event]{
	Name:       "Event",
	Key:        entity.Key{Partition: "ORDER#${order_id}", Sort: "SHIPMENT#${shipment_id}#EVENT#${event_id}"},
	Attributes: map[string]entity.Attribute{"order_id": idRule, "shipment_id": idRule, "event_id": idRule},
})
