package groups_test

import (
	"fmt"

	"github.com/ddbmodel/ddbmodel/examples/edtech/groups"
	"github.com/ddbmodel/ddbmodel/internal/exampleapp"
)

// Both directions of the many-to-many relationship are one Query each.
func ExampleGroupsOfUserQuery() {
	in, err := groups.GroupsOfUserQuery("u1").Build()
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(exampleapp.DescribeQuery(in))
	in, err = groups.MembersOfGroupQuery("g10").Build()
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(exampleapp.DescribeQuery(in))
	// Output:
	// Query edtech-groups: PK = "USER#u1" AND begins_with(SK, "GROUP#")
	// Query edtech-groups: PK = "GROUP#g10" AND begins_with(SK, "USER#")
}
