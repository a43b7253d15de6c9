package entitytest

import (
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// CmpOptions lets github.com/google/go-cmp compare built requests and
// attribute values, whose SDK structs carry unexported fields that cmp
// otherwise refuses:
//
//	in, err := op.Build()
//	if diff := cmp.Diff(want, in, entitytest.CmpOptions); diff != "" { ... }
var CmpOptions = cmp.Options{
	cmpopts.IgnoreUnexported(
		types.AttributeValueMemberS{}, types.AttributeValueMemberN{}, types.AttributeValueMemberB{},
		types.AttributeValueMemberSS{}, types.AttributeValueMemberNS{}, types.AttributeValueMemberBS{},
		types.AttributeValueMemberL{}, types.AttributeValueMemberM{}, types.AttributeValueMemberBOOL{},
		types.AttributeValueMemberNULL{},
		dynamodb.PutItemInput{}, dynamodb.GetItemInput{}, dynamodb.UpdateItemInput{}, dynamodb.DeleteItemInput{},
		dynamodb.QueryInput{}, dynamodb.ScanInput{}, dynamodb.TransactWriteItemsInput{}, dynamodb.TransactGetItemsInput{},
		dynamodb.BatchWriteItemInput{}, dynamodb.BatchGetItemInput{},
		types.TransactWriteItem{}, types.Put{}, types.Update{}, types.Delete{}, types.ConditionCheck{},
		types.TransactGetItem{}, types.Get{}, types.WriteRequest{}, types.PutRequest{}, types.DeleteRequest{},
		types.KeysAndAttributes{},
	),
}
