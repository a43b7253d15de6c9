package ddbtest

import (
	"context"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// CmpOpts lets cmp compare SDK inputs and attribute values, whose structs
// carry unexported fields.
var CmpOpts = cmp.Options{
	cmpopts.IgnoreUnexported(
		types.AttributeValueMemberS{}, types.AttributeValueMemberN{}, types.AttributeValueMemberB{},
		types.AttributeValueMemberSS{}, types.AttributeValueMemberNS{}, types.AttributeValueMemberBS{},
		types.AttributeValueMemberL{}, types.AttributeValueMemberM{}, types.AttributeValueMemberBOOL{},
		types.AttributeValueMemberNULL{},
		dynamodb.PutItemInput{}, dynamodb.GetItemInput{}, dynamodb.UpdateItemInput{}, dynamodb.DeleteItemInput{},
		dynamodb.QueryInput{}, dynamodb.ScanInput{}, dynamodb.TransactWriteItemsInput{}, dynamodb.TransactGetItemsInput{},
		types.TransactWriteItem{}, types.Put{}, types.Update{}, types.Delete{}, types.ConditionCheck{},
		types.TransactGetItem{}, types.Get{},
	),
}

// S is a string attribute value.
func S(s string) types.AttributeValue { return &types.AttributeValueMemberS{Value: s} }

// N is a number attribute value.
func N(s string) types.AttributeValue { return &types.AttributeValueMemberN{Value: s} }

// NoCalls is a client that fails the test on any call: it proves that
// invalid input is rejected before a request is sent.
type NoCalls struct{ T testing.TB }

func (c NoCalls) fail(op string) {
	c.T.Helper()
	c.T.Fatalf("unexpected %s request: invalid input must be rejected before sending", op)
}

// GetItem fails the test.
func (c NoCalls) GetItem(context.Context, *dynamodb.GetItemInput, ...func(*dynamodb.Options)) (*dynamodb.GetItemOutput, error) {
	c.fail("GetItem")
	return nil, nil
}

// PutItem fails the test.
func (c NoCalls) PutItem(context.Context, *dynamodb.PutItemInput, ...func(*dynamodb.Options)) (*dynamodb.PutItemOutput, error) {
	c.fail("PutItem")
	return nil, nil
}

// UpdateItem fails the test.
func (c NoCalls) UpdateItem(context.Context, *dynamodb.UpdateItemInput, ...func(*dynamodb.Options)) (*dynamodb.UpdateItemOutput, error) {
	c.fail("UpdateItem")
	return nil, nil
}

// DeleteItem fails the test.
func (c NoCalls) DeleteItem(context.Context, *dynamodb.DeleteItemInput, ...func(*dynamodb.Options)) (*dynamodb.DeleteItemOutput, error) {
	c.fail("DeleteItem")
	return nil, nil
}

// Query fails the test.
func (c NoCalls) Query(context.Context, *dynamodb.QueryInput, ...func(*dynamodb.Options)) (*dynamodb.QueryOutput, error) {
	c.fail("Query")
	return nil, nil
}

// Scan fails the test.
func (c NoCalls) Scan(context.Context, *dynamodb.ScanInput, ...func(*dynamodb.Options)) (*dynamodb.ScanOutput, error) {
	c.fail("Scan")
	return nil, nil
}

// TransactWriteItems fails the test.
func (c NoCalls) TransactWriteItems(context.Context, *dynamodb.TransactWriteItemsInput, ...func(*dynamodb.Options)) (*dynamodb.TransactWriteItemsOutput, error) {
	c.fail("TransactWriteItems")
	return nil, nil
}

// TransactGetItems fails the test.
func (c NoCalls) TransactGetItems(context.Context, *dynamodb.TransactGetItemsInput, ...func(*dynamodb.Options)) (*dynamodb.TransactGetItemsOutput, error) {
	c.fail("TransactGetItems")
	return nil, nil
}

// BatchGetItem fails the test.
func (c NoCalls) BatchGetItem(context.Context, *dynamodb.BatchGetItemInput, ...func(*dynamodb.Options)) (*dynamodb.BatchGetItemOutput, error) {
	c.fail("BatchGetItem")
	return nil, nil
}

// BatchWriteItem fails the test.
func (c NoCalls) BatchWriteItem(context.Context, *dynamodb.BatchWriteItemInput, ...func(*dynamodb.Options)) (*dynamodb.BatchWriteItemOutput, error) {
	c.fail("BatchWriteItem")
	return nil, nil
}
