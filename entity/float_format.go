package entity

import (
	"fmt"
	"reflect"
	"strings"

	"github.com/ddbmodel/ddbmodel"
)

// isFloatKind reports whether t, its pointers followed, is a float.
func isFloatKind(t reflect.Type) bool {
	k := baseType(t).Kind()
	return k == reflect.Float32 || k == reflect.Float64
}

// baseType is t with its pointers followed.
func baseType(t reflect.Type) reflect.Type {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t
}

// checkIntegerFormats refuses pad(W) or rev(W) on a key composite whose
// field is neither stored as a number nor of an integer type (a string, a
// type of its own marshalling, an interface, a time stored as text). Both
// take a non-negative integer: on
// a float field a put of any value with a fraction (1.5) failed, and the
// model looked fine until then; on a field stored as text ("7", "007")
// distinct values render one key, so one item's put replaced the other's
// and a get of one read the other (the encoding was not injective). Define
// calls it once the keys are compiled.
func (e *entityCore) checkIntegerFormats(rt reflect.Type) error {
	for _, d := range e.allKeys {
		if d.Template == nil {
			continue
		}
		for _, c := range d.Uses {
			f, _ := d.Template.CompositeFormat(c)
			idx, ok := e.fields[c]
			if !ok || !strings.HasPrefix(f, "pad(") && !strings.HasPrefix(f, "rev(") {
				continue
			}
			ft := rt.FieldByIndex(idx).Type
			if isFloatKind(ft) {
				return &ddbmodel.ValidationError{Entity: e.name, Attribute: c,
					Reason: fmt.Sprintf("Define: key %s from %q: %s is %v, but %s renders a non-negative integer, so a put of 1.5 would fail; store a scaled integer (cents rather than dollars) with %s, or render the float as free text",
						d.Attribute, d.Template.String(), c, withArticle(ft), f, f)}
			}
			if n := e.sch.attrs[c]; (n == nil || n.kind != "N") && !isInt(baseType(ft)) {
				if baseType(ft) == timeType {
					return &ddbmodel.ValidationError{Entity: e.name, Attribute: c,
						Reason: fmt.Sprintf("Define: key %s from %q: %s is %v stored as text, but %s renders a non-negative integer; write ${%s:time} (or ${%s:date}) for time order, or tag the field unixtime to store it as Unix seconds",
							d.Attribute, d.Template.String(), c, withArticle(ft), f, c, c)}
				}
				return &ddbmodel.ValidationError{Entity: e.name, Attribute: c,
					Reason: fmt.Sprintf("Define: key %s from %q: %s is %v, not an integer, but %s renders a non-negative integer, so the texts \"7\" and \"007\" would render one key and their items replace each other; make %s an integer field, or render the text as it is (${%s})",
						d.Attribute, d.Template.String(), c, withArticle(ft), f, c, c)}
			}
		}
	}
	return nil
}
