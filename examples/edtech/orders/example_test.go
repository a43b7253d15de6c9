package orders_test

import (
	"fmt"

	"github.com/ddbmodel/ddbmodel/examples/edtech/orders"
	"github.com/ddbmodel/ddbmodel/internal/exampleapp"
)

// Each level of the hierarchy is one begins_with on a prefix that ends on a
// separator, so item i1 never matches i10.
func ExampleReturnsOfItemQuery() {
	in, err := orders.ReturnsOfItemQuery("o1", "i1").Build()
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(*in.KeyConditionExpression)
	fmt.Println(exampleapp.DescribeQuery(in))

	in, err = orders.ItemsOnlyQuery("o1").Build()
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(exampleapp.DescribeQuery(in))
	// Output:
	// #PK = :v0 AND begins_with(#SK, :v1)
	// Query edtech-orders: PK = "ORDER#o1" AND begins_with(SK, "ITEM#i1#RETURN#")
	// Query edtech-orders/GSI1: GSI1PK = "ORDER#o1" AND begins_with(GSI1SK, "ITEM#")
}
