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
func putAlwaysStores(n *attrNode) (always bool) {
	if n.kind == "" || n.dynamic || (n.enc == nil && !n.plain.ok) || n.base.Kind() == reflect.Slice {
		return false
	}
	defer func() {
		if recover() != nil { // a marshaler that fails on its zero value
			always = false
		}
	}()
	av, err := n.encode(reflect.Zero(n.typ))
	return err == nil && av != nil
}

// refuseRemoveStored refuses a Remove of the struct field (at any depth)
// that a put always stores: the item would then read as the field's zero
// value but match no condition on it, and bypass the field's rules, an
// item no put writes. The element of a list and the entry of a map stay
// removable: a put of the shorter list or map writes the same item.
func (e *Entity[T]) refuseRemoveStored(a action, ref attrRef) error {
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
	case n.null || n.typ.Kind() == reflect.Pointer:
		return "nil"
	case n.base == timeType:
		return "time.Time{}"
	case n.kind == "N":
		return "0"
	case n.kind == "BOOL":
		return "false"
	}
	return "its zero value (" + n.goType() + "{})"
}
