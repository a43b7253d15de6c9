package entity_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
)

// AddAccessPatterns refuses a blank name, a name holding a line break or a
// control character, and a name given twice, with a
// *ddbmodel.ValidationError naming the pattern's position in its
// arguments, and adds none of them.
func TestAddAccessPatternsRefusesBadNames(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		names []string
		at    string // the position the error names
		why   string
	}{
		{[]string{"ok", ""}, "ps[1]", "blank"},
		{[]string{" \t "}, "ps[0]", "blank"},
		{[]string{"ok", "two\nlines"}, "ps[1]", "U+000A"},
		{[]string{"cr\r"}, "ps[0]", "U+000D"},
		{[]string{"tab\there"}, "ps[0]", "U+0009"},
		{[]string{"bell\a"}, "ps[0]", "U+0007"},
		{[]string{"sep\u2028"}, "ps[0]", "U+2028"},
		{[]string{"bad\xffutf8"}, "ps[0]", "UTF-8"},
		{[]string{"a", "b", "a"}, "ps[2]", "unique"},
		{[]string{"AP1"}, "ps[0]", "unique"}, // registered before
	} {
		tb, doc := patternTable(t)
		tb.MustAddAccessPatterns(entity.GetPattern("AP1", "", doc.Get(entity.Values{"id": "d1"})))
		var ps []entity.AccessPattern
		for _, n := range tc.names {
			ps = append(ps, entity.GetPattern(n, "", doc.Get(entity.Values{"id": "d1"})))
		}
		err := tb.AddAccessPatterns(ps...)
		var ve *ddbmodel.ValidationError
		if !errors.As(err, &ve) || !strings.Contains(ve.Reason, tc.at) || !strings.Contains(ve.Reason, tc.why) {
			t.Errorf("AddAccessPatterns(%q) = %v, want a *ddbmodel.ValidationError naming %s and %q", tc.names, err, tc.at, tc.why)
		}
		if got := tb.AccessPatterns(); len(got) != 1 {
			t.Errorf("AddAccessPatterns(%q) added patterns although refused: %d registered", tc.names, len(got))
		}
	}
	tb, doc := patternTable(t)
	if err := tb.AddAccessPatterns(entity.GetPattern("AP1 a doc · ünïcode", "", doc.Get(entity.Values{"id": "d1"}))); err != nil {
		t.Errorf("a one-line name with non-ASCII letters: %v", err)
	}
}
