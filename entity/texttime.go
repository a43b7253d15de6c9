package entity

import (
	"fmt"
	"strings"

	"github.com/ddbmodel/ddbmodel"
)

// textTimeOrder refuses an ordering comparison (<, <=, >, >=, BETWEEN, or
// an ordering with another attribute) of a time stored as RFC 3339 text,
// the default encoding of a time.Time: DynamoDB compares the text bytewise,
// and the text carries the zone offset and as many fraction digits as the
// time needs, so 10:00:00Z sorts after 10:00:00.5Z and 12:00+02:00 after
// 11:00Z. Such a comparison would silently give wrong results. Equality,
// IN and existence stay (they do not order). nil for any other attribute.
func textTimeOrder(s *schema, op, attr string, node *attrNode) error {
	switch op {
	case "<", "<=", ">", ">=", "between":
	default:
		return nil
	}
	if node == nil || node.base != timeType || node.kind != "S" {
		return nil
	}
	return &ddbmodel.ValidationError{Entity: s.entity, Attribute: attr, Reason: fmt.Sprintf(
		"condition %s: %s is %s stored as RFC 3339 text, which does not sort as time (times in different zones and with different fraction digits compare by their bytes, not their instants); store the field as Unix seconds (the unixtime tag option), or compare through a key template (${%s:time} renders fixed-width UTC)",
		strings.ToUpper(op), attr, withArticle(node.goType()), attr)}
}
