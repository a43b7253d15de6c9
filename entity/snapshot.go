package entity

import (
	"maps"
	"reflect"
	"slices"
	"sync"
	"time"
	"unsafe"
)

// snapshot returns v as it is now, for a builder to keep: the value itself
// when its type holds nothing the caller could change afterwards (a string,
// number, bool or time.Time, or an array or struct of such), and otherwise
// a deep copy of its maps, slices, pointers and interfaces, and of the
// arrays and structs holding them, preserving types (so custom marshalers
// still apply), nil-ness and the sharing and cycles within v.
//
// Map keys are kept as they are (they are comparable values, and a copied
// pointer key would no longer find its entry). Unexported struct fields are
// copied as they are, by value: a struct whose unexported fields can hold
// references (a pointer, map, slice, interface, channel or function, as in
// *big.Int) cannot be copied faithfully, so it, and a pointer to it, is
// kept as given and is read when the request is built. time.Time is copied
// by value: its unexported location pointer is never changed.
func snapshot(v any) any {
	switch x := v.(type) {
	case nil, string, bool, int, int8, int16, int32, int64, uint, uint8, uint16, uint32, uint64,
		float32, float64, time.Time, time.Duration:
		return v
	case []string:
		return slices.Clone(x)
	case map[string]string:
		return maps.Clone(x)
	case []byte:
		return slices.Clone(x)
	}
	t := reflect.TypeOf(v)
	if !needsCopy(t) {
		return v
	}
	var c copier
	return c.copy(reflect.ValueOf(v)).Interface()
}

// needsCopy reports whether a value of type t can hold something a caller
// could change after giving it: a map, slice, pointer or interface, or an
// array or struct (through exported fields) holding one. Opaque structs
// (see snapshot) are kept as they are, so they need no copy.
func needsCopy(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Map, reflect.Slice, reflect.Pointer, reflect.Interface:
		return true
	case reflect.Array:
		return t.Len() > 0 && needsCopy(t.Elem())
	case reflect.Struct:
		return structInfo(t).copy
	}
	return false
}

// structCopy is what snapshot knows of a struct type.
type structCopy struct {
	// opaque: an unexported field can hold a reference, so the struct is
	// kept as it is.
	opaque bool
	// copy: the struct is not opaque and an exported field needs a copy.
	copy bool
}

// structInfos caches structInfo by reflect.Type.
var structInfos sync.Map

// structInfo returns what snapshot knows of the struct type t.
func structInfo(t reflect.Type) structCopy {
	if c, ok := structInfos.Load(t); ok {
		return c.(structCopy)
	}
	var c structCopy
	if t != timeType {
		for i := range t.NumField() {
			f := t.Field(i)
			if !f.IsExported() {
				if holdsRefs(f.Type) {
					c.opaque = true
				}
				continue
			}
			if needsCopy(f.Type) {
				c.copy = true
			}
		}
		if c.opaque {
			c.copy = false
		}
	}
	structInfos.Store(t, c)
	return c
}

// holdsRefs reports whether a value of type t can refer to memory outside
// it. time.Time's location is never changed, so it holds none.
func holdsRefs(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Map, reflect.Slice, reflect.Pointer, reflect.Interface, reflect.Chan, reflect.Func, reflect.UnsafePointer:
		return true
	case reflect.Array:
		return t.Len() > 0 && holdsRefs(t.Elem())
	case reflect.Struct:
		if t == timeType {
			return false
		}
		for i := range t.NumField() {
			if holdsRefs(t.Field(i).Type) {
				return true
			}
		}
	}
	return false
}

// copier deep-copies one value, remembering the maps, slices and pointers
// it copied so that sharing and cycles are kept rather than followed
// forever.
type copier struct {
	seen map[seenKey]reflect.Value
}

// seenKey names a map, slice or pointer already copied.
type seenKey struct {
	p unsafe.Pointer
	t reflect.Type
	n int
}

func (c *copier) lookup(k seenKey) (reflect.Value, bool) {
	v, ok := c.seen[k]
	return v, ok
}

func (c *copier) remember(k seenKey, v reflect.Value) {
	if c.seen == nil {
		c.seen = map[seenKey]reflect.Value{}
	}
	c.seen[k] = v
}

// copy returns a deep copy of src, of src's type.
func (c *copier) copy(src reflect.Value) reflect.Value {
	t := src.Type()
	if !needsCopy(t) {
		return src
	}
	switch t.Kind() {
	case reflect.Pointer:
		if src.IsNil() {
			return src
		}
		if et := t.Elem(); et.Kind() == reflect.Struct && structInfo(et).opaque {
			return src
		}
		k := seenKey{p: src.UnsafePointer(), t: t}
		if d, ok := c.lookup(k); ok {
			return d
		}
		dst := reflect.New(t.Elem())
		c.remember(k, dst)
		dst.Elem().Set(c.copy(src.Elem()))
		return dst
	case reflect.Map:
		if src.IsNil() {
			return src
		}
		k := seenKey{p: src.UnsafePointer(), t: t}
		if d, ok := c.lookup(k); ok {
			return d
		}
		dst := reflect.MakeMapWithSize(t, src.Len())
		c.remember(k, dst)
		deep := needsCopy(t.Elem())
		it := src.MapRange()
		for it.Next() {
			v := it.Value()
			if deep {
				v = c.copy(v)
			}
			dst.SetMapIndex(it.Key(), v)
		}
		return dst
	case reflect.Slice:
		if src.IsNil() {
			return src
		}
		n := src.Len()
		k := seenKey{p: src.UnsafePointer(), t: t, n: n}
		if d, ok := c.lookup(k); ok {
			return d
		}
		dst := reflect.MakeSlice(t, n, n)
		c.remember(k, dst)
		if !needsCopy(t.Elem()) {
			reflect.Copy(dst, src)
			return dst
		}
		for i := range n {
			dst.Index(i).Set(c.copy(src.Index(i)))
		}
		return dst
	case reflect.Interface:
		if src.IsNil() || !needsCopy(src.Elem().Type()) {
			return src
		}
		dst := reflect.New(t).Elem()
		dst.Set(c.copy(src.Elem()))
		return dst
	case reflect.Array:
		dst := reflect.New(t).Elem()
		for i := range t.Len() {
			dst.Index(i).Set(c.copy(src.Index(i)))
		}
		return dst
	case reflect.Struct:
		dst := reflect.New(t).Elem()
		dst.Set(src)
		for i := range t.NumField() {
			if f := dst.Field(i); f.CanSet() && needsCopy(f.Type()) {
				f.Set(c.copy(src.Field(i)))
			}
		}
		return dst
	}
	return src
}
