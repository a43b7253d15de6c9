package entity

import (
	"fmt"
	"reflect"
	"strings"

	"github.com/ddbmodel/ddbmodel"
)

// maxContainers is how many lists and maps DynamoDB nests around a value:
// a top-level attribute's list or map is level 1, and a 32nd level is
// refused (checkNumbers refuses such a value; checkShape such a type).
const maxContainers = 31

// checkShape refuses, at Define, a type T whose stored shape no check can
// follow to its end: a type that holds itself (type Node struct{ Next
// *Node }, type Tree []Tree, or a struct embedding itself), or lists and
// maps nested deeper than DynamoDB stores them. Values whose shape T does
// not fix (an interface, a custom marshaler) end the walk, as they end the
// schema: they are the way to store recursive data.
func checkShape(entity string, rt reflect.Type) error {
	w := shapeWalk{entity: entity, open: map[reflect.Type]bool{}}
	return w.structFields(rt, "", 0)
}

type shapeWalk struct {
	entity string
	open   map[reflect.Type]bool // the types on the path being walked
}

func (w *shapeWalk) fail(at, reason string) error {
	attr, _, _ := strings.Cut(at, ".")
	attr, _, _ = strings.Cut(attr, "[")
	return &ddbmodel.ValidationError{Entity: w.entity, Attribute: attr, Reason: "Define: " + at + ": " + reason}
}

// structFields walks the stored fields of struct type rt (at the path at,
// under depth containers). A struct that embeds itself, where
// storedFields would never end, is refused first.
func (w *shapeWalk) structFields(rt reflect.Type, at string, depth int) error {
	if w.open[rt] {
		return w.fail(at, fmt.Sprintf("%v holds itself; a type with no end cannot be checked or stored whole (store the recursive part as an interface field or with a custom marshaler)", rt))
	}
	w.open[rt] = true
	defer delete(w.open, rt)
	if err := w.embedsItself(rt, at, map[reflect.Type]bool{rt: true}); err != nil {
		return err
	}
	var err error
	storedFields(rt, func(name, opts string, f reflect.StructField, _ []int) {
		if err == nil {
			p := name
			if at != "" {
				p = at + "." + name
			}
			err = w.value(f.Type, opts, p, depth)
		}
	})
	return err
}

// embedsItself refuses a struct type whose embedded structs (flattened
// into it) lead back to one of the types in on.
func (w *shapeWalk) embedsItself(rt reflect.Type, at string, on map[reflect.Type]bool) error {
	for i := range rt.NumField() {
		f := rt.Field(i)
		ft := f.Type
		if ft.Kind() == reflect.Pointer {
			ft = ft.Elem()
		}
		if !f.Anonymous || ft.Kind() != reflect.Struct || strings.Split(f.Tag.Get("dynamo"), ",")[0] == "-" {
			continue
		}
		if on[ft] {
			return w.fail(at, fmt.Sprintf("%v embeds itself; a type with no end cannot be checked or stored", ft))
		}
		on[ft] = true
		if err := w.embedsItself(ft, at, on); err != nil {
			return err
		}
		delete(on, ft)
	}
	return nil
}

// value walks a value of type t stored at the path at with the tag options
// opts, depth containers down.
func (w *shapeWalk) value(t reflect.Type, opts string, at string, depth int) error {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch {
	case t == timeType, t.Kind() == reflect.Interface,
		implements(t, dynamoMarshalerType), implements(t, avMarshalerType), implements(t, textMarshalerType):
		return nil
	case hasFlag(opts, "set"):
		return nil
	case (t.Kind() == reflect.Slice || t.Kind() == reflect.Array) && t.Elem().Kind() == reflect.Uint8:
		return nil
	}
	var elem reflect.Type
	switch t.Kind() {
	case reflect.Slice, reflect.Array, reflect.Map:
		elem = t.Elem()
	case reflect.Struct:
	default:
		return nil
	}
	if depth >= maxContainers {
		return w.fail(at, fmt.Sprintf("lists and maps nest deeper than DynamoDB's 32 levels here (%d around a value at most)", maxContainers))
	}
	if t.Kind() == reflect.Struct {
		return w.structFields(t, at, depth+1)
	}
	if w.open[t] {
		return w.fail(at, fmt.Sprintf("%v holds itself; a type with no end cannot be checked or stored whole (store the recursive part as an interface field or with a custom marshaler)", t))
	}
	w.open[t] = true
	defer delete(w.open, t)
	sep := "[]"
	if t.Kind() == reflect.Map {
		sep = ".*"
	}
	return w.value(elem, "", at+sep, depth+1)
}
