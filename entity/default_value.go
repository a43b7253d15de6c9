package entity

import (
	"fmt"
	"math"
	"reflect"
)

// defaultValue returns d (an Attribute's Default, or what its func
// returned) as a value of the field's type ft, or the reason it is
// refused. It takes what a Go assignment of a constant would: a value of
// ft's kind (a named string type for a string field), or a number ft holds
// exactly — 3 into a uint8 but not 300, 2.0 into an int but not 2.5 —
// with the exactness Update's Set applies (convertTo). Like a Go float
// constant, a float for a float32 field is rounded to the nearest float32,
// but must be within its range. A number is never turned into text (65
// into a string field is not "A"). A pointer field takes what its
// pointer's target takes, or a pointer to it, as a new pointer to a
// shallow copy each time.
func defaultValue(d any, ft reflect.Type) (reflect.Value, string) {
	if d == nil {
		if canNil(ft) {
			return reflect.Zero(ft), ""
		}
		return reflect.Value{}, fmt.Sprintf("nil: want %v", withArticle(ft))
	}
	dv := reflect.ValueOf(d)
	if ft.Kind() == reflect.Pointer && (dv.Kind() != reflect.Pointer || !dv.IsNil()) {
		// A pointer field takes a value of what it points to, or a
		// pointer to one; either way each write gets a pointer of its
		// own (to a shallow copy), so that a caller setting the value
		// written through it does not change the Default.
		given := dv
		if dv.Kind() == reflect.Pointer {
			dv = dv.Elem()
		}
		ev, why := defaultValue(dv.Interface(), ft.Elem())
		if why != "" {
			if given.Kind() != reflect.Pointer {
				return reflect.Value{}, why
			}
			// Named as given (a **string for a *string field), not as
			// the pointer's target, which the message above describes.
			msg := fmt.Sprintf("%s (%T): the field is %v, which takes %s or a pointer to one", defaultText(d), d, ft, withArticle(ft.Elem()))
			if dv.Kind() != reflect.Pointer {
				msg += "; the value it points to is refused: " + why
			}
			return reflect.Value{}, msg
		}
		out := reflect.New(ft.Elem())
		out.Elem().Set(ev)
		return out, ""
	}
	if out, ok := convertTo(dv, ft); ok {
		return out, ""
	}
	if dv.CanFloat() && ft.Kind() == reflect.Float32 {
		// Rounded, as Go rounds a float constant assigned to a float32;
		// out of its range is an error, as it is in Go.
		f := dv.Float()
		if !math.IsNaN(f) && !math.IsInf(f, 0) && math.Abs(f) <= math.MaxFloat32 {
			out := reflect.New(ft).Elem()
			out.SetFloat(f)
			return out, ""
		}
		return reflect.Value{}, fmt.Sprintf("%v (%T): out of %v's range; want %s", d, d, ft, numberRange(ft))
	}
	if isNumberKind(dv.Kind()) && isNumberKind(ft.Kind()) {
		return reflect.Value{}, fmt.Sprintf("%v (%T): %v does not hold it exactly; want %s", d, d, withArticle(ft), numberRange(ft))
	}
	if dv.Kind() == reflect.Pointer {
		// A pointer is named by what it points to, never by its address;
		// the value it points to is checked (one level: a pointer to a
		// pointer, or a cycle of them, is not followed).
		if target, ok := pointee(dv); ok {
			if _, why := defaultValue(target.Interface(), ft); why != "" {
				return reflect.Value{}, fmt.Sprintf("%s (%T): the field is %s, not a pointer, and the value it points to is refused too: %s", defaultText(d), d, withArticle(ft), why)
			}
			return reflect.Value{}, fmt.Sprintf("%s (%T): the field is %s, not a pointer; give the value itself (*p), which each write copies", defaultText(d), d, withArticle(ft))
		}
		return reflect.Value{}, fmt.Sprintf("%s (%T): %T does not convert to %v; want %v", defaultText(d), d, d, ft, withArticle(ft))
	}
	return reflect.Value{}, fmt.Sprintf("%#v (%T): %T does not convert to %v; want %v", d, d, d, ft, withArticle(ft))
}

// defaultText prints Default d for messages as %#v does, but a non-nil
// pointer as & and the value it points to (one level), not as its address.
func defaultText(d any) string {
	dv := reflect.ValueOf(d)
	if dv.Kind() != reflect.Pointer || dv.IsNil() {
		return fmt.Sprintf("%#v", d)
	}
	if target, ok := pointee(dv); ok {
		return "&" + fmt.Sprintf("%#v", target.Interface())
	}
	return fmt.Sprintf("(%T)(pointer)", d)
}

// pointee returns what the non-nil pointer p points to, unless that is (or
// an interface holds) another pointer or nothing: a pointer to a pointer,
// or a cycle of them, is not followed.
func pointee(p reflect.Value) (reflect.Value, bool) {
	if p.IsNil() {
		return reflect.Value{}, false
	}
	e := p.Elem()
	if e.Kind() == reflect.Interface {
		e = e.Elem()
	}
	if !e.IsValid() || e.Kind() == reflect.Pointer {
		return reflect.Value{}, false
	}
	return e, true
}

// funcDefault returns Default d as the value or func() any the entity
// applies, or the reason it is refused. A func of no arguments returning
// one value, func() V, becomes a func() any returning that value; when V
// is not an interface, a V the field cannot take (a func() int for a
// string field) is refused here rather than on every write. Other values
// are returned as they are.
func funcDefault(d any, ft reflect.Type) (any, string) {
	t := reflect.TypeOf(d)
	if t == nil || t.Kind() != reflect.Func {
		return d, ""
	}
	if _, ok := d.(func() any); ok {
		return d, ""
	}
	if t.NumIn() != 0 || t.NumOut() != 1 {
		return nil, fmt.Sprintf("is a %v: a Default func takes no arguments and returns the value (func() any, or func() V for a V the field takes); a generator that can fail panics, which fails the write, or runs before the put", t)
	}
	fv := reflect.ValueOf(d)
	if fv.IsNil() {
		return nil, fmt.Sprintf("is a nil %v", t)
	}
	if out := t.Out(0); out.Kind() != reflect.Interface {
		if _, why := defaultValue(reflect.Zero(out).Interface(), ft); why != "" {
			return nil, fmt.Sprintf("is a %v, but the field, %s, cannot hold %s", t, withArticle(ft), withArticle(out))
		}
	}
	if f, ok := d.(func() string); ok {
		return func() any { return f() }, "" // the usual ID generator, without reflection per write
	}
	return func() any { return fv.Call(nil)[0].Interface() }, ""
}

// numberRange says which numbers a field of number type ft holds.
func numberRange(ft reflect.Type) string {
	switch {
	case ft.Kind() >= reflect.Int && ft.Kind() <= reflect.Int64:
		bits := ft.Bits()
		return fmt.Sprintf("a whole number from %d to %d", int64(-1)<<(bits-1), int64(1)<<(bits-1)-1)
	case ft.Kind() >= reflect.Uint && ft.Kind() <= reflect.Uintptr:
		return fmt.Sprintf("a whole number from 0 to %d", uint64(math.MaxUint64)>>(64-ft.Bits()))
	case ft.Kind() == reflect.Float32:
		return fmt.Sprintf("a number from %g to %g", -math.MaxFloat32, math.MaxFloat32)
	}
	return "a number " + ft.String() + " holds exactly"
}
