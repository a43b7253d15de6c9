package orders

import (
	"context"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/query"
)

// OrderHeaderGet is O1, the order header: GetItem ORDER#<o> / ORDER#<o>.
func OrderHeaderGet(orderID string) entity.GetOp[Order] {
	return OrderByKey.Get(OrderKey{OrderID: orderID})
}

// OrderHeader runs O1; a missing order is ddbmodel.ErrNotFound.
func OrderHeader(ctx context.Context, db *entity.DB, orderID string) (Order, error) {
	return OrderHeaderGet(orderID).Run(ctx, db)
}

// ItemsWithReturnsQuery is O2, every item of an order followed by its
// returns, in key order: PK = "ORDER#<o>" AND begins_with(SK, "ITEM#").
func ItemsWithReturnsQuery(orderID string) query.Collection {
	return query.Of(Items, Returns).Where(ItemsOfOrder.Values(OfOrder{OrderID: orderID}))
}

// ItemsWithReturns runs O2. Each element is an Item or a Return, in key
// order: ITEM#i1, ITEM#i1#RETURN#r1, ..., ITEM#i10, ...
func ItemsWithReturns(ctx context.Context, db *entity.DB, orderID string) ([]any, error) {
	res, err := ItemsWithReturnsQuery(orderID).Collect(ctx, db)
	if err != nil {
		return nil, err
	}
	return res.Decode()
}

// ItemsOnlyQuery is O3, the items of an order without their returns: the
// sparse GSI1 holds only items under ITEM#, so nothing is read and dropped.
func ItemsOnlyQuery(orderID string) query.Query[Item] {
	return query.By(ItemsOnlyOfOrder, OfOrder{OrderID: orderID})
}

// ItemsOnly runs O3.
func ItemsOnly(ctx context.Context, db *entity.DB, orderID string) ([]Item, error) {
	return ItemsOnlyQuery(orderID).Collect(ctx, db)
}

// ItemGet is O4, one item at its exact level: GetItem ORDER#<o> / ITEM#<i>.
func ItemGet(orderID, itemID string) entity.GetOp[Item] {
	return ItemByKey.Get(ItemKey{OrderID: orderID, ItemID: itemID})
}

// ItemByID runs O4; a missing item is ddbmodel.ErrNotFound.
func ItemByID(ctx context.Context, db *entity.DB, orderID, itemID string) (Item, error) {
	return ItemGet(orderID, itemID).Run(ctx, db)
}

// ReturnsOfItemQuery is O5, the returns of one item:
// begins_with(SK, "ITEM#<i>#RETURN#"), which never matches item i10 when
// asked for i1.
func ReturnsOfItemQuery(orderID, itemID string) query.Query[Return] {
	return query.By(ReturnsOfOneItem, OfItem{OrderID: orderID, ItemID: itemID})
}

// ReturnsOfItem runs O5.
func ReturnsOfItem(ctx context.Context, db *entity.DB, orderID, itemID string) ([]Return, error) {
	return ReturnsOfItemQuery(orderID, itemID).Collect(ctx, db)
}

// ShipmentsWithEventsQuery is O6, every shipment of an order followed by
// its events: begins_with(SK, "SHIPMENT#").
func ShipmentsWithEventsQuery(orderID string) query.Collection {
	return query.Of(Shipments, Events).Where(ShipmentsOfOrder.Values(OfOrder{OrderID: orderID}))
}

// ShipmentsWithEvents runs O6. Each element is a Shipment or an Event, in key order.
func ShipmentsWithEvents(ctx context.Context, db *entity.DB, orderID string) ([]any, error) {
	res, err := ShipmentsWithEventsQuery(orderID).Collect(ctx, db)
	if err != nil {
		return nil, err
	}
	return res.Decode()
}

// EventsOfShipmentQuery is O7, the events of one shipment:
// begins_with(SK, "SHIPMENT#<s>#EVENT#").
func EventsOfShipmentQuery(orderID, shipmentID string) query.Query[Event] {
	return query.By(EventsOfOneShipment, OfShipment{OrderID: orderID, ShipmentID: shipmentID})
}

// EventsOfShipment runs O7.
func EventsOfShipment(ctx context.Context, db *entity.DB, orderID, shipmentID string) ([]Event, error) {
	return EventsOfShipmentQuery(orderID, shipmentID).Collect(ctx, db)
}

// AllReturnsQuery is O8, every return of every item of an order, in (item,
// return) order: GSI1 begins_with(GSI1SK, "RETURN#"), one query where the
// base table would need begins_with(SK, "ITEM#") and a filter.
func AllReturnsQuery(orderID string) query.Query[Return] {
	return query.By(ReturnsOfOrder, OfOrder{OrderID: orderID})
}

// AllReturns runs O8.
func AllReturns(ctx context.Context, db *entity.DB, orderID string) ([]Return, error) {
	return AllReturnsQuery(orderID).Collect(ctx, db)
}
