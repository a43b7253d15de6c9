package entity_test

import (
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel/entity"
)

func mustGet[T any](t *testing.T, e *entity.Entity[T], id string) *dynamodb.GetItemInput {
	t.Helper()
	in, err := e.Get(entity.Values{"articleId": id}).Build()
	if err != nil {
		t.Fatal(err)
	}
	return in
}

func str(av types.AttributeValue) string {
	if s, ok := av.(*types.AttributeValueMemberS); ok {
		return s.Value
	}
	return ""
}
