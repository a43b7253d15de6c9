package entity

import "maps"

// EnumValues returns the Enum values of each string attribute of the entity
// named name (defined on the table) that has an Enum rule, by attribute
// name; nil when it has none or the table has no such entity. A generated
// sample item (modelexport) renders its keys from them, so that the entity's
// own Put would accept it. A nil *Table has none.
func (t *Table) EnumValues(name string) map[string][]string {
	if t == nil {
		return nil
	}
	t.mu.RLock()
	defer t.mu.RUnlock()
	d, ok := t.entities[name]
	if !ok {
		return nil
	}
	out := maps.Clone(d.keySpace().values)
	for k, v := range out {
		out[k] = append([]string(nil), v...)
	}
	return out
}

// CompositeKinds returns the kind of value of each key composite of the
// entity named name (defined on the table) that is a stored field of its
// T, by attribute name: "number" for an integer or float field, "time" for
// a time.Time, "text" for the others; nil when the table (or a nil *Table)
// has no such entity. A generated sample item (modelexport) renders its
// keys from values of these kinds, so that an int composite written as
// free text (V#${version}) gets a number, as the entity's own Put renders.
func (t *Table) CompositeKinds(name string) map[string]string {
	if t == nil {
		return nil
	}
	t.mu.RLock()
	defer t.mu.RUnlock()
	d, ok := t.entities[name]
	if !ok {
		return nil
	}
	out := map[string]string{}
	for c, f := range d.model().fields {
		switch {
		case f.number:
			out[c] = "number"
		case f.time:
			out[c] = "time"
		default:
			out[c] = "text"
		}
	}
	return out
}
