package entity_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
)

// The model of the fifth review's findings: a map of structs, a stored
// name holding a dot beside a map of that name, a small integer, an index
// sort key computed from a bool, and a non-sparse index built from a
// string.
type r5Link struct {
	URL string `dynamo:"url"`
}

type r5Doc struct {
	ID      string            `dynamo:"id"`
	Status  string            `dynamo:"status"`
	Kind    string            `dynamo:"kind"`
	Links   map[string]r5Link `dynamo:"links"`
	MetaVer int               `dynamo:"meta.version"`
	Meta    map[string]int    `dynamo:"meta"`
	Small   int8              `dynamo:"small"`
	Hot     bool              `dynamo:"hot"`
}

func r5Table() *entity.Table {
	return &entity.Table{
		Name: "review5", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"),
		Indexes: []entity.Index{
			{Name: "GSI1", PartitionKey: entity.S("GSI1PK"), SortKey: entity.S("GSI1SK")},
			{Name: "GSI2", PartitionKey: entity.S("GSI2PK"), SortKey: entity.S("GSI2SK")},
		},
	}
}

var r5Docs = entity.MustDefine(r5Table(), entity.Config[r5Doc]{
	Name: "Doc",
	Key:  entity.Key{Partition: "D#${id}", Sort: "D"},
	Indexes: []entity.IndexKey[r5Doc]{
		{Index: "GSI1", Partition: "S#${status}", Sort: "D#${id}"},
		{Index: "GSI2", Partition: "H#${id}", SortFunc: func(d r5Doc) (string, error) {
			if d.Hot {
				return "hot", nil
			}
			return "cold", nil
		}, SortUses: []string{"hot"}},
	},
	Attributes: map[string]entity.Attribute{"kind": {Enum: []string{"post", "page"}}},
})

var r5Key = entity.Values{"id": "d1"}

// Contains on a map attribute is refused: DynamoDB's contains takes a
// string, a set or a list, and on a map it never holds (before, a value of
// the map's element type was accepted and the filter matched nothing).
func TestContainsOnAMapIsRefused(t *testing.T) {
	_, err := r5Docs.Update(r5Key).Set("kind", "page").If(entity.Attr("links").Contains(r5Link{URL: "x"})).Build()
	wantMessage(t, "Contains on a map", err, "links", "contains takes a string, set or list attribute")
}

// A map entry's typed handle whose bare path is also a stored name holding
// a dot quotes the map's name, so it names the entry (before, every update
// through it was refused as ambiguous).
func TestAMapEntryHandleBesideADottedNameIsThePath(t *testing.T) {
	meta := entity.MapOf(r5Docs, func(d *r5Doc) *map[string]int { return &d.Meta })
	h := meta.Key("version")
	if got, want := h.Path(), `"meta".version`; got != want {
		t.Errorf("Path() = %s, want %s", got, want)
	}
	in, err := r5Docs.Update(r5Key).Apply(h.Set(3)).Build()
	if err != nil {
		t.Fatalf("update through the handle: %v", err)
	}
	var names []string
	for _, n := range in.ExpressionAttributeNames {
		names = append(names, n)
	}
	if strings.Contains(strings.Join(names, ","), "meta.version") {
		t.Errorf("the update names the attribute meta.version: %v", in.ExpressionAttributeNames)
	}
}

// A Default outside its field's Enum is refused at Define (before, every
// put relying on it was refused); one of a type that does not convert
// already was.
func TestADefaultOutsideItsEnumIsRefusedAtDefine(t *testing.T) {
	_, err := entity.Define(r5Table(), entity.Config[r5Doc]{
		Name: "Doc", Key: entity.Key{Partition: "D#${id}", Sort: "D"},
		Attributes: map[string]entity.Attribute{"kind": {Default: "bogus", Enum: []string{"post", "page"}}},
	})
	wantMessage(t, "Default outside Enum", err, "kind", `Default "bogus" is not one of its Enum post, page`)
	_, err = entity.Define(r5Table(), entity.Config[r5Doc]{
		Name: "Doc", Key: entity.Key{Partition: "D#${id}", Sort: "D"},
		Attributes: map[string]entity.Attribute{"small": {Default: "many"}},
	})
	wantMessage(t, "Default of the wrong type", err, "small", "string does not convert to int8")
	if _, err := entity.Define(r5Table(), entity.Config[r5Doc]{
		Name: "Doc", Key: entity.Key{Partition: "D#${id}", Sort: "D"},
		Attributes: map[string]entity.Attribute{"kind": {Default: "post", Enum: []string{"post", "page"}}},
	}); err != nil {
		t.Errorf("a Default inside its Enum: %v", err)
	}
}

// A condition value for a key attribute must be of the key attribute's
// declared type: a number against an S key never holds.
func TestAConditionOnAKeyAttributeTakesItsType(t *testing.T) {
	_, err := r5Docs.Update(r5Key).Set("kind", "page").If(entity.Attr("GSI1PK").Eq(5)).Build()
	wantMessage(t, "a number for an S key attribute", err, "GSI1PK", "key attribute of type S", "got a number")
	if _, err := r5Docs.Update(r5Key).Set("kind", "page").If(entity.Attr("GSI1PK").Eq("S#open")).Build(); err != nil {
		t.Errorf("a string for an S key attribute: %v", err)
	}
}

// An update that must read first says which entity and why, and is still
// ErrNeedsRead (before: the bare sentinel).
func TestNeedsReadNamesTheEntityAndTheComposite(t *testing.T) {
	_, err := r5Docs.Update(r5Key).Set("id", "d2").Build()
	if !errors.Is(err, entity.ErrNeedsRead) {
		t.Fatalf("a move's Build: %v, want ErrNeedsRead", err)
	}
	for _, want := range []string{"Doc update", "primary-key composite(s) id", "moves"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("%q does not say %q", err, want)
		}
	}
	if strings.Count(err.Error(), "ddbmodel: ") != 1 {
		t.Errorf("%q has more than one prefix", err)
	}
}

// Setting an index composite to a value a put leaves out is refused with
// the action the caller wrote, not "Remove"; an out-of-range number says
// so; IfVersion without a LockAttribute is said before "changes nothing".
func TestMessagesNameWhatTheCallerDid(t *testing.T) {
	_, err := r5Docs.Update(r5Key).Set("status", "").Build()
	wantMessage(t, "Set of an empty index composite", err, "status", "Set of a value a put leaves out", "index GSI1")
	_, err = r5Docs.Update(r5Key).Set("small", 300).Build()
	wantMessage(t, "Set of 300 into an int8", err, "small", "300 (int), which an int8 does not hold exactly")
	_, err = r5Docs.Update(r5Key).IfVersion(3).Build()
	wantMessage(t, "IfVersion without a lock", err, "", "IfVersion needs a LockAttribute")
}

// An index key computed by a function from a bool is recomputed from the
// bool an update sets (before: "missing hot", asking for With or
// ReadFirst although the new value was given).
func TestAKeyFunctionTakesABoolTheUpdateSets(t *testing.T) {
	in, err := r5Docs.Update(r5Key).Set("hot", true).Build()
	if err != nil {
		t.Fatalf("Set(hot, true): %v", err)
	}
	found := false
	for _, v := range in.ExpressionAttributeValues {
		if s, ok := v.(*types.AttributeValueMemberS); ok && s.Value == "hot" {
			found = true
		}
	}
	if !found {
		t.Errorf("the update does not write GSI2SK \"hot\", the key a put of hot=true writes: %v", in.ExpressionAttributeValues)
	}
}

type r5Dash struct {
	ID     string `dynamo:"id"`
	Secret string `dynamo:"-,omitempty"`
	N      int    `dynamo:"n"`
}

// A field tagged "-" with options is not stored, as guregu/dynamo skips
// it (before, the fast encoder wrote it under the name "-").
func TestADashTaggedFieldWithOptionsIsNotStored(t *testing.T) {
	dashes := entity.MustDefine(&entity.Table{Name: "dashes", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")},
		entity.Config[r5Dash]{Name: "Dash", Key: entity.Key{Partition: "D#${id}", Sort: "D"}})
	in, err := dashes.Put(r5Dash{ID: "1", Secret: "s3cr3t", N: 1}).Build()
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := in.Item["-"]; ok {
		t.Errorf("the put stores the field tagged \"-,omitempty\": %v", in.Item)
	}
}

// An AddRangeError carried by a ConditionError says "update <entity>" once.
func TestAnAddRangeErrorInAConditionErrorHasOnePrefix(t *testing.T) {
	err := error(&ddbmodel.ConditionError{Op: "update", Entity: "Num", Err: &entity.AddRangeError{Entity: "Num", Attribute: "small", Type: "int8", Delta: "8", Stored: "120"}})
	if n := strings.Count(err.Error(), "update Num"); n != 1 {
		t.Errorf("%q says \"update Num\" %d times", err, n)
	}
	if strings.Count(err.Error(), "ddbmodel: ") != 1 {
		t.Errorf("%q has more than one prefix", err)
	}
}
