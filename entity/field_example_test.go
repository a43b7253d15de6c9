package entity_test

import (
	"fmt"

	"github.com/ddbmodel/ddbmodel/entity"
)

type Customer struct {
	ID        string             `dynamo:"id"`
	Name      string             `dynamo:"name"`
	Orders    int                `dynamo:"orders"`
	Tags      []string           `dynamo:"tags,set"`
	Addresses map[string]Address `dynamo:"addresses"`
}

type Address struct {
	Street string `dynamo:"street"`
	City   string `dynamo:"city"`
}

// CustomerKey holds exactly the composites of the customer's key.
type CustomerKey struct {
	ID string `dynamo:"id"`
}

var (
	shop      = &entity.Table{Name: "shop", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
	customers = entity.MustDefine(shop, entity.Config[Customer]{
		Name: "Customer",
		Key:  entity.Key{Partition: "CUSTOMER#${id}", Sort: "#PROFILE"},
	})

	// Typed handles, resolved once.
	customerName      = entity.StringOf(customers, func(c *Customer) *string { return &c.Name })
	customerOrders    = entity.NumberOf(customers, func(c *Customer) *int { return &c.Orders })
	customerAddresses = entity.MapOf(customers, func(c *Customer) *map[string]Address { return &c.Addresses })
	customerByID      = entity.ItemKeyOf[CustomerKey](customers)
)

// A typed handle names a field by taking its address; its operations take
// only values of the field's type, and only in updates of its entity.
func ExampleFieldOf() {
	fmt.Println(customerOrders.Path(), customerAddresses.Key("my.home").Path())
	in, err := customers.Update(entity.Values{"id": "c1"}).
		Apply(customerOrders.Add(1), customerName.Set("Ana")).
		Ensure(customerName.BeginsWith("A")).
		Build()
	if err != nil {
		panic(err)
	}
	fmt.Println(*in.UpdateExpression)
	fmt.Println(*in.ConditionExpression)
	// Output:
	// orders addresses."my.home"
	// SET #name = :v1 ADD #orders :v0
	// (#__entity = :v2) AND (attribute_not_exists(#orders) OR #orders <= :v3) AND (begins_with(#name, :v4))
}

// A typed key is a struct holding exactly the key's composites, checked
// when it is declared; another entity's key struct does not compile here.
func ExampleItemKeyOf() {
	in, err := customerByID.Get(CustomerKey{ID: "c1"}).Build()
	if err != nil {
		panic(err)
	}
	fmt.Println(str(in.Key["PK"]), str(in.Key["SK"]))
	// Output:
	// CUSTOMER#c1 #PROFILE
}
