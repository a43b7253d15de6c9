package errtext

import (
	"fmt"
	"sort"
	"strings"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// DescribeKey renders a key as name=value pairs in name order, for error
// messages: "PK=TENANT#t0,SK=TICKET#k1". A typed nil value shows as nil.
func DescribeKey(key map[string]types.AttributeValue) string {
	names := make([]string, 0, len(key))
	for k := range key {
		names = append(names, k)
	}
	sort.Strings(names)
	parts := make([]string, len(names))
	for i, n := range names {
		var s string
		switch v := key[n].(type) {
		case *types.AttributeValueMemberS:
			if v != nil {
				s = v.Value
			}
		case *types.AttributeValueMemberN:
			if v != nil {
				s = v.Value
			}
		case *types.AttributeValueMemberB:
			if v != nil {
				s = fmt.Sprintf("%x", v.Value)
			}
		default:
			s = fmt.Sprintf("%T", v)
		}
		parts[i] = n + "=" + s
	}
	return strings.Join(parts, ",")
}
