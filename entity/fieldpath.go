package entity

import (
	"encoding"
	"fmt"
	"reflect"
	"runtime"
	"strings"

	"github.com/ddbmodel/ddbmodel/internal/docpath"
	"github.com/guregu/dynamo/v2"
)

// resolved is what resolveField finds about the field a handle's func
// addresses.
type resolved struct {
	path  string   // the document path, segments quoted where needed
	segs  []string // the stored names, unquoted
	flags string   // the dynamo tag's options of the leaf field, e.g. "set"
}

// resolveField finds the stored field fn addresses, by calling fn on a T
// allocated for the purpose (with every pointer to a struct it holds
// allocated too) and looking for the field at the address fn returns.
// Stored names follow guregu/dynamo: the dynamo tag's name, else the Go
// name; "-" and unexported fields are not stored; embedded structs are
// flattened; a name already taken is not stored again. Fields of nested
// structs give dotted paths.
func resolveField[T, V any](fn func(*T) *V) (r resolved, err error) {
	rt := reflect.TypeFor[T]()
	vt := reflect.TypeFor[V]()
	if rt.Kind() != reflect.Struct {
		return r, fmt.Errorf("%v is not a struct", rt)
	}
	if fn == nil {
		return r, fmt.Errorf("the func is nil")
	}
	if vt.Size() == 0 {
		// Fields of a zero-size type may share one address with the
		// next field of that type: the address cannot tell them apart.
		return r, fmt.Errorf("%v has size zero, so the address the func returns may be another field's as well; a zero-size field has no handle", vt)
	}
	probe := reflect.New(rt)
	allocStructs(probe.Elem(), map[reflect.Type]bool{rt: true})
	var p *V
	func() {
		defer func() {
			if x := recover(); x != nil {
				err = fmt.Errorf("the func panicked on a zero %v: %v (it must only take the address of a field, as in &t.Field%s)", rt, x, elementHint(x))
			}
		}()
		p = fn(probe.Interface().(*T))
	}()
	if err != nil {
		return r, err
	}
	if p == nil {
		return r, fmt.Errorf("the func returned nil; it must return the address of a field of %v, as in &t.Field", rt)
	}
	addr := reflect.ValueOf(p).Pointer()
	f := finder{addr: addr, typ: vt}
	f.walk(probe.Elem(), nil, map[string]bool{}, "")
	switch {
	case f.found != nil:
		r.segs = f.found
		r.flags = f.flags
		quoted := make([]string, len(r.segs))
		for i, s := range r.segs {
			quoted[i] = quoteSegment(s)
		}
		r.path = strings.Join(quoted, ".")
		return r, nil
	case f.why != "":
		return r, fmt.Errorf("the func returns the address of %s", f.why)
	}
	return r, fmt.Errorf("the func returns a *%v that is no field of %v (it must return the address of a field, as in &t.Field)", vt, rt)
}

// elementHint is the hint of a func that panicked with a runtime error,
// as one does that indexes a list of the zero T: elements have handles of
// their own.
func elementHint(x any) string {
	if _, ok := x.(runtime.Error); !ok {
		return ""
	}
	return "; an element of a list or map is addressed by ListOf(...).At(i) or MapOf(...).Key(k), not by FieldOf"
}

// allocStructs allocates every nil pointer to a struct that v holds in a
// field reflect may set, so that a func can address fields through it.
// onPath stops recursive types.
func allocStructs(v reflect.Value, onPath map[reflect.Type]bool) {
	for i := 0; i < v.NumField(); i++ {
		fv := v.Field(i)
		ft := fv.Type()
		switch {
		case ft.Kind() == reflect.Struct && !onPath[ft] && !storedWhole(ft):
			onPath[ft] = true
			allocStructs(fv, onPath)
			delete(onPath, ft)
		case ft.Kind() == reflect.Pointer && ft.Elem().Kind() == reflect.Struct && fv.CanSet() && !onPath[ft.Elem()] && !storedWhole(ft.Elem()):
			fv.Set(reflect.New(ft.Elem()))
			onPath[ft.Elem()] = true
			allocStructs(fv.Elem(), onPath)
			delete(onPath, ft.Elem())
		}
	}
}

var (
	textMarshaler    = reflect.TypeFor[encoding.TextMarshaler]()
	dynamoMarshaler  = reflect.TypeFor[dynamo.Marshaler]()
	dynamoAWSMarshal = reflect.TypeFor[dynamo.ItemMarshaler]()
)

// storedWhole reports whether guregu/dynamo encodes a struct type through a
// marshaler (time.Time, for one) rather than field by field.
func storedWhole(t reflect.Type) bool {
	for _, m := range []reflect.Type{textMarshaler, dynamoMarshaler, dynamoAWSMarshal} {
		if t.Implements(m) || reflect.PointerTo(t).Implements(m) {
			return true
		}
	}
	return false
}

// finder walks a probe value looking for the field at addr of type typ.
type finder struct {
	addr  uintptr
	typ   reflect.Type
	found []string
	flags string
	why   string // set when the address is a field that is not stored
}

// walk visits the fields of the struct v in guregu/dynamo's order; segs is
// the path of v, seen the names already taken at this level.
func (f *finder) walk(v reflect.Value, segs []string, seen map[string]bool, skipped string) {
	rt := v.Type()
	for i := 0; i < rt.NumField() && f.found == nil; i++ {
		sf := rt.Field(i)
		fv := v.Field(i)
		name, flags, _ := strings.Cut(sf.Tag.Get("dynamo"), ",")
		if name == "" {
			name = sf.Name
		}
		ft := sf.Type
		isPtr := ft.Kind() == reflect.Pointer
		why := skipped
		switch {
		case why != "":
		case name == "-":
			why = fmt.Sprintf("field %s, which is not stored (dynamo:\"-\")", goPath(segs, sf.Name))
		case seen[name]:
			why = fmt.Sprintf("field %s, which is not stored: an earlier field is stored as %q", goPath(segs, sf.Name), name)
		}
		if sf.Anonymous && (ft.Kind() == reflect.Struct || isPtr && ft.Elem().Kind() == reflect.Struct) && !storedWhole(deref(ft)) {
			if f.at(fv) && ft == f.typ {
				f.why = fmt.Sprintf("the embedded struct %s, whose fields are stored one by one; address one of them", sf.Name)
				return
			}
			if isPtr {
				if fv.IsNil() {
					continue
				}
				fv = fv.Elem()
			}
			f.walk(fv, segs, seen, why)
			continue
		}
		if why == "" && !sf.IsExported() {
			why = fmt.Sprintf("field %s, which is not stored: it is unexported", goPath(segs, sf.Name))
		}
		if why == "" {
			seen[name] = true
		}
		path := append(segs[:len(segs):len(segs)], name)
		if f.at(fv) && ft == f.typ {
			if why != "" {
				f.why = why
				return
			}
			f.found, f.flags = path, flags
			return
		}
		if ft.Kind() == reflect.Array && why == "" && f.inside(fv) {
			f.why = arrayElement(segs, sf.Name, path, fv, f.addr)
			return
		}
		sub := fv
		if isPtr && ft.Elem().Kind() == reflect.Struct && !fv.IsNil() {
			sub = fv.Elem()
		}
		if sub.Kind() == reflect.Struct && f.inside(sub) {
			if storedWhole(sub.Type()) {
				if why == "" {
					why = fmt.Sprintf("a part of field %s, which is stored whole (%v marshals itself)", goPath(segs, sf.Name), sub.Type())
				}
				f.why = why
				return
			}
			f.walk(sub, path, map[string]bool{}, why)
		}
	}
}

func (f *finder) at(v reflect.Value) bool {
	return v.CanAddr() && v.Addr().Pointer() == f.addr
}

// inside reports whether addr lies within the struct v.
func (f *finder) inside(v reflect.Value) bool {
	if !v.CanAddr() {
		return false
	}
	start := v.Addr().Pointer()
	return f.addr >= start && f.addr < start+v.Type().Size()
}

func deref(t reflect.Type) reflect.Type {
	if t.Kind() == reflect.Pointer {
		return t.Elem()
	}
	return t
}

func goPath(segs []string, name string) string {
	return strings.Join(append(segs[:len(segs):len(segs)], name), ".")
}

// quoteSegment writes one stored name or map key as a segment of a document
// path, as docpath writes a name: bare, or quoted when it holds the path
// syntax's characters or is the wildcard *.
func quoteSegment(s string) string { return docpath.Path{{Name: s}}.String() }

// quoted is s in double quotes, '"' and '\' escaped by a backslash.
func quoted(s string) string {
	var b strings.Builder
	b.Grow(len(s) + 2)
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		if s[i] == '"' || s[i] == '\\' {
			b.WriteByte('\\')
		}
		b.WriteByte(s[i])
	}
	b.WriteByte('"')
	return b.String()
}
