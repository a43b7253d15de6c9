package entity_test

import (
	"fmt"

	"github.com/ddbmodel/ddbmodel/entity"
)

// A field inside a map's value (or a list's element) has a handle too:
// FieldIn takes the entry's handle and the field's address in the entry.
func ExampleFieldIn() {
	homeCity := entity.AsString(entity.FieldIn(customerAddresses.Key("home"), func(a *Address) *string { return &a.City }))
	fmt.Println(homeCity.Path())
	in, err := customers.Update(entity.Values{"id": "c1"}).
		Apply(homeCity.Set("Lisbon")).
		Ensure(homeCity.Ne("Lisbon")).
		Build()
	if err != nil {
		panic(err)
	}
	fmt.Println(*in.UpdateExpression)
	// Output:
	// addresses.home.city
	// SET #addresses.#home.#city = :v0
}
