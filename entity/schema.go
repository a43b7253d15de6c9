package entity

import (
	"encoding"
	"fmt"
	"iter"
	"maps"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/guregu/dynamo/v2"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/internal/ddbnum"
	"github.com/ddbmodel/ddbmodel/internal/docpath"
	"github.com/ddbmodel/ddbmodel/internal/expr"
	"github.com/ddbmodel/ddbmodel/internal/hint"
	"github.com/ddbmodel/ddbmodel/keys"
)

// attrNode describes the values stored at one attribute or document path
// of an entity's items: the Go type a put encodes there and how.
type attrNode struct {
	name string       // stored name (a struct field's), or "" for an element
	typ  reflect.Type // the Go type as declared (may be a pointer)
	base reflect.Type // typ without pointers
	// enc is a one-field struct type whose field has typ and the field's
	// dynamo tag, so that a value encodes exactly as a put encodes it.
	enc  reflect.Type
	set  bool // the tag's set option: a slice or map stored as SS, NS or BS
	null bool // the tag's null option: a zero value stored as NULL
	// kind is the attribute value kind a put stores ("S", "N", "SS", "L",
	// "M"...), or "" when the type decides for itself (a marshaler, an
	// interface).
	kind string
	// fields are a struct value's stored fields (M), by stored name.
	fields map[string]*attrNode
	// elem is a list's element or a map's value; nil for sets and scalars.
	elem   *attrNode
	isMap  bool // a map stored as M: any key names an element
	isList bool // a slice or array stored as L: indexes name elements
	badKey bool // a map whose keys no put can encode (not strings or text)
	// dynamic: an interface value, whose contents the type does not say;
	// any path below it is accepted and values are encoded by their own type.
	dynamic bool
	// plain is set when a value encodes without enc (see plainEncoding).
	plain plainEncoding
	// enum is the field's Enum rule, if any: key, condition and filter
	// values outside it are refused, as a put refuses them.
	enum []string
	// viaPtr: a field of an embedded *Inner, which a put of a value whose
	// pointer is nil leaves out.
	viaPtr bool
	// unixIgnored: the tag has the unixtime option, which the encoder
	// applies only to a time.Time; Define refuses it elsewhere.
	unixIgnored bool
}

var (
	dynamoMarshalerType = reflect.TypeOf((*dynamo.Marshaler)(nil)).Elem()
	avMarshalerType     = reflect.TypeOf((*dynamo.ItemMarshaler)(nil)).Elem()
	textMarshalerType   = reflect.TypeOf((*encoding.TextMarshaler)(nil)).Elem()
	textUnmarshalerType = reflect.TypeOf((*encoding.TextUnmarshaler)(nil)).Elem()
)

// implements reports whether t or *t implements iface.
func implements(t, iface reflect.Type) bool {
	return t.Implements(iface) || (t.Kind() != reflect.Pointer && reflect.PointerTo(t).Implements(iface))
}

// schemaOf describes the stored fields of struct type rt, as guregu/dynamo
// encodes them: tagged names, "-" skipped, embedded structs flattened.
func schemaOf(rt reflect.Type) map[string]*attrNode {
	return structFields(rt, map[reflect.Type]bool{})
}

func structFields(rt reflect.Type, seen map[reflect.Type]bool) map[string]*attrNode {
	out := map[string]*attrNode{}
	if seen[rt] {
		return out // a recursive type: stop describing it below this level
	}
	seen[rt] = true
	defer delete(seen, rt)
	storedFields(rt, func(name, opts string, f reflect.StructField, index []int) {
		if _, dup := out[name]; !dup {
			out[name] = newNode(name, f.Type, opts, seen)
			out[name].viaPtr = behindPointer(rt, index)
		}
	})
	return out
}

// newNode describes a value of type t stored under name with the tag
// options opts.
func newNode(name string, t reflect.Type, opts string, seen map[reflect.Type]bool) *attrNode {
	n := &attrNode{name: name, typ: t, base: t}
	for n.base.Kind() == reflect.Pointer {
		n.base = n.base.Elem()
	}
	flags := strings.Split(opts, ",")
	n.set = slices.Contains(flags, "set")
	n.null = slices.Contains(flags, "null")
	unix := slices.Contains(flags, "unixtime")
	n.unixIgnored = unix && n.base != timeType
	tag := `dynamo:"v`
	if opts != "" {
		tag += "," + opts
	}
	tag += `"`
	if t.Kind() != reflect.Pointer || t.Elem().Kind() != reflect.Pointer {
		n.enc = reflect.StructOf([]reflect.StructField{{Name: "V", Type: t, Tag: reflect.StructTag(tag)}})
		n.plain = plainEncodingOf(t, opts)
	}
	b := n.base
	switch {
	case implements(b, dynamoMarshalerType) || implements(b, avMarshalerType):
		// Its own encoding: any kind.
	case b == timeType:
		n.kind = "S"
		if unix {
			n.kind = "N"
		}
	case implements(b, textMarshalerType):
		n.kind = "S"
	case b.Kind() == reflect.Interface:
		n.dynamic = true
	case n.set:
		n.kind = setKind(b)
	case b.Kind() == reflect.String:
		n.kind = "S"
	case b.Kind() == reflect.Bool:
		n.kind = "BOOL"
	case isNumberKind(b.Kind()):
		n.kind = "N"
	case (b.Kind() == reflect.Slice || b.Kind() == reflect.Array) && b.Elem().Kind() == reflect.Uint8:
		n.kind = "B"
	case b.Kind() == reflect.Slice || b.Kind() == reflect.Array:
		n.kind, n.isList = "L", true
		n.elem = elemNode(b, seen, elemOpts(flags, true))
	case b.Kind() == reflect.Map:
		n.kind, n.isMap = "M", true
		n.badKey = b.Key().Kind() != reflect.String && !implements(b.Key(), textMarshalerType)
		n.elem = elemNode(b, seen, elemOpts(flags, false))
	case b.Kind() == reflect.Struct:
		n.kind = "M"
		n.fields = structFields(b, seen)
	}
	return n
}

// elemNode describes the elements of the list or map type t; below a
// type that holds itself (type Tree []Tree) the contents are left
// undescribed, as for an interface.
func elemNode(t reflect.Type, seen map[reflect.Type]bool, opts string) *attrNode {
	if seen[t] {
		return &attrNode{typ: t.Elem(), base: t.Elem(), dynamic: true}
	}
	seen[t] = true
	defer delete(seen, t)
	return newNode("", t.Elem(), opts, seen)
}

func setKind(t reflect.Type) string {
	var el reflect.Type
	switch t.Kind() {
	case reflect.Slice, reflect.Array:
		el = t.Elem()
	case reflect.Map:
		el = t.Key()
	default:
		return ""
	}
	switch {
	case el.Kind() == reflect.Slice && el.Elem().Kind() == reflect.Uint8:
		return "BS"
	case el.Kind() == reflect.String || implements(el, textMarshalerType):
		return "SS"
	case isNumberKind(el.Kind()):
		return "NS"
	}
	return ""
}

func isNumberKind(k reflect.Kind) bool {
	switch k {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64:
		return true
	}
	return false
}

// goType names the Go type a node holds, for error messages.
func (n *attrNode) goType() string { return n.typ.String() }

// convert turns v into a value of the node's Go type, the way an
// assignment in Go code would accept it: the same type, a type of the
// same kind (a named type and its base, int and int64), a pointer to or
// the value under a pointer field, or a number that the field's type holds
// exactly. Anything else is an error saying what was expected.
//
// loose also takes the text of a number, a time or a text-marshaled value,
// as key composites do (With values are key composites).
func (n *attrNode) convert(v any, loose bool) (reflect.Value, error) {
	want := n.typ
	if v == nil {
		if canNil(want) {
			return reflect.Zero(want), nil
		}
		return reflect.Value{}, fmt.Errorf("want %s, got nil", n.goType())
	}
	rv := reflect.ValueOf(v)
	if rv.Type() == want {
		return rv, nil // the node's own type: nothing to convert, nothing to copy
	}
	if out, ok := convertTo(rv, want); ok {
		return out, nil
	}
	// Pointers (of any depth) and interfaces are followed, as for key
	// composites; a nil on the way is a nil value.
	for depth := 0; depth < 16 && (rv.Kind() == reflect.Pointer || rv.Kind() == reflect.Interface); depth++ {
		if rv.IsNil() {
			if canNil(want) {
				return reflect.Zero(want), nil
			}
			return reflect.Value{}, fmt.Errorf("want %s, got nil", n.goType())
		}
		rv = rv.Elem()
		if out, ok := convertTo(rv, want); ok {
			return out, nil
		}
		if want.Kind() == reflect.Pointer {
			if out, ok := convertTo(rv, want.Elem()); ok {
				p := reflect.New(want.Elem())
				p.Elem().Set(out)
				return p, nil
			}
		}
	}
	if loose && n.base == timeType && n.kind == "N" && (rv.CanInt() || rv.CanUint()) {
		// Unix seconds, for a time stored as them: an int64 (the seconds a
		// time.Time gives back), not a uint64 past it.
		var sec int64
		if rv.CanInt() {
			sec = rv.Int()
		} else if rv.Uint() <= math.MaxInt64 {
			sec = int64(rv.Uint())
		} else {
			return reflect.Value{}, fmt.Errorf("want unix seconds (an int64), got %d, out of range", rv.Uint())
		}
		out := reflect.ValueOf(time.Unix(sec, 0).UTC())
		if want.Kind() == reflect.Pointer {
			p := reflect.New(want.Elem())
			p.Elem().Set(out)
			return p, nil
		}
		return out, nil
	}
	if loose && rv.Kind() == reflect.String {
		if out, ok := parseText(rv.String(), n.base); ok {
			if want.Kind() == reflect.Pointer {
				p := reflect.New(want.Elem())
				p.Elem().Set(out)
				return p, nil
			}
			return out, nil
		}
	}
	// A value for a pointer field.
	if want.Kind() == reflect.Pointer {
		if out, ok := convertTo(rv, want.Elem()); ok {
			p := reflect.New(want.Elem())
			p.Elem().Set(out)
			return p, nil
		}
	}
	if loose && rv.Kind() == reflect.String {
		if why := n.notWhole(rv.String()); why != "" {
			return reflect.Value{}, fmt.Errorf("want %s: %s", n.goType(), why)
		}
		if form := textForm(n); form != "" {
			return reflect.Value{}, fmt.Errorf("want %s or %s, got %q", n.goType(), form, rv.String())
		}
	}
	if isNumberKind(rv.Kind()) && isNumberKind(n.base.Kind()) {
		return reflect.Value{}, fmt.Errorf("want %s, got %v (%T), which %v does not hold exactly", n.goType(), rv, v, withArticle(n.base))
	}
	return reflect.Value{}, fmt.Errorf("want %s, got %T", n.goType(), v)
}

// textForm names the text a key composite of n's field may be given as
// instead of a value of the field's type, or "" when it takes none.
func textForm(n *attrNode) string {
	switch {
	case n.base == timeType && n.kind == "N":
		return "its RFC 3339 text (or Unix seconds as an integer)"
	case n.base == timeType:
		return "its RFC 3339 text"
	case reflect.PointerTo(n.base).Implements(textUnmarshalerType):
		return "text its UnmarshalText accepts"
	case isNumberKind(n.base.Kind()):
		return "its decimal text"
	}
	return ""
}

// parseText reads the text of a value of type t (a number, a time, a
// TextUnmarshaler), exactly: "2.5" is no int.
func parseText(text string, t reflect.Type) (reflect.Value, bool) {
	out := reflect.New(t)
	switch {
	case t == timeType:
		tm, err := time.Parse(time.RFC3339Nano, text)
		if err != nil {
			return reflect.Value{}, false
		}
		out.Elem().Set(reflect.ValueOf(tm))
	case reflect.PointerTo(t).Implements(textUnmarshalerType):
		if err := out.Interface().(encoding.TextUnmarshaler).UnmarshalText([]byte(text)); err != nil {
			return reflect.Value{}, false
		}
	case out.Elem().CanInt():
		i, err := strconv.ParseInt(wholeText(text), 10, 64)
		if err != nil || out.Elem().OverflowInt(i) {
			return reflect.Value{}, false
		}
		out.Elem().SetInt(i)
	case out.Elem().CanUint():
		u, err := strconv.ParseUint(wholeText(text), 10, 64)
		if err != nil || out.Elem().OverflowUint(u) {
			return reflect.Value{}, false
		}
		out.Elem().SetUint(u)
	case out.Elem().CanFloat():
		// Decimal text only, as DynamoDB writes numbers: not Go's hex
		// floats ("0x1p4"), nor a nonzero number too small for the
		// field, which ParseFloat rounds to 0 ("1e-400").
		num, bad := ddbnum.Parse(text)
		f, err := strconv.ParseFloat(text, t.Bits())
		if bad != "" || err != nil || f == 0 && !num.IsZero() {
			return reflect.Value{}, false
		}
		out.Elem().SetFloat(f)
	default:
		return reflect.Value{}, false
	}
	return out.Elem(), true
}

func canNil(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Pointer, reflect.Interface, reflect.Map, reflect.Slice:
		return true
	}
	return false
}

// convertTo converts rv to want when Go would let a program do so without
// changing what the value means.
func convertTo(rv reflect.Value, want reflect.Type) (reflect.Value, bool) {
	t := rv.Type()
	if t.AssignableTo(want) {
		out := reflect.New(want).Elem()
		out.Set(rv)
		return out, true
	}
	if want.Kind() == reflect.Interface {
		return reflect.Value{}, false
	}
	switch {
	case isNumberKind(t.Kind()) && isNumberKind(want.Kind()):
		return convertNumber(rv, want)
	case t.Kind() != want.Kind():
		return reflect.Value{}, false
	case t.Kind() == reflect.String, t.Kind() == reflect.Bool:
		return rv.Convert(want), true
	}
	if t.ConvertibleTo(want) && t.Kind() != reflect.Pointer {
		// Slices, maps and structs of identical underlying types.
		return rv.Convert(want), true
	}
	return convertElems(rv, want)
}

// convertNumber converts between number kinds when the value survives
// unchanged: 3 into an int8, 2.0 into an int, never 2.5 into an int or
// 300 into an int8.
func convertNumber(rv reflect.Value, want reflect.Type) (reflect.Value, bool) {
	out := reflect.New(want).Elem()
	switch {
	case rv.CanInt():
		i := rv.Int()
		switch {
		case out.CanInt():
			if out.OverflowInt(i) {
				return reflect.Value{}, false
			}
			out.SetInt(i)
		case out.CanUint():
			if i < 0 || out.OverflowUint(uint64(i)) {
				return reflect.Value{}, false
			}
			out.SetUint(uint64(i))
		default:
			f := float64(i)
			if int64(f) != i || out.OverflowFloat(f) {
				return reflect.Value{}, false
			}
			out.SetFloat(f)
		}
	case rv.CanUint():
		u := rv.Uint()
		switch {
		case out.CanInt():
			if u > math.MaxInt64 || out.OverflowInt(int64(u)) {
				return reflect.Value{}, false
			}
			out.SetInt(int64(u))
		case out.CanUint():
			if out.OverflowUint(u) {
				return reflect.Value{}, false
			}
			out.SetUint(u)
		default:
			f := float64(u)
			if uint64(f) != u {
				return reflect.Value{}, false
			}
			out.SetFloat(f)
		}
	default:
		f := rv.Float()
		switch {
		case out.CanInt():
			if f != math.Trunc(f) || f < math.MinInt64 || f >= math.MaxInt64 || out.OverflowInt(int64(f)) {
				return reflect.Value{}, false
			}
			out.SetInt(int64(f))
		case out.CanUint():
			if f != math.Trunc(f) || f < 0 || f >= math.MaxUint64 || out.OverflowUint(uint64(f)) {
				return reflect.Value{}, false
			}
			out.SetUint(uint64(f))
		default:
			if want.Kind() == reflect.Float32 && !math.IsInf(f, 0) && !math.IsNaN(f) && float64(float32(f)) != f {
				return reflect.Value{}, false
			}
			out.SetFloat(f)
		}
	}
	return out, true
}

// encode returns the attribute value a put stores for the field holding
// fv (a value of the node's type), or nil when a put leaves the attribute
// out (an empty string, set or nil pointer, an omitempty zero).
func (n *attrNode) encode(fv reflect.Value) (types.AttributeValue, error) {
	if n.plain.ok {
		return n.encodePlain(fv), nil
	}
	if n.enc == nil {
		return marshalValue(fv.Interface())
	}
	s := reflect.New(n.enc)
	s.Elem().Field(0).Set(fv)
	item, err := dynamo.MarshalItem(s.Interface())
	if err != nil {
		return nil, err
	}
	return item["v"], nil
}

// decode decodes av as a read decodes the field: into a value of the
// node's type, with the field's tag options.
func (n *attrNode) decode(av types.AttributeValue) (reflect.Value, error) {
	if n.enc == nil {
		p := reflect.New(n.typ)
		err := unmarshal(av, p.Interface())
		return p.Elem(), err
	}
	s := reflect.New(n.enc)
	if err := unmarshalItem(map[string]types.AttributeValue{"v": av}, s.Interface()); err != nil {
		return reflect.Value{}, err
	}
	return s.Elem().Field(0), nil
}

// value converts v to the node's type and encodes it; a types.AttributeValue
// is taken as the value it decodes to, when a put of that value stores the
// same (see rawValue).
func (n *attrNode) value(v any) (types.AttributeValue, reflect.Value, error) {
	return n.valueOf(v, false)
}

// valueOf is value, taking text for numbers and times when loose.
func (n *attrNode) valueOf(v any, loose bool) (types.AttributeValue, reflect.Value, error) {
	if why := nilAV(v); why != "" {
		return nil, reflect.Value{}, fmt.Errorf("want %s, got %s", n.goType(), why)
	}
	if av, ok := v.(types.AttributeValue); ok {
		if n.kind != "" && avCode(av) != n.kind && !isNull(av) {
			return nil, reflect.Value{}, fmt.Errorf("want %s (stored as %s), got %s", n.goType(), n.kind, avKind(av))
		}
		if err := n.checkNull(av); err != nil {
			return nil, reflect.Value{}, err
		}
		if n.dynamic {
			return av, reflect.Value{}, nil
		}
		// Taken as the Go value it decodes to, when a put of that value
		// stores the same (see rawValue).
		return n.rawValue(av)
	}
	if n.dynamic {
		av, err := marshalValue(v)
		return av, reflect.ValueOf(v), err
	}
	fv, err := n.convert(v, loose)
	if err != nil {
		return nil, reflect.Value{}, err
	}
	av, err := n.encode(fv)
	return av, fv, err
}

// elementNode describes one element of a set, list or map node: what
// Contains looks for and what list or set operands hold.
func (n *attrNode) elementNode() *attrNode {
	if n.elem != nil {
		return n.elem
	}
	b := n.base
	switch {
	case n.set && b.Kind() == reflect.Map:
		return newNode("", b.Key(), "", map[reflect.Type]bool{})
	case n.set:
		return newNode("", b.Elem(), "", map[reflect.Type]bool{})
	}
	return nil
}

// suggest returns the name among names closest to name, when one is close
// enough to be a likely typo, for a "did you mean" hint (see hint.Suggest).
func suggest(name string, names []string) string { return hint.Suggest(name, names) }

// avCode is the DynamoDB type code of av: "S", "N", "SS", "L"...
func avCode(av types.AttributeValue) string {
	switch av.(type) {
	case *types.AttributeValueMemberS:
		return "S"
	case *types.AttributeValueMemberN:
		return "N"
	case *types.AttributeValueMemberB:
		return "B"
	case *types.AttributeValueMemberBOOL:
		return "BOOL"
	case *types.AttributeValueMemberNULL:
		return "NULL"
	case *types.AttributeValueMemberL:
		return "L"
	case *types.AttributeValueMemberM:
		return "M"
	case *types.AttributeValueMemberSS:
		return "SS"
	case *types.AttributeValueMemberNS:
		return "NS"
	case *types.AttributeValueMemberBS:
		return "BS"
	}
	return ""
}

// schema is what an entity's inputs are checked against: the stored
// fields of T, the key and marker attributes the entity maintains, and the
// extra attributes its Config declares.
type schema struct {
	entity  string
	typ     reflect.Type
	attrs   map[string]*attrNode
	special map[string]bool // key and marker attributes: any value, never updated
	extra   map[string]bool // declared attributes T does not hold: any value
	// keyTypes are the declared types of the table's key attributes, which
	// a condition value for one must have.
	keyTypes map[string]types.ScalarAttributeType
	// members are the schemas of a collection's entities, when this one
	// merges them (see schemaFor); nil for one entity's.
	members []*schema
	// tops are the one-element paths of the top-level names, made once
	// (knownPlaceholders) and shared by the references resolve returns;
	// nil for a merged schema, whose references make their own.
	tops map[string]docpath.Path
	// plain are the references resolve returns for the stored, key,
	// marker and extra names that are not document paths (no '.', '[' or
	// '"'), made once: most names an operation gives are these. Nil for
	// a merged schema.
	plain map[string]attrRef
	// timeKeys are the attributes of T whose every key composite is a
	// time or a date (${name:time}, ${name:date}; no key function or
	// multi-attribute key reads the field), true for those only dates: a
	// key value for one may be a time or a day its field's own type does
	// not hold (see timeValue).
	timeKeys map[string]bool
}

// knownPlaceholders makes the expression placeholders of the schema's
// top-level, key, marker and extra attribute names once (expr.Known), and
// their one-element paths, so that the requests naming them allocate
// neither.
func (s *schema) knownPlaceholders() {
	tops := map[string]docpath.Path{}
	for _, names := range []iter.Seq[string]{maps.Keys(s.attrs), maps.Keys(s.special), maps.Keys(s.extra), maps.Keys(s.keyTypes)} {
		for n := range names {
			expr.Known(n)
			tops[n] = docpath.Path{{Name: n}}[:1:1]
		}
	}
	s.tops = tops
	s.plain = map[string]attrRef{}
	for _, names := range []iter.Seq[string]{maps.Keys(s.attrs), maps.Keys(s.special), maps.Keys(s.extra)} {
		for n := range names {
			if checkName(n) == nil && !strings.ContainsAny(n, `.["`) {
				s.plain[n] = attrRef{name: n, top: n, path: tops[n], node: s.attrs[n]}
			}
		}
	}
}

// topPath is the path of the top-level name: shared when made at Define.
// No code writes into a reference's path, and its capacity is its length,
// so an append copies it.
func (s *schema) topPath(name string) docpath.Path {
	if p, ok := s.tops[name]; ok {
		return p
	}
	return docpath.Path{{Name: name}}
}

// attrRef is an attribute name or document path resolved against a schema.
type attrRef struct {
	name string       // as given
	top  string       // the top-level attribute
	path docpath.Path // the path; one element for a top-level attribute
	node *attrNode    // nil for key, marker and extra attributes, and below interfaces
}

// nested reports whether the reference is below a top-level attribute.
func (r attrRef) nested() bool { return len(r.path) > 1 }

// resolve resolves name, for use (a short phrase: "Set", "condition"...),
// to an attribute of the schema or a document path into one, or returns a
// *ddbmodel.ValidationError naming the entity and the attribute, with a
// hint when a known name is close. A name T stores is that attribute even
// when it holds '.' or '['; when it could also be read as a path into
// another attribute, it is refused as ambiguous, and the message says how
// to write each.
func (s *schema) resolve(name, use string) (attrRef, error) {
	if r, ok := s.plain[name]; ok {
		return r, nil
	}
	if refused, err := refusedKeyError(s.entity, name, use); refused {
		return attrRef{}, err
	}
	if err := checkName(name); err != nil {
		return attrRef{}, s.invalid(name, use, err.Error())
	}
	n, stored := s.attrs[name]
	top := stored || s.special[name] || s.extra[name]
	if !strings.ContainsAny(name, `.["`) {
		if !top {
			return attrRef{}, s.unknown(name, use)
		}
		return attrRef{name: name, top: name, path: s.topPath(name), node: n}, nil
	}
	p, perr := docpath.Parse(name)
	if top {
		if perr == nil && len(p) > 1 {
			if _, err := s.walk(name, p, use); err == nil {
				q := docpath.Path{{Name: name}}
				return attrRef{}, s.invalid(name, use, fmt.Sprintf("ambiguous: it names the attribute %s and the path %s; write %q for the attribute or %q for the path", q, p, q.String(), quoteFirst(p)))
			}
		}
		return attrRef{name: name, top: name, path: docpath.Path{{Name: name}}, node: n}, nil
	}
	if strings.Contains(name, "*") && isPattern(name) {
		// Written bare, * is a rule's wildcard; an operation names one
		// entry, and a map key that is the text * is quoted.
		return attrRef{}, s.invalid(name, use, `a bare * or [*] is a wildcard, which only Config.Attributes rules take; name one entry, or quote a map key that is the text * ("*")`)
	}
	if perr != nil {
		return attrRef{}, s.invalid(name, use, "not a stored attribute, and not a document path: "+detailOf(perr))
	}
	return s.walkOrHint(name, p, use)
}

// isPattern reports whether name, read as a rule's path, holds a wildcard.
func isPattern(name string) bool {
	p, err := docpath.ParsePattern(name)
	return err == nil && p.HasWild()
}

// quoteFirst writes p with its first name quoted, which makes the text a
// path even when the whole of it is also a stored name.
func quoteFirst(p docpath.Path) string {
	rest := p[1:].String()
	if len(p) > 1 && !p[1].IsIndex {
		rest = "." + rest
	}
	return strconv.Quote(p[0].Name) + rest
}

// walk resolves a parsed path element by element.
func (s *schema) walk(name string, p docpath.Path, use string) (attrRef, error) {
	root := p[0].Name
	ref := attrRef{name: name, top: root, path: p}
	n, ok := s.attrs[root]
	switch {
	case ok:
	case s.extra[root]:
		return ref, nil // undeclared contents
	case s.special[root]:
		if len(p) > 1 {
			return attrRef{}, s.invalid(name, use, fmt.Sprintf("%s is a key or marker attribute; it holds no document", root))
		}
		return ref, nil
	default:
		return attrRef{}, s.unknown(root, use)
	}
	for i, el := range p[1:] {
		at := p[:i+1]
		switch {
		case n.dynamic:
			return ref, nil
		case el.IsIndex && n.isList:
			if !el.Wild && n.base.Kind() == reflect.Array && el.Index >= n.base.Len() {
				return attrRef{}, s.invalid(name, use, fmt.Sprintf("%s is %s: it has no element [%d]", at, withArticle(n.goType()), el.Index))
			}
			n = n.elem
		case el.IsIndex:
			return attrRef{}, s.invalid(name, use, fmt.Sprintf("%s is %s (stored as %s), not a list: it has no element %s", at, withArticle(n.goType()), kindName(n), docpath.Path{el}))
		case el.Wild && !n.isMap:
			return attrRef{}, s.invalid(name, use, fmt.Sprintf("%s is %s (stored as %s), not a map: * stands for every key of a map", at, withArticle(n.goType()), kindName(n)))
		case n.isMap:
			if why := mapKeyRefusal(n, el.Name); why != "" && !el.Wild {
				return attrRef{}, s.invalid(name, use, fmt.Sprintf("%s: %s", at, why))
			}
			n = n.elem
		case n.fields != nil:
			f, ok := n.fields[el.Name]
			if !ok {
				reason := fmt.Sprintf("%s is %s with no field stored as %q", at, withArticle(n.goType()), el.Name)
				names := make([]string, 0, len(n.fields))
				for k := range n.fields {
					names = append(names, k)
				}
				if hint := suggest(el.Name, names); hint != "" {
					reason += fmt.Sprintf(" (did you mean %q?)", hint)
				}
				return attrRef{}, s.invalid(name, use, reason)
			}
			n = f
		default:
			return attrRef{}, s.invalid(name, use, fmt.Sprintf("%s is %s (stored as %s): it holds no %q", at, withArticle(n.goType()), kindName(n), el.Name))
		}
	}
	if n.dynamic {
		return ref, nil
	}
	ref.node = n
	return ref, nil
}

func kindName(n *attrNode) string {
	if n.kind == "" {
		return "its own encoding"
	}
	return n.kind
}

// names lists every name the schema resolves at the top level.
func (s *schema) names() []string {
	out := make([]string, 0, len(s.attrs)+len(s.special)+len(s.extra))
	for n := range s.attrs {
		out = append(out, n)
	}
	for n := range s.extra {
		out = append(out, n)
	}
	return out
}

func (s *schema) unknown(name, use string) error {
	reason := fmt.Sprintf("%s: %v has no attribute stored as %q", use, s.typ, name)
	if len(s.members) > 0 {
		types := make([]string, len(s.members))
		for i, m := range s.members {
			types[i] = fmt.Sprint(m.typ)
		}
		reason = fmt.Sprintf("%s: no entity of the collection (%s) has an attribute stored as %q", use, strings.Join(types, ", "), name)
	}
	if hint := suggest(name, s.names()); hint != "" {
		reason += fmt.Sprintf(" (did you mean %q?)", hint)
	} else {
		reason += "; declare attributes the type does not hold in Config.ExtraAttributes"
	}
	return &ddbmodel.ValidationError{Entity: s.entity, Attribute: name, Reason: reason}
}

func (s *schema) invalid(name, use, reason string) error {
	return &ddbmodel.ValidationError{Entity: s.entity, Attribute: name, Reason: use + ": " + reason}
}

// buildSchema describes T's stored attributes for the checks of every
// later input, and checks that every name the Config gives is one of them:
// the composites of every key template, SortUses, and the rules.
func (e *entityCore) buildSchema(rt reflect.Type, extra []string) error {
	s := &schema{entity: e.name, typ: rt, attrs: schemaOf(rt), special: map[string]bool{}, extra: map[string]bool{}}
	for n := range e.maintained {
		s.special[n] = true
	}
	if e.table != nil {
		s.keyTypes = e.table.keyAttributeTypes()
	}
	for _, n := range extra {
		if err := checkName(n); err != nil {
			return &ddbmodel.ValidationError{Entity: e.name, Attribute: n, Reason: "Define: extra attribute", Err: err}
		}
		if s.attrs[n] != nil || s.special[n] {
			return &ddbmodel.ValidationError{Entity: e.name, Attribute: n, Reason: fmt.Sprintf("Define: extra attribute %q: %v already stores it, or it is a key or marker attribute", n, rt)}
		}
		s.extra[n] = true
	}
	e.sch = s
	for _, name := range slices.Sorted(maps.Keys(s.attrs)) {
		if where := badMapKey(s.attrs[name], name); where != "" {
			return &ddbmodel.ValidationError{Entity: e.name, Attribute: name, Reason: fmt.Sprintf("Define: %s is a map whose keys are neither strings nor encoding.TextMarshaler; no put can store it", where)}
		}
		if where := firstNode(s.attrs[name], name, 0, func(n *attrNode) bool { return n.unixIgnored }); where != "" {
			return &ddbmodel.ValidationError{Entity: e.name, Attribute: name, Reason: fmt.Sprintf("Define: %s is tagged unixtime, but it is not a time.Time (or *time.Time), so the option would be ignored: "+
				"guregu/dynamo stores only a time.Time field as Unix seconds (the times in a slice or map are stored as RFC 3339 text); "+
				"drop the option, or store Unix seconds in an integer field", where)}
		}
	}
	for _, d := range e.allKeys {
		if d.Template == nil {
			for _, u := range d.Uses {
				if s.attrs[u] == nil {
					return e.defineNameError(fmt.Sprintf("key attribute %s: SortUses", d.Attribute), u)
				}
			}
			continue
		}
		for _, u := range d.Uses {
			if s.special[u] {
				continue
			}
			n := s.attrs[u]
			if n == nil {
				return e.defineNameError(fmt.Sprintf("key attribute %s: template %q: composite", d.Attribute, d.Template.String()), u)
			}
			if n.kind != "" && n.kind != "S" && n.kind != "N" {
				return &ddbmodel.ValidationError{Entity: e.name, Attribute: u, Reason: fmt.Sprintf("Define: key attribute %s: template %q uses it, but it is %v (stored as %s); a key composite must be a string, a number or a time", d.Attribute, d.Template.String(), withArticle(n.typ), n.kind)}
			}
			if d.Number && n.base == timeType && n.kind != "N" {
				return &ddbmodel.ValidationError{Entity: e.name, Attribute: u, Reason: fmt.Sprintf("Define: key attribute %s is a number, but its template %q uses the time %s, which renders as RFC 3339 text; tag the field unixtime (Unix seconds) or declare the key attribute S", d.Attribute, d.Template.String(), u)}
			}
		}
	}
	s.timeKeys = e.timeComposites()
	for _, r := range e.rules {
		if len(r.Enum) == 0 {
			continue
		}
		n := s.attrs[r.name]
		if n.kind != "S" && n.kind != "SS" && !(n.kind == "L" && n.elem.kind == "S") {
			return &ddbmodel.ValidationError{Entity: e.name, Attribute: r.name, Reason: fmt.Sprintf("Define: Enum lists strings, but the field is %v (stored as %s)", withArticle(n.typ), n.kind)}
		}
		n.enum = r.Enum
	}
	return e.checkDefaults(rt)
}

// checkDefaults refuses, at Define, a Default (not a func) outside the
// field's own Enum: every put relying on it would be refused.
func (e *entityCore) checkDefaults(rt reflect.Type) error {
	for _, r := range e.rules {
		if r.Default == nil {
			continue
		}
		if _, computed := r.Default.(func() any); computed {
			continue
		}
		ft := rt.FieldByIndex(r.index).Type
		if len(r.Enum) == 0 {
			continue
		}
		cv, why := defaultValue(r.Default, ft)
		if why != "" {
			continue // a Default that does not convert is refused with the rules
		}
		for cv.Kind() == reflect.Pointer && !cv.IsNil() {
			cv = cv.Elem() // a pointer field's Default: what it points to
		}
		vals := []reflect.Value{cv}
		if cv.Kind() == reflect.Slice || cv.Kind() == reflect.Array {
			vals = vals[:0]
			for i := range cv.Len() {
				vals = append(vals, cv.Index(i))
			}
		}
		for _, v := range vals {
			if v.Kind() == reflect.String && !slices.Contains(r.Enum, v.String()) {
				return &ddbmodel.ValidationError{Entity: e.name, Attribute: r.name, Reason: fmt.Sprintf("Define: Default %q is not one of its Enum %s; every put relying on it would be refused", v.String(), strings.Join(r.Enum, ", "))}
			}
		}
	}
	return nil
}

// defineNameError reports, at Define, a name that is no stored attribute.
func (e *entityCore) defineNameError(what, name string) error {
	reason := fmt.Sprintf("Define: %s names it, but %v has no field stored under that name", what, e.sch.typ)
	if top, _, nested := strings.Cut(name, "."); nested && e.sch.attrs[top] != nil {
		// A document path: composites are top-level attributes.
		reason = fmt.Sprintf("Define: %s names it, but a composite is a top-level attribute and %s is inside %s; store a top-level copy of the value (an index's sort key may instead be computed by SortFunc, with SortUses %q)", what, name, top, top)
		return &ddbmodel.ValidationError{Entity: e.name, Attribute: name, Reason: reason}
	}
	if hint := suggest(name, e.sch.names()); hint != "" {
		reason += fmt.Sprintf(" (did you mean %q?)", hint)
	}
	return &ddbmodel.ValidationError{Entity: e.name, Attribute: name, Reason: reason}
}

// checkComposite refuses the value v given for the composite attr
// when it cannot be the field's type, as the text a key composite takes
// (the text of a number or a time is accepted). The error wraps
// keys.ErrType.
func (s *schema) checkComposite(attr string, v any) error {
	if s == nil {
		return nil
	}
	n := s.attrs[attr]
	if n == nil || n.dynamic || n.kind == "" || v == nil {
		return nil
	}
	if onlyDates, ok := s.timeKeys[attr]; ok && timeValue(n, v, onlyDates) {
		return nil
	}
	cv, err := n.convert(v, true)
	if err != nil {
		return keys.NewTypeError(attr, fmt.Sprint(v), err.Error())
	}
	if reason := n.enumRefuses(cv); reason != "" {
		return keys.NewTypeError(attr, fmt.Sprint(v), reason)
	}
	return nil
}

// timeComposites returns the attributes of T that keys use only as date
// or time composites (${name:date}, ${name:time}), in templates, with
// true for those used only as dates: every key renders from such a value
// no more than its UTC instant (or day).
func (e *entityCore) timeComposites() map[string]bool {
	out := map[string]bool{}
	drop := map[string]bool{}
	for _, d := range e.allKeys {
		for _, u := range d.Uses {
			if e.fields[u] == nil {
				continue
			}
			var f string
			if d.Template != nil {
				f, _ = d.Template.CompositeFormat(u)
			}
			switch f {
			case "date":
				if _, seen := out[u]; !seen {
					out[u] = true
				}
			case "time":
				out[u] = false
			default:
				drop[u] = true // a key function's, or another format
			}
		}
	}
	for _, ix := range e.indexes {
		if ix.multi != nil {
			for _, k := range ix.multi.attrs() {
				drop[k.Name] = true
			}
		}
	}
	for u := range drop {
		delete(out, u)
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// timeValue reports whether v, given for a key composite of n's field
// that every key uses as a time or a date (onlyDates: only as a date), is
// a value the keys render as they render the field's own, though the
// field's type does not hold it: a time.Time (or a pointer to one) for an
// integer field, which holds Unix seconds (a time with a fraction of a
// second only where keys keep no more than its day), or a 2006-01-02 date
// for a time.Time field whose keys keep only its day.
func timeValue(n *attrNode, v any, onlyDates bool) bool {
	if p, ok := v.(*time.Time); ok && p != nil {
		v = *p
	}
	switch x := v.(type) {
	case time.Time:
		return isInt(n.base) && !x.IsZero() && (onlyDates || x.Nanosecond() == 0)
	case string:
		if !onlyDates || n.base != timeType || len(x) != len(time.DateOnly) {
			return false
		}
		_, err := time.Parse(time.DateOnly, x)
		return err == nil
	}
	return false
}

// canonicalNumber is v, or for number text given for a number field
// ("05", "+5") the value of the field's type it converts to, so that keys
// render the number a put of the field stores ("5"). Text that does not
// convert stays, for the checks to refuse.
func (s *schema) canonicalNumber(name string, v any) any {
	if n, ok := s.numberTextOf(name, v); ok {
		return n
	}
	return v
}

// numberTextOf returns, for the value v of a composite attr of a number
// field given as text, the value of the field's type it converts to
// (checkComposite accepted it).
func (s *schema) numberTextOf(attr string, v any) (any, bool) {
	if s == nil {
		return nil, false
	}
	n := s.attrs[attr]
	if n == nil || n.dynamic || n.kind != "N" || n.set || !isNumberKind(n.base.Kind()) {
		return nil, false
	}
	rv := reflect.ValueOf(v)
	for depth := 0; depth < 16 && (rv.Kind() == reflect.Pointer || rv.Kind() == reflect.Interface) && !rv.IsNil(); depth++ {
		rv = rv.Elem()
	}
	if rv.Kind() != reflect.String {
		return nil, false
	}
	cv, err := n.convert(v, true)
	if err != nil || !cv.IsValid() {
		return nil, false
	}
	for cv.Kind() == reflect.Pointer && !cv.IsNil() {
		cv = cv.Elem()
	}
	return cv.Interface(), true
}

// detailOf is err's message without a "docpath: " prefix.
func detailOf(err error) string {
	return strings.TrimPrefix(err.Error(), "docpath: ")
}

// badMapKey returns the path of a map under n whose key type no put can
// encode, or "".
func badMapKey(n *attrNode, at string) string {
	return firstNode(n, at, 0, func(n *attrNode) bool { return n.badKey })
}

// firstNode returns the path of the first node at or under n (fields in
// order of their names) for which is holds, or "".
func firstNode(n *attrNode, at string, depth int, is func(*attrNode) bool) string {
	if n == nil || depth > 32 {
		return ""
	}
	if is(n) {
		return at
	}
	if w := firstNode(n.elem, at+"[]", depth+1, is); w != "" {
		return w
	}
	for _, k := range slices.Sorted(maps.Keys(n.fields)) {
		if w := firstNode(n.fields[k], at+"."+k, depth+1, is); w != "" {
			return w
		}
	}
	return ""
}
