package entity_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/google/go-cmp/cmp"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
)

type r4Inner struct {
	City string `dynamo:"city"`
	Zip  string `dynamo:"zip"`
}

// r4Item holds the field kinds the fourth review of #11 found mishandled.
type r4Item struct {
	ID      string            `dynamo:"id"`
	Name    string            `dynamo:"name"`
	Arr     [2]string         `dynamo:"arr"`
	Tags    []string          `dynamo:"tags"`
	Meta    map[string]string `dynamo:"meta,allowemptyelem"`
	Plain   map[string]string `dynamo:"plain"`
	Small   int8              `dynamo:"small"`
	Count   uint              `dynamo:"count"`
	Expires time.Time         `dynamo:"expires,unixtime"`
	Maybe   *string           `dynamo:"maybe,null"`
	r4Inner `dynamo:"inner"`
}

func r4Table() *entity.Table {
	return &entity.Table{Name: "review4", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
}

func r4Define(t *testing.T, table *entity.Table) *entity.Entity[r4Item] {
	t.Helper()
	e, err := entity.Define(table, entity.Config[r4Item]{Name: "R4", Key: entity.Key{Partition: "R4#${id}", Sort: "R4"}})
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// r4Refused wants a *ddbmodel.ValidationError naming the entity and attr,
// with every word of want in its text.
func r4Refused(t *testing.T, what string, err error, attr string, want ...string) {
	t.Helper()
	var ve *ddbmodel.ValidationError
	if !errors.As(err, &ve) || ve.Entity != "R4" || ve.Attribute != attr {
		t.Errorf("%s: err = %v, want a ValidationError of R4 naming %s", what, err, attr)
		return
	}
	for _, w := range want {
		if !strings.Contains(err.Error(), w) {
			t.Errorf("%s: %v, want it to say %q", what, err, w)
		}
	}
}

// TestReview4RefusedBeforeSending: Append and Prepend to a fixed-size
// array, a raw NULL for a field a put never stores as NULL, an Add of a
// time.Time or of a delta the field's type cannot hold, each refused with
// no request sent.
func TestReview4RefusedBeforeSending(t *testing.T) {
	t.Parallel()
	e := r4Define(t, r4Table())
	db := entity.NewDB(entitytest.NoRequests(t), "review4")
	key := entity.Values{"id": "1"}
	null := &types.AttributeValueMemberNULL{Value: true}
	for _, c := range []struct {
		what string
		op   entity.UpdateOp[r4Item]
		attr string
		want []string
	}{
		{"Append to an array", e.Update(key).Append("arr", []string{"x"}), "arr", []string{"[2]string", "exactly 2"}},
		{"Prepend to an array", e.Update(key).Prepend("arr", []string{"x"}), "arr", []string{"[2]string"}},
		{"Append an array to an array", e.Update(key).Append("arr", [2]string{"x", "y"}), "arr", []string{"exactly 2"}},
		{"Set NULL on a string", e.Update(key).Set("name", null), "name", []string{"NULL", "Remove"}},
		{"Set NULL on an int8", e.Update(key).Set("small", null), "small", []string{"NULL"}},
		{"Set NULL in a map entry", e.Update(key).Set("plain.k", null), "plain.k", []string{"NULL"}},
		{"Add a time to a unixtime", e.Update(key).Add("expires", time.Now()), "expires", []string{"seconds", "time.Duration"}},
		{"Add a fraction of a second", e.Update(key).Add("expires", 1500*time.Millisecond), "expires", []string{"whole number of seconds"}},
		{"Add a delta an int8 cannot hold", e.Update(key).Add("small", 200), "small", []string{"200", "int8"}},
		{"Add a delta a uint cannot hold", e.Update(key).Add("count", -1.5), "count", []string{"whole number"}},
	} {
		_, err := c.op.Run(t.Context(), db)
		r4Refused(t, c.what, err, c.attr, c.want...)
	}
	// What stays possible: NULL where a put stores it, a Duration or
	// seconds on a unixtime, a negative delta on a uint.
	for what, op := range map[string]entity.UpdateOp[r4Item]{
		"Set NULL on a null field":  e.Update(key).Set("maybe", null),
		"Add a Duration":            e.Update(key).Add("expires", time.Hour),
		"Add seconds":               e.Update(key).Add("expires", 60),
		"Add -1 to a uint":          e.Update(key).Add("count", -1),
		"Set an element of the arr": e.Update(key).Set("arr[1]", "x"),
	} {
		if _, err := op.Build(); err != nil {
			t.Errorf("%s: %v", what, err)
		}
	}
	in, err := e.Update(key).Add("expires", time.Hour).Build()
	if err != nil {
		t.Fatal(err)
	}
	if got := numberValues(in.ExpressionAttributeValues); !got["3600"] {
		t.Errorf("Add(time.Hour) to a unixtime: values %v, want the number 3600", got)
	}
}

func numberValues(vals map[string]types.AttributeValue) map[string]bool {
	out := map[string]bool{}
	for _, v := range vals {
		if n, ok := v.(*types.AttributeValueMemberN); ok {
			out[n.Value] = true
		}
	}
	return out
}

// TestReview4ElementsEncodeAsAPutStoresThem: guregu stores an empty string
// in a list as S "" (positions stay), and in a map tagged allowemptyelem
// as S ""; conditions and updates of those elements use the same value.
func TestReview4ElementsEncodeAsAPutStoresThem(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	table := r4Table()
	e := r4Define(t, table)
	key := entity.Values{"id": "1"}
	in, err := e.Update(key).Set("name", "n").If(entity.Attr("tags[0]").Eq("")).Build()
	if err != nil {
		t.Fatal(err)
	}
	if c := aws.ToString(in.ConditionExpression); strings.Contains(c, "attribute_not_exists") {
		t.Errorf("Eq(\"\") on tags[0] renders %s; a put stores the element as S \"\"", c)
	}
	db := entitytest.NewDB(t, table)
	if _, err := e.Put(r4Item{ID: "1", Tags: []string{"", "b"}, Meta: map[string]string{"k": "v"}, Plain: map[string]string{"k": "v"}}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	got, err := e.Update(key).Set("meta.j", "").Set("tags[1]", "").If(entity.Attr("tags[0]").Eq("")).Run(ctx, db)
	if err != nil {
		t.Fatalf("update conditioned on tags[0] = \"\": %v", err)
	}
	if v, ok := got.Meta["j"]; !ok || v != "" {
		t.Errorf("Set(meta.j, \"\") on an allowemptyelem map: Meta = %#v, want the entry j = \"\"", got.Meta)
	}
	if !cmp.Equal(got.Tags, []string{"", ""}) {
		t.Errorf("Tags = %#v, want two empty strings", got.Tags)
	}
	raw := rawItem(t, db, mustR4Key(t, e, "1"))
	if m, ok := raw["meta"].(*types.AttributeValueMemberM); !ok || m.Value["j"] == nil {
		t.Errorf("stored meta = %#v, want the entry j", raw["meta"])
	}
	// On a map without allowemptyelem a put leaves the entry out: so does
	// the update.
	got, err = e.Update(key).Set("plain.k", "").Run(ctx, db)
	if _, ok := got.Plain["k"]; err != nil || ok {
		t.Errorf("Set(plain.k, \"\"): %v, Plain = %#v, want the entry removed", err, got.Plain)
	}
}

func mustR4Key(t *testing.T, e *entity.Entity[r4Item], id string) map[string]types.AttributeValue {
	t.Helper()
	k, err := e.Key(entity.Values{"id": id})
	if err != nil {
		t.Fatal(err)
	}
	return k
}

// TestReview4EmbeddedStructWithTagName: guregu v2 flattens an embedded
// struct even when its field has a dynamo tag name; the schema does too,
// so its fields are top-level attributes and the tag name is none.
func TestReview4EmbeddedStructWithTagName(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	table := r4Table()
	e := r4Define(t, table)
	key := entity.Values{"id": "1"}
	_, err := e.Update(key).Set("inner", map[string]string{"city": "x"}).Build()
	r4Refused(t, "Set of the embedded struct's tag name", err, "inner", "no attribute")
	db := entitytest.NewDB(t, table)
	if _, err := e.Put(r4Item{ID: "1", r4Inner: r4Inner{City: "a", Zip: "z"}}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	got, err := e.Update(key).Set("city", "b").If(entity.Attr("zip").Eq("z")).Run(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	if got.City != "b" || got.Zip != "z" {
		t.Errorf("after Set(city): %+v", got.r4Inner)
	}
	raw := rawItem(t, db, mustR4Key(t, e, "1"))
	if _, ok := raw["inner"]; ok {
		t.Errorf("stored item has an attribute inner: %#v", raw["inner"])
	}
	if s, ok := raw["city"].(*types.AttributeValueMemberS); !ok || s.Value != "b" {
		t.Errorf("stored city = %#v, want S b", raw["city"])
	}
	read, err := e.Get(key).Run(ctx, db)
	if err != nil || read.City != "b" || read.Zip != "z" {
		t.Errorf("get: %+v, %v", read.r4Inner, err)
	}
}

// TestReview4AddStaysInTheType: an Add to an integer field is conditioned
// so that the stored result fits the Go type; a refused one is an
// *entity.AddRangeError naming the attribute, and the item is unchanged.
// A uint is decremented with a negative delta, never below 0.
func TestReview4AddStaysInTheType(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	table := r4Table()
	e := r4Define(t, table)
	db := entitytest.NewDB(t, table)
	key := entity.Values{"id": "1"}
	if _, err := e.Put(r4Item{ID: "1", Small: 100, Count: 1}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	wantRange := func(what string, err error, attr, stored string) {
		t.Helper()
		var re *entity.AddRangeError
		if !errors.As(err, &re) || re.Attribute != attr || re.Stored != stored || !errors.Is(err, ddbmodel.ErrConditionFailed) {
			t.Errorf("%s: err = %v, want an AddRangeError naming %s holding %s", what, err, attr, stored)
		}
	}
	_, err := e.Update(key).Add("small", 100).Run(ctx, db)
	wantRange("int8 100 + 100", err, "small", "100")
	_, err = e.Update(key).Add("small", -100).Add("count", -2).Run(ctx, db)
	wantRange("uint 1 - 2", err, "count", "1")
	got, err := e.Update(key).Add("small", 27).Add("count", -1).Run(ctx, db)
	if err != nil || got.Small != 127 || got.Count != 0 {
		t.Fatalf("int8 100 + 27, uint 1 - 1: %+v, %v; want 127 and 0", got, err)
	}
	_, err = e.Update(key).Add("count", -1).Run(ctx, db)
	wantRange("uint 0 - 1", err, "count", "0")
	_, err = e.Update(key).Add("small", 1).Run(ctx, db)
	wantRange("int8 127 + 1", err, "small", "127")
	read, err := e.Get(key).Run(ctx, db)
	if err != nil || read.Small != 127 || read.Count != 0 {
		t.Errorf("after the refused Adds: %+v, %v; want 127 and 0", read, err)
	}
	// An absent attribute is 0 to Add: a negative delta on it is refused
	// for a uint.
	if _, err := db.Client.UpdateItem(ctx, &dynamodb.UpdateItemInput{TableName: aws.String(db.TableName), Key: mustR4Key(t, e, "1"),
		UpdateExpression: aws.String("REMOVE #c"), ExpressionAttributeNames: map[string]string{"#c": "count"}}); err != nil {
		t.Fatal(err)
	}
	_, err = e.Update(key).Add("count", -1).Run(ctx, db)
	wantRange("uint absent - 1", err, "count", "")
	if got, err := e.Update(key).Add("count", 5).Add("small", -128).Run(ctx, db); err != nil || got.Count != 5 || got.Small != -1 {
		t.Errorf("uint absent + 5, int8 127 - 128: %+v, %v", got, err)
	}
}

type r4Room struct {
	Rate  float64 `dynamo:"rate"`
	Beds  int     `dynamo:"beds"`
	Label string  `dynamo:"label"`
}

type r4Hotel struct {
	ID    string            `dynamo:"id"`
	Rooms map[string]r4Room `dynamo:"rooms"`
	Log   []r4Room          `dynamo:"log"`
}

// TestReview4FieldInMapValues: a typed handle of a field inside a map's
// struct value (rooms.101.rate) or a list's struct element; the update
// through it changes that field alone, on DynamoDB Local.
func TestReview4FieldInMapValues(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	table := r4Table()
	hotels := entity.MustDefine(table, entity.Config[r4Hotel]{Name: "Hotel", Key: entity.Key{Partition: "H#${id}", Sort: "H"}})
	rooms := entity.MapOf(hotels, func(h *r4Hotel) *map[string]r4Room { return &h.Rooms })
	log := entity.ListOf(hotels, func(h *r4Hotel) *[]r4Room { return &h.Log })
	rate := entity.AsNumber(entity.FieldIn(rooms.Key("101"), func(r *r4Room) *float64 { return &r.Rate }))
	label := entity.FieldIn(log.At(0), func(r *r4Room) *string { return &r.Label })
	if rate.Path() != "rooms.101.rate" || label.Path() != "log[0].label" {
		t.Errorf("paths %q, %q", rate.Path(), label.Path())
	}
	func() {
		defer func() {
			if x := recover(); x == nil || !strings.Contains(fmt.Sprint(x), "Hotel") {
				t.Errorf("FieldIn of no field of the entry: recovered %v, want a panic naming the entity", x)
			}
		}()
		var other struct{ X int }
		entity.FieldIn(rooms.Key("101"), func(*r4Room) *int { return &other.X })
	}()
	db := entitytest.NewDB(t, table)
	if _, err := hotels.Put(r4Hotel{ID: "1", Rooms: map[string]r4Room{"101": {Rate: 80, Beds: 2}, "102": {Rate: 90, Beds: 1}}, Log: []r4Room{{Label: "a"}}}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	got, err := hotels.Update(entity.Values{"id": "1"}).Apply(rate.Add(10), label.Set("b")).Ensure(rate.Eq(80)).Run(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]r4Room{"101": {Rate: 90, Beds: 2}, "102": {Rate: 90, Beds: 1}}
	if !cmp.Equal(got.Rooms, want) || got.Log[0].Label != "b" {
		t.Errorf("after the update: %+v", got)
	}
}
