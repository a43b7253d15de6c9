package txn_test

import (
	"context"
	"errors"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/txn"
)

// conflicting answers every transaction as DynamoDB does when another
// transaction holds one of its items.
type conflicting struct {
	entity.Client
	sent *dynamodb.TransactWriteItemsInput
}

func (c *conflicting) TransactWriteItems(_ context.Context, in *dynamodb.TransactWriteItemsInput, _ ...func(*dynamodb.Options)) (*dynamodb.TransactWriteItemsOutput, error) {
	c.sent = in
	return nil, &types.TransactionCanceledException{
		Message: aws.String("Transaction cancelled"),
		CancellationReasons: []types.CancellationReason{
			{Code: aws.String("None")},
			{Code: aws.String("TransactionConflict"), Message: aws.String("Transaction is ongoing for the item")},
			{Code: aws.String("None")},
		},
	}
}

func TestTransactionConflictIsTypedAndRetryable(t *testing.T) {
	m := newModel()
	client := &conflicting{Client: entitytest.NoRequests(t)}
	db := entity.NewDB(client, "renamed")
	err := m.join("u1", "g1").Run(context.Background(), db)
	var tce *ddbmodel.TxCanceledError
	if !errors.As(err, &tce) {
		t.Fatalf("err = %v, want *TxCanceledError", err)
	}
	want := []ddbmodel.CancelReason{
		{Index: 0, Entity: "Membership", Op: "create", Code: "None"},
		{Index: 1, Entity: "User", Op: "update", Code: "TransactionConflict", Message: "Transaction is ongoing for the item"},
		{Index: 2, Entity: "Group", Op: "update", Code: "None"},
	}
	if diff := cmp.Diff(want, tce.Reasons, cmpopts.EquateEmpty()); diff != "" {
		t.Errorf("reasons (-want +got):\n%s", diff)
	}
	if !tce.Conflict() || !ddbmodel.IsRetryable(err) {
		t.Error("a conflict-only cancellation is not reported as retryable")
	}
	if errors.Is(err, ddbmodel.ErrConditionFailed) {
		t.Error("a conflict is reported as a failed condition")
	}
	for i, it := range client.sent.TransactItems {
		var table string
		switch {
		case it.Put != nil:
			table = aws.ToString(it.Put.TableName)
		case it.Update != nil:
			table = aws.ToString(it.Update.TableName)
		}
		if table != "renamed" {
			t.Errorf("action %d went to table %q, want the DB's table", i, table)
		}
	}
}

// readRecorder answers reads as DynamoDB does when a transactional read
// meets a pending transaction, and records batch reads.
type readRecorder struct {
	entity.Client
	batch *dynamodb.BatchGetItemInput
}

func (c *readRecorder) TransactGetItems(context.Context, *dynamodb.TransactGetItemsInput, ...func(*dynamodb.Options)) (*dynamodb.TransactGetItemsOutput, error) {
	return nil, &types.TransactionCanceledException{CancellationReasons: []types.CancellationReason{
		{Code: aws.String("None")}, {Code: aws.String("TransactionConflict")},
	}}
}

func (c *readRecorder) BatchGetItem(_ context.Context, in *dynamodb.BatchGetItemInput, _ ...func(*dynamodb.Options)) (*dynamodb.BatchGetItemOutput, error) {
	c.batch = in
	return &dynamodb.BatchGetItemOutput{}, nil
}

func TestReadsNameTheirEntitiesAndKeepConsistency(t *testing.T) {
	m := newModel()
	client := &readRecorder{Client: entitytest.NoRequests(t)}
	db := entity.NewDB(client, "t")
	_, err := txn.Get(m.users.Get(entity.Values{"userId": "u1"}), m.groups.Get(entity.Values{"groupId": "g1"})).Run(context.Background(), db)
	var tce *ddbmodel.TxCanceledError
	if !errors.As(err, &tce) || len(tce.Failed()) != 1 || tce.Failed()[0].Entity != "Group" || tce.Failed()[0].Op != "get" || !tce.Conflict() {
		t.Fatalf("err = %v, want a conflict naming the Group read", err)
	}
	_, err = txn.BatchGet(context.Background(), db, txn.BatchOptions{}, m.users.Get(entity.Values{"userId": "u1"}), m.users.Get(entity.Values{"userId": "u2"}).Consistent())
	if err != nil {
		t.Fatal(err)
	}
	if ka := client.batch.RequestItems["t"]; len(ka.Keys) != 2 || !aws.ToBool(ka.ConsistentRead) {
		t.Errorf("batch request = %+v, want two keys read consistently", ka)
	}
}
