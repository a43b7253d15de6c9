package entity_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
)

// Rules under a wildcard: "addresses.*.country" binds the country of every
// value of the map, "lines[*].sku" the sku of every element of the list.

type wrAddress struct {
	City    string `dynamo:"city"`
	Country string `dynamo:"country"`
	Zip     string `dynamo:"zip"`
	Note    string `dynamo:"note"`
}

type wrLine struct {
	SKU  string   `dynamo:"sku"`
	Qty  int      `dynamo:"qty"`
	Tags []string `dynamo:"tags"`
}

type wrBed struct {
	Size string `dynamo:"size"`
}

type wrRoom struct {
	Beds []wrBed `dynamo:"beds"`
}

type wrOrder struct {
	ID        string                `dynamo:"id"`
	Addresses map[string]wrAddress  `dynamo:"addresses"`
	Ptrs      map[string]*wrAddress `dynamo:"ptrs"`
	Lines     []wrLine              `dynamo:"lines"`
	Items     []*wrLine             `dynamo:"items"`
	Rooms     map[string]wrRoom     `dynamo:"rooms"`
}

func wrTable() *entity.Table {
	return &entity.Table{Name: "orders", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
}

func wrConfig() entity.Config[wrOrder] {
	return entity.Config[wrOrder]{
		Name: "Order",
		Key:  entity.Key{Partition: "ORDER#${id}", Sort: "ORDER"},
		Attributes: map[string]entity.Attribute{
			"addresses.*.country":  {Required: true, Enum: []string{"DE", "FR"}},
			"addresses.*.zip":      {Validate: nrZip},
			"ptrs.*.country":       {Required: true},
			"ptrs.*.note":          {ReadOnly: true},
			"lines[*].sku":         {Required: true},
			"lines[*].tags":        {Enum: []string{"x", "y"}},
			"items[*].sku":         {Required: true},
			"rooms.*.beds[*].size": {Required: true, Enum: []string{"S", "M", "L"}},
		},
	}
}

func wrGood() wrOrder {
	return wrOrder{
		ID:        "o1",
		Addresses: map[string]wrAddress{"home": {City: "Lyon", Country: "FR", Zip: "69001"}, "work": {Country: "DE", Zip: "10115"}},
		Ptrs:      map[string]*wrAddress{"p": {Country: "DE", Note: "n"}, "gone": nil},
		Lines:     []wrLine{{SKU: "a", Tags: []string{"x"}}, {SKU: "b"}},
		Items:     []*wrLine{nil, {SKU: "c"}},
		Rooms:     map[string]wrRoom{"a": {Beds: []wrBed{{Size: "S"}, {Size: "L"}}}},
	}
}

// TestRulesUnderWildcards: a rule under a wildcard binds the field in every
// entry a put writes and every update that gives its value (the field, its
// entry, the whole map or list, the elements an Append gives), each error
// naming the field's own path; nothing is sent.
func TestRulesUnderWildcards(t *testing.T) {
	t.Parallel()
	orders, err := entity.Define(wrTable(), wrConfig())
	if err != nil {
		t.Fatal(err)
	}
	rec := entitytest.NewRecorder(nil)
	db := entity.NewDB(rec, "orders")
	ctx := context.Background()
	put := func(mut func(*wrOrder)) error {
		v := wrGood()
		mut(&v)
		_, err := orders.Put(v).Run(ctx, db)
		return err
	}
	create := func(mut func(*wrOrder)) error {
		v := wrGood()
		mut(&v)
		_, err := orders.Create(v).Run(ctx, db)
		return err
	}
	upsert := func(mut func(*wrOrder)) error {
		v := wrGood()
		v.Ptrs = nil // an upsert sets ptrs whole: its read-only field refuses it
		mut(&v)
		_, err := orders.Upsert(v).Run(ctx, db)
		return err
	}
	update := func(u entity.UpdateOp[wrOrder]) error {
		_, err := u.Run(ctx, db)
		return err
	}
	up := orders.Update(entity.Values{"id": "o1"})
	addresses := entity.MapOf(orders, func(o *wrOrder) *map[string]wrAddress { return &o.Addresses })
	homeCountry := entity.AsString(entity.FieldIn(addresses.Key("home"), func(a *wrAddress) *string { return &a.Country }))
	wantRefused(t, "Order", []refusal{
		{"put: entry lacking a required field", "addresses.home.country", "required", put(func(o *wrOrder) { o.Addresses["home"] = wrAddress{Zip: "69001"} })},
		{"put: entry outside the enum", "addresses.work.country", `"US" is not one of`, put(func(o *wrOrder) { o.Addresses["work"] = wrAddress{Country: "US", Zip: "10115"} })},
		{"put: entry failing Validate", "addresses.home.zip", "five digits", put(func(o *wrOrder) { o.Addresses["home"] = wrAddress{Country: "FR", Zip: "1"} })},
		{"create: list element lacking a required field", "lines[1].sku", "required", create(func(o *wrOrder) { o.Lines[1].SKU = "" })},
		{"upsert: list element outside a list enum", "lines[0].tags", `"q" is not one of`, upsert(func(o *wrOrder) { o.Lines[0].Tags = []string{"q"} })},
		{"put: pointer element (nil ones left out)", "items[1].sku", "required", put(func(o *wrOrder) { o.Items[1].SKU = "" })},
		{"put: pointer entry", "ptrs.p.country", "required", put(func(o *wrOrder) { o.Ptrs["p"].Country = "" })},
		{"put: nested wildcards", "rooms.a.beds[1].size", `"XL" is not one of`, put(func(o *wrOrder) { o.Rooms["a"].Beds[1].Size = "XL" })},
		{"set: the field", "addresses.home.country", `"US" is not one of`, update(up.Set("addresses.home.country", "US"))},
		{"set: the field through FieldIn", "addresses.home.country", `"US" is not one of`, update(up.Apply(homeCountry.Set("US")))},
		{"set: the field to a value a put leaves out", "addresses.home.country", "required", update(up.Set("addresses.home.country", ""))},
		{"set: the field failing Validate", "addresses.home.zip", "five digits", update(up.Set("addresses.home.zip", "1"))},
		{"remove: a required field", "addresses.home.country", "required", update(up.Remove("addresses.home.country"))},
		{"set: the whole entry", "addresses.home.country", "required", update(up.Set("addresses.home", wrAddress{Zip: "69001"}))},
		{"set if not exists: the whole entry", "addresses.new.country", `"US" is not one of`, update(up.SetIfNotExists("addresses.new", wrAddress{Country: "US", Zip: "69001"}))},
		{"set: the whole map", "addresses.b.zip", "five digits", update(up.Set("addresses", map[string]wrAddress{"a": {Country: "DE", Zip: "10115"}, "b": {Country: "DE", Zip: "x"}}))},
		{"set: a list element", "lines[2].sku", "required", update(up.Set("lines[2]", wrLine{Qty: 1}))},
		{"set: the whole list", "lines[1].tags", `"q" is not one of`, update(up.Set("lines", []wrLine{{SKU: "a"}, {SKU: "b", Tags: []string{"q"}}}))},
		{"set: inside a field with an enum", "lines[0].tags[0]", `"q" is not one of`, update(up.Set("lines[0].tags[0]", "q"))},
		{"append: elements", "lines[*].sku", "required", update(up.Append("lines", []wrLine{{SKU: "c"}, {Qty: 2}}))},
		{"prepend: pointer elements", "items[*].sku", "required", update(up.Prepend("items", []*wrLine{{}}))},
		{"set: read-only field", "ptrs.p.note", "read-only", update(up.Set("ptrs.p.note", "x"))},
		{"set: entry holding a read-only field", "ptrs.p.note", "read-only", update(up.Set("ptrs.p", &wrAddress{Country: "DE"}))},
		{"set: a bare * as a map key", "addresses.*", "a bare * or [*] is a wildcard", update(up.Set("addresses.*", wrAddress{Country: "DE", Zip: "10115"}))},
		{"set: a bare * on the way", "addresses.*.city", "a bare * or [*] is a wildcard", update(up.Set("addresses.*.city", "Metz"))},
		{"set: a [*] list index", "lines[*].qty", "a bare * or [*] is a wildcard", update(up.Set("lines[*].qty", 2))},
		{"condition: a bare *", "addresses.*.country", "a bare * or [*] is a wildcard", update(up.Set("addresses.home.city", "Metz").If(entity.Attr("addresses.*.country").Eq("DE")))},
		{"set: an entry of a handle from request data", "lines[-1].qty", "non-negative", update(up.Apply(entity.AsNumber(entity.FieldIn(entity.ListOf(orders, func(o *wrOrder) *[]wrLine { return &o.Lines }).At(-1), func(l *wrLine) *int { return &l.Qty })).Add(1)))},
		{"set: map holding a read-only field", "ptrs.*.note", "read-only", update(up.Set("ptrs", map[string]*wrAddress{}))},
		{"set: nested wildcards", "rooms.a.beds[0].size", `"XL" is not one of`, update(up.Set("rooms.a.beds[0].size", "XL"))},
		{"set: an entry holding nested wildcards", "rooms.b.beds[1].size", "required", update(up.Set("rooms.b", wrRoom{Beds: []wrBed{{Size: "M"}, {}}}))},
		{"remove: nested wildcards", "rooms.a.beds[0].size", "required", update(up.Remove("rooms.a.beds[0].size"))},
	})
	if n := rec.Count(); n != 0 {
		t.Fatalf("%d requests sent, want none", n)
	}

	build := func(u entity.UpdateOp[wrOrder]) error { _, err := u.Build(); return err }
	accepted := []struct {
		name string
		err  error
	}{
		{"put: every entry keeping the rules, nil entries left out", func() error { _, err := orders.Put(wrGood()).Build(); return err }()},
		{"put: no entries", func() error { _, err := orders.Put(wrOrder{ID: "o2"}).Build(); return err }()},
		{"set: the field in the enum", build(up.Set("addresses.home.country", "DE"))},
		{"set: the field through FieldIn", build(up.Apply(homeCountry.Set("DE")))},
		{"set: the whole entry", build(up.Set("addresses.home", wrAddress{Country: "DE", Zip: "10115"}))},
		{"set: the whole map", build(up.Set("addresses", map[string]wrAddress{"a": {Country: "FR", Zip: "75001"}}))},
		{"remove: a whole entry", build(up.Remove("addresses.home"))},
		{"remove: a field without rules", build(up.Remove("addresses.home.city"))},
		{"remove: a list element", build(up.Remove("lines[0]"))},
		{"append: elements keeping the rules", build(up.Append("lines", []wrLine{{SKU: "c"}}))},
		{"set: beside a read-only field", build(up.Set("ptrs.p.city", "Metz"))},
		// A read-only field under a wildcard binds each entry while it
		// exists: entries come with SetIfNotExists, which writes nothing
		// over one, and leave whole.
		{"set if not exists: an entry holding a read-only field", build(up.SetIfNotExists("ptrs.q", &wrAddress{Country: "DE", Note: "first"}))},
		{"remove: an entry holding a read-only field", build(up.Remove("ptrs.p"))},
		{"set: an entry holding a read-only field to nil (a Remove)", build(up.Set("ptrs.p", (*wrAddress)(nil)))},
		{"remove: the map holding read-only fields", build(up.Remove("ptrs"))},
		{"set: a map key that is the text *, quoted", build(up.Set(`addresses."*"`, wrAddress{Country: "DE", Zip: "10115"}))},
		{"set: a map key that is the text *, through Key", build(up.Apply(addresses.Key("*").Set(wrAddress{Country: "DE", Zip: "10115"})))},
		{"set: nested wildcards", build(up.Set("rooms.a.beds[0].size", "M"))},
	}
	for _, c := range accepted {
		if c.err != nil {
			t.Errorf("%s: %v", c.name, c.err)
		}
	}
}

// TestRulesUnderWildcardsRefusedAtDefine: a rule on one entry is refused,
// saying to write the wildcard; a wildcard must stand for the entries of
// a map ("*") or list ("[*]") on the way to a field inside them, and the
// rules that apply to top-level attributes only stay refused under one.
func TestRulesUnderWildcardsRefusedAtDefine(t *testing.T) {
	t.Parallel()
	wantRulesRefused(t, wrTable, wrConfig(), []ruleRefusal{
		{"one map entry", "addresses.home.country", entity.Attribute{Required: true}, `"addresses.*.country"`},
		{"one list element", "lines[0].sku", entity.Attribute{Required: true}, `"lines[*].sku"`},
		{"one entry of nested lists", "rooms.*.beds[3].size", entity.Attribute{Required: true}, `"rooms.*.beds[*].size"`},
		{"the entries themselves", "addresses.*", entity.Attribute{Required: true}, "themselves"},
		{"the elements themselves", "lines[*]", entity.Attribute{Required: true}, "themselves"},
		{"a list index on a map", "addresses[*].country", entity.Attribute{Required: true}, "not a list"},
		{"a map wildcard on a list", "lines.*.sku", entity.Attribute{Required: true}, "not a map"},
		{"a map wildcard on a struct", "addresses.*.country.*.x", entity.Attribute{Required: true}, "not a map"},
		{"a wildcard for the attribute", "*.country", entity.Attribute{Required: true}, "starts with an attribute"},
		{"typo under a wildcard", "addresses.*.contry", entity.Attribute{Required: true}, `did you mean "country"`},
		{"enum on a number", "lines[*].qty", entity.Attribute{Enum: []string{"1"}}, "Enum"},
		{"default", "addresses.*.city", entity.Attribute{Default: "Paris"}, "top-level"},
		{"unique", "lines[*].sku", entity.Attribute{Unique: true}, "top-level"},
		{"hidden", "addresses.*.city", entity.Attribute{Hidden: true}, "top-level"},
	})
}

// TestRulesUnderWildcardsOnDynamoDBLocal: what the rules let through is
// written, an update of one entry's field through FieldIn leaves the other
// entries alone, and a refused one leaves the item as it was.
func TestRulesUnderWildcardsOnDynamoDBLocal(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	table := wrTable()
	orders, err := entity.Define(table, wrConfig())
	if err != nil {
		t.Fatal(err)
	}
	db := entitytest.NewDB(t, table)
	if _, err := orders.Create(wrGood()).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	addresses := entity.MapOf(orders, func(o *wrOrder) *map[string]wrAddress { return &o.Addresses })
	homeCountry := entity.AsString(entity.FieldIn(addresses.Key("home"), func(a *wrAddress) *string { return &a.Country }))
	key := entity.Values{"id": "o1"}
	got, err := orders.Update(key).Apply(homeCountry.Set("DE")).Append("lines", []wrLine{{SKU: "c"}}).Run(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	if got.Addresses["home"].Country != "DE" || got.Addresses["home"].City != "Lyon" || got.Addresses["work"].Country != "DE" || len(got.Lines) != 3 {
		t.Fatalf("update gave %+v", got)
	}
	if _, err := orders.Update(key).Apply(homeCountry.Set("US")).Run(ctx, db); !errors.Is(err, ddbmodel.ErrInvalid) {
		t.Fatalf("country outside the enum: err = %v", err)
	}
	after, err := orders.Get(key).Run(ctx, db)
	if err != nil || after.Addresses["home"].Country != "DE" {
		t.Fatalf("after the refused update: %+v, %v", after, err)
	}
	// A read-only field under a wildcard: SetIfNotExists adds an entry
	// and leaves an existing one as it is; a whole entry can be removed.
	// A map key that is the text * is an entry like any other.
	ptrs := entity.MapOf(orders, func(o *wrOrder) *map[string]*wrAddress { return &o.Ptrs })
	got, err = orders.Update(key).
		Apply(ptrs.Key("p").SetIfNotExists(&wrAddress{Country: "FR", Note: "changed"}), ptrs.Key("q").SetIfNotExists(&wrAddress{Country: "FR", Note: "first"})).
		Apply(addresses.Key("*").Set(wrAddress{Country: "FR", Zip: "75001"})).Run(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	if p, q, star := got.Ptrs["p"], got.Ptrs["q"], got.Addresses["*"]; p == nil || p.Note != "n" || p.Country != "DE" || q == nil || q.Note != "first" || star.Zip != "75001" {
		t.Fatalf("after SetIfNotExists: ptrs %+v %+v, addresses %+v", p, q, got.Addresses)
	}
	got, err = orders.Update(key).Remove("ptrs.p").Run(ctx, db)
	if _, still := got.Ptrs["p"]; err != nil || still || got.Ptrs["q"] == nil {
		t.Fatalf("after removing entry p: %+v, %v", got.Ptrs, err)
	}
}

type wrProfile struct {
	ID    string               `dynamo:"id"`
	Homes map[string]wrAddress `dynamo:"homes"`
}

// TestValidateOfAMapAdvisesTheWildcard: a change inside a map whose
// Validate checks it whole is refused, advising a rule on the field in
// every entry, which Define takes, rather than one on the entry changed,
// which it refuses.
func TestValidateOfAMapAdvisesTheWildcard(t *testing.T) {
	t.Parallel()
	profiles := entity.MustDefine(wrTable(), entity.Config[wrProfile]{
		Name:       "Profile",
		Key:        entity.Key{Partition: "PROFILE#${id}", Sort: "PROFILE"},
		Attributes: map[string]entity.Attribute{"homes": {Validate: func(any) error { return nil }}},
	})
	_, err := profiles.Update(entity.Values{"id": "p1"}).Set("homes.a.city", "Metz").Build()
	var ve *ddbmodel.ValidationError
	if !errors.As(err, &ve) || ve.Attribute != "homes.a.city" || !strings.Contains(err.Error(), `Config.Attributes["homes.*.city"]`) {
		t.Fatalf("err = %v, want a ValidationError advising homes.*.city", err)
	}
}

// wrCode stores its keys lower-cased, so that two keys can be one entry.
type wrCode string

func (c wrCode) MarshalText() ([]byte, error) { return []byte(strings.ToLower(string(c))), nil }

type wrCoded struct {
	ID    string                       `dynamo:"id"`
	Codes map[wrCode]wrAddress         `dynamo:"codes"`
	MMS   map[string]map[string]string `dynamo:"mms"`
}

// TestWildcardRulesReview: map keys one stored text are each checked (a
// put stores one of them, not known which); Define's advice for a rule
// on entries of entries names a rule it takes.
func TestWildcardRulesReview(t *testing.T) {
	t.Parallel()
	cfg := entity.Config[wrCoded]{
		Name:       "Coded",
		Key:        entity.Key{Partition: "CODED#${id}", Sort: "CODED"},
		Attributes: map[string]entity.Attribute{"codes.*.country": {Enum: []string{"DE", "FR"}}},
	}
	coded, err := entity.Define(wrTable(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	v := wrCoded{ID: "c1", Codes: map[wrCode]wrAddress{"A": {Country: "US"}, "a": {Country: "DE"}}}
	for i := range 100 {
		_, err := coded.Put(v).Build()
		var ve *ddbmodel.ValidationError
		if !errors.As(err, &ve) || ve.Attribute != "codes.a.country" {
			t.Fatalf("put %d of colliding keys, one outside the enum: %v", i, err)
		}
		_, err = coded.Update(entity.Values{"id": "c1"}).Set("codes", v.Codes).Build()
		if !errors.As(err, &ve) || ve.Attribute != "codes.a.country" {
			t.Fatalf("update %d of colliding keys, one outside the enum: %v", i, err)
		}
	}
	for _, rule := range []string{"mms.*.country", "mms.*.*"} {
		cfg.Attributes = map[string]entity.Attribute{rule: {Required: true}}
		_, err := entity.Define(wrTable(), cfg)
		if err == nil || !strings.Contains(err.Error(), `Config.Attributes["mms"]`) || strings.Contains(err.Error(), `["mms.*"]`) || strings.Contains(err.Error(), ".field") {
			t.Errorf("rule %s: %v; want advice naming Config.Attributes[\"mms\"] only", rule, err)
		}
		cfg.Attributes = map[string]entity.Attribute{"mms": {Validate: func(any) error { return nil }}}
		if _, err := entity.Define(wrTable(), cfg); err != nil {
			t.Errorf("the advised rule is refused: %v", err)
		}
	}
}

// TestApplyRefusesAZeroChange: a zero entity.Change given to Apply is
// refused at Build, saying so, as a zero Cond given to Ensure is; nothing
// is sent.
func TestApplyRefusesAZeroChange(t *testing.T) {
	t.Parallel()
	orders, err := entity.Define(wrTable(), wrConfig())
	if err != nil {
		t.Fatal(err)
	}
	lines := entity.ListOf(orders, func(o *wrOrder) *[]wrLine { return &o.Lines })
	db := entity.NewDB(entitytest.NoRequests(t), "orders")
	_, err = orders.Update(entity.Values{"id": "o1"}).Apply(lines.Append(wrLine{SKU: "a"}), entity.Change[wrOrder]{}).Run(context.Background(), db)
	var ve *ddbmodel.ValidationError
	if !errors.As(err, &ve) || ve.Entity != "Order" || !strings.Contains(ve.Reason, "Apply was given a zero entity.Change") {
		t.Fatalf("err = %v, want a ValidationError naming the zero Change", err)
	}
}
