package entity

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/ddbmodel/ddbmodel"
)

// checkPatternName refuses the name of ps[i] given to AddAccessPatterns
// when it is blank, is not UTF-8, holds a line break or another control
// character (the design document lists a pattern on one table row, and a
// test names it in its output), or is taken already (seen).
func (t *Table) checkPatternName(i int, name string, seen map[string]bool) error {
	bad := func(format string, args ...any) error {
		return &ddbmodel.ValidationError{Reason: fmt.Sprintf("table %s: access pattern ps[%d] (%q): ", t.Name, i, name) + fmt.Sprintf(format, args...)}
	}
	switch {
	case strings.TrimSpace(name) == "":
		return bad("its name is blank: give each pattern a name to list it by")
	case !utf8.ValidString(name):
		return bad("its name is not valid UTF-8")
	case seen[name]:
		return bad("another access pattern has this name already: names must be unique")
	}
	for _, r := range name {
		if unicode.IsControl(r) || r == '\u2028' || r == '\u2029' {
			return bad("its name holds the line break or control character %U: a name is one line of text", r)
		}
	}
	return nil
}
