package entity

import (
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel/internal/errtext"

	"slices"
	"strings"
)

// elemOpts returns the tag options guregu/dynamo encodes the elements of a
// list (list) or map with, given the options of the field holding them
// (see its encodeList and encodeMapM): a list keeps empty and nil
// elements (as "" and NULL) unless omitemptyelem, so that positions stay;
// a map keeps them only with allowemptyelem, and leaves them out
// otherwise. allowemptyelem carries down to containers inside.
func elemOpts(flags []string, list bool) string {
	allowElem := slices.Contains(flags, "allowemptyelem")
	omitElem := slices.Contains(flags, "omitemptyelem")
	var out []string
	switch {
	case list && !omitElem, !list && allowElem:
		out = append(out, "allowempty", "null")
	case !list && omitElem:
		out = append(out, "omitempty")
	}
	if allowElem {
		out = append(out, "allowemptyelem")
	}
	return strings.Join(out, ",")
}

// checkNull refuses a NULL attribute value for a node a put never stores
// as NULL (no null tag option, not a list element, not an interface or a
// type with its own encoding): stored, it is a value no put writes, and
// Remove is the way to clear the attribute.
func (n *attrNode) checkNull(av types.AttributeValue) error {
	if !isNull(av) || n.null || n.dynamic || n.kind == "" {
		return nil
	}
	if putAlwaysStores(n) {
		// Remove is refused for such a field: the zero value is the way.
		return errtext.Errorf("want %s (stored as %s): a put never stores NULL here; Set it to %s to clear it", n.goType(), n.kind, zeroText(n))
	}
	return errtext.Errorf("want %s (stored as %s): a put never stores NULL here; use Remove to clear it", n.goType(), n.kind)
}
