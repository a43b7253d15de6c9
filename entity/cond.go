package entity

import (
	"errors"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/guregu/dynamo/v2"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/internal/expr"
)

// Condition is a condition or filter expression over attributes, built from
// Attr and combined with And, Or and Not. The zero Condition is "no
// condition". Conditions are immutable values: the values given to Eq, In,
// Between, Contains and the others are copied at the call (a deep copy of
// maps, slices, arrays, pointers and of structs holding them; a string,
// number, bool or time.Time is kept as it is, at no cost), so changing them
// afterwards changes no condition. A struct whose unexported fields hold
// references (a pointer, map, slice...) cannot be copied faithfully and is
// kept as given, as is a pointer to one: it is read when the request is
// built. The values are encoded with guregu/dynamo's rules when the request
// is built.
type Condition struct{ n *condNode }

type condNode struct {
	op   string // "=", "<>", "<", "<=", ">", ">=", "between", "in", "begins_with", "contains", "exists", "not_exists", "and", "or", "not", "size", "attr_cmp", "attribute_type"
	attr string
	vals []any
	kids []Condition
	// cmp is the comparison of size and attr_cmp ("" in size means ">").
	cmp string
	// other is the second attribute of attr_cmp.
	other string
	// one holds vals of a comparison with one value, so that the node
	// and its value are one allocation.
	one [1]any
}

// AttrRef names an attribute in a condition.
type AttrRef struct{ name string }

// Attr starts a condition on the attribute stored as name.
func Attr(name string) AttrRef { return AttrRef{name} }

func (a AttrRef) cmp(op string, v any) Condition {
	n := &condNode{op: op, attr: a.name, one: [1]any{snapshot(v)}}
	n.vals = n.one[:]
	return Condition{n}
}

// Eq: attribute = v.
func (a AttrRef) Eq(v any) Condition { return a.cmp("=", v) }

// Ne: attribute <> v.
func (a AttrRef) Ne(v any) Condition { return a.cmp("<>", v) }

// Lt: attribute < v.
func (a AttrRef) Lt(v any) Condition { return a.cmp("<", v) }

// Le: attribute <= v.
func (a AttrRef) Le(v any) Condition { return a.cmp("<=", v) }

// Gt: attribute > v.
func (a AttrRef) Gt(v any) Condition { return a.cmp(">", v) }

// Ge: attribute >= v.
func (a AttrRef) Ge(v any) Condition { return a.cmp(">=", v) }

// Between: lo <= attribute <= hi.
func (a AttrRef) Between(lo, hi any) Condition {
	return Condition{&condNode{op: "between", attr: a.name, vals: []any{snapshot(lo), snapshot(hi)}}}
}

// In: attribute equals one of vs.
func (a AttrRef) In(vs ...any) Condition {
	vals := make([]any, len(vs))
	for i, v := range vs {
		vals[i] = snapshot(v)
	}
	return Condition{&condNode{op: "in", attr: a.name, vals: vals}}
}

// BeginsWith: the string attribute starts with prefix; a binary attribute
// ([]byte) starts with prefix's bytes.
func (a AttrRef) BeginsWith(prefix string) Condition { return a.cmp("begins_with", prefix) }

// Contains: the string contains v, or the set or list has the element v.
func (a AttrRef) Contains(v any) Condition { return a.cmp("contains", v) }

// Exists: the attribute is present.
func (a AttrRef) Exists() Condition { return Condition{&condNode{op: "exists", attr: a.name}} }

// NotExists: the attribute is absent.
func (a AttrRef) NotExists() Condition { return Condition{&condNode{op: "not_exists", attr: a.name}} }

// SizeGt: size(attribute) > n.
func (a AttrRef) SizeGt(n int) Condition {
	return Condition{&condNode{op: "size", attr: a.name, vals: []any{n}}}
}

// And is true when every condition is. An empty Condition{} holds on
// every item, so And skips it: And() and And(Condition{}, c) are c or no
// condition, as a logical AND of true and c is c.
func And(cs ...Condition) Condition { return join("and", cs) }

// Or is true when any condition is. An Or of no conditions, or one given
// an empty Condition{} (which holds on every item, so the Or would always
// hold), cannot mean what it says: Build refuses it with a
// *ddbmodel.ValidationError instead of sending an update or a check with
// no condition, or another condition than the one written.
func Or(cs ...Condition) Condition {
	if len(cs) == 0 {
		return refusedCond("Or was given no conditions; an Or of none holds on no item, and leaving it out would drop the condition silently: give Or at least one condition")
	}
	if slices.ContainsFunc(cs, Condition.IsZero) {
		return refusedCond("Or was given an empty entity.Condition{}, which holds on every item, so the Or would always hold; leave it out, or give the condition it stands for")
	}
	return join("or", cs)
}

// Not negates c. Not of an empty Condition{} (which holds on every item)
// would hold on none: Build refuses it, as Or refuses an empty one.
func Not(c Condition) Condition {
	if c.IsZero() {
		return refusedCond("Not was given an empty entity.Condition{}, which holds on every item, so its negation would hold on none; give Not the condition it negates")
	}
	return Condition{&condNode{op: "not", kids: []Condition{c}}}
}

func join(op string, cs []Condition) Condition {
	// Counted first: a join of one condition (an update's first If) is
	// that condition, without a slice made for it.
	count, last := 0, Condition{}
	for _, c := range cs {
		if !c.IsZero() {
			count, last = count+1, c
		}
	}
	if count <= 1 {
		return last
	}
	kids := make([]Condition, 0, count)
	for _, c := range cs {
		if !c.IsZero() {
			kids = append(kids, c)
		}
	}
	return Condition{&condNode{op: op, kids: kids}}
}

// And returns c AND d.
func (c Condition) And(d Condition) Condition { return And(c, d) }

// IsZero reports whether c is the empty condition.
func (c Condition) IsZero() bool { return c.n == nil }

// attributes returns the attribute names the condition reads.
func (c Condition) attributes() []string {
	var out []string
	var walk func(Condition)
	walk = func(c Condition) {
		if c.n == nil {
			return
		}
		if c.n.attr != "" && !strings.HasPrefix(c.n.attr, refusedKeyMark) {
			// A refused map-key handle is left to the render, which
			// says why (refusedKeyError).
			out = append(out, c.n.attr)
		}
		if c.n.other != "" {
			out = append(out, c.n.other)
		}
		for _, k := range c.n.kids {
			walk(k)
		}
	}
	walk(c)
	return out
}

func marshalValue(v any) (types.AttributeValue, error) {
	if av, ok := v.(types.AttributeValue); ok {
		if why := nilAV(v); why != "" {
			return nil, fmt.Errorf("got %s", why)
		}
		return av, nil
	}
	v = lastPointer(v)
	av, err := dynamo.Marshal(v)
	if err != nil {
		return nil, err
	}
	if av == nil {
		return nil, fmt.Errorf("value %#v encodes to nothing", v)
	}
	return av, nil
}

// lastPointer follows a pointer to pointers or interfaces down to the last
// pointer (or the value an interface holds), which guregu/dynamo encodes:
// it panics on a pointer to a pointer. A nil on the way stops it.
func lastPointer(v any) any {
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer {
		return v
	}
	for depth := 0; depth < 16 && rv.Kind() == reflect.Pointer && !rv.IsNil(); depth++ {
		e := rv.Elem()
		if e.Kind() == reflect.Interface {
			if e.IsNil() {
				return nil
			}
			e = e.Elem()
		} else if e.Kind() != reflect.Pointer {
			break
		}
		rv = e
	}
	return rv.Interface()
}

// render writes the condition into w, resolving every attribute name
// against s and encoding every value as a put of that attribute encodes
// it.
func (c Condition) render(w *expr.Writer, s *schema) (string, error) {
	n := c.n
	if n == nil {
		return "", nil
	}
	switch n.op {
	case "and", "or":
		parts := make([]string, 0, len(n.kids))
		for _, k := range n.kids {
			s, err := k.render(w, s)
			if err != nil {
				return "", err
			}
			parts = append(parts, "("+s+")")
		}
		return strings.Join(parts, " "+strings.ToUpper(n.op)+" "), nil
	case "not":
		s, err := n.kids[0].render(w, s)
		return "NOT (" + s + ")", err
	case "zero":
		return "", zeroCondErr(s, n)
	case "unexpired":
		return renderUnexpired(w, n), nil
	case "unchanged":
		return renderUnchanged(w, n), nil
	}
	ref, err := s.resolve(n.attr, "condition")
	if err != nil {
		return "", err
	}
	if err := textTimeOrder(s, n.op, n.attr, ref.node); err != nil {
		return "", err
	}
	name := w.Path(ref.path)
	// val encodes the i-th value; el says it is an element of the
	// attribute (Contains), not a value of it.
	val := func(i int, el bool) (types.AttributeValue, error) {
		if err := s.sameEncoding(n.attr); err != nil {
			return nil, err
		}
		node := ref.node
		if el && node != nil {
			if node.kind == "S" {
				node = stringNode
			} else if node.kind == "M" || node.elementNode() == nil {
				return nil, s.invalid(n.attr, "condition", fmt.Sprintf("contains: %s is %s (stored as %s); contains takes a string, set or list attribute", n.attr, withArticle(ref.node.goType()), kindName(ref.node)))
			} else {
				node = node.elementNode()
			}
		}
		var av types.AttributeValue
		var err error
		if node == nil {
			av, err = marshalValue(n.vals[i])
		} else if av, _, err = node.value(n.vals[i]); err == nil && av == nil && !el {
			return nil, nil
		}
		if err == nil && av == nil {
			err = errors.New("the value encodes to nothing")
		}
		if err == nil {
			err = checkValue(av)
		}
		if err != nil {
			return nil, &ddbmodel.ValidationError{Entity: s.entity, Attribute: n.attr, Reason: "condition value", Err: err}
		}
		if want, key := s.keyTypes[ref.top]; key && node == nil && !el && !ref.nested() && avCode(av) != string(want) {
			return nil, &ddbmodel.ValidationError{Entity: s.entity, Attribute: n.attr, Reason: fmt.Sprintf("condition value: %s is a key attribute of type %s, got %s; the comparison could never hold", n.attr, want, avKind(av))}
		}
		// A value outside the attribute's Enum is refused where the
		// comparison could only match nothing (=, contains); <> and the
		// orderings may still match items, and IN checks its values
		// together (below).
		if n.op == "=" || n.op == "contains" {
			if err := s.valueCheck(n.attr, ref, av, el); err != nil {
				return nil, err
			}
		}
		return av, nil
	}
	// one renders a one-value comparison, placing the value with cmp; a
	// value a put leaves out makes = and <> a test of absence, and the
	// others an error.
	one := func(el bool, cmp func(v string) string) (string, error) {
		av, err := val(0, el)
		if err != nil {
			return "", err
		}
		if av == nil {
			switch n.op {
			case "=":
				return "attribute_not_exists(" + name + ")", nil
			case "<>":
				return "attribute_exists(" + name + ")", nil
			}
			return "", &ddbmodel.ValidationError{Entity: s.entity, Attribute: n.attr, Reason: fmt.Sprintf("condition %s: the value %#v is one a put does not store (empty, nil or omitempty zero)", n.op, n.vals[0])}
		}
		if err := orderable(s, n, av); err != nil {
			return "", err
		}
		return cmp(w.Value(av)), nil
	}
	switch n.op {
	case "exists":
		return "attribute_exists(" + name + ")", nil
	case "not_exists":
		return "attribute_not_exists(" + name + ")", nil
	case "begins_with":
		if ref.node != nil && ref.node.kind != "S" && ref.node.kind != "B" && ref.node.kind != "" {
			return "", s.invalid(n.attr, "condition", fmt.Sprintf("begins_with: %s is %s (stored as %s); begins_with takes a string attribute", n.attr, withArticle(ref.node.goType()), kindName(ref.node)))
		}
		av, err := marshalValue(n.vals[0])
		if err == nil {
			err = checkValue(av)
		}
		if err != nil {
			return "", &ddbmodel.ValidationError{Entity: s.entity, Attribute: n.attr, Reason: "condition value", Err: err}
		}
		if str, isS := av.(*types.AttributeValueMemberS); isS && ref.node != nil && ref.node.kind == "B" {
			// A binary attribute begins with the prefix's bytes: an S
			// prefix would never begin a B value.
			av = &types.AttributeValueMemberB{Value: []byte(str.Value)}
		}
		if ref.node != nil && ref.node.kind != "" && avCode(av) != ref.node.kind {
			// An S prefix never begins a B value, nor a B prefix an S one.
			return "", s.invalid(n.attr, "condition", fmt.Sprintf("begins_with: %s is %s (stored as %s); give a prefix of that kind, not %s", n.attr, withArticle(ref.node.goType()), kindName(ref.node), avKind(av)))
		}
		return "begins_with(" + name + ", " + w.Value(av) + ")", nil
	case "contains":
		return one(true, func(v string) string { return "contains(" + name + ", " + v + ")" })
	case "size":
		return renderSize(w, s, n, ref, name)
	case "attr_cmp":
		return renderAttrCmp(w, s, n, ref, name)
	case "attribute_type":
		return renderAttrType(w, s, n, ref, name)
	case "between":
		lo, err := val(0, false)
		if err != nil {
			return "", err
		}
		hi, err := val(1, false)
		if err != nil {
			return "", err
		}
		if lo == nil || hi == nil {
			return "", &ddbmodel.ValidationError{Entity: s.entity, Attribute: n.attr, Reason: "condition between: a bound is a value a put does not store (empty, nil or omitempty zero)"}
		}
		if err := orderable(s, n, lo); err != nil {
			return "", err
		}
		if err := orderable(s, n, hi); err != nil {
			return "", err
		}
		if err := boundsInOrder(s, n, lo, hi); err != nil {
			return "", err
		}
		return name + " BETWEEN " + w.Value(lo) + " AND " + w.Value(hi), nil
	case "in":
		if len(n.vals) == 0 || len(n.vals) > 100 {
			return "", &ddbmodel.ValidationError{Entity: s.entity, Attribute: n.attr, Reason: fmt.Sprintf("IN takes 1 to 100 values, got %d", len(n.vals))}
		}
		ps := make([]string, len(n.vals))
		var refused error // the Enum's refusal of the first value
		allowed := false  // some value is one the Enum allows
		for i := range n.vals {
			av, err := val(i, false)
			if err != nil {
				return "", err
			}
			if av == nil {
				return "", &ddbmodel.ValidationError{Entity: s.entity, Attribute: n.attr, Reason: fmt.Sprintf("condition IN: the value %#v is one a put does not store (empty, nil or omitempty zero)", n.vals[i])}
			}
			if err := s.valueCheck(n.attr, ref, av, false); err == nil {
				allowed = true
			} else if refused == nil {
				refused = err
			}
			ps[i] = w.Value(av)
		}
		if !allowed {
			// No value of the list is one a put stores: IN matches nothing.
			return "", refused
		}
		return name + " IN (" + strings.Join(ps, ", ") + ")", nil
	default:
		return one(false, func(v string) string { return name + " " + n.op + " " + v })
	}
}

// orderable refuses a value of an ordering comparison (<, <=, >, >=,
// BETWEEN) that DynamoDB cannot order: it orders strings, numbers and
// binary values only, and refuses a list, a map, a set, a boolean or null
// when the request arrives.
func orderable(s *schema, n *condNode, av types.AttributeValue) error {
	switch n.op {
	case "<", "<=", ">", ">=", "between":
	default:
		return nil
	}
	switch av.(type) {
	case *types.AttributeValueMemberS, *types.AttributeValueMemberN, *types.AttributeValueMemberB:
		return nil
	}
	return &ddbmodel.ValidationError{Entity: s.entity, Attribute: n.attr,
		Reason: fmt.Sprintf("condition %s: DynamoDB orders strings, numbers and binary values only; the value is %s", strings.ToUpper(n.op), avKind(av))}
}

// stringNode is what contains takes for a string attribute: a substring.
var stringNode = newNode("", reflect.TypeOf(""), "allowempty", map[reflect.Type]bool{})

// checkName refuses an attribute name DynamoDB cannot take: an empty one,
// or one that is not valid UTF-8 (which would reach the table as U+FFFD).
func checkName(name string) error {
	switch {
	case name == "":
		return errors.New("attribute name is empty")
	case !utf8.ValidString(name):
		return errors.New("attribute name is not valid UTF-8")
	}
	return nil
}

// checkValue refuses a value DynamoDB would refuse or silently alter:
// the numbers and nesting checkNumbers refuses, text that is not valid
// UTF-8 (stored as U+FFFD), empty sets, and sets holding an empty string or
// binary or one element twice.
func checkValue(av types.AttributeValue) error {
	if err := checkNumbers(av, 0); err != nil {
		return err
	}
	return checkText(av)
}

// checkText is checkValue's check of text and sets.
func checkText(av types.AttributeValue) error {
	switch v := av.(type) {
	case nil:
		return errors.New("no value")
	case *types.AttributeValueMemberS:
		if !utf8.ValidString(v.Value) {
			return fmt.Errorf("string %q is not valid UTF-8", v.Value)
		}
	case *types.AttributeValueMemberSS:
		if len(v.Value) == 0 {
			return errors.New("empty string set: DynamoDB sets hold at least one element")
		}
		seen := make(map[string]bool, len(v.Value))
		for _, s := range v.Value {
			switch {
			case s == "":
				return errors.New("string set holds an empty string")
			case !utf8.ValidString(s):
				return fmt.Errorf("string set element %q is not valid UTF-8", s)
			case seen[s]:
				return fmt.Errorf("string set holds %q twice", s)
			}
			seen[s] = true
		}
	case *types.AttributeValueMemberNS:
		if len(v.Value) == 0 {
			return errors.New("empty number set: DynamoDB sets hold at least one element")
		}
	case *types.AttributeValueMemberBS:
		if len(v.Value) == 0 {
			return errors.New("empty binary set: DynamoDB sets hold at least one element")
		}
		seen := make(map[string]bool, len(v.Value))
		for _, b := range v.Value {
			if len(b) == 0 {
				return errors.New("binary set holds an empty value")
			}
			if seen[string(b)] {
				return errors.New("binary set holds one value twice")
			}
			seen[string(b)] = true
		}
	case *types.AttributeValueMemberL:
		for _, x := range v.Value {
			if err := checkText(x); err != nil {
				return err
			}
		}
	case *types.AttributeValueMemberM:
		for k, x := range v.Value {
			if k == "" {
				return errors.New("a map holds an empty key, which DynamoDB refuses as a name")
			}
			if !utf8.ValidString(k) {
				return fmt.Errorf("map key %q is not valid UTF-8", k)
			}
			if err := checkText(x); err != nil {
				return err
			}
		}
	}
	return nil
}

// withEntity names the entity in a *ddbmodel.ValidationError that does not
// name one yet (a condition is rendered without knowing its entity).
func withEntity(err error, entity string) error {
	var ve *ddbmodel.ValidationError
	if errors.As(err, &ve) && ve.Entity == "" {
		ve.Entity = entity
	}
	return err
}

// schemaHolder is an entity, whatever its T.
type schemaHolder interface{ attrSchema() *schema }

func (e *entityCore) attrSchema() *schema { return e.sch }

// schemaFor returns the schema names are checked against for entities:
// the entity's own, or for several (a collection) one that resolves a
// name against the first that has it.
func schemaFor(entities []schemaHolder) (*schema, error) {
	var out *schema
	for _, h := range entities {
		if h == nil || h.attrSchema() == nil {
			return nil, errors.New("ddbmodel: not a defined entity")
		}
		s := h.attrSchema()
		if out == nil {
			out = s
			continue
		}
		if out == entities[0].attrSchema() {
			out = &schema{entity: out.entity, typ: out.typ, attrs: maps.Clone(out.attrs), special: maps.Clone(out.special), extra: maps.Clone(out.extra), members: []*schema{out}}
		}
		out.members = append(out.members, s)
		out.entity += ", " + s.entity
		for k, v := range s.attrs {
			if _, ok := out.attrs[k]; !ok {
				out.attrs[k] = v
			}
		}
		maps.Copy(out.special, s.special)
		maps.Copy(out.extra, s.extra)
	}
	if out == nil {
		return nil, errors.New("ddbmodel: no entity to check names against")
	}
	return out, nil
}

// StringSet returns a string set value (SS), for attributes T does not
// declare (Config.ExtraAttributes) and key or marker attributes. A field
// of T tagged with the set option takes its own Go type ([]string,
// map[string]struct{}...): Add("labels", []string{"x"}) adds to the set.
func StringSet(values ...string) types.AttributeValue {
	return &types.AttributeValueMemberSS{Value: append([]string(nil), values...)}
}

// NumberSet returns a number set value (NS) of the given integers.
func NumberSet(values ...int64) types.AttributeValue {
	ns := make([]string, len(values))
	for i, v := range values {
		ns[i] = fmt.Sprint(v)
	}
	return &types.AttributeValueMemberNS{Value: ns}
}
