package entity

import (
	"fmt"

	"github.com/ddbmodel/ddbmodel/internal/docpath"
)

// listOf returns the list that ref names an element of (l[0]) when that
// list has an Enum rule, which binds each of its elements; nil otherwise.
func (s *schema) listOf(ref attrRef) *attrNode {
	last := len(ref.path) - 1
	if last < 1 || !ref.path[last].IsIndex {
		return nil
	}
	parent, err := s.walk(ref.path[:last].String(), ref.path[:last], "condition")
	if err != nil || parent.node == nil || !parent.node.isList || len(parent.node.enum) == 0 {
		return nil
	}
	return parent.node
}

// entryAdvice says how to check the entries of the map or list n at path,
// which take no rules of their own: an Enum on a list of strings binds
// each element; otherwise a Validate on the whole attribute checks every
// entry (an update then sets the whole attribute).
func entryAdvice(path docpath.Path, n *attrNode) string {
	for len(path) > 1 && path[len(path)-1].Wild {
		// The entries of entries: the rule goes on the field holding
		// them, which Define takes.
		path = path[:len(path)-1]
	}
	if n.isList && n.elem != nil && n.elem.kind == "S" {
		return fmt.Sprintf("; an Enum on the list (Config.Attributes[%q]) binds each element, and a Validate on it checks every element", path.String())
	}
	return fmt.Sprintf("; to check every entry, declare a Validate on the whole attribute (Config.Attributes[%q]), which sees its Go value on put, create and update (an update then sets the whole attribute)", path.String())
}
