package entity_test

import (
	"fmt"

	"github.com/ddbmodel/ddbmodel/entity"
)

func ExampleTable_AddAccessPatterns() {
	type Order struct {
		CustomerID string `dynamo:"customerId"`
		OrderID    string `dynamo:"orderId"`
	}
	table := &entity.Table{Name: "shop", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
	orders := entity.MustDefine(table, entity.Config[Order]{Name: "Order",
		Key: entity.Key{Partition: "CUSTOMER#${customerId}", Sort: "ORDER#${orderId}"}})
	table.MustAddAccessPatterns(entity.GetPattern("AP1 an order", "one order of a customer",
		orders.Get(entity.Values{"customerId": "c1", "orderId": "o1"})))
	for _, p := range table.AccessPatterns() {
		c, err := p.Compile()
		fmt.Println(c.Name+":", c.Operation, c.KeyCondition, err)
	}
	// Output:
	// AP1 an order: GetItem PK = "CUSTOMER#c1" AND SK = "ORDER#o1" <nil>
}
