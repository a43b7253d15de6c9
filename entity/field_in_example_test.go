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

type Suite struct {
	Rate  float64 `dynamo:"rate"`
	Label string  `dynamo:"label"`
}

type Resort struct {
	ID     string            `dynamo:"id"`
	Suites map[string]*Suite `dynamo:"suites"`
}

// An entry held by pointer (a map[string]*Suite, a []*Suite, or a *Suite
// field) takes FieldInPointer, whose func takes the struct itself.
func ExampleFieldInPointer() {
	resorts := entity.MustDefine(&entity.Table{Name: "resorts", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")},
		entity.Config[Resort]{Name: "Resort", Key: entity.Key{Partition: "RESORT#${id}", Sort: "RESORT"}})
	suites := entity.MapOf(resorts, func(r *Resort) *map[string]*Suite { return &r.Suites })
	rate := entity.AsNumber(entity.FieldInPointer(suites.Key("101"), func(s *Suite) *float64 { return &s.Rate }))
	fmt.Println(rate.Path())
	in, err := resorts.Update(entity.Values{"id": "r1"}).Apply(rate.Add(10)).Build()
	if err != nil {
		panic(err)
	}
	fmt.Println(*in.UpdateExpression)
	// Output:
	// suites.101.rate
	// ADD #suites.#n0.#rate :v0
}
