package expr

import (
	"fmt"
	"testing"
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
