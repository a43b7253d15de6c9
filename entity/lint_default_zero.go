package entity

import (
	"fmt"
	"maps"
	"reflect"
	"slices"
)

// LintDefaultHidesZero: an attribute has a Default, but its field is a
// number, bool or time held by value whose zero a put stores (no
// omitempty): the zero cannot be told from a field left unset, so every
// put of it stores the Default, and a zero an update sets is replaced by
// the next put of the item read. Warning; hold the field in a pointer
// (nil takes the Default, a pointer to the zero stores the zero).
const LintDefaultHidesZero = "default-hides-zero"

// lintDefaults reports the attributes of the table's entities whose
// Default takes the place of a zero a put would store.
func (t *Table) lintDefaults() []Finding {
	t.mu.RLock()
	defer t.mu.RUnlock()
	var out []Finding
	for _, name := range t.entityNames() {
		d, ok := t.entities[name].(interface{ defaultsHidingZero() []string })
		if !ok {
			continue
		}
		for _, msg := range d.defaultsHidingZero() {
			out = append(out, Finding{Severity: Warning, Code: LintDefaultHidesZero, Entities: []string{name}, Message: msg})
		}
	}
	return out
}

// defaultsHidingZero describes, in attribute order, each attribute of the
// entity with a Default (other than the zero itself) on a number, bool or
// time held by value whose zero a put stores.
func (e *entityCore) defaultsHidingZero() []string {
	var out []string
	for _, attr := range slices.Sorted(maps.Keys(e.byName)) {
		r := e.byName[attr]
		n := e.sch.attrs[attr]
		if r == nil || r.Default == nil || n == nil || n.typ.Kind() == reflect.Pointer ||
			n.kind != "N" && n.kind != "BOOL" && n.base != timeType || !putAlwaysStores(n) {
			continue
		}
		if _, computed := r.Default.(func() any); !computed {
			if cv, why := defaultValue(r.Default, n.typ); why == "" && cv.IsZero() {
				continue // the zero's Default is the zero: nothing is hidden
			}
		}
		out = append(out, fmt.Sprintf("%s's attribute %s has a Default, but its field (%s%s) stores its zero: a put of %s stores the Default instead, so a %s an update sets is replaced by the next put of the item read; hold the field in a pointer (nil takes the Default, a pointer to %s stores it)",
			e.name, attr, n.goType(), storedBecause(n), zeroText(n), zeroText(n), zeroText(n)))
	}
	return out
}
