package entity

import (
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strings"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
)

// enumRefuses returns why the Go value v of the node's type is outside its
// Enum rule, or "" when it is inside (or there is no rule). A key
// composite outside the rule can match no item a put wrote.
func (n *attrNode) enumRefuses(v reflect.Value) string {
	if len(n.enum) == 0 || !v.IsValid() {
		return ""
	}
	for v.Kind() == reflect.Pointer || v.Kind() == reflect.Interface {
		if v.IsNil() {
			return ""
		}
		v = v.Elem()
	}
	if v.Kind() != reflect.String {
		return ""
	}
	return n.enumRefusesText(v.String())
}

func (n *attrNode) enumRefusesText(s string) string {
	if slices.Contains(n.enum, s) {
		return ""
	}
	return fmt.Sprintf("%q is not one of %s", s, strings.Join(n.enum, ", "))
}

// enumCheck refuses a condition, filter or key condition value av (an
// element of the attribute when el) outside the Enum rule of the field
// ref names: no item a put wrote holds it, so the comparison could only
// fail or match nothing. The error is the one a put gives for the value.
// A substring (contains on a string attribute) is not checked.
func (s *schema) enumCheck(name string, ref attrRef, av types.AttributeValue, el bool) error {
	n := ref.node
	if n == nil || el && n.kind == "S" {
		return nil
	}
	if len(n.enum) == 0 {
		// An element of a list takes the list's Enum.
		if n = s.listOf(ref); n == nil {
			return nil
		}
	}
	vals, _ := enumValues(av)
	for _, v := range vals {
		if reason := n.enumRefusesText(v); reason != "" {
			return &ddbmodel.ValidationError{Entity: s.entity, Attribute: name, Reason: reason}
		}
	}
	return nil
}

// valueCheck checks a condition, filter or key condition value for the
// attribute ref names against the Enum rule (enumCheck); in a collection,
// against every entity's, refusing only a value none of them allows.
func (s *schema) valueCheck(name string, ref attrRef, av types.AttributeValue, el bool) error {
	if s.members == nil {
		return s.enumCheck(name, ref, av, el)
	}
	// In a collection, refused only when no entity storing the attribute
	// allows the value.
	var refused error
	for _, m := range s.members {
		mref, err := m.resolve(name, "condition")
		if err != nil {
			continue
		}
		err = m.enumCheck(name, mref, av, el)
		if err == nil {
			return nil
		}
		if refused == nil {
			refused = err
		}
	}
	return refused
}

// sameEncoding refuses, in a collection, a value for an attribute or path
// that its entities store with different encodings (an int in one, a
// string or a unixtime in another): one value cannot be encoded for all
// of them, and encoding it as one of them would make the results depend
// on the order of the collection's entities.
func (s *schema) sameEncoding(name string) error {
	var first *schema
	var firstEnc string
	for _, m := range s.members {
		ref, err := m.resolve(name, "condition")
		if err != nil || ref.node == nil || ref.node.dynamic {
			continue // this entity stores no such value: no item of it matches
		}
		enc := encodingOf(ref.node, 0)
		if first == nil {
			first, firstEnc = m, enc
			continue
		}
		if enc != firstEnc {
			fn, _ := first.resolve(name, "condition")
			return &ddbmodel.ValidationError{Entity: s.entity, Attribute: name, Reason: fmt.Sprintf(
				"ambiguous in the collection: %s stores it as %s (%s), %s as %s (%s); one value cannot be encoded for both: filter the entities' items apart (query each entity), or store the attribute alike",
				first.entity, fn.node.goType(), kindName(fn.node), m.entity, ref.node.goType(), kindName(ref.node))}
		}
	}
	return nil
}

// encodingOf describes how a put encodes values of the node: two nodes
// with the same description store every value alike.
func encodingOf(n *attrNode, depth int) string {
	if n == nil || n.dynamic {
		return "any"
	}
	b := n.base
	if n.kind == "" || depth > 8 {
		return "type " + n.typ.String()
	}
	class := b.Kind().String()
	switch {
	case b == timeType:
		class = "time"
	case isNumberKind(b.Kind()) && (b.Kind() == reflect.Float32 || b.Kind() == reflect.Float64):
		class = "float"
	case isNumberKind(b.Kind()):
		class = "int"
	case implements(b, textMarshalerType):
		class = "text " + b.String()
	}
	out := n.kind + " " + class
	if n.enc != nil {
		out += " " + string(n.enc.Field(0).Tag)
	}
	if n.elem != nil {
		out += " [" + encodingOf(n.elem, depth+1) + "]"
	}
	if n.fields != nil {
		names := slices.Sorted(maps.Keys(n.fields))
		parts := make([]string, len(names))
		for i, k := range names {
			parts[i] = k + ":" + encodingOf(n.fields[k], depth+1)
		}
		out += " {" + strings.Join(parts, ", ") + "}"
	}
	return out
}

// enumValues returns the strings an Enum rule checks in av: a string, a
// string set's or a list's strings; bad says why av holds none a rule can
// check.
func enumValues(av types.AttributeValue) (vals []string, bad string) {
	switch x := av.(type) {
	case *types.AttributeValueMemberS:
		return []string{x.Value}, ""
	case *types.AttributeValueMemberSS:
		return x.Value, ""
	case *types.AttributeValueMemberL:
		for _, el := range x.Value {
			s, ok := el.(*types.AttributeValueMemberS)
			if !ok {
				return nil, "enum attribute must hold strings"
			}
			vals = append(vals, s.Value)
		}
		return vals, ""
	}
	return nil, "enum attribute must be a string"
}
