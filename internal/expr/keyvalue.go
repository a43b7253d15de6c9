package expr

import "github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

// AttributeValue encodes v as a put of entities stores their attribute
// attr (taking the text of a number or a time when loose), so that a key
// condition on a native attribute compares what puts write; nil when a put
// leaves the attribute out. Package entity sets it, as it does
// RenderCondition.
var AttributeValue func(entities []any, attr string, v any, loose bool) (types.AttributeValue, error)
