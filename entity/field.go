package entity

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"

	"github.com/ddbmodel/ddbmodel/internal/docpath"
	"github.com/ddbmodel/ddbmodel/internal/errtext"
)

// Change is one change an update makes to an item of T, made by a typed
// field handle (Field.Set, NumberField.Add, ListField.Append...) and applied
// with UpdateOp.Apply. A Change of one entity's handle does not compile in
// another entity's update. Like UpdateOp's, the handle's methods copy the
// value they are given (its maps, slices and pointers) at the call.
type Change[T any] struct {
	kind actionKind
	path string
	val  any
}

// Path returns the document path the change writes ("" for a change of a
// handle MapField.Key refused).
func (c Change[T]) Path() string { return visiblePath(c.path) }

// Cond is a condition on items of T, made by a typed field handle
// (Field.Eq, StringField.BeginsWith...) and combined with And, Or and Not.
// UpdateOp.Ensure, PutOp.Ensure, DeleteOp.Ensure, ItemKey.Check and the
// query package's Matching take it, so that a condition on another entity's
// field does not compile; Condition returns the untyped form for code that
// mixes it with Attr conditions. The zero Cond is "no condition".
type Cond[T any] struct{ c Condition }

// Condition returns c as an untyped Condition.
func (c Cond[T]) Condition() Condition { return c.c }

// IsZero reports whether c is the empty condition.
func (c Cond[T]) IsZero() bool { return c.c.IsZero() }

// And returns c AND every d. A zero c starts a chain (Cond[T]{}.And(a)
// is a); a zero d, which holds no condition, is refused at Build rather
// than dropped.
func (c Cond[T]) And(d ...Cond[T]) Cond[T] { return Cond[T]{And(c.c, conds(d, "And").c)} }

// Or returns c OR any d. A zero c starts a chain (Cond[T]{}.Or(a) is
// a); a zero d, which holds no condition, is refused at Build rather than
// dropped (Status.Eq("a").Or(Cond[T]{}) is not status = "a").
func (c Cond[T]) Or(d ...Cond[T]) Cond[T] {
	cs := make([]Condition, 0, len(d)+1)
	if !c.c.IsZero() {
		cs = append(cs, c.c) // a zero receiver starts a chain
	}
	for _, x := range d {
		cs = append(cs, x.given("Or"))
	}
	return Cond[T]{Or(cs...)}
}

// Not returns NOT c; NOT of a zero c is refused at Build.
func (c Cond[T]) Not() Cond[T] { return Cond[T]{Not(c.given("Not"))} }

// conds joins typed conditions with AND; a zero one among them is one
// that Build refuses (see given), naming use.
func conds[T any](cs []Cond[T], use string) Cond[T] {
	if len(cs) == 0 {
		return Cond[T]{}
	}
	all := make([]Condition, len(cs))
	for i, c := range cs {
		all[i] = c.given(use)
	}
	return Cond[T]{And(all...)}
}

// Number is the types a NumberField holds: Go's integer and floating-point
// types and types based on them.
type Number interface {
	~int | ~int8 | ~int16 | ~int32 | ~int64 |
		~uint | ~uint8 | ~uint16 | ~uint32 | ~uint64 | ~uintptr |
		~float32 | ~float64
}

// SetElem is the element types of a DynamoDB set: strings, numbers and
// binary values.
type SetElem interface {
	~string | ~[]byte |
		~int | ~int8 | ~int16 | ~int32 | ~int64 |
		~uint | ~uint8 | ~uint16 | ~uint32 | ~uint64 | ~uintptr |
		~float32 | ~float64
}

// AnyField is what every typed field handle of T is: its document path and
// its entity. The query package's ProjectFields takes it.
type AnyField[T any] interface {
	Path() string
	Entity() *Entity[T]
}

// Field is a typed handle on one stored field of T (or an element inside
// one) holding a V. Its changes and conditions take only a V, and are of T
// only. Make one with FieldOf, or one of the kinds with more operations:
// OrderedOf (<, <=, >, >=, BETWEEN: for the types DynamoDB orders),
// NumberOf, StringOf, SetOf, ListOf, MapOf. A Field has no ordering
// comparisons, so that one on a bool, list, set or map does not compile. A handle is a small immutable
// value, safe for concurrent use; every operation lowers to the string form
// (UpdateOp.Set(f.Path(), v), Attr(f.Path()).Eq(v)...), so it is checked and
// encoded exactly as that form is.
type Field[T, V any] struct {
	e    *Entity[T]
	path string
}

// FieldOf returns the handle of the field fn returns the address of, as in
//
//	var Title = entity.FieldOf(Tickets, func(t *Ticket) *string { return &t.Title })
//
// fn is called once, here, on a T allocated for the purpose (zero, with
// its pointers to structs allocated), and the handle is the field at the
// address it returns: a func that branches on the values in T, or indexes
// a list or map, is not supported. The field may be inside nested structs
// (a dotted path); an element of a list, map or array has no handle of
// its own (ListOf(...).At(i), MapOf(...).Key(k), or the element's path in
// the string form name one). FieldOf panics, naming the
// entity, when fn returns anything but the address of a stored field of T
// (a field tagged dynamo:"-", an unexported one, a part of a field stored
// whole such as a time.Time, or memory outside T): handles are meant for
// package-level variables, like MustDefine.
func FieldOf[T, V any](e *Entity[T], fn func(*T) *V) Field[T, V] {
	f, _ := fieldOf(e, fn, "FieldOf")
	return f
}

func fieldOf[T, V any](e *Entity[T], fn func(*T) *V, ctor string) (Field[T, V], resolved) {
	if e == nil {
		panic(fmt.Sprintf("ddbmodel: %s(func(*%v) *%v) needs an entity, got nil", ctor, reflect.TypeFor[T](), reflect.TypeFor[V]()))
	}
	r, err := resolveField(fn)
	if err != nil {
		panic(errtext.Errorf("%s: %s(func(*%v) *%v): %w", e.name, ctor, reflect.TypeFor[T](), reflect.TypeFor[V](), err))
	}
	if e.sch != nil && len(r.segs) > 1 {
		// A stored name holding dots ("meta.version") that the path also
		// spells makes the bare path ambiguous; the quoted first segment
		// names the attribute the field is in.
		for k := 2; k <= len(r.segs); k++ {
			if e.sch.attrs[strings.Join(r.segs[:k], ".")] != nil {
				r.path = quoted(r.segs[0]) + r.path[len(quoteSegment(r.segs[0])):]
				break
			}
		}
	}
	return Field[T, V]{e: e, path: r.path}, r
}

// Path returns the document path of the field, as the string forms take it
// ("votes", "assignee.team", `addresses."my.home"`); "" for a handle
// MapField.Key refused (a key without text).
func (f Field[T, V]) Path() string { return visiblePath(f.path) }

// markedPath is the path the handle's operations use: for a handle
// MapField.Key refused, the mark schema.resolve reports as the refusal.
func (f Field[T, V]) markedPath() string { return f.path }

// Entity returns the entity the field belongs to.
func (f Field[T, V]) Entity() *Entity[T] { return f.e }

// String returns the path, as Path.
func (f Field[T, V]) String() string { return visiblePath(f.path) }

// Set sets the field to v.
func (f Field[T, V]) Set(v V) Change[T] { return Change[T]{actSet, f.path, snapshot(v)} }

// SetIfNotExists sets the field to v when the item has no value for it.
func (f Field[T, V]) SetIfNotExists(v V) Change[T] {
	return Change[T]{actSetIfNotExists, f.path, snapshot(v)}
}

// Remove removes the field from the item. As UpdateOp.Remove, it is
// refused at Build for a field a put always stores (a number, bool or time
// without omitempty, a struct held by value): Set its zero value instead.
func (f Field[T, V]) Remove() Change[T] { return Change[T]{actRemove, f.path, nil} }

// Eq: the field = v.
func (f Field[T, V]) Eq(v V) Cond[T] { return Cond[T]{Attr(f.path).Eq(v)} }

// Ne: the field <> v.
func (f Field[T, V]) Ne(v V) Cond[T] { return Cond[T]{Attr(f.path).Ne(v)} }

// In: the field equals one of vs.
func (f Field[T, V]) In(vs ...V) Cond[T] {
	as := make([]any, len(vs))
	for i, v := range vs {
		as[i] = v
	}
	return Cond[T]{Attr(f.path).In(as...)}
}

// Exists: the item has the field.
func (f Field[T, V]) Exists() Cond[T] { return Cond[T]{Attr(f.path).Exists()} }

// NotExists: the item lacks the field.
func (f Field[T, V]) NotExists() Cond[T] { return Cond[T]{Attr(f.path).NotExists()} }

// NumberField is the handle of a number field: an OrderedField with Add.
type NumberField[T any, V Number] struct{ OrderedField[T, V] }

// NumberOf is FieldOf for a number field.
func NumberOf[T any, V Number](e *Entity[T], fn func(*T) *V) NumberField[T, V] {
	f, _ := fieldOf(e, fn, "NumberOf")
	return NumberField[T, V]{OrderedField[T, V]{f}}
}

// AsNumber gives an element handle holding a number (a list element, a map
// value) NumberField's operations.
func AsNumber[T any, V Number](f Field[T, V]) NumberField[T, V] {
	return NumberField[T, V]{OrderedField[T, V]{f}}
}

// Add adds v (which may be negative) to the field, creating it at 0. On
// a float field DynamoDB adds in exact decimal (see UpdateOp.Add).
func (f NumberField[T, V]) Add(v V) Change[T] { return Change[T]{actAdd, f.path, v} }

// StringField is the handle of a string field: an OrderedField with
// BeginsWith, Contains and SizeGt.
type StringField[T any, V ~string] struct{ OrderedField[T, V] }

// StringOf is FieldOf for a string field.
func StringOf[T any, V ~string](e *Entity[T], fn func(*T) *V) StringField[T, V] {
	f, _ := fieldOf(e, fn, "StringOf")
	return StringField[T, V]{OrderedField[T, V]{f}}
}

// AsString gives an element handle holding a string StringField's
// operations.
func AsString[T any, V ~string](f Field[T, V]) StringField[T, V] {
	return StringField[T, V]{OrderedField[T, V]{f}}
}

// BeginsWith: the field starts with prefix.
func (f StringField[T, V]) BeginsWith(prefix V) Cond[T] {
	return Cond[T]{Attr(f.path).BeginsWith(string(prefix))}
}

// Contains: the field holds sub.
func (f StringField[T, V]) Contains(sub V) Cond[T] { return Cond[T]{Attr(f.path).Contains(sub)} }

// SizeGt: the field is longer than n bytes.
func (f StringField[T, V]) SizeGt(n int) Cond[T] { return Cond[T]{Attr(f.path).SizeGt(n)} }

// SetField is the handle of a set field (a slice tagged dynamo:",set"):
// a Field of the whole set with Add, DeleteFromSet, Contains and SizeGt on
// its elements.
type SetField[T any, E SetElem] struct{ Field[T, []E] }

// SetOf is FieldOf for a set field; it panics when the field is not tagged
// dynamo:",set" (a slice without the option is a list: use ListOf).
func SetOf[T any, E SetElem](e *Entity[T], fn func(*T) *[]E) SetField[T, E] {
	f, r := fieldOf(e, fn, "SetOf")
	if !hasFlag(r.flags, "set") {
		panic(errtext.Errorf("%s: SetOf: field %s is stored as a list; tag it dynamo:\"%s,set\" to store a set, or use ListOf", e.name, f.path, r.segs[len(r.segs)-1]))
	}
	return SetField[T, E]{f}
}

// Add adds elems to the set, creating it.
func (f SetField[T, E]) Add(elems ...E) Change[T] { return Change[T]{actAdd, f.path, snapshot(elems)} }

// DeleteFromSet removes elems from the set.
func (f SetField[T, E]) DeleteFromSet(elems ...E) Change[T] {
	return Change[T]{actDeleteFromSet, f.path, snapshot(elems)}
}

// Contains: the set has the element e.
func (f SetField[T, E]) Contains(e E) Cond[T] { return Cond[T]{Attr(f.path).Contains(e)} }

// SizeGt: the set has more than n elements.
func (f SetField[T, E]) SizeGt(n int) Cond[T] { return Cond[T]{Attr(f.path).SizeGt(n)} }

// ListField is the handle of a list field (a slice without the set option):
// a Field of the whole list with Append, Prepend, Contains, SizeGt and
// typed access to one element.
type ListField[T, E any] struct{ Field[T, []E] }

// ListOf is FieldOf for a list field; it panics when the field is tagged
// dynamo:",set" (use SetOf), and for a []byte field, which is stored as
// binary (B), not as a list (use FieldOf).
func ListOf[T, E any](e *Entity[T], fn func(*T) *[]E) ListField[T, E] {
	f, r := fieldOf(e, fn, "ListOf")
	if hasFlag(r.flags, "set") {
		panic(errtext.Errorf("%s: ListOf: field %s is stored as a set (dynamo:\",set\"); use SetOf", e.name, f.path))
	}
	if reflect.TypeFor[E]().Kind() == reflect.Uint8 {
		panic(errtext.Errorf("%s: ListOf: field %s is a slice of bytes, stored as binary (B), not as a list; use FieldOf", e.name, f.path))
	}
	return ListField[T, E]{f}
}

// Append appends elems to the list, creating it.
func (f ListField[T, E]) Append(elems ...E) Change[T] {
	return Change[T]{actAppend, f.path, snapshot(elems)}
}

// Prepend puts elems before the list's elements, creating it.
func (f ListField[T, E]) Prepend(elems ...E) Change[T] {
	return Change[T]{actPrepend, f.path, snapshot(elems)}
}

// Contains: the list has the element e.
func (f ListField[T, E]) Contains(e E) Cond[T] { return Cond[T]{Attr(f.path).Contains(e)} }

// SizeGt: the list has more than n elements.
func (f ListField[T, E]) SizeGt(n int) Cond[T] { return Cond[T]{Attr(f.path).SizeGt(n)} }

// At returns the handle of the list's element i (path "tags[3]").
func (f ListField[T, E]) At(i int) Field[T, E] {
	return Field[T, E]{e: f.e, path: f.path + "[" + strconv.Itoa(i) + "]"}
}

// MapField is the handle of a map field: a Field of the whole map with
// typed access to one entry, so that one entry is updated without
// rewriting the others.
type MapField[T any, K ~string, E any] struct{ Field[T, map[K]E] }

// MapOf is FieldOf for a map field.
func MapOf[T any, K ~string, E any](e *Entity[T], fn func(*T) *map[K]E) MapField[T, K, E] {
	f, _ := fieldOf(e, fn, "MapOf")
	return MapField[T, K, E]{f}
}

// Key returns the handle of the map's entry k (path "addresses.home", or
// `addresses."my.home"` for a key holding path syntax). The entry of a map
// of numbers takes Add through AsNumber: entity.AsNumber(counts.Key("wed")).Add(1);
// a struct entry's own fields are reached with FieldIn (or the string
// form, "addresses.home.city"). A key type with a
// MarshalText method names the entry by its text, as a put stores it; a
// key whose MarshalText fails or panics gives a handle every operation
// refuses with a *ddbmodel.ValidationError naming the map and why
// (wrapping a *ddbmodel.PanicError when MarshalText panicked), also
// query.ProjectFields; its Path is "".
func (f MapField[T, K, E]) Key(k K) Field[T, E] {
	name, why, panicked := mapKeyTextWhy(reflect.ValueOf(k))
	if why != "" || panicked != "" {
		// No path: every operation refuses the handle, naming the map and why.
		return Field[T, E]{e: f.e, path: refusedKeyPath(f.path, why, panicked)}
	}
	path := f.path + "." + quoteSegment(name)
	if f.e != nil && f.e.sch != nil && f.e.sch.attrs[path] != nil {
		// The bare text also names a stored attribute holding a dot
		// ("meta.version"): quote the map's name so it is the path.
		if p, err := docpath.Parse(path); err == nil {
			path = quoteFirst(p)
		}
	}
	return Field[T, E]{e: f.e, path: path}
}

// SizeGt: the map has more than n entries.
func (f MapField[T, K, E]) SizeGt(n int) Cond[T] { return Cond[T]{Attr(f.path).SizeGt(n)} }

func hasFlag(flags, want string) bool {
	for f := range strings.SplitSeq(flags, ",") {
		if f == want {
			return true
		}
	}
	return false
}
