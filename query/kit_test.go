package query_test

import "github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

// s is a string attribute value.
func s(v string) types.AttributeValue { return &types.AttributeValueMemberS{Value: v} }

// n is a number attribute value.
func n(v string) types.AttributeValue { return &types.AttributeValueMemberN{Value: v} }
