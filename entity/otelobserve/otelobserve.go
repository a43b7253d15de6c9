// Package otelobserve traces the requests of an entity.DB with
// OpenTelemetry: one span per request, named "DynamoDB.<operation>" (as
// the AWS SDK instrumentation names them), of kind client, a child of the
// span in the request's context, with the DynamoDB semantic-convention
// attributes:
//
//	db.system                   dynamodb (the older conventions' value)
//	db.system.name              aws.dynamodb (the value since 1.30)
//	rpc.system                  aws-api
//	rpc.service                 DynamoDB
//	rpc.method                  the operation: PutItem, Query, ...
//	db.operation.name           the operation too (the newer conventions)
//	aws.dynamodb.table_names    the physical tables
//	aws.dynamodb.index_name     the index of a query or scan
//	aws.dynamodb.segment, aws.dynamodb.total_segments  of a parallel scan
//	aws.dynamodb.limit          a query's or scan's Limit, when it has one
//	aws.dynamodb.select         a query's or scan's Select, when set (COUNT)
//	aws.dynamodb.projection     the ProjectionExpression, when there is one
//	aws.dynamodb.consistent_read  for a get, query or scan
//	aws.dynamodb.scan_forward   for a query: false when it reads descending
//	aws.dynamodb.consumed_capacity  each ConsumedCapacity entry, as JSON
//	aws.dynamodb.count, aws.dynamodb.scanned_count  for queries and scans
//	error.type                  a failed request's AWS error code (such as
//	                            ProvisionedThroughputExceededException), or
//	                            _OTHER when the error carries none
//
// and the library's own: ddbmodel.entities (the entities read or written),
// ddbmodel.attempt (1, or more for a batch chunk sent again),
// ddbmodel.items and ddbmodel.unprocessed. A failed request's span records
// the error and has status Error.
//
// The span is recorded when the response has arrived, with the request's
// start and end times: spans the HTTP client makes for the same request
// are its siblings, not its children.
//
// This package is the only one of the module that imports OpenTelemetry:
// programs that do not import it do not link it.
package otelobserve

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/aws/smithy-go"

	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/trace"

	"github.com/ddbmodel/ddbmodel/entity"
)

// ScopeName is the instrumentation scope of the tracer.
const ScopeName = "github.com/ddbmodel/ddbmodel/entity/otelobserve"

// New returns an Observer recording a span per request with a tracer of
// tp, or of the global TracerProvider when tp is nil (as it is when New is
// called, so set the global provider first).
func New(tp trace.TracerProvider) entity.Observer {
	if tp == nil {
		tp = otel.GetTracerProvider()
	}
	return observer{tp.Tracer(ScopeName)}
}

type observer struct{ tracer trace.Tracer }

func (o observer) Observe(ctx context.Context, ev *entity.Event) {
	attrs := make([]attribute.KeyValue, 0, 16)
	attrs = append(attrs,
		attribute.String("db.system", "dynamodb"),
		attribute.String("db.system.name", "aws.dynamodb"),
		attribute.String("rpc.system", "aws-api"),
		attribute.String("rpc.service", "DynamoDB"),
		attribute.String("rpc.method", ev.Operation),
		attribute.String("db.operation.name", ev.Operation),
		attribute.StringSlice("aws.dynamodb.table_names", ev.Tables),
		attribute.StringSlice("ddbmodel.entities", ev.Entities),
		attribute.Int("ddbmodel.attempt", ev.Attempt),
		attribute.Int("ddbmodel.items", ev.Items),
	)
	if ev.Index != "" {
		attrs = append(attrs, attribute.String("aws.dynamodb.index_name", ev.Index))
	}
	if ev.Segment >= 0 {
		attrs = append(attrs, attribute.Int("aws.dynamodb.segment", ev.Segment))
	}
	if ev.TotalSegments > 0 {
		attrs = append(attrs, attribute.Int("aws.dynamodb.total_segments", ev.TotalSegments))
	}
	if ev.Limit > 0 {
		attrs = append(attrs, attribute.Int("aws.dynamodb.limit", ev.Limit))
	}
	if ev.Select != "" {
		attrs = append(attrs, attribute.String("aws.dynamodb.select", ev.Select))
	}
	if ev.Projection != "" {
		attrs = append(attrs, attribute.String("aws.dynamodb.projection", ev.Projection))
	}
	switch ev.Operation {
	case "GetItem", "Query", "Scan":
		attrs = append(attrs, attribute.Bool("aws.dynamodb.consistent_read", ev.ConsistentRead))
	}
	if ev.Operation == "Query" {
		attrs = append(attrs, attribute.Bool("aws.dynamodb.scan_forward", ev.ScanForward))
	}
	if ev.Operation == "Query" || ev.Operation == "Scan" {
		attrs = append(attrs, attribute.Int("aws.dynamodb.count", ev.Items), attribute.Int("aws.dynamodb.scanned_count", ev.Scanned))
	}
	if ev.Err != nil {
		kind := "_OTHER"
		var ae smithy.APIError
		if errors.As(ev.Err, &ae) && ae.ErrorCode() != "" {
			kind = ae.ErrorCode()
		}
		attrs = append(attrs, attribute.String("error.type", kind))
	}
	if ev.Unprocessed > 0 {
		attrs = append(attrs, attribute.Int("ddbmodel.unprocessed", ev.Unprocessed))
	}
	if len(ev.Capacity) > 0 {
		cc := make([]string, 0, len(ev.Capacity))
		for _, c := range ev.Capacity {
			if b, err := json.Marshal(c); err == nil {
				cc = append(cc, string(b))
			}
		}
		attrs = append(attrs, attribute.StringSlice("aws.dynamodb.consumed_capacity", cc))
	}
	_, span := o.tracer.Start(ctx, "DynamoDB."+ev.Operation,
		trace.WithSpanKind(trace.SpanKindClient), trace.WithTimestamp(ev.Start), trace.WithAttributes(attrs...))
	if ev.Err != nil {
		span.RecordError(ev.Err)
		span.SetStatus(codes.Error, ev.Err.Error())
	}
	span.End(trace.WithTimestamp(ev.Start.Add(ev.Duration)))
}
