package txn_test

import (
	"context"
	"errors"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/txn"
)

func TestTransactionConflictIsTypedAndRetryable(t *testing.T) {
	t.Parallel()
	m := newModel()
	// The recorder sees the request; the fault client behind it cancels it.
	rec := entitytest.NewRecorder(entitytest.NewFaultClient(entitytest.NoRequests(t), 1, entitytest.FaultRule{Fault: entitytest.TransactionConflict, Action: 1}))
	db := entity.NewDB(rec, "renamed")
	err := m.join("u1", "g1").Run(context.Background(), db)
	var tce *ddbmodel.TxCanceledError
	if !errors.As(err, &tce) {
		t.Fatalf("err = %v, want *TxCanceledError", err)
	}
	want := []ddbmodel.CancelReason{
		{Index: 0, Entity: "Membership", Op: "create", Code: "None"},
		{Index: 1, Entity: "User", Op: "update", Code: "TransactionConflict", Message: "Transaction is ongoing for the item (injected)"},
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
	for i, it := range rec.Requests()[0].Input.(*dynamodb.TransactWriteItemsInput).TransactItems {
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

func TestReadsNameTheirEntitiesAndKeepConsistency(t *testing.T) {
	t.Parallel()
	m := newModel()
	rec := entitytest.NewRecorder(nil)
	db := entity.NewDB(entitytest.NewFaultClient(rec, 1, entitytest.FaultRule{
		Fault: entitytest.TransactionConflict, Operations: []entitytest.Operation{entitytest.TransactGetItems}, Action: 1,
	}), "t")
	_, err := txn.Get(m.users.Get(entity.Values{"userId": "u1"}), m.groups.Get(entity.Values{"groupId": "g1"})).Run(context.Background(), db)
	var tce *ddbmodel.TxCanceledError
	if !errors.As(err, &tce) || len(tce.Failed()) != 1 || tce.Failed()[0].Entity != "Group" || tce.Failed()[0].Op != "get" || !tce.Conflict() {
		t.Fatalf("err = %v, want a conflict naming the Group read", err)
	}
	_, err = txn.BatchGet(context.Background(), db, txn.BatchOptions{}, m.users.Get(entity.Values{"userId": "u1"}), m.users.Get(entity.Values{"userId": "u2"}).Consistent())
	if err != nil {
		t.Fatal(err)
	}
	batch := rec.Requests()[0].Input.(*dynamodb.BatchGetItemInput)
	if ka := batch.RequestItems["t"]; len(ka.Keys) != 2 || !aws.ToBool(ka.ConsistentRead) {
		t.Errorf("batch request = %+v, want two keys read consistently", ka)
	}
}
