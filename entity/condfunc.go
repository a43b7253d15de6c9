package entity

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel/internal/expr"
)

// AttrType is a DynamoDB attribute value type, as attribute_type tests it.
type AttrType string

// The attribute value types of DynamoDB.
const (
	TypeString    AttrType = "S"
	TypeStringSet AttrType = "SS"
	TypeNumber    AttrType = "N"
	TypeNumberSet AttrType = "NS"
	TypeBinary    AttrType = "B"
	TypeBinarySet AttrType = "BS"
	TypeBool      AttrType = "BOOL"
	TypeNull      AttrType = "NULL"
	TypeList      AttrType = "L"
	TypeMap       AttrType = "M"
)

var attrTypes = []AttrType{TypeString, TypeStringSet, TypeNumber, TypeNumberSet, TypeBinary, TypeBinarySet, TypeBool, TypeNull, TypeList, TypeMap}

func (a AttrRef) size(cmp string, n int) Condition {
	return Condition{&condNode{op: "size", attr: a.name, cmp: cmp, vals: []any{n}}}
}

// SizeEq: size(attribute) = n: a string's or binary's length in bytes, a
// set's, list's or map's number of elements.
func (a AttrRef) SizeEq(n int) Condition { return a.size("=", n) }

// SizeNe: size(attribute) <> n.
func (a AttrRef) SizeNe(n int) Condition { return a.size("<>", n) }

// SizeLt: size(attribute) < n.
func (a AttrRef) SizeLt(n int) Condition { return a.size("<", n) }

// SizeLe: size(attribute) <= n.
func (a AttrRef) SizeLe(n int) Condition { return a.size("<=", n) }

// SizeGe: size(attribute) >= n.
func (a AttrRef) SizeGe(n int) Condition { return a.size(">=", n) }

// IsType: attribute_type(attribute, t), the attribute is stored as a t. A
// type DynamoDB does not have is refused when the request is built.
func (a AttrRef) IsType(t AttrType) Condition {
	return Condition{&condNode{op: "attribute_type", attr: a.name, vals: []any{t}}}
}

func (a AttrRef) cmpAttr(cmp, other string) Condition {
	return Condition{&condNode{op: "attr_cmp", attr: a.name, cmp: cmp, other: other}}
}

// EqAttr: attribute = other, both attributes of the item. Both names are
// checked as every condition's are; two attributes a put stores as
// different kinds (a string and a number), which can never be equal, are
// refused.
func (a AttrRef) EqAttr(other string) Condition { return a.cmpAttr("=", other) }

// NeAttr: attribute <> other.
func (a AttrRef) NeAttr(other string) Condition { return a.cmpAttr("<>", other) }

// LtAttr: attribute < other. Ordering takes strings, numbers and binary
// values, of the same kind.
func (a AttrRef) LtAttr(other string) Condition { return a.cmpAttr("<", other) }

// LeAttr: attribute <= other.
func (a AttrRef) LeAttr(other string) Condition { return a.cmpAttr("<=", other) }

// GtAttr: attribute > other.
func (a AttrRef) GtAttr(other string) Condition { return a.cmpAttr(">", other) }

// GeAttr: attribute >= other.
func (a AttrRef) GeAttr(other string) Condition { return a.cmpAttr(">=", other) }

// sizeKinds are the kinds size() takes.
var sizeKinds = []string{"S", "B", "SS", "NS", "BS", "L", "M"}

// renderSize renders size(attribute) <cmp> n.
func renderSize(w *expr.Writer, s *schema, n *condNode, ref attrRef, name string) (string, error) {
	cmp := n.cmp
	if cmp == "" {
		cmp = ">"
	}
	if ref.node != nil && ref.node.kind != "" && !slices.Contains(sizeKinds, ref.node.kind) {
		return "", s.invalid(n.attr, "condition", fmt.Sprintf("size: %s is %s (stored as %s); size takes a string, binary, set, list or map attribute", n.attr, withArticle(ref.node.goType()), kindName(ref.node)))
	}
	size, _ := n.vals[0].(int)
	if size < 0 {
		return "", s.invalid(n.attr, "condition", fmt.Sprintf("size %s %d: a size is never negative", cmp, size))
	}
	return "size(" + name + ") " + cmp + " " + w.Value(&types.AttributeValueMemberN{Value: strconv.Itoa(size)}), nil
}

// renderAttrCmp renders attribute <cmp> other.
func renderAttrCmp(w *expr.Writer, s *schema, n *condNode, ref attrRef, name string) (string, error) {
	oref, err := s.resolve(n.other, "condition")
	if err != nil {
		return "", err
	}
	ordered := n.cmp != "=" && n.cmp != "<>"
	for _, r := range []attrRef{ref, oref} {
		if err := textTimeOrder(s, n.cmp, r.name, r.node); err != nil {
			return "", err
		}
		if ordered && r.node != nil && r.node.kind != "" && r.node.kind != "S" && r.node.kind != "N" && r.node.kind != "B" {
			return "", s.invalid(r.name, "condition", fmt.Sprintf("%s %s %s: %s is %s (stored as %s); %s compares strings, numbers or binary values", n.attr, n.cmp, n.other, r.name, withArticle(r.node.goType()), kindName(r.node), n.cmp))
		}
	}
	if ref.node != nil && oref.node != nil && ref.node.kind != "" && oref.node.kind != "" && ref.node.kind != oref.node.kind {
		return "", s.invalid(n.attr, "condition", fmt.Sprintf("%s %s %s: %s is stored as %s and %s as %s, which never compare", n.attr, n.cmp, n.other, n.attr, ref.node.kind, n.other, oref.node.kind))
	}
	return name + " " + n.cmp + " " + w.Path(oref.path), nil
}

// renderAttrType renders attribute_type(attribute, t).
func renderAttrType(w *expr.Writer, s *schema, n *condNode, ref attrRef, name string) (string, error) {
	t, _ := n.vals[0].(AttrType)
	if !slices.Contains(attrTypes, t) {
		return "", s.invalid(n.attr, "condition", fmt.Sprintf("attribute_type: %q is not a DynamoDB type (S, SS, N, NS, B, BS, BOOL, NULL, L or M)", string(t)))
	}
	if err := possibleType(s, n, ref, t); err != nil {
		return "", err
	}
	return "attribute_type(" + name + ", " + w.Value(&types.AttributeValueMemberS{Value: string(t)}) + ")", nil
}

// Handle is any typed handle of a field of T holding a V: a Field or one of
// the kinds (NumberField, StringField...), which all embed a Field. The
// attribute-to-attribute comparisons take it, so that both sides are fields
// of one entity holding one Go type.
type Handle[T, V any] interface {
	field() Field[T, V]
}

//lint:ignore U1000 it is used, through the Handle interface (staticcheck misses generic interface methods)
func (f Field[T, V]) field() Field[T, V] { return f }

// EqAttr: the field = the field o, of the same item.
func (f Field[T, V]) EqAttr(o Handle[T, V]) Cond[T] {
	return Cond[T]{Attr(f.path).EqAttr(o.field().path)}
}

// NeAttr: the field <> the field o.
func (f Field[T, V]) NeAttr(o Handle[T, V]) Cond[T] {
	return Cond[T]{Attr(f.path).NeAttr(o.field().path)}
}

// IsType: the field is stored as a t (for a field whose Go type lets it be
// stored as several, such as an interface or a custom marshaler).
func (f Field[T, V]) IsType(t AttrType) Cond[T] { return Cond[T]{Attr(f.path).IsType(t)} }

// SizeEq: the field is n bytes long.
func (f StringField[T, V]) SizeEq(n int) Cond[T] { return Cond[T]{Attr(f.path).SizeEq(n)} }

// SizeNe: the field is not n bytes long.
func (f StringField[T, V]) SizeNe(n int) Cond[T] { return Cond[T]{Attr(f.path).SizeNe(n)} }

// SizeLt: the field is shorter than n bytes.
func (f StringField[T, V]) SizeLt(n int) Cond[T] { return Cond[T]{Attr(f.path).SizeLt(n)} }

// SizeLe: the field is at most n bytes long.
func (f StringField[T, V]) SizeLe(n int) Cond[T] { return Cond[T]{Attr(f.path).SizeLe(n)} }

// SizeGe: the field is at least n bytes long.
func (f StringField[T, V]) SizeGe(n int) Cond[T] { return Cond[T]{Attr(f.path).SizeGe(n)} }

// SizeEq: the set has n elements.
func (f SetField[T, E]) SizeEq(n int) Cond[T] { return Cond[T]{Attr(f.path).SizeEq(n)} }

// SizeNe: the set has other than n elements.
func (f SetField[T, E]) SizeNe(n int) Cond[T] { return Cond[T]{Attr(f.path).SizeNe(n)} }

// SizeLt: the set has fewer than n elements.
func (f SetField[T, E]) SizeLt(n int) Cond[T] { return Cond[T]{Attr(f.path).SizeLt(n)} }

// SizeLe: the set has at most n elements.
func (f SetField[T, E]) SizeLe(n int) Cond[T] { return Cond[T]{Attr(f.path).SizeLe(n)} }

// SizeGe: the set has at least n elements.
func (f SetField[T, E]) SizeGe(n int) Cond[T] { return Cond[T]{Attr(f.path).SizeGe(n)} }

// SizeEq: the list has n elements.
func (f ListField[T, E]) SizeEq(n int) Cond[T] { return Cond[T]{Attr(f.path).SizeEq(n)} }

// SizeNe: the list has other than n elements.
func (f ListField[T, E]) SizeNe(n int) Cond[T] { return Cond[T]{Attr(f.path).SizeNe(n)} }

// SizeLt: the list has fewer than n elements.
func (f ListField[T, E]) SizeLt(n int) Cond[T] { return Cond[T]{Attr(f.path).SizeLt(n)} }

// SizeLe: the list has at most n elements.
func (f ListField[T, E]) SizeLe(n int) Cond[T] { return Cond[T]{Attr(f.path).SizeLe(n)} }

// SizeGe: the list has at least n elements.
func (f ListField[T, E]) SizeGe(n int) Cond[T] { return Cond[T]{Attr(f.path).SizeGe(n)} }

// SizeEq: the map has n entries.
func (f MapField[T, K, E]) SizeEq(n int) Cond[T] { return Cond[T]{Attr(f.path).SizeEq(n)} }

// SizeNe: the map has other than n entries.
func (f MapField[T, K, E]) SizeNe(n int) Cond[T] { return Cond[T]{Attr(f.path).SizeNe(n)} }

// SizeLt: the map has fewer than n entries.
func (f MapField[T, K, E]) SizeLt(n int) Cond[T] { return Cond[T]{Attr(f.path).SizeLt(n)} }

// SizeLe: the map has at most n entries.
func (f MapField[T, K, E]) SizeLe(n int) Cond[T] { return Cond[T]{Attr(f.path).SizeLe(n)} }

// SizeGe: the map has at least n entries.
func (f MapField[T, K, E]) SizeGe(n int) Cond[T] { return Cond[T]{Attr(f.path).SizeGe(n)} }
