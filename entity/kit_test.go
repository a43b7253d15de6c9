package entity_test

import (
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
)

func init() {
	entity.TestKit.Client = entitytest.Client
	entity.TestKit.NewTable = entitytest.NewTable
	entity.TestKit.CmpOptions = entitytest.CmpOptions
}

// s is a string attribute value.
func s(v string) types.AttributeValue { return &types.AttributeValueMemberS{Value: v} }

// n is a number attribute value.
func n(v string) types.AttributeValue { return &types.AttributeValueMemberN{Value: v} }
