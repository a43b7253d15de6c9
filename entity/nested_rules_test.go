package entity_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
)

// nrAddress is a struct stored inside an attribute: its fields take
// rules by their path ("address.country").
type nrAddress struct {
	City    string   `dynamo:"city"`
	Zip     string   `dynamo:"zip"`
	Country string   `dynamo:"country"`
	Floor   int      `dynamo:"floor"`
	Tags    []string `dynamo:"tags"`
}

type nrCustomer struct {
	ID      string               `dynamo:"id"`
	Address nrAddress            `dynamo:"address"`
	Home    *nrAddress           `dynamo:"home"`
	Notes   []string             `dynamo:"notes"`
	Kinds   []string             `dynamo:"kinds,set"`
	Profile nrAddress            `dynamo:"profile"`
	Others  map[string]nrAddress `dynamo:"others"`
}

func nrTable() *entity.Table {
	return &entity.Table{Name: "customers", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
}

func nrZip(v any) error {
	z, _ := v.(string)
	if len(z) != 5 || strings.Trim(z, "0123456789") != "" {
		return fmt.Errorf("zip %q: want five digits", z)
	}
	return nil
}

func nrConfig() entity.Config[nrCustomer] {
	return entity.Config[nrCustomer]{
		Name: "Customer",
		Key:  entity.Key{Partition: "CUSTOMER#${id}", Sort: "CUSTOMER"},
		Attributes: map[string]entity.Attribute{
			"notes":           {Enum: []string{"vip", "late"}},
			"kinds":           {Enum: []string{"b2b", "b2c"}},
			"address.country": {Required: true, Enum: []string{"DE", "FR"}},
			"address.zip":     {Validate: nrZip},
			"address.tags":    {Enum: []string{"x", "y"}},
			"home.country":    {Required: true},
			"home.city":       {ReadOnly: true},
			"profile":         {Validate: func(any) error { return nil }},
		},
	}
}

func nrGood() nrCustomer {
	return nrCustomer{ID: "c1", Address: nrAddress{City: "Lyon", Zip: "69001", Country: "FR", Tags: []string{"x"}},
		Notes: []string{"vip"}, Kinds: []string{"b2b"}}
}

var nrKey = entity.Values{"id": "c1"}

// TestRulesOnNestedFields: rules declared on a path into a struct-valued
// attribute bind every put and every update that gives that field's value
// (the field itself, or a whole value holding it), and Enum binds lists of
// strings and their elements. Every refusal names the path and sends
// nothing.
func TestRulesOnNestedFields(t *testing.T) {
	t.Parallel()
	customers, err := entity.Define(nrTable(), nrConfig())
	if err != nil {
		t.Fatal(err)
	}
	rec := entitytest.NewRecorder(nil)
	db := entity.NewDB(rec, "customers")
	ctx := context.Background()
	put := func(mut func(*nrCustomer)) error {
		v := nrGood()
		mut(&v)
		_, err := customers.Put(v).Run(ctx, db)
		return err
	}
	update := func(u entity.UpdateOp[nrCustomer]) error {
		_, err := u.Run(ctx, db)
		return err
	}
	up := customers.Update(nrKey)
	wantRefused(t, "Customer", []refusal{
		{"put: list element outside the enum", "notes", `"zz" is not one of`, put(func(c *nrCustomer) { c.Notes = []string{"vip", "zz"} })},
		{"put: set element outside the enum", "kinds", `"zz" is not one of`, put(func(c *nrCustomer) { c.Kinds = []string{"zz"} })},
		{"put: nested required missing", "address.country", "required", put(func(c *nrCustomer) { c.Address.Country = "" })},
		{"put: nested enum", "address.country", `"US" is not one of`, put(func(c *nrCustomer) { c.Address.Country = "US" })},
		{"put: nested validate", "address.zip", "five digits", put(func(c *nrCustomer) { c.Address.Zip = "1" })},
		{"put: nested list enum", "address.tags", `"q" is not one of`, put(func(c *nrCustomer) { c.Address.Tags = []string{"q"} })},
		{"put: nested required under a present pointer", "home.country", "required", put(func(c *nrCustomer) { c.Home = &nrAddress{City: "Metz"} })},
		{"set: list outside the enum", "notes", `"zz" is not one of`, update(up.Set("notes", []string{"zz"}))},
		{"set: list element outside the enum", "notes[0]", `"zz" is not one of`, update(up.Set("notes[0]", "zz"))},
		{"append: outside the enum", "notes", `"zz" is not one of`, update(up.Append("notes", []string{"late", "zz"}))},
		{"add: set outside the enum", "kinds", `"zz" is not one of`, update(up.Add("kinds", entity.StringSet("zz")))},
		{"set: nested enum", "address.country", `"US" is not one of`, update(up.Set("address.country", "US"))},
		{"set: nested validate", "address.zip", "five digits", update(up.Set("address.zip", "1"))},
		{"remove: nested required", "address.country", "required", update(up.Remove("address.country"))},
		{"set: whole value breaking a nested enum", "address.country", `"US" is not one of`, update(up.Set("address", nrAddress{Country: "US", Zip: "69001"}))},
		{"set: whole value lacking a nested required", "address.country", "required", update(up.Set("address", nrAddress{Zip: "69001"}))},
		{"set: whole value breaking a nested validate", "address.zip", "five digits", update(up.Set("address", nrAddress{Country: "DE", Zip: "x"}))},
		{"set: nested list element outside the enum", "address.tags[0]", `"q" is not one of`, update(up.Set("address.tags[0]", "q"))},
		{"append: nested list outside the enum", "address.tags", `"q" is not one of`, update(up.Append("address.tags", []string{"q"}))},
		{"set: nested read-only", "home.city", "read-only", update(up.Set("home.city", "Nancy"))},
		{"remove: nested read-only", "home.city", "read-only", update(up.Remove("home.city"))},
		{"set: a value holding a read-only field", "home.city", "read-only", update(up.Set("home", nrAddress{Country: "DE"}))},
		{"remove: a value holding a read-only field", "home.city", "read-only", update(up.Remove("home"))},
		{"set: inside a value its Validate checks whole", "profile.city", "Validate", update(up.Set("profile.city", "Lyon"))},
	})
	if n := rec.Count(); n != 0 {
		t.Fatalf("%d requests sent, want none", n)
	}

	accepted := []struct {
		name string
		err  error
	}{
		{"put: pointer parent absent", func() error { _, err := customers.Put(nrGood()).Build(); return err }()},
		{"put: every rule kept", func() error {
			v := nrGood()
			v.Home = &nrAddress{Country: "DE"}
			_, err := customers.Put(v).Build()
			return err
		}()},
		{"set: list element in the enum", func() error { _, err := up.Set("notes[0]", "late").Build(); return err }()},
		{"set: nested field in the enum", func() error { _, err := up.Set("address.country", "DE").Build(); return err }()},
		{"set: whole value keeping every rule", func() error {
			_, err := up.Set("address", nrAddress{Country: "DE", Zip: "10115"}).Build()
			return err
		}()},
		{"set: a field beside a read-only one", func() error { _, err := up.Set("home.zip", "x").Build(); return err }()},
		{"remove: a field without rules", func() error { _, err := up.Remove("address.city").Build(); return err }()},
		{"set: the whole Validate-checked value", func() error { _, err := up.Set("profile", nrAddress{}).Build(); return err }()},
	}
	for _, c := range accepted {
		if c.err != nil {
			t.Errorf("%s: %v", c.name, c.err)
		}
	}
}

// TestRulesOnNestedFieldsRefusedAtDefine: a nested rule must name a field
// reached through struct fields, and hold only the rules that bind a
// field's value.
func TestRulesOnNestedFieldsRefusedAtDefine(t *testing.T) {
	t.Parallel()
	wantRulesRefused(t, nrTable, nrConfig(), []ruleRefusal{
		{"typo", "address.contry", entity.Attribute{Required: true}, `did you mean "country"`},
		{"through a map", "others.home.city", entity.Attribute{Required: true}, "map"},
		{"through a list", "notes[0]", entity.Attribute{Required: true}, "list"},
		{"enum on a number", "address.floor", entity.Attribute{Enum: []string{"1"}}, "Enum"},
		{"default", "address.city", entity.Attribute{Default: "Paris"}, "top-level"},
		{"unique", "address.city", entity.Attribute{Unique: true}, "top-level"},
		{"hidden", "address.city", entity.Attribute{Hidden: true}, "top-level"},
	})
}

// refusal is an error an operation gave, and the *ddbmodel.ValidationError
// it must be: naming attr and saying says.
type refusal struct {
	name, attr string
	says       string
	err        error
}

// wantRefused checks each refusal's error, of the entity named entityName.
func wantRefused(t *testing.T, entityName string, cases []refusal) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var ve *ddbmodel.ValidationError
			if !errors.As(c.err, &ve) {
				t.Fatalf("err = %v (%T), want a *ddbmodel.ValidationError", c.err, c.err)
			}
			if ve.Entity != entityName || ve.Attribute != c.attr || !strings.Contains(c.err.Error(), c.says) {
				t.Errorf("err = %v (entity %q, attribute %q); want attribute %q and %q", c.err, ve.Entity, ve.Attribute, c.attr, c.says)
			}
		})
	}
}

// ruleRefusal is a rule Define refuses: attr's rule, and what the error
// says.
type ruleRefusal struct {
	name, attr string
	rule       entity.Attribute
	says       string
}

// wantRulesRefused defines cfg's entity with each case's rule alone, and
// wants a *ddbmodel.ValidationError naming the rule's path and saying what
// the case says.
func wantRulesRefused[T any](t *testing.T, table func() *entity.Table, cfg entity.Config[T], cases []ruleRefusal) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cfg := cfg
			cfg.Attributes = map[string]entity.Attribute{c.attr: c.rule}
			_, err := entity.Define(table(), cfg)
			var ve *ddbmodel.ValidationError
			if !errors.As(err, &ve) || ve.Attribute != c.attr || !strings.Contains(err.Error(), c.says) {
				t.Fatalf("err = %v, want a ValidationError naming %q and saying %q", err, c.attr, c.says)
			}
		})
	}
}

// TestRulesOnNestedFieldsOnDynamoDBLocal: the updates the nested rules let
// through are applied, and the item reads back as a put of it would.
func TestRulesOnNestedFieldsOnDynamoDBLocal(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	table := nrTable()
	customers, err := entity.Define(table, nrConfig())
	if err != nil {
		t.Fatal(err)
	}
	db := entitytest.NewDB(t, table)
	v := nrGood()
	v.Home = &nrAddress{City: "Metz", Country: "FR"}
	if _, err := customers.Create(v).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	got, err := customers.Update(nrKey).Set("address.country", "DE").Set("notes[0]", "late").Append("address.tags", []string{"y"}).Set("home.zip", "57000").Run(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	if got.Address.Country != "DE" || got.Notes[0] != "late" || len(got.Address.Tags) != 2 || got.Home.Zip != "57000" || got.Home.City != "Metz" {
		t.Fatalf("update gave %+v", got)
	}
	if _, err := customers.Update(nrKey).Set("home.city", "Nancy").Run(ctx, db); !errors.Is(err, ddbmodel.ErrInvalid) {
		t.Fatalf("read-only nested field: err = %v", err)
	}
}
