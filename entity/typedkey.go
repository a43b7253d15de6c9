package entity

import (
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strings"
	"unsafe"

	"github.com/ddbmodel/ddbmodel/internal/composite"
	"github.com/ddbmodel/ddbmodel/internal/errtext"
	"github.com/ddbmodel/ddbmodel/internal/link"
)

// keyField is one field of a key struct: the composite it gives.
type keyField struct {
	name   string // the stored name, a composite of the key
	index  []int
	ptr    bool // a pointer: nil leaves the composite out
	offset uintptr
	typ    reflect.Type // the field's type
	kind   fieldKind    // how values reads it
}

// fieldKind says how keyStruct.values reads a field: the common exact
// types directly, any other through reflect.
type fieldKind int

const (
	kindReflect fieldKind = iota
	kindString
	kindInt
	kindInt64
)

// keyStruct holds the composites a key struct K gives, checked against a
// key of T.
type keyStruct[T, K any] struct {
	e      *Entity[T]
	index  string
	fields []keyField
}

// values converts k to the string form's Values. A key struct is usually
// one or two strings or integers: those are read without reflect, so that
// the typed key costs what the Values literal it stands for does.
func (ks *keyStruct[T, K]) values(k *K) Values {
	return ks.fill(make(Values, len(ks.fields)), k)
}

// fill is values writing into vs. The entity's operations copy the Values
// they are given, so ItemKey passes a map of its own frame (see keyVals).
func (ks *keyStruct[T, K]) fill(vs Values, k *K) Values {
	ks.each(k, func(name string, v any) { vs[name] = v })
	return vs
}

// list is values as a composite list (sorted by name, as ks.fields are),
// for the query package, which keeps its composites in one.
func (ks *keyStruct[T, K]) list(k K) composite.List {
	l := make(composite.List, 0, len(ks.fields))
	ks.each(&k, func(name string, v any) { l = append(l, composite.Value{Name: name, Value: v}) })
	return l
}

// each calls fn with every composite k gives, in the order of ks.fields.
func (ks *keyStruct[T, K]) each(k *K, fn func(name string, v any)) {
	base := unsafe.Pointer(k)
	var rv reflect.Value // K, read through reflect for other kinds
	for i := range ks.fields {
		f := &ks.fields[i]
		if f.kind == kindReflect {
			if !rv.IsValid() {
				rv = reflect.ValueOf(*k) // a copy: k itself does not escape
			}
			fv := rv.FieldByIndex(f.index)
			if f.ptr {
				if fv.IsNil() {
					continue
				}
				fv = fv.Elem()
			}
			fn(f.name, fv.Interface())
			continue
		}
		p := unsafe.Add(base, f.offset)
		if f.ptr {
			p = *(*unsafe.Pointer)(p)
			if p == nil {
				continue
			}
		}
		switch f.kind {
		case kindString:
			fn(f.name, *(*string)(p))
		case kindInt:
			fn(f.name, *(*int)(p))
		case kindInt64:
			fn(f.name, *(*int64)(p))
		}
	}
}

// readable fills in how fill reads the field: its offset from the start of
// K and its kind (kindReflect for other types, and for fields reached
// through an embedded pointer).
func (f *keyField) readable(kt reflect.Type) {
	t := kt
	for n, i := range f.index {
		sf := t.Field(i)
		if n < len(f.index)-1 && sf.Type.Kind() == reflect.Pointer {
			f.kind = kindReflect // through an embedded pointer
			return
		}
		f.offset += sf.Offset
		t = sf.Type
	}
	f.typ = t
	if f.ptr {
		f.typ = t.Elem()
	}
	switch f.typ {
	case reflect.TypeFor[string]():
		f.kind = kindString
	case reflect.TypeFor[int]():
		f.kind = kindInt
	case reflect.TypeFor[int64]():
		f.kind = kindInt64
	default:
		f.kind = kindReflect
	}
}

// keyVals sizes the Values an ItemKey passes on: a constant, so that the
// map stays in the caller's frame (the operations copy it).
const keyVals = 8

// ItemKey is the typed primary key of T's items: a struct K whose stored
// fields are exactly the composites of T's partition and sort key
// templates, with T's types. Its Get, Update, Delete and Check take a K,
// so that another entity's key does not compile; a K missing a composite
// is refused by ItemKeyOf (at init, for a package-level variable), and a
// K value with an empty string composite by the operation, before sending
// (a number composite's 0 is a value like any other: it renders "0"). Each
// lowers to the Values form (Entity.Get(ik.Values(k))...) and is checked
// and costs as that form does.
type ItemKey[T, K any] struct{ ks keyStruct[T, K] }

// ItemKeyOf returns the typed primary key of e's items, checking here that K's
// stored fields (named by their dynamo tags, as in T) are exactly the
// composites of e's primary key, each of the type of T's field of that
// name; it panics otherwise, naming the entity and the field, as
// MustDefine does. K is given, T is inferred:
//
//	type TicketKey struct {
//		ID string `dynamo:"id"`
//	}
//	var TicketByID = entity.ItemKeyOf[TicketKey](Tickets)
//
//	t, err := TicketByID.Get(TicketKey{ID: "t1"}).Run(ctx, db)
func ItemKeyOf[K, T any](e *Entity[T]) *ItemKey[T, K] {
	ks, err := newKeyStruct[T, K](e, "", false)
	if err != nil {
		panic(err)
	}
	return &ItemKey[T, K]{*ks}
}

// Entity returns the entity whose key this is (nil for a nil ItemKey).
func (ik *ItemKey[T, K]) Entity() *Entity[T] {
	if ik == nil {
		return nil
	}
	return ik.ks.e
}

// Values returns k as the Values the string forms take (nil for a nil
// ItemKey).
func (ik *ItemKey[T, K]) Values(k K) Values {
	if ik == nil {
		return nil
	}
	return ik.ks.values(&k)
}

// key returns the entity and k as the Values its operations take. A nil
// ItemKey (a package variable read before it is set) has no entity: its
// operations are refused by Build and Run with a *ddbmodel.ValidationError,
// as those of a nil *Entity are.
func (ik *ItemKey[T, K]) key(k *K) (*Entity[T], Values) {
	if ik == nil {
		return nil, nil
	}
	return ik.ks.e, ik.ks.fill(make(Values, keyVals), k)
}

// Get reads the item whose key is k: Entity.Get.
func (ik *ItemKey[T, K]) Get(k K) GetOp[T] {
	e, vs := ik.key(&k)
	return e.Get(vs)
}

// Update updates the item whose key is k: Entity.Update.
func (ik *ItemKey[T, K]) Update(k K) UpdateOp[T] {
	e, vs := ik.key(&k)
	return e.Update(vs)
}

// Delete deletes the item whose key is k: Entity.Delete.
func (ik *ItemKey[T, K]) Delete(k K) DeleteOp[T] {
	e, vs := ik.key(&k)
	return e.Delete(vs)
}

// Check returns a transaction action checking that c and every further
// condition hold on the item whose key is k: Entity.Check. A check needs
// a condition, so a Check without one does not compile.
func (ik *ItemKey[T, K]) Check(k K, c Cond[T], more ...Cond[T]) CheckOp[T] {
	e, vs := ik.key(&k)
	return e.Check(vs, conds(append([]Cond[T]{c}, more...), "Check").c)
}

// QueryKey is the typed key of a query of T's items on the table or one
// index: a struct K holding every partition composite and, optionally,
// leading sort composites. A sort composite held in a pointer field is
// given when the pointer is not nil, so one K says both a whole key and a
// partial one (a prefix); a K without sort fields queries the whole
// partition. Each sort composite given is a whole value, not a prefix of
// one: Published "2026" matches items published "2026", not "2026-01-01"
// (the prefix ends after its delimiter; use a range for a partial value).
// The query package's By takes it, and its Between, Gt, Ge, Lt and Le take
// key structs as the bounds of a sort-key range.
type QueryKey[T, K any] struct {
	ks keyStruct[T, K]
	// queryKeyLink gives the query package the key's composites as a
	// list: a func(K) composite.List (keyStruct.list), so that By needs
	// no Values map.
	queryKeyLink
}

// queryKeyLink is embedded under an unexported name, so that the field
// is not part of QueryKey's API (an embedded link.Hidden would be a field
// named Hidden that callers could read and overwrite).
type queryKeyLink = link.Hidden[any]

// QueryKeyOf returns the typed query key of e on index ("" for the
// table's primary key), checking here that K's stored fields are every
// partition composite of that key (not pointers) and a leading run of its
// sort composites (pointers or not), each of the type of T's field of that
// name; it panics otherwise, naming the entity and the field. K is given,
// T is inferred:
//
//	type ByAuthor struct {
//		AuthorID string  `dynamo:"authorId"`
//		Status   *string `dynamo:"status"` // optional: nil queries every status
//	}
//	var ArticlesByAuthor = entity.QueryKeyOf[ByAuthor](Articles, "GSI1")
//
// A composite both keys use (DAY#${at:date} / AT#${at:time}#${id}) is a
// partition composite, so K holds it, and the query narrows the sort key
// to what it renders there too (that instant); for the whole partition
// (the day), add BeginsWith with the sort key's leading literal ("AT#").
func QueryKeyOf[K, T any](e *Entity[T], index string) *QueryKey[T, K] {
	ks, err := newKeyStruct[T, K](e, index, true)
	if err != nil {
		panic(err)
	}
	qk := &QueryKey[T, K]{ks: *ks}
	qk.queryKeyLink = link.New[any](qk.ks.list)
	return qk
}

// Entity returns the entity the key queries (nil for a nil QueryKey).
func (qk *QueryKey[T, K]) Entity() *Entity[T] {
	if qk == nil {
		return nil
	}
	return qk.ks.e
}

// Index returns the index the key queries; "" is the table (and a nil
// QueryKey's).
func (qk *QueryKey[T, K]) Index() string {
	if qk == nil {
		return ""
	}
	return qk.ks.index
}

// Values returns k as the Values Query.Where takes: nil pointers are left
// out (nil for a nil QueryKey).
func (qk *QueryKey[T, K]) Values(k K) Values {
	if qk == nil {
		return nil
	}
	return qk.ks.values(&k)
}

func newKeyStruct[T, K any](e *Entity[T], index string, query bool) (*keyStruct[T, K], error) {
	kt := reflect.TypeFor[K]()
	ctor := fmt.Sprintf("ItemKeyOf[%v]", kt)
	if query {
		ctor = fmt.Sprintf("QueryKeyOf[%v](%q)", kt, index)
	}
	if e == nil {
		return nil, errtext.Errorf("%s needs an entity, got nil", ctor)
	}
	fail := func(format string, args ...any) (*keyStruct[T, K], error) {
		return nil, errtext.Errorf("%s: %s: "+format, append([]any{e.name, ctor}, args...)...)
	}
	if kt.Kind() != reflect.Struct {
		return fail("%v is not a struct", kt)
	}
	pk, sk, ok := e.keySpecs(index)
	if !ok {
		names := []string{""}
		for _, ix := range e.indexes {
			names = append(names, ix.name)
		}
		hint := ""
		if h := suggest(index, names); h != "" {
			hint = fmt.Sprintf(" (did you mean %q?)", h)
		}
		return fail("the entity is in no index %q%s", index, hint)
	}
	var sortUses []string
	if sk.Attribute != "" && (sk.Template != nil || e.isMultiIndex(index)) {
		sortUses = sk.Uses
	}
	inKey := map[string]string{} // composite -> "partition" or "sort"
	for _, u := range sortUses {
		inKey[u] = "sort"
	}
	for _, u := range pk.Uses {
		inKey[u] = "partition"
	}
	all := slices.Concat(pk.Uses, sortUses)
	kfields := map[string][]int{}
	collectFields(kt, kfields)
	tt := reflect.TypeFor[T]()
	ks := &keyStruct[T, K]{e: e, index: index}
	for _, name := range slices.Sorted(maps.Keys(kfields)) {
		idx := kfields[name]
		sf := kt.FieldByIndex(idx)
		if _, ok := inKey[name]; !ok {
			hint := ""
			if near := suggest(name, slices.Clone(all)); near != "" {
				hint = fmt.Sprintf("; did you mean %q?", near)
			}
			return fail("field %s (stored as %q) is no composite of the key (composites: %s)%s", sf.Name, name, strings.Join(all, ", "), hint)
		}
		for t, j := kt, 0; j < len(idx)-1; j++ {
			f := t.Field(idx[j])
			if f.Type.Kind() == reflect.Pointer {
				return fail("field %s (composite %q) is inside the embedded pointer %s, which may be nil; embed %v by value", sf.Name, name, f.Name, f.Type.Elem())
			}
			t = f.Type
		}
		ft := sf.Type
		ptr := ft.Kind() == reflect.Pointer
		if ptr {
			ft = ft.Elem()
		}
		if ptr && (!query || inKey[name] == "partition") {
			what := "an item key gives every composite"
			if query {
				what = "a query gives every partition composite"
			}
			return fail("field %s (composite %q) is a pointer, but %s; use %v", sf.Name, name, what, ft)
		}
		if tidx, ok := e.fields[name]; ok {
			want := deref(tt.FieldByIndex(tidx).Type)
			if ft != want {
				return fail("field %s (composite %q) is %v, but %v stores %q as %v", sf.Name, name, withArticle(sf.Type), tt, name, withArticle(want))
			}
		}
		kf := keyField{name: name, index: idx, ptr: ptr}
		kf.readable(kt)
		ks.fields = append(ks.fields, kf)
	}
	var missing []string
	for _, u := range pk.Uses {
		if _, ok := kfields[u]; !ok {
			missing = append(missing, u)
		}
	}
	if !query {
		for _, u := range sortUses {
			if _, ok := kfields[u]; !ok {
				missing = append(missing, u)
			}
		}
	} else {
		// The sort composites K holds must be a leading run.
		held := true
		for _, u := range sortUses {
			_, has := kfields[u]
			if has && !held {
				return fail("field for sort composite %q follows a sort composite K does not hold; a query gives leading sort composites only (sort key %s)", u, sk.Template)
			}
			held = held && has
		}
	}
	if len(missing) > 0 {
		var unexported []string
		for i := range kt.NumField() {
			if f := kt.Field(i); !f.IsExported() && !f.Anonymous {
				unexported = append(unexported, f.Name)
			}
		}
		note := ""
		if len(unexported) > 0 {
			note = fmt.Sprintf("; its unexported field(s) %s are not read (export them and tag them dynamo:\"<name>\")", strings.Join(unexported, ", "))
		}
		return fail("%v has no field for composite(s) %s of the key%s", kt, strings.Join(missing, ", "), note)
	}
	return ks, nil
}
