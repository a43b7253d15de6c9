package entity

import (
	"fmt"
	"reflect"
	"strings"

	"github.com/ddbmodel/ddbmodel"
)

// isFloatKind reports whether t, its pointers followed, is a float.
func isFloatKind(t reflect.Type) bool {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t.Kind() == reflect.Float32 || t.Kind() == reflect.Float64
}

// checkFloatFormats refuses pad(W) or rev(W) on a key composite stored
// from a float field: both take a non-negative integer, so a put of any
// value with a fraction (1.5) failed, and the model looked fine until
// then. Define calls it once the keys are compiled.
func (e *entityCore) checkFloatFormats(rt reflect.Type) error {
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
			if ft := rt.FieldByIndex(idx).Type; isFloatKind(ft) {
				return &ddbmodel.ValidationError{Entity: e.name, Attribute: c,
					Reason: fmt.Sprintf("Define: key %s from %q: %s is %v, but %s renders a non-negative integer, so a put of 1.5 would fail; store a scaled integer (cents rather than dollars) with %s, or render the float as free text",
						d.Attribute, d.Template.String(), c, withArticle(ft), f, f)}
			}
		}
	}
	return nil
}
