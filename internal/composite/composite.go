package composite

import (
	"slices"
	"strings"

	"github.com/ddbmodel/ddbmodel/keys"
)

// Value is one composite's value, by attribute name.
type Value struct {
	Name  string
	Value any
}

// List is a set of composite values sorted by name, one value per name.
// A List is never changed once shared: With and Merge return a new one, so
// builders that share a List stay immutable.
type List []Value

// Of returns the values of m as a List (nil when m is empty).
func Of(m map[string]any) List { return List(nil).With(m) }

// With returns l with the values of m added, a value of m replacing l's
// value of the same name. l is not changed.
func (l List) With(m map[string]any) List {
	if len(m) == 0 {
		return l
	}
	out := l.grown(len(m))
	for name, v := range m {
		out = out.set(name, v)
	}
	return out
}

// Merge returns the values of l and then of m, m's replacing l's.
func (l List) Merge(m List) List {
	if len(m) == 0 {
		return l
	}
	out := l.grown(len(m))
	for _, x := range m {
		out = out.set(x.Name, x.Value)
	}
	return out
}

// grown is a copy of l with room for n more values.
func (l List) grown(n int) List {
	out := make(List, len(l), len(l)+n)
	copy(out, l)
	return out
}

// set gives name the value v in l, in place: only for a list not yet
// shared (grown's copy).
func (l List) set(name string, v any) List {
	i, found := l.find(name)
	if found {
		l[i].Value = v
		return l
	}
	return slices.Insert(l, i, Value{Name: name, Value: v})
}

// find returns the index of name in l, or where it would be inserted.
func (l List) find(name string) (int, bool) {
	return slices.BinarySearchFunc(l, name, func(x Value, name string) int { return strings.Compare(x.Name, name) })
}

// Get returns the value given for name and whether one is given.
func (l List) Get(name string) (any, bool) {
	// A linear scan: lists are short, and it is cheaper than a search.
	for i := range l {
		if l[i].Name == name {
			return l[i].Value, true
		}
	}
	return nil, false
}

// Has reports whether l gives name.
func (l List) Has(name string) bool {
	_, ok := l.Get(name)
	return ok
}

// HasAny reports whether l gives any of names.
func (l List) HasAny(names []string) bool {
	for _, n := range names {
		if l.Has(n) {
			return true
		}
	}
	return false
}

// Names returns the names l gives, sorted.
func (l List) Names() []string {
	names := make([]string, len(l))
	for i := range l {
		names[i] = l[i].Name
	}
	return names
}

// Map returns l as a map.
func (l List) Map() map[string]any {
	m := make(map[string]any, len(l))
	for _, x := range l {
		m[x.Name] = x.Value
	}
	return m
}

// Lookup makes l a keys.Source: the text of name's value as keys.Values
// gives it.
func (l List) Lookup(name string) (string, bool) {
	s, ok, err := l.LookupChecked(name)
	if err != nil {
		return "", true
	}
	return s, ok
}

// LookupChecked is keys.Values' LookupChecked of the value l gives name.
func (l List) LookupChecked(name string) (string, bool, error) {
	v, ok := l.Get(name)
	if !ok {
		return "", false, nil
	}
	return keys.ValueText(name, v)
}
