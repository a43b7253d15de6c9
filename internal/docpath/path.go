package docpath

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Elem is one step of a document path: a map key (or top-level attribute
// name) when IsIndex is false, a list index when it is true.
type Elem struct {
	Name    string // the key, when !IsIndex
	Index   int    // the list index, when IsIndex
	IsIndex bool
	// Wild marks a wildcard of a pattern (ParsePattern): any map key when
	// !IsIndex ("*"), any list index when IsIndex ("[*]"). Parse never
	// sets it.
	Wild bool
}

// Path is a document path: a name followed by names and list indexes. A
// valid path is not empty, starts with a name, and has no empty name and
// no negative index.
type Path []Elem

// MaxIndex is the largest list index Parse accepts.
const MaxIndex = math.MaxInt32

// SyntaxError reports text that is not a document path: Offset is the byte
// offset in Text where the problem was found.
type SyntaxError struct {
	Text   string
	Offset int
	Reason string
}

// Error describes the problem and where it is.
func (e *SyntaxError) Error() string {
	return fmt.Sprintf("docpath: invalid path %q at byte %d: %s", e.Text, e.Offset, e.Reason)
}

// Parse parses document path text. Segments are separated by '.', and any
// segment may be followed by list indexes "[n]" (n a decimal without sign
// or leading zeros). A segment is either bare text without '.', '[', ']',
// '"' or '\\', or a double-quoted string holding any text, where \" stands
// for '"' and \\ for '\\':
//
//	a
//	a.b[0][1].c
//	addresses."my.home".city
//	"a.b"          (one name holding a dot)
//
// Errors are *SyntaxError values.
func Parse(s string) (Path, error) { return parse(s, false) }

// ParsePattern parses a path pattern: a document path in which a bare
// segment "*" stands for every key of a map and an index "[*]" for every
// element of a list (addresses.*.city, lines[*].sku); a quoted "*" is the
// map key "*". The wildcards are elements with Wild set.
func ParsePattern(s string) (Path, error) { return parse(s, true) }

func parse(s string, pattern bool) (Path, error) {
	fail := func(off int, format string, args ...any) (Path, error) {
		return nil, &SyntaxError{Text: s, Offset: off, Reason: fmt.Sprintf(format, args...)}
	}
	if !utf8.ValidString(s) {
		off := 0
		for off < len(s) {
			r, n := utf8.DecodeRuneInString(s[off:])
			if r == utf8.RuneError && n <= 1 {
				break
			}
			off += n
		}
		return fail(off, "invalid UTF-8")
	}
	if s == "" {
		return fail(0, "empty path")
	}
	var p Path
	i := 0
	for {
		// A segment: a name, quoted or bare.
		if i < len(s) && s[i] == '[' {
			if i == 0 {
				return fail(i, "a path must start with a name, not a list index")
			}
			return fail(i, "empty segment before list index")
		}
		if i < len(s) && s[i] == '"' {
			start := i
			i++
			var b strings.Builder
			closed := false
			for i < len(s) {
				c := s[i]
				if c == '"' {
					closed = true
					i++
					break
				}
				if c == '\\' {
					if i+1 >= len(s) {
						break
					}
					if n := s[i+1]; n != '"' && n != '\\' {
						return fail(i, "unknown escape \\%c in quoted name (only \\\" and \\\\)", rune(n))
					}
					b.WriteByte(s[i+1])
					i += 2
					continue
				}
				b.WriteByte(c)
				i++
			}
			if !closed {
				return fail(start, "unterminated quoted name")
			}
			if b.Len() == 0 {
				return fail(start, "empty name (DynamoDB refuses empty attribute names)")
			}
			p = append(p, Elem{Name: b.String()})
		} else {
			start := i
			for i < len(s) && !strings.ContainsRune(".[]\"\\", rune(s[i])) {
				i++
			}
			if i == start {
				if i < len(s) && s[i] != '.' {
					return fail(i, "unexpected %q at start of a name", s[i])
				}
				return fail(i, "empty name")
			}
			if i < len(s) && s[i] != '.' && s[i] != '[' {
				return fail(i, "unexpected %q in a name (quote the name)", s[i])
			}
			if pattern && s[start:i] == "*" {
				p = append(p, Elem{Wild: true})
			} else {
				p = append(p, Elem{Name: s[start:i]})
			}
		}
		// List indexes.
		for i < len(s) && s[i] == '[' {
			start := i
			i++
			if pattern && strings.HasPrefix(s[i:], "*]") {
				p = append(p, Elem{IsIndex: true, Wild: true})
				i += 2
				continue
			}
			ds := i
			for i < len(s) && s[i] >= '0' && s[i] <= '9' {
				i++
			}
			if i == ds {
				return fail(ds, "list index must be a non-negative decimal number")
			}
			if i >= len(s) || s[i] != ']' {
				return fail(i, "list index must be a non-negative decimal number closed by ']'")
			}
			digits := s[ds:i]
			if len(digits) > 1 && digits[0] == '0' {
				return fail(ds, "list index %s has a leading zero", digits)
			}
			n, err := strconv.Atoi(digits)
			if err != nil || n > MaxIndex {
				return fail(start, "list index %s is too large (at most %d)", digits, MaxIndex)
			}
			p = append(p, Elem{Index: n, IsIndex: true})
			i++
		}
		if i == len(s) {
			return p, nil
		}
		if s[i] != '.' {
			return fail(i, "unexpected %q after a segment (want '.', '[' or the end)", s[i])
		}
		i++
		if i == len(s) {
			return fail(i, "empty name at the end")
		}
	}
}

// MustParse is Parse for paths known to be valid; it panics on an error.
func MustParse(s string) Path {
	p, err := Parse(s)
	if err != nil {
		panic(err)
	}
	return p
}

// String returns the canonical text of p: names bare unless they are empty,
// are "*" or hold '.', '[', ']', '"' or '\\', in which case they are quoted, and
// indexes as "[n]", and a pattern's wildcards as "*" and "[*]". For every
// path Parse returns, Parse(p.String()) is p.
// (Parse refuses the empty name "" that String writes for a hand-made
// path, as DynamoDB does.)
func (p Path) String() string {
	var b strings.Builder
	for i, e := range p {
		if e.Wild {
			if e.IsIndex {
				b.WriteString("[*]")
				continue
			}
			if i > 0 {
				b.WriteByte('.')
			}
			b.WriteByte('*')
			continue
		}
		if e.IsIndex {
			b.WriteByte('[')
			b.WriteString(strconv.Itoa(e.Index))
			b.WriteByte(']')
			continue
		}
		if i > 0 {
			b.WriteByte('.')
		}
		if !needsQuote(e.Name) {
			b.WriteString(e.Name)
			continue
		}
		b.WriteByte('"')
		for j := 0; j < len(e.Name); j++ {
			if c := e.Name[j]; c == '"' || c == '\\' {
				b.WriteByte('\\')
			}
			b.WriteByte(e.Name[j])
		}
		b.WriteByte('"')
	}
	return b.String()
}

func needsQuote(name string) bool {
	return name == "" || name == "*" || strings.ContainsAny(name, ".[]\"\\")
}

// Root returns the top-level attribute name p starts with, or "" when p
// does not start with a name.
func (p Path) Root() string {
	if len(p) == 0 || p[0].IsIndex {
		return ""
	}
	return p[0].Name
}

// IsTop reports whether p is a single name: a top-level attribute.
func (p Path) IsTop() bool {
	return len(p) == 1 && !p[0].IsIndex
}

// Equal reports whether p and q are the same path.
func (p Path) Equal(q Path) bool {
	if len(p) != len(q) {
		return false
	}
	for i := range p {
		a, b := p[i], q[i]
		if a.IsIndex != b.IsIndex || a.Wild != b.Wild || a.IsIndex && a.Index != b.Index || !a.IsIndex && a.Name != b.Name {
			return false
		}
	}
	return true
}

// Match reports whether the pattern p matches the path q: the same
// elements, where a wildcard matches any map key ("*") or any list index
// ("[*]"). A pattern without wildcards matches the path it Equals.
func (p Path) Match(q Path) bool {
	if len(p) != len(q) {
		return false
	}
	for i, a := range p {
		b := q[i]
		switch {
		case a.IsIndex != b.IsIndex:
			return false
		case a.Wild:
		case b.Wild, a.IsIndex && a.Index != b.Index, !a.IsIndex && a.Name != b.Name:
			return false
		}
	}
	return true
}

// HasWild reports whether p holds a wildcard.
func (p Path) HasWild() bool {
	for _, e := range p {
		if e.Wild {
			return true
		}
	}
	return false
}
