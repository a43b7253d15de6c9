package txn_test

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/google/go-cmp/cmp"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/txn"
)

// holdKey passes batch reads on to the real client but leaves the key
// whose PK is pk unprocessed, every time.
type holdKey struct {
	entity.Client
	pk string
}

func (h holdKey) BatchGetItem(ctx context.Context, in *dynamodb.BatchGetItemInput, opts ...func(*dynamodb.Options)) (*dynamodb.BatchGetItemOutput, error) {
	send := &dynamodb.BatchGetItemInput{RequestItems: map[string]types.KeysAndAttributes{}}
	left := map[string]types.KeysAndAttributes{}
	for table, ka := range in.RequestItems {
		var kept, held []map[string]types.AttributeValue
		for _, k := range ka.Keys {
			if pk(k) == h.pk {
				held = append(held, k)
			} else {
				kept = append(kept, k)
			}
		}
		if len(kept) > 0 {
			send.RequestItems[table] = types.KeysAndAttributes{Keys: kept, ConsistentRead: ka.ConsistentRead}
		}
		if len(held) > 0 {
			left[table] = types.KeysAndAttributes{Keys: held, ConsistentRead: ka.ConsistentRead}
		}
	}
	out := &dynamodb.BatchGetItemOutput{}
	if len(send.RequestItems) > 0 {
		var err error
		if out, err = h.Client.BatchGetItem(ctx, send, opts...); err != nil {
			return nil, err
		}
	}
	out.UnprocessedKeys = left
	return out, nil
}

// BatchGetOf whose batch leaves a key unread after every attempt returns
// the items it did read, with the *ddbmodel.UnprocessedError naming the
// key left.
func TestBatchGetOfKeepsItemsReadWhenAKeyIsLeft(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	m := newModel()
	server := entitytest.NewDB(t, m.table)
	var keys []entity.Values
	var want []User
	for i := range 5 {
		u := User{UserID: fmt.Sprintf("u%d", i), Name: "n"}
		if _, err := m.users.Put(u).Run(ctx, server); err != nil {
			t.Fatal(err)
		}
		keys = append(keys, entity.Values{"userId": u.UserID})
		if i != 3 {
			want = append(want, u)
		}
	}
	db := *server
	db.Client = holdKey{Client: server.Client, pk: "USER#u3"}
	got, err := txn.BatchGetOf(ctx, &db, txn.BatchOptions{MaxAttempts: 2, BaseDelay: fast, MaxDelay: fast}, m.users, keys...)
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("items read (-want +got):\n%s", diff)
	}
	var ue *ddbmodel.UnprocessedError
	if !errors.As(err, &ue) || !errors.Is(err, ddbmodel.ErrUnprocessed) {
		t.Fatalf("err = %v, want a *ddbmodel.UnprocessedError", err)
	}
	if len(ue.Keys) != 1 || pk(ue.Keys[0]) != "USER#u3" || len(ue.Puts)+len(ue.Deletes) != 0 {
		t.Errorf("unprocessed = %+v, want the one key USER#u3", ue)
	}
}

// An Observer that panics after a failed (throttled) request ends its
// chunk: no further attempt, and the batch's error holds the
// *ddbmodel.PanicError next to the request's error and the items not
// confirmed.
func TestBatchObserverPanicAfterAFailedRequest(t *testing.T) {
	t.Parallel()
	m := newModel()
	throttled := transientFaults("BatchWriteItem")["ThrottlingException"]
	panicky := func(c *scripted) *entity.DB {
		var n atomic.Int32
		return entity.NewDB(c, "t").WithObserver(entity.ObserverFunc(func(context.Context, *entity.Event) {
			if n.Add(1) == 1 {
				panic("observer bug")
			}
		}))
	}
	opts := fastRetries
	opts.MaxAttempts = 3

	c := &scripted{Client: entitytest.NoRequests(t), errs: []error{throttled, throttled, throttled}}
	err := txn.BatchWrite(context.Background(), panicky(c), opts, userPuts(m, 2)...)
	var pe *ddbmodel.PanicError
	var ue *ddbmodel.UnprocessedError
	var api interface{ ErrorCode() string }
	if !errors.Is(err, ddbmodel.ErrPanic) || !errors.As(err, &pe) || pe.Value != "observer bug" {
		t.Errorf("write: err = %v, want the Observer's *ddbmodel.PanicError", err)
	}
	if !errors.As(err, &ue) || len(ue.Puts) != 2 || !errors.As(err, &api) || api.ErrorCode() != "ThrottlingException" {
		t.Errorf("write: err = %v, want the 2 puts unconfirmed and the throttling error", err)
	}
	if c.calls != 1 {
		t.Errorf("write: %d requests, want the panic to end the chunk after the first", c.calls)
	}
	if ddbmodel.IsRetryable(err) {
		t.Error("write: a panic is reported as retryable")
	}

	throttledGet := transientFaults("BatchGetItem")["ThrottlingException"]
	c = &scripted{Client: entitytest.NoRequests(t), errs: []error{throttledGet, throttledGet, throttledGet}}
	_, err = txn.BatchGet(context.Background(), panicky(c), opts, userReads(m, 2)...)
	if !errors.Is(err, ddbmodel.ErrPanic) || !errors.As(err, &pe) || pe.Value != "observer bug" || !errors.As(err, &ue) || len(ue.Keys) != 2 {
		t.Errorf("read: err = %v, want the Observer's *ddbmodel.PanicError and the 2 keys unread", err)
	}
	if c.calls != 1 {
		t.Errorf("read: %d requests, want the panic to end the chunk after the first", c.calls)
	}
}
