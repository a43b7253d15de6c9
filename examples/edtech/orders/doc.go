// Package orders is the order system with hierarchical sort keys: an order's
// item collection holds its items, each item's returns, its shipments and
// each shipment's events, and the sort key spells the hierarchy so that a
// begins_with stops at any level:
//
//	PK        SK                    item
//	ORDER#o1  ORDER#o1              order header
//	ORDER#o1  ITEM#i1               item i1
//	ORDER#o1  ITEM#i1#RETURN#r1     return r1 of item i1
//	ORDER#o1  SHIPMENT#s1           shipment s1
//	ORDER#o1  SHIPMENT#s1#EVENT#e1  event e1 of shipment s1
//
// Access patterns, one request each:
//
//	pattern                               operation  index  key condition
//	O1 order header                       GetItem    table  PK = "ORDER#<o>", SK = "ORDER#<o>"
//	O2 items of an order with returns     Query      table  PK = "ORDER#<o>" AND begins_with(SK, "ITEM#")
//	O3 items of an order, no returns      Query      GSI1   GSI1PK = "ORDER#<o>" AND begins_with(GSI1SK, "ITEM#")
//	O4 one item, exact level              GetItem    table  PK = "ORDER#<o>", SK = "ITEM#<i>"
//	O5 returns of one item                Query      table  PK = "ORDER#<o>" AND begins_with(SK, "ITEM#<i>#RETURN#")
//	O6 shipments of an order with events  Query      table  PK = "ORDER#<o>" AND begins_with(SK, "SHIPMENT#")
//	O7 events of one shipment             Query      table  PK = "ORDER#<o>" AND begins_with(SK, "SHIPMENT#<s>#EVENT#")
//	O8 all returns of an order            Query      GSI1   GSI1PK = "ORDER#<o>" AND begins_with(GSI1SK, "RETURN#")
//
// Prefixes always end on a separator: the returns of i1 are
// begins_with(SK, "ITEM#i1#RETURN#"), which no key of item i10 or i100
// starts with, and the events of s1 are begins_with(SK, "SHIPMENT#s1#EVENT#"),
// never s10's. Ids are text, so the sort order is text order: i1, i10, i100,
// i2.
//
// The design is the composite-sort-key section of "Session 030 — DynamoDB:
// single-table design, adjacency list and overloaded indexes" (the text
// names no author). The base-table keys are the design's. Deviations:
//
//   - Items without their returns (the design's second pitfall). The design
//     notes that begins_with(SK, "ITEM#") also returns every return, and
//     offers an exact-level GetItem (O4, kept) or a redesign. A client-side
//     or FilterExpression filter would still read every return. Here items
//     and returns are also written to an overloaded, sparse GSI1 where only
//     items carry GSI1SK = ITEM#<i>, so O3 reads items and nothing else.
//   - All returns of an order (the design's "cannot skip levels" limit):
//     returns carry GSI1SK = RETURN#<i>#<r> in the same index, so O8 is one
//     query instead of reading every item and filtering on "#RETURN#".
//   - Ids appear at the end of sort keys; an id containing '#' would forge a
//     deeper level (item "i1#RETURN#r9"), so ids are validated to hold no '#'.
//   - Attribute names (order_id, item_id, sku, quantity, ...) are not in the
//     design, which gives only the keys; they follow the snake_case of the
//     rest of the text.
//   - Attributes the library adds: every item carries __entity (Order,
//     Item, Return, Shipment or Event) and __entity_version ("1"), which
//     keep the five levels apart in the order's partition and condition
//     every write; items and returns carry GSI1PK and GSI1SK. The table has
//     no TTL attribute, no optimistic-lock attribute and no unique-value
//     marker items.
//
// Keys are named through the typed keys of fields.go ([ItemKey], [OfItem],
// ...), checked when the package loads.
package orders
