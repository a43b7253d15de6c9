package docpath_test

import (
	"errors"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/google/go-cmp/cmp"

	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/internal/docpath"
)

// apply runs a SET or REMOVE case through docpath.
func apply(c updateCase, in map[string]types.AttributeValue) (map[string]types.AttributeValue, error) {
	p := docpath.MustParse(c.path)
	if c.op == "SET" {
		return docpath.Set(in, p, av(c.value))
	}
	return docpath.Remove(in, p)
}

func TestSetRemoveSemantics(t *testing.T) {
	t.Parallel()
	for _, c := range updateCases {
		if c.op != "SET" && c.op != "REMOVE" {
			continue
		}
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			in, before := toItem(c.item), toItem(c.item)
			got, err := apply(c, in)
			if c.wantErr {
				var pe *docpath.PathError
				if !errors.Is(err, docpath.ErrInvalidPath) || !errors.As(err, &pe) || got != nil {
					t.Fatalf("%s %s = %v, %v; want a *PathError and no item", c.op, c.path, got, err)
				}
				t.Logf("error: %v", err)
			} else if err != nil {
				t.Fatalf("%s %s: %v", c.op, c.path, err)
			} else if diff := cmp.Diff(toItem(c.want), got, entitytest.CmpOptions); diff != "" {
				t.Errorf("%s %s (-want +got):\n%s", c.op, c.path, diff)
			}
			if diff := cmp.Diff(before, in, entitytest.CmpOptions); diff != "" {
				t.Errorf("%s %s modified its input (-before +after):\n%s", c.op, c.path, diff)
			}
		})
	}
}

// TestSetRemoveCopyOnWrite checks that the result never aliases a map or
// list of the input that was on the way to the path (so that changing the
// result leaves the input alone), that untouched subtrees are shared, and
// that the result is a new top-level map even when nothing changed.
func TestSetRemoveCopyOnWrite(t *testing.T) {
	t.Parallel()
	in := toItem(item{"m": obj{"l": arr{obj{"k": 1}, "x"}, "other": obj{"o": 1}}, "keep": obj{"z": 1}})
	out, err := docpath.Set(in, docpath.MustParse("m.l[0].k"), av(2))
	if err != nil {
		t.Fatal(err)
	}
	m := in["m"].(*types.AttributeValueMemberM)
	om := out["m"].(*types.AttributeValueMemberM)
	if om == m {
		t.Fatal("the map on the way to the path is shared")
	}
	ol := om.Value["l"].(*types.AttributeValueMemberL)
	if &ol.Value[0] == &m.Value["l"].(*types.AttributeValueMemberL).Value[0] {
		t.Fatal("the list on the way to the path shares its backing array")
	}
	if om.Value["other"] != m.Value["other"] || out["keep"] != in["keep"] || ol.Value[1] != m.Value["l"].(*types.AttributeValueMemberL).Value[1] {
		t.Error("untouched subtrees were copied, want shared")
	}
	if got, _ := docpath.Get(in, docpath.MustParse("m.l[0].k")); got.(*types.AttributeValueMemberN).Value != "1" {
		t.Errorf("input changed to %v", got)
	}
	for _, p := range []string{"nothere", "m.nothere", "m.l[9]"} {
		out, err := docpath.Remove(in, docpath.MustParse(p))
		if err != nil {
			t.Fatal(err)
		}
		out["new"] = av(1)
		if _, ok := in["new"]; ok {
			t.Fatalf("Remove %s (a no-op) returned its input map", p)
		}
	}
	// A Set into a list with spare capacity must not write into the
	// input's backing array.
	l := &types.AttributeValueMemberL{Value: make([]types.AttributeValue, 1, 4)}
	l.Value[0] = av("a")
	in2 := map[string]types.AttributeValue{"l": l}
	a, _ := docpath.Set(in2, docpath.MustParse("l[1]"), av("b"))
	b, _ := docpath.Set(in2, docpath.MustParse("l[1]"), av("c"))
	if got := a["l"].(*types.AttributeValueMemberL).Value[1].(*types.AttributeValueMemberS).Value; got != "b" {
		t.Errorf("first append sees %q after a second append from the same input", got)
	}
	_ = b
}

func TestGet(t *testing.T) {
	t.Parallel()
	in := toItem(getItem)
	for _, c := range getCases {
		got, ok := docpath.Get(in, docpath.MustParse(c.path))
		if ok != (c.want != nil) {
			t.Errorf("Get %s found = %v, want %v", c.path, ok, c.want != nil)
			continue
		}
		if ok {
			if diff := cmp.Diff(av(c.want), got, entitytest.CmpOptions); diff != "" {
				t.Errorf("Get %s (-want +got):\n%s", c.path, diff)
			}
		}
	}
	if _, ok := docpath.Get(in, nil); ok {
		t.Error("Get of an empty path found something")
	}
	if _, ok := docpath.Get(in, docpath.Path{{IsIndex: true}}); ok {
		t.Error("Get of a path starting with an index found something")
	}
}

var getItem = item{
	"s": "x", "n": 1, "t": ss{"a"}, "z": nil,
	"m":   obj{"k": "v", "a.b": 1, "sub": obj{"l": arr{1, obj{"q": true}}}},
	"l":   arr{"a", arr{"b", "c"}, obj{"k": "w"}},
	"a.b": "dotted",
}

// getCases: want nil means not found.
var getCases = []struct {
	path string
	want any
}{
	{"s", "x"}, {"m", getItem["m"]}, {"m.k", "v"}, {`m."a.b"`, 1}, {`"a.b"`, "dotted"},
	{"m.sub.l[1].q", true}, {"l[0]", "a"}, {"l[1][1]", "c"}, {"l[2].k", "w"},
	{"nothere", nil}, {"m.nothere", nil}, {"m.sub.l[2]", nil}, {"l[3]", nil}, {"s.k", nil},
	{"s[0]", nil}, {"t[0]", nil}, {"m[0]", nil}, {"l.k", nil}, {"z.k", nil}, {"l[0].k", nil},
	{"l[1][5]", nil}, {"nothere[0]", nil}, {"a", nil},
}
