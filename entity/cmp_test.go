package entity_test

import (
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

func cmpIgnoreSchema() cmp.Option {
	return cmpopts.IgnoreUnexported(dynamodb.CreateTableInput{}, types.KeySchemaElement{}, types.AttributeDefinition{},
		types.GlobalSecondaryIndex{}, types.LocalSecondaryIndex{}, types.Projection{})
}
