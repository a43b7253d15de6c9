package expr

import (
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel/internal/errtext"
)

// DescribeKey renders a key as name=value pairs in name order, for error
// messages: "PK=TENANT#t0,SK=TICKET#k1" (errtext.DescribeKey).
func DescribeKey(key map[string]types.AttributeValue) string { return errtext.DescribeKey(key) }
