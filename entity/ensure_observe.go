package entity

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
)

// observedTableClient sends Ensure's requests through Send, so that the
// DB's Observer is told about them as about every other request.
type observedTableClient struct {
	c  TableClient
	db *DB
}

// observeTables returns c sending through db's Observer; c itself when db
// has none.
func observeTables(c TableClient, db *DB) TableClient {
	if Observers(db.Observer) == nil {
		return c
	}
	return observedTableClient{c: c, db: db}
}

// sendVia calls send with the options Send passes (db.Options) followed by
// the caller's own.
func sendVia[In, Out any](send func(context.Context, In, ...func(*dynamodb.Options)) (Out, error), opts []func(*dynamodb.Options)) func(context.Context, In, ...func(*dynamodb.Options)) (Out, error) {
	return func(ctx context.Context, in In, dbOpts ...func(*dynamodb.Options)) (Out, error) {
		return send(ctx, in, append(dbOpts[:len(dbOpts):len(dbOpts)], opts...)...)
	}
}

func (o observedTableClient) DescribeTable(ctx context.Context, in *dynamodb.DescribeTableInput, optFns ...func(*dynamodb.Options)) (*dynamodb.DescribeTableOutput, error) {
	return Send(ctx, o.withoutOptions(), sendVia(o.c.DescribeTable, optFns), in, Request{})
}

func (o observedTableClient) CreateTable(ctx context.Context, in *dynamodb.CreateTableInput, optFns ...func(*dynamodb.Options)) (*dynamodb.CreateTableOutput, error) {
	return Send(ctx, o.withoutOptions(), sendVia(o.c.CreateTable, optFns), in, Request{})
}

func (o observedTableClient) DescribeTimeToLive(ctx context.Context, in *dynamodb.DescribeTimeToLiveInput, optFns ...func(*dynamodb.Options)) (*dynamodb.DescribeTimeToLiveOutput, error) {
	return Send(ctx, o.withoutOptions(), sendVia(o.c.DescribeTimeToLive, optFns), in, Request{})
}

func (o observedTableClient) UpdateTimeToLive(ctx context.Context, in *dynamodb.UpdateTimeToLiveInput, optFns ...func(*dynamodb.Options)) (*dynamodb.UpdateTimeToLiveOutput, error) {
	return Send(ctx, o.withoutOptions(), sendVia(o.c.UpdateTimeToLive, optFns), in, Request{})
}

// withoutOptions is the DB without its Options: Ensure passes them to the
// client calls itself (and the table waiter adds its own), so Send must
// not add them twice.
func (o observedTableClient) withoutOptions() *DB {
	c := *o.db
	c.Options = nil
	return &c
}
