package txn_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/google/go-cmp/cmp"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/internal/golden"
	"github.com/ddbmodel/ddbmodel/query"
	"github.com/ddbmodel/ddbmodel/txn"
)

func TestWriteTransactionOutcomes(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	m := newModel()
	db := entitytest.NewDB(t, m.table)
	if _, err := m.users.Put(User{UserID: "u1", Name: "Ann"}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	if _, err := m.groups.Put(Group{GroupID: "g1"}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	if err := m.join("u1", "g1").Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	// Joining twice: the create fails, so nothing else happens either.
	err := m.join("u1", "g1").Run(ctx, db)
	var tce *ddbmodel.TxCanceledError
	if !errors.As(err, &tce) || !errors.Is(err, ddbmodel.ErrAlreadyExists) || !errors.Is(err, ddbmodel.ErrTxCanceled) {
		t.Fatalf("second join: err = %v", err)
	}
	failed := tce.Failed()
	if len(failed) != 1 || failed[0].Index != 0 || failed[0].Entity != "Membership" || failed[0].Op != "create" || failed[0].Code != "ConditionalCheckFailed" {
		t.Fatalf("failed reasons = %+v", failed)
	}
	if failed[0].Item == nil {
		t.Error("the canceled create did not report the existing item")
	}
	var tca *types.TransactionCanceledException
	if !errors.As(err, &tca) {
		t.Error("the AWS exception is not reachable with errors.As")
	}
	u, err := m.users.Get(entity.Values{"userId": "u1"}).Run(ctx, db)
	if err != nil || u.Groups != 1 {
		t.Errorf("user after a canceled second join: %+v, %v (counter must be 1)", u, err)
	}
	// Joining a group that does not exist: the update of the group fails with ErrNotFound.
	err = m.join("u1", "nope").Run(ctx, db)
	if !errors.Is(err, ddbmodel.ErrNotFound) {
		t.Errorf("join a missing group: err = %v", err)
	}
	// Read transaction.
	items, err := txn.Get(m.users.Get(entity.Values{"userId": "u1"}), m.groups.Get(entity.Values{"groupId": "g1"}), m.groups.Get(entity.Values{"groupId": "zz"})).Run(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	g, err := txn.Decode(items, 1, m.groups)
	if err != nil || g.Members != 1 {
		t.Errorf("group = %+v, %v", g, err)
	}
	if _, err := txn.Decode(items, 2, m.groups); !errors.Is(err, ddbmodel.ErrNotFound) {
		t.Errorf("missing group: err = %v", err)
	}
	// The idempotency token makes a retried transaction apply once.
	tx := txn.Write(m.users.Update(entity.Values{"userId": "u1"}).Add("groups", 10)).Token("retry-" + db.TableName) // unique: tokens are global to the server for 10 minutes
	for i := 0; i < 2; i++ {
		if err := tx.Run(ctx, db); err != nil {
			t.Fatal(err)
		}
	}
	u, _ = m.users.Get(entity.Values{"userId": "u1"}).Run(ctx, db)
	if u.Groups != 11 {
		t.Errorf("groups after an idempotent retry = %d, want 11", u.Groups)
	}
	// Members of a group, through the inverted index.
	ms, err := query.New(m.members).Index("GSI1").Where(entity.Values{"groupId": "g1"}).Collect(ctx, db)
	if err != nil || len(ms) != 1 || ms[0].UserID != "u1" {
		t.Errorf("members = %+v, %v", ms, err)
	}
}

func TestWriteTransactionChecksBeforeSending(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	m := newModel()
	db := entity.NewDB(entitytest.NoRequests(t), "t")
	var many []entity.WriteOp
	for i := 0; i < 101; i++ {
		many = append(many, m.users.Put(User{UserID: fmt.Sprint(i)}))
	}
	if err := txn.Write(many...).Run(ctx, db); !errors.Is(err, ddbmodel.ErrLimitExceeded) {
		t.Errorf("101 actions: err = %v", err)
	}
	err := txn.Write(m.users.Put(User{UserID: "u"}), m.users.Update(entity.Values{"userId": "u"}).Set("name", "x")).Run(ctx, db)
	if !errors.Is(err, ddbmodel.ErrInvalid) {
		t.Errorf("two actions on one item: err = %v", err)
	}
	var big []entity.WriteOp
	for i := 0; i < 12; i++ {
		big = append(big, m.users.Put(User{UserID: fmt.Sprint(i), Name: strings.Repeat("x", 380000)}))
	}
	if err := txn.Write(big...).Run(ctx, db); !errors.Is(err, ddbmodel.ErrLimitExceeded) {
		t.Errorf("over 4 MB: err = %v", err)
	}
	in, err := m.join("u1", "g1").Token("t1").Build()
	if err != nil {
		t.Fatal(err)
	}
	if len(in.TransactItems) != 3 || in.TransactItems[0].Put == nil || in.TransactItems[1].Update == nil || *in.ClientRequestToken != "t1" {
		t.Errorf("built transaction = %+v", in)
	}
	golden.Check(t, "join", in)
}

func TestBatchesRetryUnprocessedItems(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	m := newModel()
	server := entitytest.NewDB(t, m.table)
	rec := entitytest.NewRecorder(server.Client)
	// holdBack makes the next n batch responses hold back part of their items.
	db := *server
	holdBack := func(n int) {
		db.Client = entitytest.NewFaultClient(rec, 1, entitytest.FaultRule{Fault: entitytest.Unprocessed, Count: n})
	}
	holdBack(6)
	var puts []entity.BatchWriter
	var keys []entity.Values
	var want []User
	for i := 0; i < 60; i++ {
		u := User{UserID: fmt.Sprintf("u%02d", i), Name: "n"}
		puts = append(puts, m.users.Put(u))
		keys = append(keys, entity.Values{"userId": u.UserID})
		want = append(want, u)
	}
	opts := txn.BatchOptions{BaseDelay: time.Millisecond, MaxDelay: 5 * time.Millisecond}
	if err := txn.BatchWrite(ctx, &db, opts, puts...); err != nil {
		t.Fatal(err)
	}
	if c := rec.Count(entitytest.BatchWriteItem); c < 4 {
		t.Errorf("calls = %d: 60 items need 3 chunks plus retries", c)
	}
	holdBack(4)
	got, err := txn.BatchGetOf(ctx, &db, opts, m.users, append(keys, entity.Values{"userId": "missing"})...)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("batch get (-want +got):\n%s", diff)
	}
	// When items stay unprocessed after every attempt, they come back in the error.
	holdBack(0) // every response
	var more []entity.BatchWriter
	for i := 0; i < 30; i++ {
		more = append(more, m.users.Delete(entity.Values{"userId": fmt.Sprintf("u%02d", i)}))
	}
	err = txn.BatchWrite(ctx, &db, txn.BatchOptions{MaxAttempts: 3, BaseDelay: time.Millisecond}, more...)
	var ue *ddbmodel.UnprocessedError
	if !errors.As(err, &ue) || !errors.Is(err, ddbmodel.ErrUnprocessed) {
		t.Fatalf("err = %v, want *UnprocessedError", err)
	}
	// Each chunk (25 and 5) halves what it sends three times.
	deleted := 30 - len(ue.Deletes)
	if len(ue.Deletes) == 0 || deleted == 0 {
		t.Errorf("deleted %d, unprocessed %d", deleted, len(ue.Deletes))
	}
	n, err := query.Scan(m.users).Collect(ctx, server)
	if err != nil {
		t.Fatal(err)
	}
	if len(n) != 60-deleted {
		t.Errorf("users left = %d, want %d: an item reported unprocessed was deleted, or the reverse", len(n), 60-deleted)
	}
	// A canceled context stops the retries.
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if err := txn.BatchWrite(cctx, &db, opts, m.users.Put(User{UserID: "late"})); !errors.Is(err, context.Canceled) {
		t.Errorf("canceled context: err = %v", err)
	}
	// Conditions cannot ride in a batch.
	if err := txn.BatchWrite(ctx, &db, opts, m.users.Create(User{UserID: "x"})); !errors.Is(err, ddbmodel.ErrInvalid) {
		t.Errorf("create in a batch: err = %v", err)
	}
}
