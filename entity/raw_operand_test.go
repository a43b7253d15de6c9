package entity_test

import (
	"context"
	"errors"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
)

// The attacker's last findings on issue #11: raw attribute values given as
// operands, Remove of an array element, Add to a unixtime, 64-bit Add
// ranges, Enum on list elements, and the nits.

type roInner struct {
	A  int       `dynamo:"a"`
	At time.Time `dynamo:"at,unixtime"`
}

type roEmbedded struct {
	Extra int `dynamo:"extra"`
}

type roOpt struct {
	Lock string `dynamo:"lock"`
}

type roItem struct {
	*roEmbedded
	ID      string    `dynamo:"id"`
	Small   uint8     `dynamo:"small"`
	In      roInner   `dynamo:"in"`
	Tags    []string  `dynamo:"tags"`
	Arr     [3]int    `dynamo:"arr"`
	Name    string    `dynamo:"name"`
	Big     int64     `dynamo:"big"`
	Expires time.Time `dynamo:"expires,unixtime,omitempty"`
	Colors  []string  `dynamo:"colors"`
	Nul     string    `dynamo:"nul,null"`
	Opt     *roOpt    `dynamo:"opt"`
}

func roDefine(t testing.TB) *entity.Entity[roItem] {
	t.Helper()
	table := &entity.Table{Name: "rawops", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
	e, err := entity.Define(table, entity.Config[roItem]{
		Name: "Ro",
		Key:  entity.Key{Partition: "RO#${id}", Sort: "#RO"},
		Attributes: map[string]entity.Attribute{
			"colors":   {Enum: []string{"red", "green"}},
			"opt.lock": {ReadOnly: true},
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	return e
}

var roKey = entity.Values{"id": "r1"}

func roN(v string) types.AttributeValue { return &types.AttributeValueMemberN{Value: v} }

// A1: a raw attribute value is taken as the Go value it decodes to, and
// refused when a put of that value would store something else. Each case
// is refused at Build, both as an update operand and as a condition value.
func TestRawOperandIsWhatAPutStores(t *testing.T) {
	t.Parallel()
	e := roDefine(t)
	m := func(kv map[string]types.AttributeValue) types.AttributeValue {
		return &types.AttributeValueMemberM{Value: kv}
	}
	l := func(vs ...types.AttributeValue) types.AttributeValue { return &types.AttributeValueMemberL{Value: vs} }
	cases := []struct {
		name, attr string
		av         types.AttributeValue
	}{
		{"a number out of a uint8's range", "small", roN("300")},
		{"a negative number for a uint8", "small", roN("-1")},
		{"a fraction for a uint8", "small", roN("1.5")},
		{"a stray member in a struct", "in", m(map[string]types.AttributeValue{"a": roN("1"), "at": roN("5"), "stray": s("x")})},
		{"an empty map for a struct", "in", m(map[string]types.AttributeValue{})},
		{"a struct missing a member", "in", m(map[string]types.AttributeValue{"at": roN("5")})},
		{"a text time in a unixtime member", "in", m(map[string]types.AttributeValue{"a": roN("1"), "at": s("2020-01-01T00:00:00Z")})},
		{"a text time at a unixtime path", "in.at", s("2020-01-01T00:00:00Z")},
		{"a NULL inside a list", "tags", l(s("a"), &types.AttributeValueMemberNULL{Value: true})},
		{"a short list for an array", "arr", l(roN("1"), roN("2"))},
		{"a long list for an array", "arr", l(roN("1"), roN("2"), roN("3"), roN("4"))},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := e.Update(roKey).Set(c.attr, c.av).Build()
			wantInvalid(t, err, "Ro", c.attr, "want ")
			_, err = e.Update(roKey).Set("name", "x").If(entity.Attr(c.attr).Eq(c.av)).Build()
			wantInvalid(t, err, "Ro", c.attr, "want ")
		})
	}
}

// A raw value that is a put's encoding (in another spelling of the same
// number, members in any order) is accepted and sent as the put writes
// it; an empty string where a put leaves the attribute out is the
// removal a Set of "" is.
func TestRawOperandSentAsThePutEncodes(t *testing.T) {
	t.Parallel()
	e := roDefine(t)
	in, err := e.Update(roKey).Set("small", roN("044")).Set("in", &types.AttributeValueMemberM{Value: map[string]types.AttributeValue{"at": roN("5"), "a": roN("1")}}).Build()
	if err != nil {
		t.Fatal(err)
	}
	var small, a string
	for _, v := range in.ExpressionAttributeValues {
		switch v := v.(type) {
		case *types.AttributeValueMemberN:
			small = v.Value
		case *types.AttributeValueMemberM:
			a = v.Value["a"].(*types.AttributeValueMemberN).Value
		}
	}
	if small != "44" || a != "1" {
		t.Errorf("sent small %q and in.a %q, want \"44\" and \"1\" (the put's encoding): %v", small, a, in.ExpressionAttributeValues)
	}
	raw, err := e.Update(roKey).Set("name", s("")).Build()
	if err != nil {
		t.Fatal(err)
	}
	typed, err := e.Update(roKey).Set("name", "").Build()
	if err != nil {
		t.Fatal(err)
	}
	if got, want := aws.ToString(raw.UpdateExpression), aws.ToString(typed.UpdateExpression); got != want || !strings.Contains(got, "REMOVE") {
		t.Errorf("Set(name, S \"\") = %q, want %q as Set(name, \"\")", got, want)
	}
}

// A2: a put always stores every element of a Go array; removing one
// would shift the others down and zero the last.
func TestRemoveArrayElementRefused(t *testing.T) {
	t.Parallel()
	e := roDefine(t)
	_, err := e.Update(roKey).Remove("arr[0]").Build()
	wantInvalid(t, err, "Ro", "arr[0]", "exactly 3 elements", "Set the element")
	// A slice's element stays removable.
	if _, err := e.Update(roKey).Remove("tags[0]").Build(); err != nil {
		t.Errorf("Remove(tags[0]) on a slice: %v", err)
	}
}

// A3, A6: an Add to a unixtime time is conditioned on the item holding
// it; 64-bit integers are range-conditioned as the smaller ones are.
func TestAddConditionsUnixtimeAndInt64(t *testing.T) {
	t.Parallel()
	e := roDefine(t)
	expires := entity.TimeOf(e, func(r *roItem) *time.Time { return &r.Expires })
	big := entity.NumberOf(e, func(r *roItem) *int64 { return &r.Big })
	in, err := e.Update(roKey).Apply(expires.AddDuration(time.Hour)).Build()
	if err != nil {
		t.Fatal(err)
	}
	if c := aws.ToString(in.ConditionExpression); !strings.Contains(c, "#expires <= ") || strings.Contains(c, "attribute_not_exists(#expires)") {
		t.Errorf("AddDuration condition = %q, want one that needs #expires and bounds it", c)
	}
	in, err = e.Update(roKey).Apply(big.Sub(math.MaxInt64)).Build()
	if err != nil {
		t.Fatal(err)
	}
	if c := aws.ToString(in.ConditionExpression); !strings.Contains(c, "#big >= ") {
		t.Errorf("Sub(MaxInt64) on an int64: condition = %q, want a range condition on #big", c)
	}
	in, err = e.Update(roKey).Apply(big.Add(1)).Build()
	if err != nil {
		t.Fatal(err)
	}
	if c := aws.ToString(in.ConditionExpression); !strings.Contains(c, "#big <= ") {
		t.Errorf("Add(1) on an int64: condition = %q, want a range condition on #big", c)
	}
}

// A3, A6 against DynamoDB Local: the conditions hold the item unchanged
// and the outcome says why.
func TestAddConditionsHoldOnDynamoDB(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	e := roDefine(t)
	db := entitytest.NewDB(t, e.Table())
	expires := entity.TimeOf(e, func(r *roItem) *time.Time { return &r.Expires })
	big := entity.NumberOf(e, func(r *roItem) *int64 { return &r.Big })
	if _, err := e.Put(roItem{ID: "r1", Big: -5, Nul: "x"}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	_, err := e.Update(roKey).Apply(expires.AddDuration(time.Hour)).Run(ctx, db)
	var re *entity.AddRangeError
	if !errors.As(err, &re) || !re.Missing || re.Attribute != "expires" || !errors.Is(err, ddbmodel.ErrConditionFailed) {
		t.Fatalf("AddDuration on an item without the time: err = %v, want an *AddRangeError with Missing", err)
	}
	if !strings.Contains(err.Error(), "Set the time instead") {
		t.Errorf("error %q does not say what to do", err)
	}
	_, err = e.Update(roKey).Apply(big.Sub(math.MaxInt64)).Run(ctx, db)
	if !errors.As(err, &re) || re.Missing || re.Attribute != "big" || re.Stored != "-5" {
		t.Fatalf("Sub(MaxInt64) from -5: err = %v, want an *AddRangeError on big", err)
	}
	got, err := e.Get(roKey).Run(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	if !got.Expires.IsZero() || got.Big != -5 {
		t.Errorf("the refused updates changed the item: expires %v, big %d", got.Expires, got.Big)
	}
	at := time.Unix(1700000000, 0)
	if _, err := e.Update(roKey).Apply(expires.Set(at)).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	moved, err := e.Update(roKey).Apply(expires.AddDuration(time.Hour), big.Sub(10)).Run(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	if !moved.Expires.Equal(at.Add(time.Hour)) || moved.Big != -15 {
		t.Errorf("after AddDuration(1h) and Sub(10): expires %v, big %d; want %v and -15", moved.Expires, moved.Big, at.Add(time.Hour))
	}
}

// A5: an element of a list limited by Enum takes the Enum in conditions,
// in the string and the typed form.
func TestListElementConditionTakesEnum(t *testing.T) {
	t.Parallel()
	e := roDefine(t)
	colors := entity.ListOf(e, func(r *roItem) *[]string { return &r.Colors })
	_, err := e.Update(roKey).Set("name", "x").If(entity.Attr("colors[0]").Eq("blue")).Build()
	wantInvalid(t, err, "Ro", "colors[0]", `"blue" is not one of red, green`)
	_, err = e.Update(roKey).Set("name", "x").Ensure(colors.At(1).Eq("blue")).Build()
	wantInvalid(t, err, "Ro", "colors[1]", `"blue" is not one of red, green`)
	if _, err := e.Update(roKey).Set("name", "x").Ensure(colors.At(0).Eq("red")).Build(); err != nil {
		t.Errorf("a value inside the Enum: %v", err)
	}
}

// The nits: Remove's advice on a null-tagged string, Remove of a field of
// an embedded pointer, and the action a read-only refusal names.
func TestRawOperandNits(t *testing.T) {
	t.Parallel()
	e := roDefine(t)
	_, err := e.Update(roKey).Remove("nul").Build()
	wantInvalid(t, err, "Ro", "nul", `Set it to "" instead`)
	if strings.Contains(err.Error(), "Set it to nil") {
		t.Errorf("advice %q says to Set nil, which is refused", err)
	}
	if _, err := e.Update(roKey).Set("nul", nil).Build(); err == nil {
		t.Errorf("Set(nul, nil) accepted; the old advice would then be right")
	}
	if _, err := e.Update(roKey).Remove("extra").Build(); err != nil {
		t.Errorf("Remove of a field of an embedded *struct (a put of a nil pointer leaves it out): %v", err)
	}
	_, err = e.Update(roKey).Set("opt", nil).Build()
	wantInvalid(t, err, "Ro", "opt.lock", "read-only; Set opt holds it")
}

type roAddr struct {
	Country string `dynamo:"country"`
}

type roHomes struct {
	ID    string            `dynamo:"id"`
	Addrs map[string]roAddr `dynamo:"addrs"`
}

// N4: a rule on a map entry is refused with advice that works (a Validate
// on the whole map, or for a field inside the entries the wildcard that
// binds it in every entry), not a circular "declare the rule on the whole
// attribute", which for an Enum is refused too.
func TestRuleOnMapEntryAdvice(t *testing.T) {
	t.Parallel()
	table := &entity.Table{Name: "homes", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
	for name, advice := range map[string]string{
		"addrs.home":         `declare a Validate on the whole attribute (Config.Attributes["addrs"])`,
		"addrs.home.country": `write "addrs.*.country" for a rule that binds the field in every entry`,
	} {
		_, err := entity.Define(table, entity.Config[roHomes]{
			Name:       "Homes",
			Key:        entity.Key{Partition: "H#${id}", Sort: "#H"},
			Attributes: map[string]entity.Attribute{name: {Enum: []string{"FR"}}},
		})
		wantInvalid(t, err, "Homes", name, advice)
	}
}
