package entity

import (
	"reflect"
	"strconv"
	"strings"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// plainEncoding says how a node whose values are of a plain kind (a
// string, a boolean or an integer, not a pointer, not marshalled by its
// own methods, with no tag option but omitempty) encodes a value without
// guregu/dynamo: what dynamo.MarshalItem stores for such a field is fixed
// (a test checks every kind against it), and an update or a condition
// encodes its values one by one, where guregu's item map, struct and
// reflection cost most of the encoding.
type plainEncoding struct {
	ok        bool
	kind      fastKind // fastString, fastBool, fastInt or fastUint
	omitEmpty bool
}

// plainEncodingOf returns the plain encoding of values of type t stored
// with the tag options opts, or one whose ok is false.
func plainEncodingOf(t reflect.Type, opts string) plainEncoding {
	var pe plainEncoding
	for o := range strings.SplitSeq(opts, ",") {
		switch o {
		case "":
		case "omitempty":
			pe.omitEmpty = true
		default:
			return plainEncoding{}
		}
	}
	if implements(t, dynamoMarshalerType) || implements(t, avMarshalerType) || implements(t, textMarshalerType) || implements(t, rtypeAWSMarshaler) {
		return plainEncoding{}
	}
	switch k := t.Kind(); {
	case k == reflect.String:
		pe.kind = fastString
	case k == reflect.Bool:
		pe.kind = fastBool
	case k >= reflect.Int && k <= reflect.Int64:
		pe.kind = fastInt
	case k >= reflect.Uint && k <= reflect.Uint64:
		pe.kind = fastUint
	default:
		return plainEncoding{}
	}
	pe.ok = true
	return pe
}

// encodePlain encodes fv, a value of the node's type, as dynamo.MarshalItem
// stores it in a field: nil when the field is left out.
func (n *attrNode) encodePlain(fv reflect.Value) types.AttributeValue {
	switch n.plain.kind {
	case fastString:
		if s := fv.String(); s != "" {
			return &types.AttributeValueMemberS{Value: s}
		}
	case fastBool:
		if b := fv.Bool(); b || !n.plain.omitEmpty {
			return &types.AttributeValueMemberBOOL{Value: b}
		}
	case fastInt:
		if i := fv.Int(); i != 0 || !n.plain.omitEmpty {
			return &types.AttributeValueMemberN{Value: strconv.FormatInt(i, 10)}
		}
	case fastUint:
		if u := fv.Uint(); u != 0 || !n.plain.omitEmpty {
			return &types.AttributeValueMemberN{Value: strconv.FormatUint(u, 10)}
		}
	}
	return nil
}
