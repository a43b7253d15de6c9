package expr

import (
	"bytes"
	"math/big"
	"strings"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// Compare orders two values as DynamoDB orders them in key conditions,
// conditions and filters: strings and binary values bytewise, numbers
// numerically. ok is false when the two cannot be ordered against each
// other (different kinds, or kinds DynamoDB does not order), and then c is
// 0.
func Compare(a, b types.AttributeValue) (c int, ok bool) {
	switch x := a.(type) {
	case *types.AttributeValueMemberS:
		if y, ok := b.(*types.AttributeValueMemberS); ok {
			return strings.Compare(x.Value, y.Value), true
		}
	case *types.AttributeValueMemberN:
		if y, ok := b.(*types.AttributeValueMemberN); ok {
			p, ok1 := new(big.Rat).SetString(x.Value)
			q, ok2 := new(big.Rat).SetString(y.Value)
			if ok1 && ok2 {
				return p.Cmp(q), true
			}
		}
	case *types.AttributeValueMemberB:
		if y, ok := b.(*types.AttributeValueMemberB); ok {
			return bytes.Compare(x.Value, y.Value), true
		}
	}
	return 0, false
}

// SameScalar reports whether a and b are the same string or the same
// number text.
func SameScalar(a, b types.AttributeValue) bool {
	switch x := a.(type) {
	case *types.AttributeValueMemberS:
		y, ok := b.(*types.AttributeValueMemberS)
		return ok && x.Value == y.Value
	case *types.AttributeValueMemberN:
		y, ok := b.(*types.AttributeValueMemberN)
		return ok && x.Value == y.Value
	}
	return false
}

// StringOf is av's string, or "" when av is no string.
func StringOf(av types.AttributeValue) string {
	if s, ok := av.(*types.AttributeValueMemberS); ok {
		return s.Value
	}
	return ""
}
