package entity

import (
	"slices"
)

// Reads through a projection (Config.RecognizeUnmarked).
//
// Whether an unmarked item is the entity's is decided on the item as
// read: its table key must fit the templates and a put of its value must
// write that key (matchUnmarked). A read that returns only some of the
// item's attributes (a query's Project, an index projecting KEYS_ONLY or
// INCLUDE) decides on a partial item, and would leave out items that are
// the entity's, or take items that are not. unmarkedNeeds lists the
// attributes the decision reads, so that package query can add them to a
// projection or refuse a read whose index does not hold them.

// unmarkedNeeds lists, sorted, the attributes whose values decide whether
// an unmarked item is the entity's: the composites of every key template
// (table and indexes) and the attributes with rules (Required, Enum,
// Validate, nested rules). When the decision can depend on any attribute
// (a Validate of the whole value, a computed key, a sparse index's When,
// a multi-attribute index key) it is every attribute T stores. Nil for an
// entity that does not recognise unmarked items.
func (e *entityCore) unmarkedNeeds() []string {
	if !e.unmarked {
		return nil
	}
	whole := e.validate != nil
	var out []string
	addKey := func(d *keyDef) {
		if d == nil {
			return
		}
		if d.fn != nil || d.Template == nil {
			whole = true
			return
		}
		out = append(out, d.Uses...)
	}
	addKey(e.pk)
	addKey(e.sk)
	for _, d := range e.indexes {
		if d.multi != nil || d.when != nil {
			whole = true
		}
		addKey(d.pk)
		addKey(d.sk)
	}
	for _, r := range e.rules {
		if r.Required || r.enum != nil || r.Validate != nil {
			out = append(out, r.name)
		}
	}
	for _, r := range e.nested {
		if len(r.path) > 0 {
			out = append(out, r.path[0].Name)
		}
	}
	if whole {
		out = slices.Clone(e.sch.names())
		for n := range e.sch.extra {
			out = slices.DeleteFunc(out, func(s string) bool { return s == n })
		}
	}
	// Key and marker attributes are in every projection already.
	out = slices.DeleteFunc(out, func(s string) bool { return e.sch.special[s] })
	slices.Sort(out)
	return slices.Compact(out)
}

// UnmarkedNeeds lists the attributes whose values decide whether an
// unmarked item is the entity's (see unmarkedNeeds).
func (m linked[T]) UnmarkedNeeds() []string { return m.e.unmarkedNeeds() }
