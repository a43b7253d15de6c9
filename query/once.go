package query

import (
	"fmt"
	"reflect"
	"strings"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/keys"
)

// conflict is a setting given twice with different values (a second sort
// condition, a composite Where gives twice, a second index): the builder
// keeps the first and records the conflict, which Build reports. It is
// set once on a copy and never changed, so copies may share it.
type conflict struct {
	attr   string // the attribute named; "" for the sort key of the index queried
	index  bool   // a second index: no attribute to name
	reason string
}

// setSort makes c the sort condition, or records a conflict when the
// query already has a different one: a query takes one sort condition,
// and a second would silently replace the first.
func (s *spec) setSort(c sortCond) {
	if s.sort.op == sortNone {
		s.sort = c
		return
	}
	if s.conflict != nil || reflect.DeepEqual(s.sort, c) {
		return
	}
	how := "keep one of them"
	if lower(s.sort.op) != lower(c.op) && bound(s.sort.op) && bound(c.op) {
		how = "use Between for two bounds"
		if s.sort.raw && c.raw {
			how = "use BetweenKeys for two bounds"
		}
	}
	attr := ""
	if names := s.sort.lo.Merge(s.sort.hi).Names(); len(names) > 0 {
		attr = names[0]
	}
	s.conflict = &conflict{attr: attr, reason: fmt.Sprintf(
		"a query takes one sort-key condition: it already has %s, and then %s; %s", s.sort.describe(), c.describe(), how)}
}

// bound reports an op that bounds the sort key on one side.
func bound(op sortOp) bool { return op == sortLt || op == sortLe || op == sortGt || op == sortGe }

// lower reports an op that bounds the sort key from below.
func lower(op sortOp) bool { return op == sortGt || op == sortGe }

// describe writes the condition as the call that gave it, for messages.
func (c sortCond) describe() string {
	if c.raw {
		switch c.op {
		case sortBegins:
			return fmt.Sprintf("BeginsWith(%q)", c.rawLo)
		case sortBetween:
			return fmt.Sprintf("BetweenKeys(%q, %q)", c.rawLo, c.rawHi)
		}
		return fmt.Sprintf("SortKey(%q, %q)", string(c.op), c.rawLo)
	}
	names := strings.Join(c.lo.Merge(c.hi).Names(), ", ")
	switch c.op {
	case sortBetween:
		return "Between(" + names + ")"
	case sortLt:
		return "Lt(" + names + ")"
	case sortLe:
		return "Le(" + names + ")"
	case sortGt:
		return "Gt(" + names + ")"
	case sortGe:
		return "Ge(" + names + ")"
	}
	return string(c.op) + "(" + names + ")"
}

// addWhere merges values into Where's, recording a conflict for a
// composite given twice with different values (the second would silently
// replace the first).
func (s *spec) addWhere(values keys.Values) {
	if s.conflict == nil && len(s.where) > 0 {
		differs := func(name string) bool {
			old, ok := s.where.Get(name)
			return ok && !reflect.DeepEqual(old, values[name])
		}
		for name := range values {
			if !differs(name) {
				continue
			}
			// Name the first such composite by name, whatever the
			// map's order.
			for _, name := range sortedNames(keys.Values(values)) {
				if differs(name) {
					old, _ := s.where.Get(name)
					s.conflict = &conflict{attr: name, reason: fmt.Sprintf(
						"Where gives %s twice, %v and then %v; a query takes one value per composite", name, old, values[name])}
					break
				}
			}
			break
		}
	}
	s.where = s.where.With(values)
}

// setIndex makes name the index queried, or records a conflict when the
// query already names another (a second Index would silently replace the
// first).
func (s *spec) setIndex(name string) {
	if !s.indexGiven || s.index == name {
		s.index, s.indexGiven = name, true
		return
	}
	if s.conflict == nil {
		s.conflict = &conflict{index: true, reason: fmt.Sprintf(
			"Index: the query already reads %s, and then %s; a query reads one index", quotedIndex(s.index), quotedIndex(name))}
	}
}

// quotedIndex names an index for messages: quoted, or "the table".
func quotedIndex(ix string) string {
	if ix == "" {
		return "the table"
	}
	return fmt.Sprintf("index %q", ix)
}

// conflictErr reports the recorded conflict, naming the first member and,
// when the conflict names no attribute, the sort key of the index queried.
func (s *spec) conflictErr() error {
	c := s.conflict
	attr := c.attr
	if attr == "" && !c.index {
		if _, sk, err := s.members[0].Table().KeyNames(s.index); err == nil {
			attr = sk
		}
	}
	return &ddbmodel.ValidationError{Entity: s.members[0].Name(), Attribute: attr, Reason: c.reason}
}
