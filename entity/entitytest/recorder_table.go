package entitytest

import (
	"context"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"github.com/ddbmodel/ddbmodel/entity"
)

// The table operations of [entity.TableClient], which Table.Ensure calls.
const (
	DescribeTable      Operation = "DescribeTable"
	CreateTable        Operation = "CreateTable"
	DescribeTimeToLive Operation = "DescribeTimeToLive"
	UpdateTimeToLive   Operation = "UpdateTimeToLive"
)

var _ entity.TableClient = (*Recorder)(nil)

// tableClient returns next as an entity.TableClient, or an error saying
// why the table operation op cannot be passed on.
func (r *Recorder) tableClient(op Operation) (entity.TableClient, error) {
	if r.next == nil {
		return nil, fmt.Errorf("entitytest: a Recorder with no next client cannot answer %s (Table.Ensure needs a real table)", op)
	}
	tc, ok := r.next.(entity.TableClient)
	if !ok {
		return nil, fmt.Errorf("entitytest: the Recorder's next client %T is not an entity.TableClient, so %s cannot be passed on", r.next, op)
	}
	return tc, nil
}

// tableCall records a table operation and passes it on when next is an
// entity.TableClient; otherwise it returns an error.
func tableCall[In, Out any](r *Recorder, op Operation, in *In, call func(entity.TableClient) (*Out, error)) (*Out, error) {
	r.mu.Lock()
	r.requests = append(r.requests, Request{Operation: op, Input: in})
	r.mu.Unlock()
	tc, err := r.tableClient(op)
	if err != nil {
		return nil, err
	}
	return call(tc)
}

// DescribeTable records the request and passes it on; so a Recorder
// wrapping a *dynamodb.Client can be given to Table.Ensure.
func (r *Recorder) DescribeTable(ctx context.Context, in *dynamodb.DescribeTableInput, optFns ...func(*dynamodb.Options)) (*dynamodb.DescribeTableOutput, error) {
	return tableCall(r, DescribeTable, in, func(tc entity.TableClient) (*dynamodb.DescribeTableOutput, error) {
		return tc.DescribeTable(ctx, in, optFns...)
	})
}

// CreateTable records the request and passes it on.
func (r *Recorder) CreateTable(ctx context.Context, in *dynamodb.CreateTableInput, optFns ...func(*dynamodb.Options)) (*dynamodb.CreateTableOutput, error) {
	return tableCall(r, CreateTable, in, func(tc entity.TableClient) (*dynamodb.CreateTableOutput, error) {
		return tc.CreateTable(ctx, in, optFns...)
	})
}

// DescribeTimeToLive records the request and passes it on.
func (r *Recorder) DescribeTimeToLive(ctx context.Context, in *dynamodb.DescribeTimeToLiveInput, optFns ...func(*dynamodb.Options)) (*dynamodb.DescribeTimeToLiveOutput, error) {
	return tableCall(r, DescribeTimeToLive, in, func(tc entity.TableClient) (*dynamodb.DescribeTimeToLiveOutput, error) {
		return tc.DescribeTimeToLive(ctx, in, optFns...)
	})
}

// UpdateTimeToLive records the request and passes it on.
func (r *Recorder) UpdateTimeToLive(ctx context.Context, in *dynamodb.UpdateTimeToLiveInput, optFns ...func(*dynamodb.Options)) (*dynamodb.UpdateTimeToLiveOutput, error) {
	return tableCall(r, UpdateTimeToLive, in, func(tc entity.TableClient) (*dynamodb.UpdateTimeToLiveOutput, error) {
		return tc.UpdateTimeToLive(ctx, in, optFns...)
	})
}
