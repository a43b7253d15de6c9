package txn_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/txn"
)

// DynamoDB refuses a read transaction that reads one item twice; the
// library refuses it first, with a typed error, and sends nothing.
func TestReadTransactionRejectsTwoReadsOfOneItem(t *testing.T) {
	t.Parallel()
	m := newModel()
	db := entity.NewDB(entitytest.NoRequests(t), "renamed")
	tx := txn.Get(m.users.Get(entity.Values{"userId": "u1"}), m.groups.Get(entity.Values{"groupId": "g1"}), m.users.Get(entity.Values{"userId": "u1"}))
	var ve *ddbmodel.ValidationError
	if _, err := tx.Build(); !errors.As(err, &ve) || !errors.Is(err, ddbmodel.ErrInvalid) {
		t.Errorf("Build: err = %v, want *ValidationError", err)
	}
	if _, err := tx.Run(context.Background(), db); !errors.As(err, &ve) {
		t.Errorf("Run: err = %v, want *ValidationError", err)
	}
}

type profile struct {
	ID   string `dynamo:"id"`
	City string `dynamo:"city"`
	Name string `dynamo:"name"`
}

// An update that cannot be compiled without reading the item (a move, or
// ReadFirst with missing composites) cannot join a transaction: the error
// says so and nothing is sent.
func TestUpdatesThatMustReadAreRefusedInTransactions(t *testing.T) {
	t.Parallel()
	m := newModel()
	profiles := entity.MustDefine(m.table, entity.Config[profile]{
		Name:    "Profile",
		Key:     entity.Key{Partition: "P#${id}", Sort: "P"},
		Indexes: []entity.IndexKey[profile]{{Index: "GSI1", Partition: "C#${city}", Sort: "${city}#N#${name}"}},
	})
	db := entity.NewDB(entitytest.NoRequests(t), "t")
	ctx := context.Background()
	key := entity.Values{"id": "p1"}
	for name, tc := range map[string]struct {
		op   entity.WriteOp
		want error
	}{
		"move":                      {m.users.Update(entity.Values{"userId": "u1"}).Set("userId", "u2"), entity.ErrNeedsRead},
		"read first":                {profiles.Update(key).Set("name", "x").ReadFirst(), entity.ErrNeedsRead},
		"missing without ReadFirst": {profiles.Update(key).Set("name", "x"), ddbmodel.ErrMissingComposites},
	} {
		err := txn.Write(m.users.Put(User{UserID: "u9"}), tc.op).Run(ctx, db)
		if !errors.Is(err, tc.want) {
			t.Errorf("%s: err = %v, want %v", name, err, tc.want)
		}
	}
}

// A failed condition check is reported with its index, entity, operation,
// outcome and the item as it was.
func TestFailedConditionCheckIsNamed(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	m := newModel()
	db := entitytest.NewDB(t, m.table)
	if _, err := m.users.Put(User{UserID: "u1", Name: "Ann"}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	err := txn.Write(
		m.groups.Put(Group{GroupID: "g1"}),
		m.users.Check(entity.Values{"userId": "u1"}, entity.Attr("name").Eq("Bob")),
	).Run(ctx, db)
	var tce *ddbmodel.TxCanceledError
	if !errors.As(err, &tce) || !errors.Is(err, ddbmodel.ErrConditionFailed) || errors.Is(err, ddbmodel.ErrAlreadyExists) {
		t.Fatalf("err = %v, want a canceled transaction with ErrConditionFailed only", err)
	}
	f := tce.Failed()
	if len(f) != 1 || f[0].Index != 1 || f[0].Entity != "User" || f[0].Op != "check" || f[0].Code != "ConditionalCheckFailed" || !errors.Is(f[0].Err, ddbmodel.ErrConditionFailed) {
		t.Fatalf("failed = %+v", f)
	}
	if old, err := m.users.Decode(f[0].Item); err != nil || old.Name != "Ann" {
		t.Errorf("the check's old item = %+v, %v", old, err)
	}
	if _, err := m.groups.Get(entity.Values{"groupId": "g1"}).Run(ctx, db); !errors.Is(err, ddbmodel.ErrNotFound) {
		t.Errorf("the put of a canceled transaction happened: err = %v", err)
	}
}

// Batches chunk writes by 25 and reads by 100, read each item once however
// often it is asked for, and answer every read in its place.
func TestBatchesChunkAndAnswerDuplicates(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	m := newModel()
	db := entitytest.NewDB(t, m.table)
	if _, err := m.users.Put(User{UserID: "old"}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	var ops []entity.BatchWriter
	for i := 0; i < 40; i++ {
		ops = append(ops, m.users.Put(User{UserID: fmt.Sprintf("b%02d", i), Name: "n"}))
	}
	ops = append(ops, m.users.Delete(entity.Values{"userId": "old"}))
	if err := txn.BatchWrite(ctx, db, txn.BatchOptions{}, ops...); err != nil {
		t.Fatal(err)
	}
	if err := txn.BatchWrite(ctx, db, txn.BatchOptions{}, m.users.Put(User{UserID: "x"}), m.users.Delete(entity.Values{"userId": "x"})); !errors.Is(err, ddbmodel.ErrInvalid) {
		t.Errorf("put and delete of one item in a batch: err = %v, want ErrInvalid", err)
	}
	var reads []txn.ReadOp
	for i := 0; i < 150; i++ {
		reads = append(reads, m.users.Get(entity.Values{"userId": fmt.Sprintf("b%02d", i%45)}))
	}
	reads = append(reads, m.users.Get(entity.Values{"userId": "old"}))
	items, err := txn.BatchGet(ctx, db, txn.BatchOptions{Concurrency: 2}, reads...)
	if err != nil {
		t.Fatal(err)
	}
	if items.Len() != len(reads) {
		t.Fatalf("Len = %d, want %d", items.Len(), len(reads))
	}
	for i := range reads {
		wantFound := i < 150 && i%45 < 40
		if items.Found(i) != wantFound {
			t.Errorf("read %d: found = %v, want %v", i, items.Found(i), wantFound)
			continue
		}
		if !wantFound {
			continue
		}
		u, err := txn.Decode(items, i, m.users)
		if err != nil || u.UserID != fmt.Sprintf("b%02d", i%45) {
			t.Errorf("read %d = %+v, %v", i, u, err)
		}
	}
}

// DynamoDB takes idempotency tokens of up to 36 characters; a longer one
// is refused before sending.
func TestLongIdempotencyTokenIsRefusedBeforeSending(t *testing.T) {
	t.Parallel()
	m := newModel()
	db := entity.NewDB(entitytest.NoRequests(t), "t")
	tx := txn.Write(m.users.Put(User{UserID: "u"})).Token("order-2026-11-21-0001-retry-attempt-2")
	var ve *ddbmodel.ValidationError
	if _, err := tx.Build(); !errors.As(err, &ve) {
		t.Errorf("Build: err = %v, want *ValidationError", err)
	}
	if err := tx.Run(context.Background(), db); !errors.As(err, &ve) {
		t.Errorf("Run: err = %v, want *ValidationError", err)
	}
	if _, err := tx.Token("order-2026-11-21-0001-retry-attempt2").Build(); err != nil {
		t.Errorf("36-character token: %v", err)
	}
}

// An invalid action keeps its own error, with one prefix, and the
// transaction says which action it is.
func TestInvalidActionKeepsOnePrefix(t *testing.T) {
	t.Parallel()
	m := newModel()
	db := entity.NewDB(entitytest.NoRequests(t), "t")
	err := txn.Write(m.users.Put(User{UserID: "u9"}), m.users.Update(entity.Values{"userId": "u1"}).Set("nmae", "x")).Run(context.Background(), db)
	var ve *ddbmodel.ValidationError
	if !errors.As(err, &ve) || ve.Attribute != "nmae" {
		t.Fatalf("err = %v, want the update's ValidationError", err)
	}
	if msg := err.Error(); !strings.HasPrefix(msg, "ddbmodel: invalid User attribute nmae") || strings.Count(msg, "ddbmodel:") != 1 || !strings.HasSuffix(msg, "(transaction action 1)") {
		t.Errorf("err = %q, want one ddbmodel: prefix and the action's position at the end", msg)
	}
}

// A batch's invalid operation is named as the batch's, not a
// transaction's.
func TestInvalidBatchOperationSaysBatch(t *testing.T) {
	t.Parallel()
	m := newModel()
	db := entity.NewDB(entitytest.NoRequests(t), "t")
	err := txn.BatchWrite(context.Background(), db, txn.BatchOptions{}, m.users.Put(User{UserID: "u9"}), m.users.Delete(entity.Values{}))
	if err == nil || !strings.HasSuffix(err.Error(), "(batch write 1)") || strings.Contains(err.Error(), "transaction") {
		t.Errorf("err = %v, want the operation's error ending in (batch write 1)", err)
	}
}
