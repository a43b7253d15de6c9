package entity

import (
	"fmt"
	"reflect"

	"github.com/ddbmodel/ddbmodel"
)

// putAlwaysStores reports whether a put of any value of the field n
// describes stores an attribute for it: a number, bool or time without
// omitempty, a struct, an array, a field with the null option. Its zero
// value is stored, and no other value of such a type is left out. A field
// whose encoding the type decides for itself (a marshaler, an interface)
// is not known to be always stored. A slice keeps Remove: guregu/dynamo
// stores a nil slice as an empty list, but an item without the list
// decodes to the same nil slice, and a list is what Remove is for.
func putAlwaysStores(n *attrNode) bool {
	if n.viaPtr || n.kind == "" || n.dynamic || (n.enc == nil && !n.plain.ok) || n.base.Kind() == reflect.Slice {
		return false
	}
	stored, ok := putStores(n, reflect.Zero(n.typ))
	return ok && stored
}

// putStores reports whether a put stores v, a value of node n's field
// (stored), and whether it encodes at all (ok: a marshaler that fails or
// panics on v does not).
func putStores(n *attrNode, v reflect.Value) (stored, ok bool) {
	defer func() {
		if recover() != nil {
			stored, ok = false, false
		}
	}()
	av, err := n.encode(v)
	return av != nil, err == nil
}

// refuseRemoveStored refuses a Remove of the struct field (at any depth)
// that a put always stores: the item would then read as the field's zero
// value but match no condition on it, and bypass the field's rules, an
// item no put writes. The element of a list and the entry of a map stay
// removable: a put of the shorter list or map writes the same item.
func (e *entityCore) refuseRemoveStored(a action, ref attrRef) error {
	if err := e.refuseRemoveArrayElement(a, ref); err != nil {
		return err
	}
	n := ref.node
	if a.kind != actRemove || n == nil || n.name == "" || !putAlwaysStores(n) {
		return nil
	}
	how := "tag the field omitempty (or make it a pointer) to make Remove possible"
	if n.null {
		how = "drop the null tag option to make Remove possible"
	}
	return &ddbmodel.ValidationError{Entity: e.name, Attribute: a.attr, Reason: fmt.Sprintf(
		"Remove: a put always stores it (%s%s), so no put leaves an item without it; Set it to %s instead, or %s",
		n.goType(), storedBecause(n), zeroText(n), how)}
}

// storedBecause says why a put always stores the field n: its tag.
func storedBecause(n *attrNode) string {
	if n.null {
		return " with the null tag option"
	}
	return " without omitempty"
}

// zeroText writes the zero value of the field n as a caller would Set it.
func zeroText(n *attrNode) string {
	switch {
	case n.typ.Kind() == reflect.Pointer || n.null && canNil(n.typ):
		return "nil"
	case n.base.Kind() == reflect.String:
		return `""`
	case n.base == timeType:
		return "time.Time{}"
	case n.kind == "N":
		return "0"
	case n.kind == "BOOL":
		return "false"
	}
	return "its zero value (" + n.goType() + "{})"
}

// refuseRemoveArrayElement refuses a Remove of one element of a Go array
// (a fixed-length [N]E): a put always stores all N elements, and DynamoDB
// would shift the later ones down, leaving an item that reads back with
// the last element zeroed, which no put writes.
func (e *entityCore) refuseRemoveArrayElement(a action, ref attrRef) error {
	last := len(ref.path) - 1
	if a.kind != actRemove || last < 1 || !ref.path[last].IsIndex {
		return nil
	}
	parent, err := e.sch.walk(ref.path[:last].String(), ref.path[:last], "Remove")
	if err != nil || parent.node == nil || parent.node.base.Kind() != reflect.Array {
		return nil
	}
	n := parent.node
	return &ddbmodel.ValidationError{Entity: e.name, Attribute: a.attr, Reason: fmt.Sprintf(
		"Remove: %s is %s, which holds exactly %d elements, and a put always stores every one; Set the element (to %s for a zero one) or the whole array instead",
		ref.path[:last], withArticle(n.goType()), n.base.Len(), zeroText(n.elem))}
}

// behindPointer reports whether the field at index in struct type rt is
// reached through an embedded pointer (an embedded *Inner): a put of a
// value whose pointer is nil stores none of its fields.
func behindPointer(rt reflect.Type, index []int) bool {
	for _, i := range index[:len(index)-1] {
		f := rt.Field(i)
		if f.Type.Kind() == reflect.Pointer {
			return true
		}
		rt = f.Type
	}
	return false
}

// calledAs names the action a as the caller wrote it: a Set of a value a
// put leaves out, which the update turns into a Remove, is still "Set".
func (p *updatePlan) calledAs(a action) string {
	if a.kind == actRemove && p.removal(a.attr) != "Remove" {
		return "Set"
	}
	return actionNames[a.kind]
}
