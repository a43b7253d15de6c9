package entitytest

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"github.com/ddbmodel/ddbmodel/entity"
)

// Operation names a DynamoDB API call the library makes.
type Operation string

// The operations of [entity.Client].
const (
	GetItem            Operation = "GetItem"
	PutItem            Operation = "PutItem"
	UpdateItem         Operation = "UpdateItem"
	DeleteItem         Operation = "DeleteItem"
	Query              Operation = "Query"
	Scan               Operation = "Scan"
	TransactWriteItems Operation = "TransactWriteItems"
	TransactGetItems   Operation = "TransactGetItems"
	BatchGetItem       Operation = "BatchGetItem"
	BatchWriteItem     Operation = "BatchWriteItem"
)

// Request is one call recorded by a [Recorder].
type Request struct {
	// Operation is the API call.
	Operation Operation
	// Input is the request as sent: *dynamodb.PutItemInput for PutItem,
	// *dynamodb.QueryInput for Query, and so on.
	Input any
}

// Recorder is an [entity.Client] that records every request before passing
// it on. It is safe for concurrent use.
type Recorder struct {
	next     entity.Client
	mu       sync.Mutex
	requests []Request
}

// NewRecorder returns a Recorder passing requests to next. With a nil next,
// nothing is sent anywhere: every request is recorded and answered with an
// empty output (no item found, nothing unprocessed, no page after this one).
func NewRecorder(next entity.Client) *Recorder { return &Recorder{next: next} }

// Requests returns a copy of the requests recorded so far, in the order they
// were made.
func (r *Recorder) Requests() []Request {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]Request(nil), r.requests...)
}

// Count returns how many requests of the operations given were recorded;
// with no operation, how many requests in all.
func (r *Recorder) Count(ops ...Operation) int {
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(ops) == 0 {
		return len(r.requests)
	}
	n := 0
	for _, req := range r.requests {
		if slices.Contains(ops, req.Operation) {
			n++
		}
	}
	return n
}

// Reset forgets the requests recorded so far.
func (r *Recorder) Reset() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.requests = nil
}

// record stores a request and then calls next, or returns empty when next
// is nil.
func record[In, Out any](r *Recorder, op Operation, in *In, next func() (*Out, error)) (*Out, error) {
	r.mu.Lock()
	r.requests = append(r.requests, Request{Operation: op, Input: in})
	r.mu.Unlock()
	if r.next == nil {
		return new(Out), nil
	}
	return next()
}

// GetItem records the request and passes it on.
func (r *Recorder) GetItem(ctx context.Context, in *dynamodb.GetItemInput, optFns ...func(*dynamodb.Options)) (*dynamodb.GetItemOutput, error) {
	return record(r, GetItem, in, func() (*dynamodb.GetItemOutput, error) { return r.next.GetItem(ctx, in, optFns...) })
}

// PutItem records the request and passes it on.
func (r *Recorder) PutItem(ctx context.Context, in *dynamodb.PutItemInput, optFns ...func(*dynamodb.Options)) (*dynamodb.PutItemOutput, error) {
	return record(r, PutItem, in, func() (*dynamodb.PutItemOutput, error) { return r.next.PutItem(ctx, in, optFns...) })
}

// UpdateItem records the request and passes it on.
func (r *Recorder) UpdateItem(ctx context.Context, in *dynamodb.UpdateItemInput, optFns ...func(*dynamodb.Options)) (*dynamodb.UpdateItemOutput, error) {
	return record(r, UpdateItem, in, func() (*dynamodb.UpdateItemOutput, error) { return r.next.UpdateItem(ctx, in, optFns...) })
}

// DeleteItem records the request and passes it on.
func (r *Recorder) DeleteItem(ctx context.Context, in *dynamodb.DeleteItemInput, optFns ...func(*dynamodb.Options)) (*dynamodb.DeleteItemOutput, error) {
	return record(r, DeleteItem, in, func() (*dynamodb.DeleteItemOutput, error) { return r.next.DeleteItem(ctx, in, optFns...) })
}

// Query records the request and passes it on.
func (r *Recorder) Query(ctx context.Context, in *dynamodb.QueryInput, optFns ...func(*dynamodb.Options)) (*dynamodb.QueryOutput, error) {
	return record(r, Query, in, func() (*dynamodb.QueryOutput, error) { return r.next.Query(ctx, in, optFns...) })
}

// Scan records the request and passes it on.
func (r *Recorder) Scan(ctx context.Context, in *dynamodb.ScanInput, optFns ...func(*dynamodb.Options)) (*dynamodb.ScanOutput, error) {
	return record(r, Scan, in, func() (*dynamodb.ScanOutput, error) { return r.next.Scan(ctx, in, optFns...) })
}

// TransactWriteItems records the request and passes it on.
func (r *Recorder) TransactWriteItems(ctx context.Context, in *dynamodb.TransactWriteItemsInput, optFns ...func(*dynamodb.Options)) (*dynamodb.TransactWriteItemsOutput, error) {
	return record(r, TransactWriteItems, in, func() (*dynamodb.TransactWriteItemsOutput, error) {
		return r.next.TransactWriteItems(ctx, in, optFns...)
	})
}

// TransactGetItems records the request and passes it on.
func (r *Recorder) TransactGetItems(ctx context.Context, in *dynamodb.TransactGetItemsInput, optFns ...func(*dynamodb.Options)) (*dynamodb.TransactGetItemsOutput, error) {
	return record(r, TransactGetItems, in, func() (*dynamodb.TransactGetItemsOutput, error) {
		return r.next.TransactGetItems(ctx, in, optFns...)
	})
}

// BatchGetItem records the request and passes it on.
func (r *Recorder) BatchGetItem(ctx context.Context, in *dynamodb.BatchGetItemInput, optFns ...func(*dynamodb.Options)) (*dynamodb.BatchGetItemOutput, error) {
	return record(r, BatchGetItem, in, func() (*dynamodb.BatchGetItemOutput, error) { return r.next.BatchGetItem(ctx, in, optFns...) })
}

// BatchWriteItem records the request and passes it on.
func (r *Recorder) BatchWriteItem(ctx context.Context, in *dynamodb.BatchWriteItemInput, optFns ...func(*dynamodb.Options)) (*dynamodb.BatchWriteItemOutput, error) {
	return record(r, BatchWriteItem, in, func() (*dynamodb.BatchWriteItemOutput, error) {
		return r.next.BatchWriteItem(ctx, in, optFns...)
	})
}

var _ entity.Client = (*Recorder)(nil)

// ErrUnexpectedRequest is what a [NoRequests] client returns for every
// request, besides failing the test.
var ErrUnexpectedRequest = errors.New("entitytest: unexpected request: invalid input must be refused before sending")

// NoRequests returns a client that fails tb on any request (with
// tb.Errorf, so it is safe from any goroutine) and answers it with
// [ErrUnexpectedRequest]. Use it to prove that invalid input is refused
// before anything is sent.
func NoRequests(tb testing.TB) entity.Client {
	return failingClient{tb: tb}
}

// failingClient is NoRequests' client: a Recorder that fails the test.
type failingClient struct{ tb testing.TB }

func fail[Out any](c failingClient, op Operation) (*Out, error) {
	c.tb.Helper()
	c.tb.Errorf("entitytest: unexpected %s request: invalid input must be refused before sending", op)
	return nil, fmt.Errorf("%s: %w", op, ErrUnexpectedRequest)
}

func (c failingClient) GetItem(context.Context, *dynamodb.GetItemInput, ...func(*dynamodb.Options)) (*dynamodb.GetItemOutput, error) {
	return fail[dynamodb.GetItemOutput](c, GetItem)
}

func (c failingClient) PutItem(context.Context, *dynamodb.PutItemInput, ...func(*dynamodb.Options)) (*dynamodb.PutItemOutput, error) {
	return fail[dynamodb.PutItemOutput](c, PutItem)
}

func (c failingClient) UpdateItem(context.Context, *dynamodb.UpdateItemInput, ...func(*dynamodb.Options)) (*dynamodb.UpdateItemOutput, error) {
	return fail[dynamodb.UpdateItemOutput](c, UpdateItem)
}

func (c failingClient) DeleteItem(context.Context, *dynamodb.DeleteItemInput, ...func(*dynamodb.Options)) (*dynamodb.DeleteItemOutput, error) {
	return fail[dynamodb.DeleteItemOutput](c, DeleteItem)
}

func (c failingClient) Query(context.Context, *dynamodb.QueryInput, ...func(*dynamodb.Options)) (*dynamodb.QueryOutput, error) {
	return fail[dynamodb.QueryOutput](c, Query)
}

func (c failingClient) Scan(context.Context, *dynamodb.ScanInput, ...func(*dynamodb.Options)) (*dynamodb.ScanOutput, error) {
	return fail[dynamodb.ScanOutput](c, Scan)
}

func (c failingClient) TransactWriteItems(context.Context, *dynamodb.TransactWriteItemsInput, ...func(*dynamodb.Options)) (*dynamodb.TransactWriteItemsOutput, error) {
	return fail[dynamodb.TransactWriteItemsOutput](c, TransactWriteItems)
}

func (c failingClient) TransactGetItems(context.Context, *dynamodb.TransactGetItemsInput, ...func(*dynamodb.Options)) (*dynamodb.TransactGetItemsOutput, error) {
	return fail[dynamodb.TransactGetItemsOutput](c, TransactGetItems)
}

func (c failingClient) BatchGetItem(context.Context, *dynamodb.BatchGetItemInput, ...func(*dynamodb.Options)) (*dynamodb.BatchGetItemOutput, error) {
	return fail[dynamodb.BatchGetItemOutput](c, BatchGetItem)
}

func (c failingClient) BatchWriteItem(context.Context, *dynamodb.BatchWriteItemInput, ...func(*dynamodb.Options)) (*dynamodb.BatchWriteItemOutput, error) {
	return fail[dynamodb.BatchWriteItemOutput](c, BatchWriteItem)
}
