package entity

import (
	"errors"
	"reflect"
	"strings"
	"time"
	"unsafe"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/keys"
)

// errZeroTime is the error under a *ddbmodel.ValidationError for a key
// composite holding the zero time.Time: the composite is given, but holds
// no time. A put stores no value for a zero time tagged unixtime or
// omitempty, and a key built from "0001-01-01T00:00:00Z" is almost always a
// time that was never set, so neither is rendered into a key. A sparse
// index leaves the item out instead, as for an absent composite.
var errZeroTime = errors.New("the time is zero (time.Time{}): the composite is given but holds no time; set it, or leave the item out of a sparse index")

// zeroDateText is the date of the zero time, which a key holding the zero
// time holds, whatever its format: as given ("0001-01-01T00:00:00Z"), as a
// :time ("0001-01-01T00:00:00.000000000Z") or as a :date. The zero time of
// a zone west of UTC falls on zeroDateWestText in UTC (its text, written
// with the zone's offset rounded to minutes, reads back a little earlier).
const (
	zeroDateText     = "0001-01-01"
	zeroDateWestText = "0000-12-31"
)

// zeroTimeValue is the error a key Source returns for a zero time
// composite; the template places it (keys.Template.Prefix and Render).
func zeroTimeValue(text string) error {
	return &keys.ValueError{Value: text, Err: errZeroTime}
}

// zeroTimeIn returns a *ddbmodel.ValidationError for the first time
// composite of d that v (a *T) holds as the zero time (not a nil pointer),
// or nil.
// renderKeyIn calls it when a key from v misses a composite or holds the
// text of the zero time, so that a zero time is reported as such rather
// than as missing.
func (e *entityCore) zeroTimeIn(d *keyDef, v unsafe.Pointer) error {
	rv := reflect.NewAt(e.typ, v).Elem()
	for _, u := range d.Uses {
		if _, ok := e.times[u]; !ok {
			continue
		}
		f, err := rv.FieldByIndexErr(e.fields[u])
		if err != nil {
			continue
		}
		if isZeroTime(f) {
			return &ddbmodel.ValidationError{Entity: e.name, Attribute: u, Reason: "key " + d.Attribute, Err: errZeroTime}
		}
	}
	return nil
}

// zeroTimeKeyError is renderKeyIn's check for a zero time composite, given
// the key it rendered (s) or its error.
func (e *entityCore) zeroTimeKeyError(d *keyDef, v unsafe.Pointer, s string, err error) error {
	if !d.hasTime || v == nil {
		return nil
	}
	if err != nil && errors.Is(err, keys.ErrMissing) || err == nil && (strings.Contains(s, zeroDateText) || strings.Contains(s, zeroDateWestText)) {
		return e.zeroTimeIn(d, v)
	}
	return nil
}

// isZeroTime reports whether f is a time.Time (under any pointers, none
// nil) holding the zero time.
func isZeroTime(f reflect.Value) bool {
	for f.Kind() == reflect.Pointer || f.Kind() == reflect.Interface {
		if f.IsNil() {
			return false
		}
		f = f.Elem()
	}
	t, ok := f.Interface().(time.Time)
	return ok && t.IsZero()
}

// isZeroTimeValue is isZeroTime of an action's value (nil included).
// Apart from zeroTimeSet, so that only the updates setting a time field
// move the action to the heap.
func isZeroTimeValue(v any) bool {
	return isZeroTime(reflect.ValueOf(&v).Elem())
}

// zeroTimeSet refuses an update that sets a time composite of a key that
// is not sparse (the table's key, or an index every item is in) to the
// zero time: a put of that value is refused too.
func (e *entityCore) zeroTimeSet(a action, ref attrRef) error {
	if ref.nested() || (a.kind != actSet && a.kind != actSetIfNotExists) {
		return nil
	}
	if _, ok := e.times[ref.top]; !ok || !isZeroTimeValue(a.val) {
		return nil
	}
	for _, d := range e.allKeys {
		if d.Template == nil || !d.Template.Uses(ref.top) || e.sparseKey(d) {
			continue
		}
		return &ddbmodel.ValidationError{Entity: e.name, Attribute: a.attr, Reason: actionNames[a.kind] + ": key " + d.Attribute, Err: errZeroTime}
	}
	return nil
}

// sparseKey reports whether d is a key of a sparse index.
func (e *entityCore) sparseKey(d *keyDef) bool {
	for _, ix := range e.indexes {
		if ix.sparse && (ix.pk == d || ix.sk == d) {
			return true
		}
	}
	return false
}
