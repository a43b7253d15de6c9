package geo

import "github.com/ddbmodel/ddbmodel/entity"

// Location is the typed query key of a chain's stores: the chain and a
// leading run of the address. A nil address field ends the prefix, so one
// struct says every level of L1 to L4 (a country, a state, a city, a
// neighborhood).
type Location struct {
	ChainID      string  `dynamo:"chain_id"`
	Country      *string `dynamo:"country"`
	State        *string `dynamo:"state"`
	City         *string `dynamo:"city"`
	Neighborhood *string `dynamo:"neighborhood"`
}

// StoresByLocation is the typed query key of Stores on the table, checked
// once, here.
var StoresByLocation = entity.QueryKeyOf[Location](Stores, "")
