package txn_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/smithy-go"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/txn"
)

var fastRetries = txn.BatchOptions{BaseDelay: time.Millisecond, MaxDelay: 2 * time.Millisecond}

// scripted answers batch requests with the errors in errs, one per call,
// then with success; it can panic or cancel instead.
type scripted struct {
	entity.Client
	mu     sync.Mutex
	calls  int
	errs   []error
	panicA int            // panic on this call (1-based), 0 never
	before func(call int) // called first on every call, if set
}

func (c *scripted) next() error {
	c.mu.Lock()
	c.calls++
	n := c.calls
	c.mu.Unlock()
	if c.before != nil {
		c.before(n)
	}
	if n == c.panicA {
		panic("client bug")
	}
	if n <= len(c.errs) {
		return c.errs[n-1]
	}
	return nil
}

func (c *scripted) BatchWriteItem(context.Context, *dynamodb.BatchWriteItemInput, ...func(*dynamodb.Options)) (*dynamodb.BatchWriteItemOutput, error) {
	if err := c.next(); err != nil {
		return nil, err
	}
	return &dynamodb.BatchWriteItemOutput{}, nil
}

func (c *scripted) BatchGetItem(context.Context, *dynamodb.BatchGetItemInput, ...func(*dynamodb.Options)) (*dynamodb.BatchGetItemOutput, error) {
	if err := c.next(); err != nil {
		return nil, err
	}
	return &dynamodb.BatchGetItemOutput{}, nil
}

func userPuts(m model, n int) []entity.BatchWriter {
	ops := make([]entity.BatchWriter, n)
	for i := range ops {
		ops[i] = m.users.Put(User{UserID: fmt.Sprintf("u%04d", i)})
	}
	return ops
}

func userReads(m model, n int) []txn.ReadOp {
	reads := make([]txn.ReadOp, n)
	for i := range reads {
		reads[i] = m.users.Get(entity.Values{"userId": fmt.Sprintf("u%04d", i)})
	}
	return reads
}

// One transient error of any kind (throttling, 5xx, a connection reset)
// is retried with the batch's backoff, for writes and for reads; an error
// no retry can cure ends the chunk at once, its items reported as not
// confirmed, with the error as the cause.
func TestBatchRetriesEveryTransientError(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	m := newModel()
	for name, err := range transientFaults("BatchWriteItem") {
		c := &scripted{Client: entitytest.NoRequests(t), errs: []error{err, err}}
		if err := txn.BatchWrite(ctx, entity.NewDB(c, "t"), fastRetries, userPuts(m, 3)...); err != nil || c.calls != 3 {
			t.Errorf("write after two %s: err = %v after %d calls, want success on the third", name, err, c.calls)
		}
	}
	for name, err := range transientFaults("BatchGetItem") {
		c := &scripted{Client: entitytest.NoRequests(t), errs: []error{err}}
		if _, err := txn.BatchGet(ctx, entity.NewDB(c, "t"), fastRetries, userReads(m, 3)...); err != nil || c.calls != 2 {
			t.Errorf("read after one %s: err = %v after %d calls, want success on the second", name, err, c.calls)
		}
	}
	bad := apiErr("BatchWriteItem", 400, &smithy.GenericAPIError{Code: "ValidationException"})
	c := &scripted{Client: entitytest.NoRequests(t), errs: []error{bad, bad}}
	err := txn.BatchWrite(ctx, entity.NewDB(c, "t"), fastRetries, userPuts(m, 3)...)
	var ue *ddbmodel.UnprocessedError
	var api smithy.APIError
	if !errors.As(err, &ue) || len(ue.Puts) != 3 || !errors.As(err, &api) || api.ErrorCode() != "ValidationException" || c.calls != 1 {
		t.Errorf("err = %v after %d calls, want the 3 puts unconfirmed after one call, caused by the ValidationException", err, c.calls)
	}
}

// A batch canceled while chunks fail for other reasons still answers
// errors.Is(err, context.Canceled), and every item of the chunks that
// failed, were cut short or never started is reported.
func TestBatchCancellationIsVisible(t *testing.T) {
	t.Parallel()
	m := newModel()
	bad := apiErr("BatchWriteItem", 400, &smithy.GenericAPIError{Code: "ValidationException"})
	opts := fastRetries
	opts.Concurrency = 1

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	canceled := &smithy.OperationError{ServiceID: "DynamoDB", OperationName: "BatchWriteItem", Err: &aws.RequestCanceledError{Err: context.Canceled}}
	c := &scripted{Client: entitytest.NoRequests(t), errs: []error{bad, canceled}, before: func(call int) {
		if call == 2 {
			cancel()
		}
	}}
	err := txn.BatchWrite(ctx, entity.NewDB(c, "t"), opts, userPuts(m, 60)...) // chunks of 25, 25, 10
	var ue *ddbmodel.UnprocessedError
	var api smithy.APIError
	if !errors.Is(err, context.Canceled) || !errors.As(err, &ue) || len(ue.Puts) != 60 || !errors.As(err, &api) || c.calls != 2 {
		t.Errorf("canceled write: err = %v after %d calls; want context.Canceled, the first chunk's error and 60 unconfirmed puts", err, c.calls)
	}

	// A deadline that passes while a chunk is throttled, after another
	// chunk failed: errors.Is(err, context.DeadlineExceeded).
	throttled := transientFaults("BatchWriteItem")["ThrottlingException"]
	c = &scripted{Client: entitytest.NoRequests(t), errs: []error{bad}}
	for range 10000 {
		c.errs = append(c.errs, throttled)
	}
	opts.MaxAttempts = 10000
	ctx, cancel2 := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel2()
	err = txn.BatchWrite(ctx, entity.NewDB(c, "t"), opts, userPuts(m, 30)...)
	if !errors.Is(err, context.DeadlineExceeded) || !errors.As(err, &ue) || len(ue.Puts) != 30 || !errors.As(err, &api) || api.ErrorCode() != "ValidationException" {
		t.Errorf("write past its deadline: err = %v; want context.DeadlineExceeded, the first chunk's error and 30 unconfirmed puts", err)
	}

	// Reads likewise.
	ctx, cancel3 := context.WithCancel(context.Background())
	defer cancel3()
	c = &scripted{Client: entitytest.NoRequests(t), errs: []error{bad, canceled}, before: func(call int) {
		if call == 2 {
			cancel3()
		}
	}}
	_, err = txn.BatchGet(ctx, entity.NewDB(c, "t"), txn.BatchOptions{Concurrency: 1}, userReads(m, 250)...)
	if !errors.Is(err, context.Canceled) || !errors.As(err, &ue) || len(ue.Keys) != 250 {
		t.Errorf("canceled read: err = %v; want context.Canceled and 250 keys unread", err)
	}
}

// A client that panics inside a batch's goroutine does not end the
// process: the panic comes back as a *ddbmodel.PanicError with its value,
// and the panicking chunk's items as not confirmed.
func TestBatchClientPanicIsAnError(t *testing.T) {
	t.Parallel()
	m := newModel()
	opts := txn.BatchOptions{Concurrency: 1}
	c := &scripted{Client: entitytest.NoRequests(t), panicA: 2}
	err := txn.BatchWrite(context.Background(), entity.NewDB(c, "t"), opts, userPuts(m, 60)...)
	var pe *ddbmodel.PanicError
	var ue *ddbmodel.UnprocessedError
	if !errors.As(err, &pe) || pe.Value != "client bug" || !errors.Is(err, ddbmodel.ErrPanic) || !errors.As(err, &ue) || len(ue.Puts) != 25 {
		t.Errorf("write: err = %v; want a *PanicError(client bug) and the second chunk's 25 puts unconfirmed", err)
	} else if id := ue.Puts[0]["PK"].(*types.AttributeValueMemberS).Value; id != "USER#u0025" {
		t.Errorf("first unconfirmed put = %s, want USER#u0025", id)
	}
	if ddbmodel.IsRetryable(err) {
		t.Error("a panic is reported as retryable")
	}

	c = &scripted{Client: entitytest.NoRequests(t), panicA: 1}
	_, err = txn.BatchGet(context.Background(), entity.NewDB(c, "t"), opts, userReads(m, 150)...)
	if !errors.As(err, &pe) || pe.Value != "client bug" || !errors.As(err, &ue) || len(ue.Keys) != 100 {
		t.Errorf("read: err = %v; want a *PanicError(client bug) and the first chunk's 100 keys unread", err)
	}
}

// Nil and zero-value inputs are refused with a *ddbmodel.ValidationError
// before any request, instead of a panic.
func TestBatchRefusesNilInputs(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	m := newModel()
	db := entity.NewDB(entitytest.NoRequests(t), "t")
	put := m.users.Put(User{UserID: "u1"})
	get := m.users.Get(entity.Values{"userId": "u1"})
	for name, run := range map[string]func() error{
		"write, nil DB":            func() error { return txn.BatchWrite(ctx, nil, txn.BatchOptions{}, put) },
		"write, DB without client": func() error { return txn.BatchWrite(ctx, &entity.DB{TableName: "t"}, txn.BatchOptions{}, put) },
		"write, nil op":            func() error { return txn.BatchWrite(ctx, db, txn.BatchOptions{}, put, nil) },
		"write, nil pointer op":    func() error { return txn.BatchWrite(ctx, db, txn.BatchOptions{}, (*entity.PutOp[User])(nil)) },
		"write, zero-value put":    func() error { return txn.BatchWrite(ctx, db, txn.BatchOptions{}, entity.PutOp[User]{}) },
		"read, nil DB": func() error {
			_, err := txn.BatchGet(ctx, nil, txn.BatchOptions{}, get)
			return err
		},
		"read, nil op": func() error {
			_, err := txn.BatchGet(ctx, db, txn.BatchOptions{}, get, nil)
			return err
		},
		"read of one entity, nil entity": func() error {
			_, err := txn.BatchGetOf[User](ctx, db, txn.BatchOptions{}, nil, entity.Values{"userId": "u1"})
			return err
		},
		"read of one entity, nil DB": func() error {
			_, err := txn.BatchGetOf(ctx, nil, txn.BatchOptions{}, m.users, entity.Values{"userId": "u1"})
			return err
		},
	} {
		var ve *ddbmodel.ValidationError
		err := func() (err error) {
			defer func() {
				if v := recover(); v != nil {
					err = fmt.Errorf("panic: %v", v)
				}
			}()
			return run()
		}()
		if !errors.As(err, &ve) || !errors.Is(err, ddbmodel.ErrInvalid) {
			t.Errorf("%s: err = %v, want *ddbmodel.ValidationError", name, err)
		}
	}
}
