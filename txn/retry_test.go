package txn_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/txn"
)

func TestRetryCuresConflicts(t *testing.T) {
	t.Parallel()
	m := newModel()
	db, rec := faultyTx(entitytest.FaultRule{Fault: entitytest.TransactionConflict, Count: 2, Action: 1})
	if err := m.join("u1", "g1").Retry(3).Backoff(fast, 2*fast).Run(t.Context(), db); err != nil {
		t.Fatalf("third attempt: err = %v, want success", err)
	}
	if n := rec.Count(entitytest.TransactWriteItems); n != 3 {
		t.Errorf("sent %d times, want 3", n)
	}
}

func TestRetryStopsAtTheBoundWithTheLastErrorTyped(t *testing.T) {
	t.Parallel()
	m := newModel()
	for _, attempts := range []int{0, 1, 2, 4} {
		db, rec := faultyTx(entitytest.FaultRule{Fault: entitytest.TransactionConflict, Action: 1})
		err := m.join("u1", "g1").Retry(attempts).Backoff(fast, fast).Run(t.Context(), db)
		var tce *ddbmodel.TxCanceledError
		if !errors.As(err, &tce) || !tce.Conflict() || tce.Failed()[0].Entity != "User" {
			t.Fatalf("Retry(%d): err = %v, want the conflict naming User", attempts, err)
		}
		want := max(attempts, 1)
		if n := rec.Count(entitytest.TransactWriteItems); n != want {
			t.Errorf("Retry(%d): sent %d times, want %d", attempts, n, want)
		}
	}
}

func TestRetryLeavesFailuresARetryCannotCure(t *testing.T) {
	t.Parallel()
	m := newModel()
	// A failed condition is final.
	db, rec := faultyTx(entitytest.FaultRule{Fault: entitytest.ConditionalCheckFailed})
	err := m.join("u1", "g1").Retry(5).Backoff(fast, fast).Run(t.Context(), db)
	if !errors.Is(err, ddbmodel.ErrConditionFailed) || rec.Count() != 1 {
		t.Errorf("condition failure: err = %v after %d requests, want ErrConditionFailed after 1", err, rec.Count())
	}
	// A lost connection may have applied the transaction: without a token
	// it is not sent again...
	db, rec = faultyTx(entitytest.FaultRule{Fault: entitytest.InternalServerError, Count: 1})
	err = m.join("u1", "g1").Retry(5).Backoff(fast, fast).Run(t.Context(), db)
	if !ddbmodel.IsRetryable(err) || rec.Count() != 1 {
		t.Errorf("server error without token: err = %v after %d requests, want it after 1", err, rec.Count())
	}
	// ...with one, DynamoDB applies it at most once, so it is.
	db, rec = faultyTx(entitytest.FaultRule{Fault: entitytest.InternalServerError, Count: 1})
	if err := m.join("u1", "g1").Token("join-u1-g1").Retry(5).Backoff(fast, fast).Run(t.Context(), db); err != nil || rec.Count() != 2 {
		t.Errorf("server error with token: err = %v after %d requests, want success after 2", err, rec.Count())
	}
	// Throttling applies nothing: retried without a token.
	db, rec = faultyTx(entitytest.FaultRule{Fault: entitytest.Throttling, Count: 2})
	if err := m.join("u1", "g1").Retry(3).Backoff(fast, fast).Run(t.Context(), db); err != nil || rec.Count() != 3 {
		t.Errorf("throttling: err = %v after %d requests, want success after 3", err, rec.Count())
	}
}

func TestRetryWaitStopsWithTheContext(t *testing.T) {
	t.Parallel()
	m := newModel()
	db, rec := faultyTx(entitytest.FaultRule{Fault: entitytest.TransactionConflict})
	ctx, cancel := context.WithTimeout(t.Context(), 50*time.Millisecond)
	defer cancel()
	start := time.Now()
	err := m.join("u1", "g1").Retry(10).Backoff(time.Hour, time.Hour).Run(ctx, db)
	var tce *ddbmodel.TxCanceledError
	if !errors.As(err, &tce) || !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("err = %v, want the conflict and the deadline", err)
	}
	if time.Since(start) > 10*time.Second || rec.Count() != 1 {
		t.Errorf("took %v and %d requests, want one request and a prompt return", time.Since(start), rec.Count())
	}
}

func TestRetryRefusesBadSettingsBeforeSending(t *testing.T) {
	t.Parallel()
	m := newModel()
	db := entity.NewDB(entitytest.NoRequests(t), "t")
	for name, tx := range map[string]txn.WriteTx{
		"negative attempts": m.join("u1", "g1").Retry(-1),
		"zero base":         m.join("u1", "g1").Retry(2).Backoff(0, time.Second),
		"max below base":    m.join("u1", "g1").Retry(2).Backoff(time.Second, time.Millisecond),
	} {
		var ve *ddbmodel.ValidationError
		if _, err := tx.Build(); !errors.As(err, &ve) {
			t.Errorf("%s: Build err = %v, want *ValidationError", name, err)
		}
		if err := tx.Run(t.Context(), db); !errors.As(err, &ve) {
			t.Errorf("%s: Run err = %v, want *ValidationError", name, err)
		}
	}
	if _, err := txn.Get(m.users.Get(entity.Values{"userId": "u1"})).Retry(-2).Build(); err == nil {
		t.Error("GetTx.Retry(-2) accepted")
	}
}

func TestRetryKeepsBuildersImmutable(t *testing.T) {
	t.Parallel()
	m := newModel()
	base := m.join("u1", "g1")
	_ = base.Retry(5)
	db, rec := faultyTx(entitytest.FaultRule{Fault: entitytest.TransactionConflict, Count: 1})
	if err := base.Run(t.Context(), db); err == nil || rec.Count() != 1 {
		t.Errorf("base transaction retried after Retry on a copy: err = %v, %d requests", err, rec.Count())
	}
}

func TestReadTransactionRetry(t *testing.T) {
	t.Parallel()
	m := newModel()
	db, rec := faultyTx(entitytest.FaultRule{Fault: entitytest.TransactionConflict, Count: 2})
	if _, err := txn.Get(m.users.Get(entity.Values{"userId": "u1"})).Retry(3).Backoff(fast, fast).Run(t.Context(), db); err != nil || rec.Count() != 3 {
		t.Errorf("err = %v after %d requests, want success after 3", err, rec.Count())
	}
}

// TestRetryAgainstDynamoDBLocal applies a transaction after two injected
// conflicts, once.
func TestRetryAgainstDynamoDBLocal(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	m := newModel()
	db := entitytest.NewDB(t, m.table)
	if _, err := m.users.Put(User{UserID: "u1", Name: "Ann"}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	if _, err := m.groups.Put(Group{GroupID: "g1"}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	fc := entitytest.NewFaultClient(db.Client, 1, entitytest.FaultRule{Fault: entitytest.TransactionConflict, Count: 2, Operations: []entitytest.Operation{entitytest.TransactWriteItems}})
	fdb := *db
	fdb.Client = fc
	if err := m.join("u1", "g1").Retry(3).Backoff(fast, 4*fast).Run(ctx, &fdb); err != nil {
		t.Fatal(err)
	}
	if fc.Injected()[entitytest.TransactionConflict] != 2 {
		t.Errorf("injected %v", fc.Injected())
	}
	g, err := m.groups.Get(entity.Values{"groupId": "g1"}).Run(ctx, db)
	if err != nil || g.Members != 1 {
		t.Errorf("group after the retried join = %+v, %v; want 1 member", g, err)
	}
}
