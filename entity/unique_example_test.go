package entity_test

import (
	"context"
	"fmt"

	"github.com/ddbmodel/ddbmodel/entity"
)

type Subscriber struct {
	ID    string `dynamo:"id"`
	Email string `dynamo:"email"`
}

var subscribers = entity.MustDefine(&entity.Table{Name: "subscribers", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")},
	entity.Config[Subscriber]{
		Name:       "Subscriber",
		Key:        entity.Key{Partition: "SUBSCRIBER#${id}", Sort: "#META"},
		Attributes: map[string]entity.Attribute{"email": {Unique: true}},
	})

// A unique attribute is kept by a marker item per value, created in the
// same transaction as the item: a second member with the address fails
// with a *ddbmodel.UniqueError and writes nothing.
func ExampleAttribute_unique() {
	writes, err := entity.TransactWrites(context.Background(), nil, subscribers.Create(Subscriber{ID: "m1", Email: "ana@example.com"}))
	if err != nil {
		panic(err)
	}
	for _, w := range writes {
		fmt.Println(w.Op, str(w.Key["PK"]), str(w.Key["SK"]), *w.Item.Put.ConditionExpression)
	}
	// Output:
	// create SUBSCRIBER#m1 #META attribute_not_exists(#PK)
	// unique email UNIQUE#Subscriber#email#ana@example.com UNIQUE attribute_not_exists(#PK) OR #uniqueOwner = :v0
}
