package entity_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
)

type defaultFuncDoc struct {
	ID    string  `dynamo:"id"`
	Slug  string  `dynamo:"slug,omitempty"`
	Note  *string `dynamo:"note,omitempty"`
	Label string  `dynamo:"label,omitempty"`
}

// A Default may be a func() V of a type V the field takes, as well as a
// func() any: it is called on each write that leaves the field zero. A V
// the field cannot take, and a func of another shape, are refused at
// Define with an error naming the attribute and the func's type.
func TestADefaultMayBeAFuncOfTheFieldsType(t *testing.T) {
	t.Parallel()
	table := func() *entity.Table {
		return &entity.Table{Name: "defaults", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
	}
	key := entity.Key{Partition: "D#${id}", Sort: "D"}
	calls := 0
	note := "n"
	e, err := entity.Define(table(), entity.Config[defaultFuncDoc]{Name: "Doc", Key: key, Attributes: map[string]entity.Attribute{
		"slug":  {Default: func() string { calls++; return fmt.Sprintf("slug-%d", calls) }},
		"note":  {Default: func() *string { return &note }},
		"label": {Default: func() fmt.Stringer { return nil }}, // an interface: checked on each write
	}})
	if err != nil {
		t.Fatal(err)
	}
	for want := 1; want <= 2; want++ {
		_, err := e.Put(defaultFuncDoc{ID: "1", Label: "set"}).Build()
		if err != nil {
			t.Fatal(err)
		}
		in, err := e.Put(defaultFuncDoc{ID: "1", Label: "set", Slug: ""}).Build()
		if err != nil {
			t.Fatal(err)
		}
		slug, _ := in.Item["slug"].(*types.AttributeValueMemberS)
		if slug == nil || slug.Value != fmt.Sprintf("slug-%d", 2*want) {
			t.Errorf("put %d: slug %#v, want slug-%d (the func called on each put)", want, in.Item["slug"], 2*want)
		}
		if n, _ := in.Item["note"].(*types.AttributeValueMemberS); n == nil || n.Value != "n" {
			t.Errorf("note %#v, want n", in.Item["note"])
		}
	}
	// The interface func's nil is no string: refused on the write.
	_, err = e.Put(defaultFuncDoc{ID: "1"}).Build()
	var ve *ddbmodel.ValidationError
	if !errors.As(err, &ve) || ve.Attribute != "label" {
		t.Errorf("a Default func() fmt.Stringer returning nil for a string: %v; want a ValidationError on label", err)
	}
	var nilFunc func() string
	for _, c := range []struct {
		name    string
		def     any
		message string
	}{
		{"another type", func() int { return 1 }, "is a func() int, but the field, a string, cannot hold an int"},
		{"two results", func() (string, error) { return "", nil }, "a Default func takes no arguments"},
		{"an argument", func(string) string { return "" }, "a Default func takes no arguments"},
		{"nil", nilFunc, "is a nil func() string"},
	} {
		_, err := entity.Define(table(), entity.Config[defaultFuncDoc]{Name: "Doc", Key: key, Attributes: map[string]entity.Attribute{"slug": {Default: c.def}}})
		if !errors.As(err, &ve) || ve.Attribute != "slug" || !strings.Contains(err.Error(), c.message) {
			t.Errorf("%s: %v; want a ValidationError on slug saying %q", c.name, err, c.message)
		}
	}
}
