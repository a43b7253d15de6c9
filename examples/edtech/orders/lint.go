package orders

import "github.com/ddbmodel/ddbmodel/entity"

// LintOptions are the model's intended exceptions to Table.Lint, each with
// its reason; the modelexport tests check that nothing else is found.
var LintOptions = entity.LintOptions{Allow: []entity.Allow{
	{Code: entity.LintPrefixOverlap, Entity: "Item",
		Reason: "hierarchical sort keys: O2 reads an order's items with their returns in one query (begins_with(SK, \"ITEM#\")); O3 lists items alone on GSI1"},
	{Code: entity.LintPrefixOverlap, Entity: "Shipment",
		Reason: "hierarchical sort keys: O6 reads an order's shipments with their events in one query (begins_with(SK, \"SHIPMENT#\"))"},
}}
