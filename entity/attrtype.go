package entity

import "fmt"

// possibleType refuses attribute_type(attribute, t) when no put of T can
// store the attribute as a t, so that the test is always false: a number
// field tested for a string, a set for a list. Attributes whose type T
// does not decide (an interface or any field, a custom marshaler, an
// attribute declared in Config.ExtraAttributes, key and marker attributes)
// take every type. NULL is possible where a put may store it: for a field
// with the null tag option, and for a value that can be nil (a pointer, a
// slice, a map), which a list or map element stores as NULL.
func possibleType(s *schema, n *condNode, ref attrRef, t AttrType) error {
	node := ref.node
	if node == nil || node.dynamic || node.kind == "" || string(t) == node.kind {
		return nil
	}
	if t == TypeNull && (node.null || canNil(node.typ)) {
		return nil
	}
	return s.invalid(n.attr, "condition", fmt.Sprintf("attribute_type(%s, %s): %s is %s, which a put stores as %s, never as %s; declare attributes of other types in Config.ExtraAttributes or as an interface field", n.attr, t, n.attr, withArticle(node.goType()), node.kind, t))
}
