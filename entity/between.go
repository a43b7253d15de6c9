package entity

import (
	"fmt"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/internal/expr"
)

// boundsInOrder refuses a BETWEEN whose encoded bounds DynamoDB refuses:
// bounds of two kinds, or a low bound above the high one (strings and
// binary values compared bytewise, numbers numerically, times as the text a
// put stores).
func boundsInOrder(s *schema, n *condNode, lo, hi types.AttributeValue) error {
	c, ok := expr.Compare(lo, hi)
	switch {
	case !ok:
		return &ddbmodel.ValidationError{Entity: s.entity, Attribute: n.attr,
			Reason: fmt.Sprintf("condition BETWEEN: the bounds are %s and %s; DynamoDB orders only bounds of one kind", avKind(lo), avKind(hi))}
	case c > 0:
		return &ddbmodel.ValidationError{Entity: s.entity, Attribute: n.attr,
			Reason: fmt.Sprintf("condition BETWEEN: the low bound %s is above the high bound %s; DynamoDB refuses reversed bounds", boundText(lo), boundText(hi))}
	}
	return nil
}

// boundText is a short text of a value for messages: a string quoted, a
// number as it is, binary in hex, a bool, "no value" for nil, or the kind
// of a larger value.
func boundText(av types.AttributeValue) string {
	switch x := av.(type) {
	case nil:
		return "no value"
	case *types.AttributeValueMemberBOOL:
		return fmt.Sprint(x.Value)
	case *types.AttributeValueMemberS:
		return fmt.Sprintf("%q", x.Value)
	case *types.AttributeValueMemberN:
		return x.Value
	case *types.AttributeValueMemberB:
		return fmt.Sprintf("0x%x", x.Value)
	}
	return avKind(av)
}
