package entity

import "reflect"

// enumComposites returns, by attribute name, the Enum values of the
// entity's string attributes that have an Enum rule: a key composite of
// such an attribute renders only these values, since every write refuses
// the others, so the overlap analysis compares them rather than any text
// (S#${status} with open and closed never renders S#archived). Nil when
// there are none.
func (e *entityCore) enumComposites() map[string][]string {
	var out map[string][]string
	for _, r := range e.rules {
		if len(r.Enum) == 0 {
			continue
		}
		typ := r.typ
		if typ.Kind() == reflect.Pointer {
			typ = typ.Elem()
		}
		if typ.Kind() != reflect.String {
			continue
		}
		if out == nil {
			out = map[string][]string{}
		}
		out[r.name] = r.Enum
	}
	return out
}
