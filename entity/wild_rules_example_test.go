package entity_test

import (
	"fmt"

	"github.com/ddbmodel/ddbmodel/entity"
)

type Bill struct {
	ID        string                 `dynamo:"id"`
	Addresses map[string]BillAddress `dynamo:"addresses"`
	Lines     []BillLine             `dynamo:"lines"`
}

type BillAddress struct {
	City    string `dynamo:"city"`
	Country string `dynamo:"country"`
}

type BillLine struct {
	SKU string `dynamo:"sku"`
	Qty int    `dynamo:"qty"`
}

// A rule under a wildcard binds a field of every value of a map ("*") or
// element of a list ("[*]"): every put, and every update that gives the
// field's value, its entry's or the whole map's or list's. Errors name
// the entry's field.
func ExampleAttribute_wildcard() {
	bills := entity.MustDefine(&entity.Table{Name: "bills", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")},
		entity.Config[Bill]{
			Name: "Bill",
			Key:  entity.Key{Partition: "BILL#${id}", Sort: "BILL"},
			Attributes: map[string]entity.Attribute{
				"addresses.*.country": {Required: true, Enum: []string{"DE", "FR"}},
				"lines[*].sku":        {Required: true},
			},
		})
	_, err := bills.Put(Bill{ID: "i1", Addresses: map[string]BillAddress{
		"billing":  {City: "Berlin", Country: "DE"},
		"shipping": {City: "Boston", Country: "US"},
	}}).Build()
	fmt.Println(err)
	key := entity.Values{"id": "i1"}
	_, err = bills.Update(key).Set("lines[2]", BillLine{Qty: 1}).Build()
	fmt.Println(err)
	in, err := bills.Update(key).Set("addresses.shipping.country", "FR").Build()
	if err != nil {
		panic(err)
	}
	fmt.Println(*in.UpdateExpression)
	// Output:
	// ddbmodel: invalid Bill attribute addresses.shipping.country: "US" is not one of DE, FR
	// ddbmodel: invalid Bill attribute lines[2].sku: required
	// SET #addresses.#shipping.#country = :v0
}
