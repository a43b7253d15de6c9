package expr

import (
	"fmt"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// Past the names a Writer keeps in its array, a name asked again still
// gets its first placeholder, and every placeholder names one attribute.
func TestWriterManyNames(t *testing.T) {
	var w Writer
	attrs := []string{"n0", "a b", "n1"}
	for i := range 3 * firstNames {
		attrs = append(attrs, fmt.Sprintf("attr%d", i), fmt.Sprintf("x.%d", i))
	}
	first := map[string]string{}
	for _, a := range attrs {
		first[a] = w.Name(a)
	}
	for _, a := range attrs {
		if p := w.Name(a); p != first[a] {
			t.Errorf("Name(%q) = %q the second time, %q the first", a, p, first[a])
		}
	}
	names := w.Names()
	if len(names) != len(attrs) {
		t.Fatalf("%d names for %d attributes: %v", len(names), len(attrs), names)
	}
	for _, a := range attrs {
		if names[first[a]] != a {
			t.Errorf("placeholder %q names %q, want %q", first[a], names[first[a]], a)
		}
	}
	// "n0" keeps its own name; "a b" gets the next free #nN, so "n1"
	// cannot have its own.
	if first["n0"] != "#n0" || first["a b"] != "#n1" || first["n1"] != "#n2" {
		t.Errorf(`"n0", "a b", "n1" got %q, %q, %q: want #n0, #n1, #n2`, first["n0"], first["a b"], first["n1"])
	}
	for i := range 40 {
		if p, want := w.Value(nil), fmt.Sprintf(":v%d", i); p != want {
			t.Fatalf("value placeholder %q, want %q", p, want)
		}
	}
}

// An attribute named "" (which entities refuse before writing) takes a
// placeholder as any other does: past the names a Writer keeps in its
// array, the next name does not take the same one.
func TestWriterEmptyNameIsAName(t *testing.T) {
	for _, before := range []int{0, firstNames} {
		var w Writer
		for i := range before {
			w.Name(fmt.Sprintf("a%d", i))
		}
		empty, n0 := w.Name(""), w.Name("n0")
		if empty == n0 {
			t.Errorf("after %d names: \"\" and \"n0\" both got %q", before, empty)
		}
		if names := w.Names(); names[empty] != "" || names[n0] != "n0" {
			t.Errorf("after %d names: %q names %q, %q names %q", before, empty, names[empty], n0, names[n0])
		}
	}
}

// KeyID writes each part as its kind, its length and its text, the
// names in order, with lengths of more than one digit.
func TestKeyIDText(t *testing.T) {
	key := map[string]types.AttributeValue{
		"SK": &types.AttributeValueMemberN{Value: "12"},
		"PK": &types.AttributeValueMemberS{Value: "ARTICLE#0123456789"},
		"B":  &types.AttributeValueMemberB{Value: []byte{1, 2}},
		"X":  &types.AttributeValueMemberBOOL{Value: true},
	}
	want := "T5:tableK1:BB2:\x01\x02K2:PKS18:ARTICLE#0123456789K2:SKN2:12K1:X?0:"
	if got := KeyID("table", key); got != want {
		t.Errorf("KeyID = %q, want %q", got, want)
	}
	if got := KeyID("", nil); got != "T0:" {
		t.Errorf("KeyID of nothing = %q, want %q", got, "T0:")
	}
}

// A name made Known gets the placeholder it gets without, and naming it
// allocates nothing: Known's placeholders are shared, not made per request.
func TestKnownNamesAreSharedPlaceholders(t *testing.T) {
	Known("knownStatus", "known title", "n1")
	name := func(attrs ...string) []string {
		var w Writer
		out := make([]string, len(attrs))
		for i, a := range attrs {
			out[i] = w.Name(a)
		}
		return out
	}
	for _, attrs := range [][]string{
		{"knownStatus", "unknownStatus"},
		{"a b", "n1"}, // "#n1" taken by "a b": "n1" gets #n2, Known or not
		{"known title"},
	} {
		var plain Writer
		want := make([]string, len(attrs))
		for i, a := range attrs {
			want[i] = plain.Name(a)
		}
		if got := name(attrs...); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("names %q: placeholders %q, want %q", attrs, got, want)
		}
	}
	if got := name("knownStatus", "unknownStatus"); got[0] != "#knownStatus" || got[1] != "#unknownStatus" {
		t.Errorf("placeholders %q", got)
	}
	allocs := func(attr string) float64 {
		var w Writer
		w.Name("first") // the names map
		return testing.AllocsPerRun(100, func() {
			w.nfirst, w.byAttr = 0, nil
			clear(w.names)
			w.Name(attr)
		})
	}
	if known, unknown := allocs("knownStatus"), allocs("unknownStatus"); known != 0 || unknown != 1 {
		t.Errorf("allocations naming a Known attribute: %v, an unknown one: %v; want 0 and 1", known, unknown)
	}
}
