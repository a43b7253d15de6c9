package entity

import (
	"errors"
	"fmt"
	"reflect"
	"runtime/debug"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/keys"
)

// SampleTime returns the clock of every sample item (see Table.Sample),
// 2024-06-01 12:00 UTC: the time its timestamps hold, and the time a
// generated time field holds. It is a function, not a variable, so that no
// caller can move every other caller's samples.
func SampleTime() time.Time { return sampleTime }

// sampleTime is SampleTime's value.
var sampleTime = time.Date(2024, 6, 1, 12, 0, 0, 0, time.UTC)

// Sample returns the item a Put of a sample value of the entity named
// entityName writes, rendered by the entity's own put compile (nothing is
// sent) with the clock at SampleTime, and the marker items of its unique
// attributes that the Put writes with it (none for an entity without
// unique attributes). It documents the model: a data-modeling tool's
// sample data, a design review.
//
// The sample value is Config.Sample's when the entity gives one.
// Otherwise it is generated from T's stored fields: a string field takes
// the first value of its Enum rule, else its attribute name followed by
// "-1" (or a form of it without punctuation, a number, or a short one,
// where a key template of the entity takes "-" as a delimiter or wants a
// number); a number field 7; a bool true; a time SampleTime; a list, set
// or map one such element; a struct its fields so filled. The table's TTL
// attribute holds SampleTime plus 30 days, in Unix seconds when it is a
// number. Fields the Put fills itself are left zero: the lock attribute,
// the timestamps and every attribute with a Default. A field of a type
// that encodes itself (a marshaler, an interface) is left zero too.
// A Default is called as a put calls it, so a Default that makes a new
// value each call (NewID, or one reading time.Now rather than Config.Now)
// makes a different sample each time: for a sample that stays the same,
// give those fields values in Config.Sample (a Default fills only a zero
// field).
//
// Entities whose table keys may be the same (Config.SharesKeysWith) get
// distinct samples: the n-th of them, by name, takes "-n" and 6+n
// instead of "-1" and 7, its n-th Enum value and SampleTime plus n-1
// hours, so that their sample items do not share a key (unless a key of
// theirs has no composite).
//
// A generated value the entity refuses (a Validate rule, a Required
// field left zero) is a *ddbmodel.ValidationError naming the entity and
// wrapping the refusal, which says to set Config.Sample; so is an
// unknown entity, and a nil *Table.
func (t *Table) Sample(entityName string) (item map[string]types.AttributeValue, markers []map[string]types.AttributeValue, err error) {
	if t == nil {
		return nil, nil, nilTable("Sample")
	}
	t.mu.RLock()
	d, ok := t.entities[entityName]
	var group []string
	if ok {
		group = t.shareGroup(entityName)
	}
	t.mu.RUnlock()
	if !ok {
		reason := fmt.Sprintf("Sample: table %q has no entity %q", t.Name, entityName)
		if near := suggest(entityName, t.Entities()); near != "" {
			reason += fmt.Sprintf(" (did you mean %q?)", near)
		}
		return nil, nil, &ddbmodel.ValidationError{Entity: entityName, Reason: reason}
	}
	return d.sample(slices.Index(group, entityName))
}

// AttributeTypes returns the attribute value type a put of the entity
// named entityName stores for each of its top-level attributes ("S",
// "N", "B", "BOOL", "M", "L", "SS", "NS" or "BS"), by stored name; an
// attribute whose Go type encodes itself (a marshaler, an interface) is
// left out. It is nil when the table (or a nil *Table) has no such entity.
func (t *Table) AttributeTypes(entityName string) map[string]string {
	if t == nil {
		return nil
	}
	t.mu.RLock()
	d, ok := t.entities[entityName]
	t.mu.RUnlock()
	if !ok {
		return nil
	}
	return d.attrTypes()
}

// shareGroup returns, sorted, the entities of the table whose table keys
// name reaches through SharesKeysWith in either direction, name included;
// the caller holds t.mu.
func (t *Table) shareGroup(name string) []string {
	in := map[string]bool{name: true}
	for grew := true; grew; {
		grew = false
		for n, d := range t.entities {
			for _, o := range d.sharesWith() {
				if _, known := t.entities[o]; !known || in[n] == in[o] {
					continue
				}
				in[n], in[o], grew = true, true, true
			}
		}
	}
	out := make([]string, 0, len(in))
	for n := range in {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

func (e *entityCore) sharesWith() []string { return e.shares }

func (e *entityCore) attrTypes() map[string]string {
	out := map[string]string{}
	for name, n := range e.sch.attrs {
		if n.kind != "" {
			out[name] = n.kind
		}
	}
	return out
}

// sample is Table.Sample for the entity, the ordinal-th of the entities
// sharing its table keys.
func (e *Entity[T]) sample(ordinal int) (item map[string]types.AttributeValue, markers []map[string]types.AttributeValue, err error) {
	defer func() {
		if r := recover(); r != nil {
			item, markers = nil, nil
			err = &ddbmodel.ValidationError{Entity: e.name, Reason: "Sample: making the sample item panicked; set Config.Sample to a value the entity accepts",
				Err: &ddbmodel.PanicError{Value: r, Stack: debug.Stack()}}
		}
	}()
	fixed := *e
	fixed.now = func() time.Time { return sampleTime }
	if e.sampleFn != nil {
		item, markers, err = fixed.sampleItem(e.sampleFn())
		if err != nil {
			return nil, nil, &ddbmodel.ValidationError{Entity: e.name, Attribute: attributeOf(err), Reason: "Sample: the value of Config.Sample is refused", Err: err}
		}
		return item, markers, nil
	}
	g := &sampleGen[T]{e: e, ord: ordinal, tried: map[string]int{}}
	for {
		item, markers, err = fixed.sampleItem(g.value())
		if err == nil {
			return item, markers, nil
		}
		var ve *keys.ValueError
		if errors.As(err, &ve) && g.next(ve.Composite) {
			continue
		}
		return nil, nil, &ddbmodel.ValidationError{Entity: e.name, Attribute: attributeOf(err),
			Reason: "Sample: the entity refuses the sample value generated from its type; set Config.Sample to a value it accepts", Err: err}
	}
}

// attributeOf is the attribute a refusal names, if any.
func attributeOf(err error) string {
	var ve *ddbmodel.ValidationError
	if errors.As(err, &ve) {
		return ve.Attribute
	}
	return ""
}

// sampleItem compiles the put of v (e's clock is the caller's) and the
// puts of its unique values' marker items, as a put on an empty table
// writes them.
func (e *Entity[T]) sampleItem(v T) (map[string]types.AttributeValue, []map[string]types.AttributeValue, error) {
	c, err := PutOp[T]{e: e, v: v, putRequest: putRequest{e: e.core()}}.compile()
	if err != nil {
		return nil, nil, err
	}
	writes, err := e.markerWrites(nil, c.item, e.tableKey(c.item))
	if err != nil {
		return nil, nil, err
	}
	var markers []map[string]types.AttributeValue
	for _, w := range writes {
		if w.Item.Put != nil {
			markers = append(markers, w.Item.Put.Item)
		}
	}
	return c.item, markers, nil
}

// sampleGen generates a sample value of an entity's T.
type sampleGen[T any] struct {
	e   *Entity[T]
	ord int
	// tried holds, for each free-text string attribute, the index of the
	// candidate it takes (see candidates).
	tried map[string]int
}

// sampleDepth bounds how deep the sample fills nested values.
const sampleDepth = 4

// value returns the sample value as the candidates tried so far make it.
func (g *sampleGen[T]) value() T {
	var v T
	rv := reflect.ValueOf(&v).Elem()
	e := g.e
	names := make([]string, 0, len(e.fields))
	for n := range e.fields {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, name := range names {
		if e.lock != nil && e.lock.name == name || e.created != nil && e.created.name == name || e.updated != nil && e.updated.name == name {
			continue // the put fills them
		}
		var enum []string
		if r := e.byName[name]; r != nil {
			if r.Default != nil {
				continue // the put applies it
			}
			enum = r.Enum
		}
		f, ok := sampleField(rv, e.fields[name])
		if !ok {
			continue
		}
		if name == e.table.TTLAttribute {
			g.fillTTL(f)
			continue
		}
		g.fill(f, name, enum, 0)
	}
	return v
}

// sampleField returns the field at index, allocating the embedded pointers on
// the way; ok is false when one is not settable.
func sampleField(v reflect.Value, index []int) (reflect.Value, bool) {
	for i, x := range index {
		if i > 0 && v.Kind() == reflect.Pointer {
			if v.IsNil() {
				if !v.CanSet() {
					return reflect.Value{}, false
				}
				v.Set(reflect.New(v.Type().Elem()))
			}
			v = v.Elem()
		}
		v = v.Field(x)
	}
	return v, v.CanSet()
}

// fillTTL sets the table's TTL attribute: SampleTime plus 30 days.
func (g *sampleGen[T]) fillTTL(f reflect.Value) {
	at := sampleTime.AddDate(0, 0, 30)
	f = settable(f)
	switch {
	case f.Type() == timeType:
		f.Set(reflect.ValueOf(at))
	case f.CanInt():
		f.SetInt(at.Unix())
	case f.CanUint():
		f.SetUint(uint64(at.Unix()))
	case f.CanFloat():
		f.SetFloat(float64(at.Unix()))
	}
}

// settable allocates the pointers of f and returns what they point to.
func settable(f reflect.Value) reflect.Value {
	for f.Kind() == reflect.Pointer {
		if f.IsNil() {
			f.Set(reflect.New(f.Type().Elem()))
		}
		f = f.Elem()
	}
	return f
}

// fill sets f, the field (or element) stored as name, to its sample.
func (g *sampleGen[T]) fill(f reflect.Value, name string, enum []string, depth int) {
	if depth > sampleDepth {
		return
	}
	t := f.Type()
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t != timeType && (implements(t, dynamoMarshalerType) || implements(t, avMarshalerType) || implements(t, textMarshalerType)) {
		return // its own encoding: no sample of it is known
	}
	n := strconv.Itoa(g.ord + 1)
	switch {
	case t == timeType:
		settable(f).Set(reflect.ValueOf(sampleTime.Add(time.Duration(g.ord) * time.Hour)))
	case t.Kind() == reflect.String:
		s := g.text(name)
		if len(enum) > 0 {
			s = enum[(g.ord+g.tried[name])%len(enum)]
		}
		settable(f).SetString(s)
	case t.Kind() == reflect.Bool:
		settable(f).SetBool(true)
	case isNumberKind(t.Kind()):
		x := settable(f)
		switch {
		case x.CanInt():
			x.SetInt(int64(7 + g.ord))
		case x.CanUint():
			x.SetUint(uint64(7 + g.ord))
		case x.CanFloat():
			x.SetFloat(float64(7 + g.ord))
		}
	case (t.Kind() == reflect.Slice || t.Kind() == reflect.Array) && t.Elem().Kind() == reflect.Uint8:
		x := settable(f)
		b := []byte(name + "-" + n)
		if x.Kind() == reflect.Slice {
			x.SetBytes(b)
		} else {
			reflect.Copy(x, reflect.ValueOf(b))
		}
	case t.Kind() == reflect.Slice:
		x := settable(f)
		x.Set(reflect.MakeSlice(t, 1, 1))
		g.fill(x.Index(0), name, enum, depth+1)
	case t.Kind() == reflect.Array:
		x := settable(f)
		for i := 0; i < x.Len(); i++ {
			g.fill(x.Index(i), name, enum, depth+1)
		}
	case t.Kind() == reflect.Map && t.Key().Kind() == reflect.String:
		x := settable(f)
		m := reflect.MakeMapWithSize(t, 1)
		k := reflect.New(t.Key()).Elem()
		k.SetString("key" + n)
		el := reflect.New(t.Elem()).Elem()
		g.fill(el, name, enum, depth+1)
		m.SetMapIndex(k, el)
		x.Set(m)
	case t.Kind() == reflect.Struct:
		x := settable(f)
		storedFields(t, func(fname, _ string, _ reflect.StructField, index []int) {
			if sf, ok := sampleField(x, index); ok {
				g.fill(sf, fname, nil, depth+1)
			}
		})
	}
}

// text is the sample of the free-text attribute name: the candidate it
// has reached.
func (g *sampleGen[T]) text(name string) string {
	c := g.candidates(name)
	return c[min(g.tried[name], len(c)-1)]
}

// candidates are the sample values tried in turn for a free-text
// attribute: its name followed by "-1", then a form without punctuation
// or symbols (a template may take "-" or "_" as a delimiter, which no
// value may hold), a number (for a string rendered into a number key, or
// padded), and finally short ones, in case a letter of the others begins
// the literal that follows the composite.
func (g *sampleGen[T]) candidates(name string) []string {
	n := strconv.Itoa(g.ord + 1)
	alnum := strings.Map(func(r rune) rune {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return r
		}
		return -1
	}, name)
	out := []string{name + "-" + n}
	if alnum != "" {
		out = append(out, alnum+n)
	}
	at := sampleTime.Add(time.Duration(g.ord) * time.Hour).Format(time.RFC3339)
	return append(out, strconv.Itoa(7+g.ord), at, "x"+n, "q"+n, "z"+n)
}

// next moves the string attribute name to its next candidate (an Enum
// attribute to its next Enum value); false when it has none left or is
// no string field of T.
func (g *sampleGen[T]) next(name string) bool {
	idx, ok := g.e.fields[name]
	if !ok || name == "" {
		return false
	}
	t := g.e.typ.FieldByIndex(idx).Type
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t.Kind() != reflect.String || implements(t, textMarshalerType) {
		return false
	}
	n := len(g.candidates(name))
	if r := g.e.byName[name]; r != nil && r.Default != nil {
		return false
	} else if r != nil && len(r.Enum) > 0 {
		n = len(r.Enum) // its values, in turn, until one the keys take
	}
	if g.tried[name]+1 >= n {
		return false
	}
	g.tried[name]++
	return true
}
