package entity

import (
	"fmt"
	"reflect"

	"github.com/ddbmodel/ddbmodel/internal/errtext"
)

// FieldIn returns the handle of a field inside the struct that parent
// addresses: a map's value (MapField.Key) or a list's element
// (ListField.At), which FieldOf cannot reach, since a T holds no entry to
// take the address of:
//
//	rooms := entity.MapOf(Hotels, func(h *Hotel) *map[string]Room { return &h.Rooms })
//	rate := entity.AsNumber(entity.FieldIn(rooms.Key("101"), func(r *Room) *float64 { return &r.Rate }))
//	Hotels.Update(key).Apply(rate.Add(10)) // rooms.101.rate, the other rooms untouched
//
// fn is called once, here, on an E allocated for the purpose, as FieldOf
// calls its func; the path is then resolved against the entity's schema.
// FieldIn panics, naming the entity, when fn returns anything but the
// address of a stored field of E, or when parent has no path (a zero
// Field); a parent MapField.Key refused gives a handle every operation
// refuses, as its parent's are: handles are meant for package-level variables, and
// for handles built once per request from them. A parent whose own path
// is invalid (At(-1)) gives a handle whose operations are refused at
// Build, as the parent's are. E must be a struct; for entries held by
// pointer (a map[string]*Room, a []*Item, a *Address field), use
// FieldInPointer, whose func takes the struct: FieldIn with a func(*Room)
// on such a handle does not compile (Go infers E = *Room from the parent
// and wants a func(**Room)).
func FieldIn[T, E, V any](parent Field[T, E], fn func(*E) *V) Field[T, V] {
	if t := reflect.TypeFor[E](); parent.e != nil && t.Kind() == reflect.Pointer && t.Elem().Kind() == reflect.Struct {
		panic(errtext.Errorf("%s: FieldIn(func(*%v) *%v): the parent handle holds %v, a pointer; use FieldInPointer, whose func takes the struct: func(*%v) *%v", parent.e.name, t, reflect.TypeFor[V](), t, t.Elem(), reflect.TypeFor[V]()))
	}
	return fieldIn(parent, fn, "FieldIn")
}

// FieldInPointer is FieldIn for a parent handle that holds a pointer to a
// struct: an entry of a map[string]*Room or a []*Item, or a *Address
// field. fn takes the struct:
//
//	rooms := entity.MapOf(Hotels, func(h *Hotel) *map[string]*Room { return &h.Rooms })
//	rate := entity.AsNumber(entity.FieldInPointer(rooms.Key("101"), func(r *Room) *float64 { return &r.Rate }))
//
// The handle's path is the same (rooms.101.rate), and it is checked and
// panics as FieldIn's is. An update through it needs the entry to be
// present in the item, as for a struct held by value.
func FieldInPointer[T, S, V any](parent Field[T, *S], fn func(*S) *V) Field[T, V] {
	return fieldIn(Field[T, S](parent), fn, "FieldInPointer")
}

// fieldIn is FieldIn, named as called.
func fieldIn[T, E, V any](parent Field[T, E], fn func(*E) *V, called string) Field[T, V] {
	e := parent.e
	if e == nil {
		panic(fmt.Sprintf("ddbmodel: %s(func(*%v) *%v) needs a handle of an entity's field, got a zero Field", called, reflect.TypeFor[E](), reflect.TypeFor[V]()))
	}
	if parent.path == "" {
		panic(errtext.Errorf("%s: %s(func(*%v) *%v): the parent handle has no path (a zero Field)", e.name, called, reflect.TypeFor[E](), reflect.TypeFor[V]()))
	}
	r, err := resolveField(fn)
	if err != nil {
		panic(errtext.Errorf("%s: %s(func(*%v) *%v): %w", e.name, called, reflect.TypeFor[E](), reflect.TypeFor[V](), err))
	}
	path := parent.path + "." + r.path
	if e.sch != nil {
		if _, err := e.sch.resolve(parent.path, called); err != nil {
			// A parent made from request data (At(-1)): the handle fails
			// where the parent's own operations do, at Build.
			return Field[T, V]{e: e, path: path}
		}
		if _, err := e.sch.resolve(path, called); err != nil {
			panic(errtext.Errorf("%s: %s: %w", e.name, called, err))
		}
	}
	return Field[T, V]{e: e, path: path}
}
