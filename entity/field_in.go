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
// address of a stored field of E, or when parent has no path (a Key whose
// MarshalText failed): handles are meant for package-level variables, and
// for handles built once per request from them.
func FieldIn[T, E, V any](parent Field[T, E], fn func(*E) *V) Field[T, V] {
	e := parent.e
	if e == nil {
		panic(fmt.Sprintf("ddbmodel: FieldIn(func(*%v) *%v) needs a handle of an entity's field, got a zero Field", reflect.TypeFor[E](), reflect.TypeFor[V]()))
	}
	if parent.path == "" {
		panic(errtext.Errorf("%s: FieldIn(func(*%v) *%v): the parent handle has no path (a map key whose MarshalText failed)", e.name, reflect.TypeFor[E](), reflect.TypeFor[V]()))
	}
	r, err := resolveField(fn)
	if err != nil {
		panic(errtext.Errorf("%s: FieldIn(func(*%v) *%v): %w", e.name, reflect.TypeFor[E](), reflect.TypeFor[V](), err))
	}
	path := parent.path + "." + r.path
	if e.sch != nil {
		if _, err := e.sch.resolve(path, "FieldIn"); err != nil {
			panic(errtext.Errorf("%s: FieldIn: %w", e.name, err))
		}
	}
	return Field[T, V]{e: e, path: path}
}
