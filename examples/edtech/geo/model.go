package geo

import "github.com/ddbmodel/ddbmodel/entity"

// Table is the stores table: PK and SK, no indexes.
var Table = &entity.Table{
	Name:         "edtech-geo",
	PartitionKey: entity.S("PK"),
	SortKey:      entity.S("SK"),
}

// Store is one store of a chain at one address.
type Store struct {
	ChainID      string `dynamo:"chain_id"`
	Country      string `dynamo:"country"`
	State        string `dynamo:"state"`
	City         string `dynamo:"city"`
	Neighborhood string `dynamo:"neighborhood"`
	Street       string `dynamo:"street"`
	Name         string `dynamo:"name"`
}

// Stores: CHAIN#<chain_id> / <country>#<state>#<city>#<neighborhood>#<street>.
var Stores = entity.MustDefine(Table, entity.Config[Store]{
	Name: "Store",
	Key: entity.Key{
		Partition: "CHAIN#${chain_id}",
		Sort:      "${country}#${state}#${city}#${neighborhood}#${street}",
	},
	Attributes: map[string]entity.Attribute{"name": {Required: true}},
})
