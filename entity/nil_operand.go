package entity

import (
	"fmt"
	"reflect"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// nilAV describes a types.AttributeValue in v that is a nil pointer
// ((*types.AttributeValueMemberN)(nil)), v itself or an element or member
// of a list or map in it: it holds no value, and reading it would panic.
// "" when there is none.
func nilAV(v any) string {
	av, ok := v.(types.AttributeValue)
	if !ok || av == nil {
		return ""
	}
	if rv := reflect.ValueOf(av); rv.Kind() == reflect.Pointer && rv.IsNil() {
		return fmt.Sprintf("a nil %T, which holds no value", av)
	}
	switch x := av.(type) {
	case *types.AttributeValueMemberL:
		for i, e := range x.Value {
			if e == nil {
				return fmt.Sprintf("a list whose element %d is nil", i)
			}
			if why := nilAV(e); why != "" {
				return fmt.Sprintf("a list whose element %d is %s", i, why)
			}
		}
	case *types.AttributeValueMemberM:
		for k, e := range x.Value {
			if e == nil {
				return fmt.Sprintf("a map whose member %q is nil", k)
			}
			if why := nilAV(e); why != "" {
				return fmt.Sprintf("a map whose member %q is %s", k, why)
			}
		}
	}
	return ""
}
