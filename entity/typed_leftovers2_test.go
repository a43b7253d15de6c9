package entity_test

import (
	"errors"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/query"
)

// ErrNeedsRead comes as a *entity.NeedsReadError naming the entity, the
// operation and the attributes that need the read.
func TestNeedsReadErrorIsTyped(t *testing.T) {
	t.Parallel()
	e := defineTickets(t)
	cases := []struct {
		name string
		op   entity.UpdateOp[ckTicket]
		want []string
	}{
		{"a primary-key composite changes", e.Update(ckKey2("1")).Set("id", "2"), []string{"id"}},
		{"ReadFirst takes missing composites", e.Update(ckKey2("1")).Set("status", "closed").ReadFirst(), []string{"votes"}},
	}
	for _, c := range cases {
		_, err := c.op.Build()
		var nr *entity.NeedsReadError
		if !errors.As(err, &nr) || !errors.Is(err, entity.ErrNeedsRead) {
			t.Fatalf("%s: err = %v (%T), want an *entity.NeedsReadError", c.name, err, err)
		}
		if nr.Entity != "Ticket" || nr.Op != "update" || !slices.Equal(nr.Attributes, c.want) {
			t.Errorf("%s: %+v, want entity Ticket, op update, attributes %v", c.name, *nr, c.want)
		}
	}
}

// DynamoDB's refusal of a path whose parent the item lacks comes as a
// *ddbmodel.DocumentPathError naming the entity and the update's paths
// below an attribute, with the AWS error in the chain.
func TestDocumentPathErrorNamesThePaths(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	e := defineTickets(t)
	db := entitytest.NewDB(t, ckTable())
	if _, err := e.Put(ckTicket{ID: "1", Tenant: "t1", Status: "open"}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	_, err := e.Update(ckKey2("1")).Set("addresses.home.city", "Paris").Set("title", "x").Run(ctx, db)
	var dp *ddbmodel.DocumentPathError
	if !errors.As(err, &dp) || !errors.Is(err, ddbmodel.ErrDocumentPath) {
		t.Fatalf("err = %v (%T), want a *ddbmodel.DocumentPathError", err, err)
	}
	want := []ddbmodel.DocumentPath{{Attribute: "addresses", Elements: []string{"home", "city"}}}
	if dp.Entity != "Ticket" || dp.Op != "update" || len(dp.Paths) != 1 || dp.Paths[0].Attribute != want[0].Attribute || !slices.Equal(dp.Paths[0].Elements, want[0].Elements) {
		t.Errorf("DocumentPathError %+v, want entity Ticket, op update, paths %v", *dp, want)
	}
	var api interface{ ErrorCode() string }
	if !errors.As(err, &api) || api.ErrorCode() != "ValidationException" {
		t.Errorf("the AWS error is not in the chain: %v", err)
	}
}

type lfBin struct {
	ID     string            `dynamo:"id"`
	Tiny   int8              `dynamo:"tiny"`
	Home   ckAddress         `dynamo:"home"`
	List   []string          `dynamo:"list"`
	Tags   []string          `dynamo:"tags,set"`
	Any    map[string]any    `dynamo:"any"`
	Status string            `dynamo:"status"`
	Bytes  []byte            `dynamo:"bytes"`
	Counts map[string]int    `dynamo:"counts"`
	Extra  map[string]string `dynamo:"extra"`
}

func lfBinDefine(t *testing.T) *entity.Entity[lfBin] {
	t.Helper()
	e, err := entity.Define(&entity.Table{Name: "lfbin", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")},
		entity.Config[lfBin]{Name: "Bin", Key: entity.Key{Partition: "BIN#${id}", Sort: "#BIN"}})
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// A raw attribute value that is a nil pointer holds no value: it is
// refused with a *ddbmodel.ValidationError, as an untyped nil is, never a
// panic; at any depth of a list or map.
func TestNilRawValueIsRefusedNotAPanic(t *testing.T) {
	t.Parallel()
	e := lfBinDefine(t)
	k := entity.Values{"id": "x"}
	var (
		nilN  *types.AttributeValueMemberN
		nilM  *types.AttributeValueMemberM
		nilS  *types.AttributeValueMemberS
		nilL  *types.AttributeValueMemberL
		nilSS *types.AttributeValueMemberSS
	)
	cases := []struct {
		name, attr string
		op         entity.UpdateOp[lfBin]
	}{
		{"Add a nil N", "tiny", e.Update(k).Add("tiny", nilN)},
		{"Set a nil M", "home", e.Update(k).Set("home", nilM)},
		{"Append a nil L", "list", e.Update(k).Append("list", nilL)},
		{"DeleteFromSet a nil SS", "tags", e.Update(k).DeleteFromSet("tags", nilSS)},
		{"Set a nil N on a dynamic field", "any.k", e.Update(k).Set("any.k", nilN)},
		{"a nil element in a list", "list", e.Update(k).Set("list", &types.AttributeValueMemberL{Value: []types.AttributeValue{nilS}})},
		{"a nil member in a map", "counts", e.Update(k).Set("counts", &types.AttributeValueMemberM{Value: map[string]types.AttributeValue{"a": nilN}})},
		{"a condition on a nil S", "status", e.Update(k).Set("tiny", 1).If(entity.Attr("status").Eq(nilS))},
		{"In with a nil S", "status", e.Update(k).Set("tiny", 1).If(entity.Attr("status").In("a", nilS))},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			defer func() {
				if r := recover(); r != nil {
					t.Fatalf("Build panicked: %v", r)
				}
			}()
			_, err := c.op.Build()
			wantInvalid(t, err, "Bin", c.attr, "nil")
		})
	}
}

// BeginsWith on a binary attribute looks for the prefix's bytes: an S
// prefix would never begin a B value (the filter matched nothing).
func TestBeginsWithOnABinaryAttributeSendsBytes(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	e := lfBinDefine(t)
	db := entitytest.NewDB(t, e.Table())
	if _, err := e.Put(lfBin{ID: "f1", Bytes: []byte("xyz")}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	q := query.New(e).Where(entity.Values{"id": "f1"}).Filter(entity.Attr("bytes").BeginsWith("xy"))
	in, err := q.Build()
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, v := range in.ExpressionAttributeValues {
		if b, ok := v.(*types.AttributeValueMemberB); ok && string(b.Value) == "xy" {
			found = true
		}
	}
	if !found {
		t.Errorf("begins_with sent %v, want B \"xy\"", in.ExpressionAttributeValues)
	}
	got, err := q.Collect(ctx, db)
	if err != nil || len(got) != 1 {
		t.Errorf("filter begins_with(bytes, \"xy\") = %v, %v; want the item", got, err)
	}
}

// LfUpper is stored as its upper-case text and read back lower-cased.
type LfUpper string

func (u LfUpper) MarshalText() ([]byte, error) { return []byte(strings.ToUpper(string(u))), nil }

func (u *LfUpper) UnmarshalText(b []byte) error {
	*u = LfUpper(strings.ToLower(string(b)))
	return nil
}

type lfUp struct {
	ID   string          `dynamo:"id"`
	ByUp map[LfUpper]int `dynamo:"byup"`
}

// A map whose key type encodes itself as text is stored under each key's
// MarshalText: the string form names an entry by that text, as the typed
// MapField.Key does; a name a put never writes ("abc" for "ABC") is
// refused, where it wrote a second entry that a read decoded onto the
// same Go key, one of them lost.
func TestStringPathIntoATextKeyedMap(t *testing.T) {
	t.Parallel()
	e, err := entity.Define(&entity.Table{Name: "lfup", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")},
		entity.Config[lfUp]{Name: "Up", Key: entity.Key{Partition: "UP#${id}", Sort: "#UP"}})
	if err != nil {
		t.Fatal(err)
	}
	k := entity.Values{"id": "x"}
	_, err = e.Update(k).Add("byup.abc", 5).Build()
	wantInvalid(t, err, "Up", "byup.abc", `"ABC"`)
	if _, err := e.Update(k).Add("byup.ABC", 5).Build(); err != nil {
		t.Errorf("Add(byup.ABC): %v", err)
	}
	m := entity.MapOf(e, func(x *lfUp) *map[LfUpper]int { return &x.ByUp })
	in, err := e.Update(k).Apply(entity.AsNumber(m.Key("abc")).Add(5)).Build()
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(slices.Collect(maps.Values(in.ExpressionAttributeNames)), "ABC") {
		t.Errorf("typed Key(abc) names %v, want the entry ABC", in.ExpressionAttributeNames)
	}
}
