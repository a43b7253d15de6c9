package evolve_test

import (
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"

	"github.com/ddbmodel/ddbmodel/entity/evolve"
)

// An item version 1 of the Doc entity wrote, checked under version 2,
// which declares an upgrade from version 1 (title renamed headline, words
// a number, a new lang): an OldVersion finding, whose Build is the write
// Repair sends to migrate it, whole, on the condition that it is as read.
func ExampleOldVersion() {
	v1, v2 := docModels()
	in, err := v1.Put(DocV1{Shelf: "s1", ID: "d1", Title: "Hello", Words: "120"}).Build()
	if err != nil {
		fmt.Println(err)
		return
	}
	f, err := evolve.Entity(v2).Check(in.Item)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(f.Kinds)
	for _, d := range append(f.Diffs, f.Changes...) {
		fmt.Printf("%s: %v -> %v\n", d.Attribute, text(d.Stored), text(d.Wanted))
	}
	up, err := f.Build()
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(aws.ToString(up.UpdateExpression))
	// Output:
	// [old version]
	// __entity_version: 1 -> 2
	// headline: (absent) -> Hello
	// lang: (absent) -> en
	// title: Hello -> (absent)
	// words: 120 -> 120
	// SET #__entity_version = :v0, #headline = :v1, #lang = :v2, #words = :v3 REMOVE #title
}
