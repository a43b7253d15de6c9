package docpath_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/ddbmodel/ddbmodel/internal/docpath"
)

// TestParsePattern: a bare "*" segment and a "[*]" index are wildcards in
// a pattern, a quoted "*" is the key "*", and Parse takes none of them as
// a wildcard.
func TestParsePattern(t *testing.T) {
	t.Parallel()
	anyKey := docpath.Elem{Wild: true}
	anyIndex := docpath.Elem{IsIndex: true, Wild: true}
	for _, c := range []struct {
		in, canonical string
		want          docpath.Path
	}{
		{"addresses.*.city", "addresses.*.city", docpath.Path{name("addresses"), anyKey, name("city")}},
		{"lines[*].sku", "lines[*].sku", docpath.Path{name("lines"), anyIndex, name("sku")}},
		{"rooms.*.beds[*][*].size", "rooms.*.beds[*][*].size", docpath.Path{name("rooms"), anyKey, name("beds"), anyIndex, anyIndex, name("size")}},
		{`addresses."*".city`, `addresses."*".city`, docpath.Path{name("addresses"), name("*"), name("city")}}, // the key "*" quoted, so that it is no wildcard
		{"lines[2].sku", "lines[2].sku", docpath.Path{name("lines"), index(2), name("sku")}},
		{"a.*b", "a.*b", docpath.Path{name("a"), name("*b")}},
	} {
		got, err := docpath.ParsePattern(c.in)
		if err != nil {
			t.Errorf("ParsePattern(%q): %v", c.in, err)
			continue
		}
		if diff := cmp.Diff(c.want, got); diff != "" {
			t.Errorf("ParsePattern(%q) (-want +got):\n%s", c.in, diff)
		}
		if s := got.String(); s != c.canonical {
			t.Errorf("ParsePattern(%q).String() = %q, want %q", c.in, s, c.canonical)
		}
	}
	if _, err := docpath.Parse("lines[*].sku"); err == nil {
		t.Error(`Parse("lines[*].sku") took the wildcard`)
	}
	if p, err := docpath.Parse("a.*.b"); err != nil || p.HasWild() {
		t.Errorf(`Parse("a.*.b") = %v, %v; want the key "*"`, p, err)
	}
	if _, err := docpath.ParsePattern("lines[*x]"); err == nil {
		t.Error(`ParsePattern("lines[*x]") took it`)
	}
}

// TestMatch: a wildcard matches any key or index, nothing else.
func TestMatch(t *testing.T) {
	t.Parallel()
	pat := docpath.Path{name("a"), {Wild: true}, name("b"), {IsIndex: true, Wild: true}}
	for _, c := range []struct {
		q    docpath.Path
		want bool
	}{
		{docpath.Path{name("a"), name("home"), name("b"), index(3)}, true},
		{docpath.Path{name("a"), name("*"), name("b"), index(0)}, true},
		{docpath.Path{name("a"), index(0), name("b"), index(3)}, false},
		{docpath.Path{name("a"), name("home"), name("c"), index(3)}, false},
		{docpath.Path{name("a"), name("home"), name("b"), name("x")}, false},
		{docpath.Path{name("a"), name("home"), name("b")}, false},
		{pat, true},
	} {
		if got := pat.Match(c.q); got != c.want {
			t.Errorf("%s Match %s = %v, want %v", pat, c.q, got, c.want)
		}
	}
	if !pat.HasWild() || (docpath.Path{name("a")}).HasWild() {
		t.Error("HasWild")
	}
}
