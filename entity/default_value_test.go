package entity_test

import (
	"errors"
	"math"
	"regexp"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
)

// dvDoc has a field of each kind a Default is checked against.
type dvDoc struct {
	ID    string   `dynamo:"id"`
	Kind  string   `dynamo:"kind"`
	Count uint8    `dynamo:"count"`
	N     int      `dynamo:"n"`
	Level float32  `dynamo:"level"`
	Ptr   *string  `dynamo:"ptr"`
	Ratio *float64 `dynamo:"ratio"`
}

type dvKind string

var (
	dvKindText     = "memo"
	dvKindPtr      = &dvKindText
	dvThreeHundred = 300
	dvNaN          = math.NaN()
)

// dvCycle is a pointer that points to itself.
func dvCycle() any {
	var self any
	self = &self
	return self
}

func dvDefine(attrs map[string]entity.Attribute) (*entity.Entity[dvDoc], error) {
	tb := &entity.Table{Name: "defaults", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
	return entity.Define(tb, entity.Config[dvDoc]{Name: "Doc", Key: entity.Key{Partition: "D#${id}", Sort: "D"}, Attributes: attrs})
}

// dvRefused fails t unless err is a *ddbmodel.ValidationError naming the
// entity and attr and saying each of says.
func dvRefused(t *testing.T, what string, err error, attr string, says ...string) {
	t.Helper()
	var ve *ddbmodel.ValidationError
	if !errors.As(err, &ve) || ve.Entity != "Doc" || ve.Attribute != attr {
		t.Errorf("%s: err = %v; want a *ddbmodel.ValidationError naming Doc's %s", what, err, attr)
		return
	}
	for _, s := range says {
		if !strings.Contains(err.Error(), s) {
			t.Errorf("%s: %q does not say %q", what, err, s)
		}
	}
}

// A Default a field's type does not hold exactly is refused at Define,
// as Go refuses the constant in an assignment: a number is never text (65
// stored "A"), 300 is no uint8 (it stored 44), 2.5 no int, 1e300 no
// float32 (refused only at Put before).
func TestADefaultTheFieldDoesNotHoldIsRefusedAtDefine(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name, attr string
		def        any
		says       []string
	}{
		{"an int for a string", "kind", 65, []string{"65 (int)", "want a string"}},
		{"a float for a string", "kind", 1.5, []string{"want a string"}},
		{"an int over a uint8", "count", 300, []string{"300", "from 0 to 255"}},
		{"a negative int for a uint8", "count", -1, []string{"-1", "from 0 to 255"}},
		{"a fraction for an int", "n", 2.5, []string{"2.5", "whole number"}},
		{"a float out of float32's range", "level", 1e300, []string{"out of float32's range"}},
		{"text for a number", "count", "7", []string{"string does not convert to uint8"}},
		// A pointer is named by its type, never printed as an address.
		{"a *string for a string", "kind", &dvKindText, []string{`&"memo" (*string)`, "the field is a string, not a pointer", "(*p)"}},
		{"a nil *string for a string", "kind", (*string)(nil), []string{"(*string)(nil) (*string)", "want a string"}},
		{"a *string for a number", "count", &dvKindText, []string{`&"memo" (*string)`, "the value it points to is refused too", "string does not convert to uint8"}},
		{"a pointer to 300 for a uint8", "count", &dvThreeHundred, []string{"&300 (*int)", "from 0 to 255"}},
		{"a **string for a *string", "ptr", &dvKindPtr, []string{"(**string)(pointer) (**string)", "the field is *string, which takes a string or a pointer to one"}},
		{"a pointer to a pointer for a string", "kind", &dvKindPtr, []string{"(**string)(pointer) (**string)", "want a string"}},
		{"a cycle of pointers", "kind", dvCycle(), []string{"(*interface {})(pointer)", "want a string"}},
		{"a pointer to NaN for a *float64", "ratio", &dvNaN, []string{"&NaN", "DynamoDB would refuse"}},
	} {
		_, err := dvDefine(map[string]entity.Attribute{c.attr: {Default: c.def}})
		dvRefused(t, c.name, err, c.attr, c.says...)
		if err != nil && regexp.MustCompile(`0x[0-9a-f]{5,}`).MatchString(err.Error()) {
			t.Errorf("%s: %q prints an address", c.name, err)
		}
	}
}

// A Default the field holds exactly is taken, converted as a Go constant
// would be: a named string type, a whole float for an int, a float
// rounded to the float32 nearest it.
func TestADefaultTheFieldHoldsIsStored(t *testing.T) {
	t.Parallel()
	e, err := dvDefine(map[string]entity.Attribute{
		"kind": {Default: dvKind("memo")}, "count": {Default: 255}, "n": {Default: 2.0}, "level": {Default: 0.1},
	})
	if err != nil {
		t.Fatal(err)
	}
	in, err := e.Put(dvDoc{ID: "a"}).Build()
	if err != nil {
		t.Fatal(err)
	}
	// The float32 nearest 0.1, stored as a put of it stores it.
	explicit, err := e.Put(dvDoc{ID: "a", Level: 0.1}).Build()
	if err != nil {
		t.Fatal(err)
	}
	for attr, want := range map[string]types.AttributeValue{
		"kind":  &types.AttributeValueMemberS{Value: "memo"},
		"count": &types.AttributeValueMemberN{Value: "255"},
		"n":     &types.AttributeValueMemberN{Value: "2"},
		"level": explicit.Item["level"],
	} {
		if got := in.Item[attr]; !dvSame(got, want) {
			t.Errorf("%s = %#v, want %#v", attr, got, want)
		}
	}
}

// dvSame reports whether a and b are the same S or N value.
func dvSame(a, b types.AttributeValue) bool {
	switch a := a.(type) {
	case *types.AttributeValueMemberS:
		b, ok := b.(*types.AttributeValueMemberS)
		return ok && a.Value == b.Value
	case *types.AttributeValueMemberN:
		b, ok := b.(*types.AttributeValueMemberN)
		return ok && a.Value == b.Value
	}
	return false
}

// A Default func's value is checked as a constant Default is, each time
// it is called: a put, create or upsert of a value it does not fit is
// refused before any request (263 for a uint8 stored 7).
func TestADefaultFuncsValueTheFieldDoesNotHoldIsRefused(t *testing.T) {
	t.Parallel()
	db := entity.NewDB(entitytest.NoRequests(t), "defaults")
	for _, c := range []struct {
		name, attr string
		def        func() any
		says       []string
	}{
		{"an int over a uint8", "count", func() any { return 256 + 7 }, []string{"Default func returned 263", "from 0 to 255"}},
		{"an int for a string", "kind", func() any { return 65 }, []string{"Default func returned 65", "want a string"}},
		{"nil for a string", "kind", func() any { return nil }, []string{"Default func returned nil", "want a string"}},
		{"a fraction for an int", "n", func() any { return 0.5 }, []string{"whole number"}},
	} {
		e, err := dvDefine(map[string]entity.Attribute{c.attr: {Default: c.def}})
		if err != nil {
			t.Fatalf("%s: Define: %v", c.name, err)
		}
		_, err = e.Put(dvDoc{ID: "a"}).Build()
		dvRefused(t, c.name+": Put", err, c.attr, c.says...)
		_, err = e.Put(dvDoc{ID: "a"}).Run(t.Context(), db)
		dvRefused(t, c.name+": Put.Run", err, c.attr, c.says...)
		_, err = e.Create(dvDoc{ID: "a"}).Run(t.Context(), db)
		dvRefused(t, c.name+": Create.Run", err, c.attr, c.says...)
		_, err = e.Upsert(dvDoc{ID: "a"}).Run(t.Context(), db)
		dvRefused(t, c.name+": Upsert.Run", err, c.attr, c.says...)
	}
	e, err := dvDefine(map[string]entity.Attribute{"count": {Default: func() any { return 7 }}})
	if err != nil {
		t.Fatal(err)
	}
	in, err := e.Put(dvDoc{ID: "a"}).Build()
	if err != nil || !dvSame(in.Item["count"], &types.AttributeValueMemberN{Value: "7"}) {
		t.Errorf("a Default func returning 7 for a uint8: %v, count = %#v", err, in.Item["count"])
	}
}

// dvMeasure has number fields whose Go type holds values DynamoDB does
// not store.
type dvMeasure struct {
	ID    string  `dynamo:"id"`
	Ratio float64 `dynamo:"ratio"`
	Tiny  float64 `dynamo:"tiny"`
}

// A Default the field holds but DynamoDB does not store (a float64 beyond
// DynamoDB's numbers, NaN) is refused at Define: it was refused only at
// each Put relying on it.
func TestADefaultDynamoDBDoesNotStoreIsRefusedAtDefine(t *testing.T) {
	t.Parallel()
	define := func(attrs map[string]entity.Attribute) error {
		tb := &entity.Table{Name: "measures", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
		_, err := entity.Define(tb, entity.Config[dvMeasure]{Name: "Doc", Key: entity.Key{Partition: "M#${id}", Sort: "M"}, Attributes: attrs})
		return err
	}
	for _, c := range []struct {
		name, attr string
		def        any
	}{
		{"beyond DynamoDB's largest number", "ratio", 1e300},
		{"below DynamoDB's smallest magnitude", "tiny", 1e-200},
		{"NaN", "ratio", math.NaN()},
	} {
		dvRefused(t, c.name, define(map[string]entity.Attribute{c.attr: {Default: c.def}}), c.attr, "Define: Default", "DynamoDB would refuse every put")
	}
	if err := define(map[string]entity.Attribute{"ratio": {Default: 1e125}, "tiny": {Default: 1e-130}}); err != nil {
		t.Errorf("Defaults within DynamoDB's numbers: %v", err)
	}
}
