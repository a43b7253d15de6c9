package txn_test

import (
	"context"
	"testing"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/txn"
	"github.com/google/go-cmp/cmp"
)

// TestRetriedTransactionsReportEachAttempt checks that an Observer is told
// which attempt each sending of a retried write or read transaction is, as
// it is for batch chunks.
func TestRetriedTransactionsReportEachAttempt(t *testing.T) {
	t.Parallel()
	m := newModel()
	attemptsOf := func(db *entity.DB) (*entity.DB, *[]int) {
		var seen []int
		return db.WithObserver(entity.ObserverFunc(func(_ context.Context, ev *entity.Event) {
			seen = append(seen, ev.Attempt)
		})), &seen
	}
	db, _ := faultyTx(entitytest.FaultRule{Fault: entitytest.TransactionConflict, Count: 2, Action: 1})
	db, seen := attemptsOf(db)
	if err := m.join("u1", "g1").Retry(3).Backoff(fast, 2*fast).Run(t.Context(), db); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]int{1, 2, 3}, *seen); diff != "" {
		t.Errorf("write transaction attempts (-want +got):\n%s", diff)
	}
	db, _ = faultyTx(entitytest.FaultRule{Fault: entitytest.TransactionConflict, Count: 1, Action: 1})
	db, seen = attemptsOf(db)
	if _, err := m.join("u1", "g1").Retry(3).Backoff(fast, 2*fast).RunWritten(t.Context(), db); err != nil {
		t.Fatal(err)
	}
	// RunWritten reads the written items back in one more request, a first attempt.
	if diff := cmp.Diff([]int{1, 2, 1}, *seen); diff != "" {
		t.Errorf("RunWritten attempts (-want +got):\n%s", diff)
	}
	// The read-back names the entities it reads: the two updated ones.
	var readBack []string
	db, _ = faultyTx()
	db = db.WithObserver(entity.ObserverFunc(func(_ context.Context, ev *entity.Event) {
		if ev.Operation == "TransactGetItems" {
			readBack = ev.Entities
		}
	}))
	if _, err := m.join("u2", "g2").RunWritten(t.Context(), db); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"User", "Group"}, readBack); diff != "" {
		t.Errorf("RunWritten read-back entities (-want +got):\n%s", diff)
	}
	db, _ = faultyTx(entitytest.FaultRule{Fault: entitytest.TransactionConflict, Count: 2})
	db, seen = attemptsOf(db)
	if _, err := txn.Get(m.users.Get(entity.Values{"userId": "u1"})).Retry(3).Backoff(fast, fast).Run(t.Context(), db); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]int{1, 2, 3}, *seen); diff != "" {
		t.Errorf("read transaction attempts (-want +got):\n%s", diff)
	}
}
