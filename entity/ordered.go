package entity

import "time"

// Ordered is the Go types whose values DynamoDB orders (<, <=, >, >=,
// BETWEEN): strings and binary values, bytewise; numbers; and times stored
// with the unixtime option, as numbers. A time stored as text (RFC 3339,
// the default) does not sort as time: the text holds the zone offset and
// as many fraction digits as the time needs, and DynamoDB compares it
// bytewise, so Build refuses an ordering comparison of one (store it with
// unixtime, or compare through a key template, whose ${at:time} renders
// fixed-width UTC). Bools, lists, sets and maps have no order, so their
// handles have no ordering comparisons.
type Ordered interface {
	~string | ~[]byte | Number | time.Time
}

// OrderedField is the handle of a field DynamoDB orders: a Field with Lt,
// Le, Gt, Ge, Between and the ordering comparisons with another field.
// NumberField and StringField are OrderedFields; OrderedOf makes one for a
// time or a binary field.
type OrderedField[T any, V Ordered] struct{ Field[T, V] }

// OrderedOf is FieldOf for a field DynamoDB orders (a string, a number, a
// time or a []byte): its handle has the ordering comparisons a Field lacks.
func OrderedOf[T any, V Ordered](e *Entity[T], fn func(*T) *V) OrderedField[T, V] {
	f, _ := fieldOf(e, fn, "OrderedOf")
	return OrderedField[T, V]{f}
}

// AsOrdered gives an element handle holding an ordered value (a list
// element, a map value) OrderedField's operations.
func AsOrdered[T any, V Ordered](f Field[T, V]) OrderedField[T, V] { return OrderedField[T, V]{f} }

// Lt: the field < v.
func (f OrderedField[T, V]) Lt(v V) Cond[T] { return Cond[T]{Attr(f.path).Lt(v)} }

// Le: the field <= v.
func (f OrderedField[T, V]) Le(v V) Cond[T] { return Cond[T]{Attr(f.path).Le(v)} }

// Gt: the field > v.
func (f OrderedField[T, V]) Gt(v V) Cond[T] { return Cond[T]{Attr(f.path).Gt(v)} }

// Ge: the field >= v.
func (f OrderedField[T, V]) Ge(v V) Cond[T] { return Cond[T]{Attr(f.path).Ge(v)} }

// Between: lo <= the field <= hi. Bounds DynamoDB refuses (lo above hi, as
// it compares what a put stores) are refused when the request is built.
func (f OrderedField[T, V]) Between(lo, hi V) Cond[T] {
	return Cond[T]{Attr(f.path).Between(lo, hi)}
}

// LtAttr: the field < the field o, of the same item and Go type.
// NumberField and StringField take any number or string field of T.
func (f OrderedField[T, V]) LtAttr(o Handle[T, V]) Cond[T] {
	return Cond[T]{Attr(f.path).LtAttr(o.field().path)}
}

// LeAttr: the field <= the field o.
func (f OrderedField[T, V]) LeAttr(o Handle[T, V]) Cond[T] {
	return Cond[T]{Attr(f.path).LeAttr(o.field().path)}
}

// GtAttr: the field > the field o.
func (f OrderedField[T, V]) GtAttr(o Handle[T, V]) Cond[T] {
	return Cond[T]{Attr(f.path).GtAttr(o.field().path)}
}

// GeAttr: the field >= the field o.
func (f OrderedField[T, V]) GeAttr(o Handle[T, V]) Cond[T] {
	return Cond[T]{Attr(f.path).GeAttr(o.field().path)}
}

// NumberHandle is any number field handle of T, whatever its Go number
// type (an int and an int64 field are both stored as numbers, and compare).
// A string field's handle is none, so comparing it with a number field
// does not compile.
type NumberHandle[T any] interface {
	numberPath(*T) string
}

//lint:ignore U1000 it is used, through the NumberHandle interface (staticcheck misses generic interface methods)
func (f NumberField[T, V]) numberPath(*T) string { return f.path }

// StringHandle is any string field handle of T, whatever its Go string type
// (a string and a named string type are both stored as strings).
type StringHandle[T any] interface {
	stringPath(*T) string
}

//lint:ignore U1000 it is used, through the StringHandle interface (staticcheck misses generic interface methods)
func (f StringField[T, V]) stringPath(*T) string { return f.path }

// EqAttr: the field = the number field o, of the same item.
func (f NumberField[T, V]) EqAttr(o NumberHandle[T]) Cond[T] {
	return Cond[T]{Attr(f.path).EqAttr(o.numberPath(nil))}
}

// NeAttr: the field <> the number field o.
func (f NumberField[T, V]) NeAttr(o NumberHandle[T]) Cond[T] {
	return Cond[T]{Attr(f.path).NeAttr(o.numberPath(nil))}
}

// LtAttr: the field < the number field o.
func (f NumberField[T, V]) LtAttr(o NumberHandle[T]) Cond[T] {
	return Cond[T]{Attr(f.path).LtAttr(o.numberPath(nil))}
}

// LeAttr: the field <= the number field o.
func (f NumberField[T, V]) LeAttr(o NumberHandle[T]) Cond[T] {
	return Cond[T]{Attr(f.path).LeAttr(o.numberPath(nil))}
}

// GtAttr: the field > the number field o.
func (f NumberField[T, V]) GtAttr(o NumberHandle[T]) Cond[T] {
	return Cond[T]{Attr(f.path).GtAttr(o.numberPath(nil))}
}

// GeAttr: the field >= the number field o.
func (f NumberField[T, V]) GeAttr(o NumberHandle[T]) Cond[T] {
	return Cond[T]{Attr(f.path).GeAttr(o.numberPath(nil))}
}

// EqAttr: the field = the string field o, of the same item.
func (f StringField[T, V]) EqAttr(o StringHandle[T]) Cond[T] {
	return Cond[T]{Attr(f.path).EqAttr(o.stringPath(nil))}
}

// NeAttr: the field <> the string field o.
func (f StringField[T, V]) NeAttr(o StringHandle[T]) Cond[T] {
	return Cond[T]{Attr(f.path).NeAttr(o.stringPath(nil))}
}

// LtAttr: the field < the string field o.
func (f StringField[T, V]) LtAttr(o StringHandle[T]) Cond[T] {
	return Cond[T]{Attr(f.path).LtAttr(o.stringPath(nil))}
}

// LeAttr: the field <= the string field o.
func (f StringField[T, V]) LeAttr(o StringHandle[T]) Cond[T] {
	return Cond[T]{Attr(f.path).LeAttr(o.stringPath(nil))}
}

// GtAttr: the field > the string field o.
func (f StringField[T, V]) GtAttr(o StringHandle[T]) Cond[T] {
	return Cond[T]{Attr(f.path).GtAttr(o.stringPath(nil))}
}

// GeAttr: the field >= the string field o.
func (f StringField[T, V]) GeAttr(o StringHandle[T]) Cond[T] {
	return Cond[T]{Attr(f.path).GeAttr(o.stringPath(nil))}
}
