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
