package entitytest

import (
	"context"
	"fmt"
	"maps"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"os"
	"slices"
	"sync"
	"syscall"

	awshttp "github.com/aws/aws-sdk-go-v2/aws/transport/http"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/smithy-go"
	smithyhttp "github.com/aws/smithy-go/transport/http"

	"github.com/ddbmodel/ddbmodel/entity"
)

// Fault is a kind of failure a [FaultClient] injects. Each returns an error
// shaped as the AWS SDK returns it (a *smithy.OperationError wrapping the
// HTTP response error and the API error), so code under test sees what it
// would see from DynamoDB.
type Fault int

const (
	// Throttling is a *types.ThrottlingException (HTTP 400); the request is
	// not applied.
	Throttling Fault = iota + 1
	// ProvisionedThroughputExceeded is a
	// *types.ProvisionedThroughputExceededException (HTTP 400); the request is
	// not applied.
	ProvisionedThroughputExceeded
	// InternalServerError is a *types.InternalServerError (HTTP 500); the
	// request is not applied.
	InternalServerError
	// ServiceUnavailable is a ServiceUnavailable error (HTTP 503); the
	// request is not applied.
	ServiceUnavailable
	// ConnectionReset drops the connection before the request reaches the
	// server: a *smithyhttp.RequestSendError wrapping ECONNRESET; the
	// request is not applied.
	ConnectionReset
	// ResponseLost sends the request to the server and then drops the
	// connection before the response arrives: the request IS applied, but
	// the caller gets the same error as for ConnectionReset and cannot tell.
	ResponseLost
	// Unprocessed applies to BatchWriteItem and BatchGetItem only: the first
	// half of the request's items (rounded down) is sent on, and the rest is
	// returned as UnprocessedItems or UnprocessedKeys, as DynamoDB does under
	// load; a request of one item comes back whole, without being sent.
	Unprocessed
	// TransactionConflict cancels a TransactWriteItems or TransactGetItems
	// with reason TransactionConflict on its first action (None on the
	// others), and fails a single-item write with a
	// *types.TransactionConflictException; nothing is applied.
	TransactionConflict
	// ConditionalCheckFailed fails a single-item write with a
	// *types.ConditionalCheckFailedException and cancels a
	// TransactWriteItems with reason ConditionalCheckFailed on its first
	// action (see FaultRule.Action); nothing is applied. The failure carries
	// no item, as when no item was there: a Create then reports
	// ddbmodel.ErrConditionFailed, not ddbmodel.ErrAlreadyExists, which needs
	// the existing item (test that one against DynamoDB Local).
	ConditionalCheckFailed
)

// String returns the fault's name.
func (f Fault) String() string {
	switch f {
	case Throttling:
		return "Throttling"
	case ProvisionedThroughputExceeded:
		return "ProvisionedThroughputExceeded"
	case InternalServerError:
		return "InternalServerError"
	case ServiceUnavailable:
		return "ServiceUnavailable"
	case ConnectionReset:
		return "ConnectionReset"
	case ResponseLost:
		return "ResponseLost"
	case Unprocessed:
		return "Unprocessed"
	case TransactionConflict:
		return "TransactionConflict"
	case ConditionalCheckFailed:
		return "ConditionalCheckFailed"
	}
	return fmt.Sprintf("Fault(%d)", int(f))
}

// appliesTo reports whether f can be injected into op.
func (f Fault) appliesTo(op Operation) bool {
	switch f {
	case Unprocessed:
		return op == BatchWriteItem || op == BatchGetItem
	case TransactionConflict:
		return op == TransactWriteItems || op == TransactGetItems || op == PutItem || op == UpdateItem || op == DeleteItem
	case ConditionalCheckFailed:
		return op == TransactWriteItems || op == PutItem || op == UpdateItem || op == DeleteItem
	}
	return f >= Throttling && f <= ResponseLost
}

// FaultRule says which faults to inject into which requests.
type FaultRule struct {
	// Fault is the failure to inject.
	Fault Fault
	// Operations limits the rule to these calls; empty means every call the
	// fault applies to (see the Fault constants).
	Operations []Operation
	// Rate is the chance that a matching request fails, in (0, 1]; 0 means 1
	// (every matching request).
	Rate float64
	// Count stops the rule after it has fired this many times; 0 means no
	// limit.
	Count int
	// Action is, for a transaction canceled by TransactionConflict or
	// ConditionalCheckFailed, the index of the action whose reason carries
	// the fault (the others say None); default 0. A transaction with fewer
	// actions than that is canceled on its last action.
	Action int
}

// check reports why r cannot fire as written.
func (r FaultRule) check() error {
	switch {
	case r.Fault < Throttling || r.Fault > ConditionalCheckFailed:
		return fmt.Errorf("unknown fault %v", r.Fault)
	case r.Rate < 0 || r.Rate > 1:
		return fmt.Errorf("rate %v outside [0, 1]", r.Rate)
	case r.Count < 0 || r.Action < 0:
		return fmt.Errorf("negative Count or Action")
	}
	for _, op := range r.Operations {
		if !r.Fault.appliesTo(op) {
			return fmt.Errorf("%v does not apply to %s", r.Fault, op)
		}
	}
	return nil
}

// FaultClient is an [entity.Client] that injects faults into the requests it
// passes to another client. Rules are tried in order for each request; the
// first that fires decides the fault, and a request no rule fires for is
// passed on unchanged. Random choices come from the seed, so a run is
// repeatable for the same sequence of requests. It is safe for concurrent
// use.
type FaultClient struct {
	invalid error // a rule that cannot fire as written
	next    entity.Client
	rules   []FaultRule

	mu       sync.Mutex
	rng      *rand.Rand
	fired    []int
	injected map[Fault]int
}

// NewFaultClient returns a client that passes requests to next, failing
// them as rules say. A nil next is [NewRecorder](nil): what is passed on is
// answered with an empty output.
//
// A rule that cannot fire as written (an unknown Fault, a Rate outside
// [0, 1], a negative Count or Action, or Operations the fault does not apply
// to) makes every request fail with an error naming the rule, so that a
// test with a mistaken rule fails instead of silently passing.
//
// The errors are those of one attempt. A *dynamodb.Client retries throttling,
// 5xx and resets itself before returning, so a fault injected here at a rate
// reaches the caller more often than the same rate of faults on the wire.
func NewFaultClient(next entity.Client, seed uint64, rules ...FaultRule) *FaultClient {
	if next == nil {
		next = NewRecorder(nil)
	}
	var invalid error
	for i, r := range rules {
		if err := r.check(); err != nil {
			invalid = fmt.Errorf("entitytest: FaultRule %d: %w", i, err)
			break
		}
	}
	return &FaultClient{
		invalid:  invalid,
		next:     next,
		rules:    append([]FaultRule(nil), rules...),
		rng:      rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)),
		fired:    make([]int, len(rules)),
		injected: map[Fault]int{},
	}
}

// Injected returns how many faults of each kind were injected so far.
func (c *FaultClient) Injected() map[Fault]int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return maps.Clone(c.injected)
}

// pick returns the fault to inject into a request of op, or 0, and the
// action of a transaction it names.
func (c *FaultClient) pick(op Operation) (Fault, int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for i, r := range c.rules {
		if !r.Fault.appliesTo(op) || r.Count > 0 && c.fired[i] >= r.Count {
			continue
		}
		if len(r.Operations) > 0 && !slices.Contains(r.Operations, op) {
			continue
		}
		if r.Rate > 0 && r.Rate < 1 && c.rng.Float64() >= r.Rate {
			continue
		}
		c.fired[i]++
		c.injected[r.Fault]++
		return r.Fault, r.Action
	}
	return 0, 0
}

// faultError returns the error the SDK would return for f on op; a
// transaction of actions actions is canceled on action at.
func faultError(f Fault, op Operation, actions, at int) error {
	var status int
	var apiErr error
	switch f {
	case Throttling:
		msg := "Rate of requests exceeds the allowed throughput (injected)"
		status, apiErr = 400, &types.ThrottlingException{Message: &msg}
	case ProvisionedThroughputExceeded:
		msg := "The level of configured provisioned throughput for the table was exceeded (injected)"
		status, apiErr = 400, &types.ProvisionedThroughputExceededException{Message: &msg}
	case InternalServerError:
		msg := "Internal server error (injected)"
		status, apiErr = 500, &types.InternalServerError{Message: &msg}
	case ServiceUnavailable:
		status, apiErr = 503, &smithy.GenericAPIError{Code: "ServiceUnavailable", Message: "Service unavailable (injected)"}
	case ConnectionReset, ResponseLost:
		// As the SDK reports a reset before any response arrived: no
		// status, a send error around the transport's *url.Error.
		reset := &net.OpError{Op: "read", Net: "tcp", Err: os.NewSyscallError("read", syscall.ECONNRESET)}
		return &smithy.OperationError{ServiceID: "DynamoDB", OperationName: string(op), Err: &awshttp.ResponseError{
			ResponseError: &smithyhttp.ResponseError{
				Response: &smithyhttp.Response{Response: &http.Response{Header: http.Header{}}},
				Err:      &smithyhttp.RequestSendError{Err: &url.Error{Op: "Post", URL: "http://dynamodb/", Err: reset}},
			},
		}}
	case TransactionConflict:
		if op == TransactWriteItems || op == TransactGetItems {
			status, apiErr = 400, canceled("TransactionConflict", "Transaction is ongoing for the item (injected)", actions, at)
		} else {
			msg := "Transaction is ongoing for the item (injected)"
			status, apiErr = 400, &types.TransactionConflictException{Message: &msg}
		}
	case ConditionalCheckFailed:
		if op == TransactWriteItems {
			status, apiErr = 400, canceled("ConditionalCheckFailed", "The conditional request failed (injected)", actions, at)
		} else {
			msg := "The conditional request failed (injected)"
			status, apiErr = 400, &types.ConditionalCheckFailedException{Message: &msg}
		}
	}
	return &smithy.OperationError{ServiceID: "DynamoDB", OperationName: string(op), Err: &awshttp.ResponseError{
		ResponseError: &smithyhttp.ResponseError{
			Response: &smithyhttp.Response{Response: &http.Response{StatusCode: status, Header: http.Header{}}},
			Err:      apiErr,
		},
		RequestID: "entitytest-injected",
	}}
}

// canceled is a TransactionCanceledException whose action at failed with
// code and message, and whose other actions say None.
func canceled(code, message string, actions, at int) error {
	reasons := make([]types.CancellationReason, max(actions, 1))
	at = min(max(at, 0), len(reasons)-1)
	for i := range reasons {
		c := "None"
		reasons[i] = types.CancellationReason{Code: &c}
	}
	reasons[at] = types.CancellationReason{Code: &code, Message: &message}
	msg := fmt.Sprintf("Transaction cancelled, please refer cancellation reasons for specific reasons [%s] (injected)", code)
	return &types.TransactionCanceledException{Message: &msg, CancellationReasons: reasons}
}

// inject runs a request of op through the rules: call sends the request,
// only part of it when partial is true (Unprocessed); actions is the number
// of actions of a transaction.
func inject[Out any](ctx context.Context, c *FaultClient, op Operation, actions int, call func(partial bool) (*Out, error)) (*Out, error) {
	if c.invalid != nil {
		return nil, c.invalid
	}
	if err := ctx.Err(); err != nil {
		return nil, &smithy.OperationError{ServiceID: "DynamoDB", OperationName: string(op), Err: err}
	}
	switch f, action := c.pick(op); f {
	case 0:
		return call(false)
	case Unprocessed:
		return call(true)
	case ResponseLost:
		if _, err := call(false); err != nil {
			return nil, err
		}
		return nil, faultError(f, op, actions, action)
	default:
		return nil, faultError(f, op, actions, action)
	}
}

// GetItem passes the request on or fails it.
func (c *FaultClient) GetItem(ctx context.Context, in *dynamodb.GetItemInput, optFns ...func(*dynamodb.Options)) (*dynamodb.GetItemOutput, error) {
	return inject(ctx, c, GetItem, 0, func(bool) (*dynamodb.GetItemOutput, error) { return c.next.GetItem(ctx, in, optFns...) })
}

// PutItem passes the request on or fails it.
func (c *FaultClient) PutItem(ctx context.Context, in *dynamodb.PutItemInput, optFns ...func(*dynamodb.Options)) (*dynamodb.PutItemOutput, error) {
	return inject(ctx, c, PutItem, 0, func(bool) (*dynamodb.PutItemOutput, error) { return c.next.PutItem(ctx, in, optFns...) })
}

// UpdateItem passes the request on or fails it.
func (c *FaultClient) UpdateItem(ctx context.Context, in *dynamodb.UpdateItemInput, optFns ...func(*dynamodb.Options)) (*dynamodb.UpdateItemOutput, error) {
	return inject(ctx, c, UpdateItem, 0, func(bool) (*dynamodb.UpdateItemOutput, error) { return c.next.UpdateItem(ctx, in, optFns...) })
}

// DeleteItem passes the request on or fails it.
func (c *FaultClient) DeleteItem(ctx context.Context, in *dynamodb.DeleteItemInput, optFns ...func(*dynamodb.Options)) (*dynamodb.DeleteItemOutput, error) {
	return inject(ctx, c, DeleteItem, 0, func(bool) (*dynamodb.DeleteItemOutput, error) { return c.next.DeleteItem(ctx, in, optFns...) })
}

// Query passes the request on or fails it.
func (c *FaultClient) Query(ctx context.Context, in *dynamodb.QueryInput, optFns ...func(*dynamodb.Options)) (*dynamodb.QueryOutput, error) {
	return inject(ctx, c, Query, 0, func(bool) (*dynamodb.QueryOutput, error) { return c.next.Query(ctx, in, optFns...) })
}

// Scan passes the request on or fails it.
func (c *FaultClient) Scan(ctx context.Context, in *dynamodb.ScanInput, optFns ...func(*dynamodb.Options)) (*dynamodb.ScanOutput, error) {
	return inject(ctx, c, Scan, 0, func(bool) (*dynamodb.ScanOutput, error) { return c.next.Scan(ctx, in, optFns...) })
}

// TransactWriteItems passes the request on or fails it.
func (c *FaultClient) TransactWriteItems(ctx context.Context, in *dynamodb.TransactWriteItemsInput, optFns ...func(*dynamodb.Options)) (*dynamodb.TransactWriteItemsOutput, error) {
	return inject(ctx, c, TransactWriteItems, len(in.TransactItems), func(bool) (*dynamodb.TransactWriteItemsOutput, error) {
		return c.next.TransactWriteItems(ctx, in, optFns...)
	})
}

// TransactGetItems passes the request on or fails it.
func (c *FaultClient) TransactGetItems(ctx context.Context, in *dynamodb.TransactGetItemsInput, optFns ...func(*dynamodb.Options)) (*dynamodb.TransactGetItemsOutput, error) {
	return inject(ctx, c, TransactGetItems, len(in.TransactItems), func(bool) (*dynamodb.TransactGetItemsOutput, error) {
		return c.next.TransactGetItems(ctx, in, optFns...)
	})
}

// BatchGetItem passes the request on, fails it, or sends only part of it.
func (c *FaultClient) BatchGetItem(ctx context.Context, in *dynamodb.BatchGetItemInput, optFns ...func(*dynamodb.Options)) (*dynamodb.BatchGetItemOutput, error) {
	return inject(ctx, c, BatchGetItem, 0, func(partial bool) (*dynamodb.BatchGetItemOutput, error) {
		if partial {
			sent, kept := splitGets(in.RequestItems)
			out := &dynamodb.BatchGetItemOutput{}
			if len(sent) > 0 {
				part := *in
				part.RequestItems = sent
				var err error
				if out, err = c.next.BatchGetItem(ctx, &part, optFns...); err != nil {
					return nil, err
				}
			}
			for table, ka := range kept {
				if out.UnprocessedKeys == nil {
					out.UnprocessedKeys = map[string]types.KeysAndAttributes{}
				}
				if prev, ok := out.UnprocessedKeys[table]; ok {
					ka.Keys = append(prev.Keys, ka.Keys...)
				}
				out.UnprocessedKeys[table] = ka
			}
			return out, nil
		}
		return c.next.BatchGetItem(ctx, in, optFns...)
	})
}

// BatchWriteItem passes the request on, fails it, or sends only part of it.
func (c *FaultClient) BatchWriteItem(ctx context.Context, in *dynamodb.BatchWriteItemInput, optFns ...func(*dynamodb.Options)) (*dynamodb.BatchWriteItemOutput, error) {
	return inject(ctx, c, BatchWriteItem, 0, func(partial bool) (*dynamodb.BatchWriteItemOutput, error) {
		if partial {
			sent, kept := splitWrites(in.RequestItems)
			out := &dynamodb.BatchWriteItemOutput{}
			if len(sent) > 0 {
				part := *in
				part.RequestItems = sent
				var err error
				if out, err = c.next.BatchWriteItem(ctx, &part, optFns...); err != nil {
					return nil, err
				}
			}
			for table, reqs := range kept {
				if out.UnprocessedItems == nil {
					out.UnprocessedItems = map[string][]types.WriteRequest{}
				}
				out.UnprocessedItems[table] = append(out.UnprocessedItems[table], reqs...)
			}
			return out, nil
		}
		return c.next.BatchWriteItem(ctx, in, optFns...)
	})
}

var _ entity.Client = (*FaultClient)(nil)

// splitWrites splits a batch write's requests into the first half (rounded
// down, so a single request is all kept back), sent, and the rest, kept back
// as unprocessed. Tables are taken in
// sorted order so that the split is repeatable.
func splitWrites(items map[string][]types.WriteRequest) (sent, kept map[string][]types.WriteRequest) {
	total := 0
	for _, reqs := range items {
		total += len(reqs)
	}
	send := total / 2
	sent, kept = map[string][]types.WriteRequest{}, map[string][]types.WriteRequest{}
	for _, table := range slices.Sorted(maps.Keys(items)) {
		reqs := items[table]
		n := min(send, len(reqs))
		if n > 0 {
			sent[table] = reqs[:n:n]
		}
		if n < len(reqs) {
			kept[table] = reqs[n:]
		}
		send -= n
	}
	return sent, kept
}

// splitGets is splitWrites for a batch read's keys.
func splitGets(items map[string]types.KeysAndAttributes) (sent, kept map[string]types.KeysAndAttributes) {
	total := 0
	for _, ka := range items {
		total += len(ka.Keys)
	}
	send := total / 2
	sent, kept = map[string]types.KeysAndAttributes{}, map[string]types.KeysAndAttributes{}
	for _, table := range slices.Sorted(maps.Keys(items)) {
		ka := items[table]
		n := min(send, len(ka.Keys))
		if n > 0 {
			part := ka
			part.Keys = ka.Keys[:n:n]
			sent[table] = part
		}
		if n < len(ka.Keys) {
			rest := ka
			rest.Keys = ka.Keys[n:]
			kept[table] = rest
		}
		send -= n
	}
	return sent, kept
}
