package keys

import "testing"

// TestOverlapValues checks that a composite limited to a set of values (an
// Enum) is compared by those values: S#${status} with open and closed never
// renders S#archived, but does render S#open.
func TestOverlapValues(t *testing.T) {
	status := map[string][]string{"status": {"open", "closed"}}
	withValues := func(p Pair, v map[string][]string) Pair { p.Values = v; return p }
	tests := []struct {
		name    string
		a, b    Pair
		overlap bool
		sample  string
	}{
		{"enum apart from a literal", withValues(pair("T#${t}", "S#${status}"), status), pair("T#${t}", "S#archived"), false, ""},
		{"enum meets a literal it lists", withValues(pair("T#${t}", "S#${status}"), status), pair("T#${t}", "S#open"), true, "S#open"},
		{"no enum meets the literal", pair("T#${t}", "S#${status}"), pair("T#${t}", "S#archived"), true, "S#archived"},
		{"enum meets a free composite", withValues(pair("T#${t}", "S#${status}"), status), pair("T#${t}", "S#${x}"), true, "S#open"},
		{"two enums apart", withValues(pair("T#${t}", "S#${status}"), status), withValues(pair("T#${t}", "S#${status}"), map[string][]string{"status": {"archived"}}), false, ""},
		{"enum in the partition", withValues(pair("S#${status}", ""), status), pair("S#archived", ""), false, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c, ok := Overlap(tc.a, tc.b)
			if ok != tc.overlap {
				t.Fatalf("Overlap = %+v, %v; want overlap %v", c, ok, tc.overlap)
			}
			if ok && tc.sample != "" && c.Sort != tc.sample {
				t.Errorf("sample sort key %q, want %q", c.Sort, tc.sample)
			}
			if _, ok := Overlap(tc.b, tc.a); ok != tc.overlap {
				t.Errorf("Overlap(b, a) = %v, want %v", ok, tc.overlap)
			}
		})
	}
	// A partial query of the enum entity with no sort composite given
	// (begins_with "S#") does read S#archived items: the prefix holds no
	// value. Given the status, it reads only its own.
	if _, ok := PrefixOverlap(withValues(pair("T#${t}", "S#${status}#${id}"), status), pair("T#${t}", "S#archived#${x}")); !ok {
		t.Error("PrefixOverlap of S#${status}#${id} (open, closed) and S#archived#${x}: want the S# prefix")
	}
	if c, ok := PrefixOverlap(withValues(pair("T#${t}", "S#${status}#${id}#${n}"), status), pair("T#${t}", "S#archived#${x}#${y}")); ok && c.Prefix != "S#" {
		t.Errorf("PrefixOverlap prefix %q: only S# may reach S#archived", c.Prefix)
	}
}
