package entity

import (
	"slices"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// fresh returns a deep copy of item, for Encode: a put's request shares
// attribute values that every write of the entity sends (its marker
// values, encoded Defaults), so that a caller changing the item it was
// given in place (an item seeded as an older version) changes no other
// write.
func fresh(item map[string]types.AttributeValue) map[string]types.AttributeValue {
	out := make(map[string]types.AttributeValue, len(item))
	for k, av := range item {
		out[k] = freshValue(av)
	}
	return out
}

func freshValue(av types.AttributeValue) types.AttributeValue {
	switch v := av.(type) {
	case *types.AttributeValueMemberS:
		return &types.AttributeValueMemberS{Value: v.Value}
	case *types.AttributeValueMemberN:
		return &types.AttributeValueMemberN{Value: v.Value}
	case *types.AttributeValueMemberB:
		return &types.AttributeValueMemberB{Value: slices.Clone(v.Value)}
	case *types.AttributeValueMemberBOOL:
		return &types.AttributeValueMemberBOOL{Value: v.Value}
	case *types.AttributeValueMemberNULL:
		return &types.AttributeValueMemberNULL{Value: v.Value}
	case *types.AttributeValueMemberSS:
		return &types.AttributeValueMemberSS{Value: slices.Clone(v.Value)}
	case *types.AttributeValueMemberNS:
		return &types.AttributeValueMemberNS{Value: slices.Clone(v.Value)}
	case *types.AttributeValueMemberBS:
		bs := make([][]byte, len(v.Value))
		for i, b := range v.Value {
			bs[i] = slices.Clone(b)
		}
		return &types.AttributeValueMemberBS{Value: bs}
	case *types.AttributeValueMemberL:
		l := make([]types.AttributeValue, len(v.Value))
		for i, e := range v.Value {
			l[i] = freshValue(e)
		}
		return &types.AttributeValueMemberL{Value: l}
	case *types.AttributeValueMemberM:
		return &types.AttributeValueMemberM{Value: fresh(v.Value)}
	}
	return av
}
