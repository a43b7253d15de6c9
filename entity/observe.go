package entity

import (
	"context"
	"errors"
	"maps"
	"reflect"
	"slices"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/internal/fanout"
)

// Observer is told about every request the library sends through a DB
// whose Observer it is: each single-item call, each page of a query or a
// scan (each segment's pages of a parallel scan), each transaction and each
// attempt of each chunk of a batch, and each table request of
// [Table.Ensure] (DescribeTable, CreateTable, DescribeTimeToLive,
// UpdateTimeToLive). Observe is called once the response (or
// the error) has arrived, on the goroutine that sent the request: it must be
// safe for concurrent use when batches, parallel scans or sharded queries
// run, and should return quickly. ev is not used by the library after
// Observe returns, but it is shared: the Observers of Observers(a, b) (and
// of WithObserver) are handed the same *Event in turn, so an Observer must
// not change it, and one that keeps it keeps what a later Observer sees.
// Its Capacity is the response's ConsumedCapacity slice itself, not a
// copy: copy it to keep it past a change of the response.
//
// A panic in Observe is recovered and never reaches the caller's
// goroutine: the call that sent the request returns a *ddbmodel.PanicError
// (errors.Is ddbmodel.ErrPanic), joined with the request's own error when
// the request failed. The request was sent and answered all the same: a
// write whose Observer panicked has been made. In a batch the chunk takes
// DynamoDB's answer as it would without the panic, stops, and the batch
// returns the *ddbmodel.PanicError.
//
// A nil value of a pointer or function type behind the interface (a nil
// *CapacityCounter, a nil ObserverFunc) is no Observer: [Observers] and
// [DB.WithObserver] drop it, and a DB whose Observer field holds one
// observes nothing, as with a nil Observer.
type Observer interface {
	Observe(ctx context.Context, ev *Event)
}

// ObserverFunc is a function used as an [Observer].
type ObserverFunc func(ctx context.Context, ev *Event)

// Observe calls f(ctx, ev).
func (f ObserverFunc) Observe(ctx context.Context, ev *Event) { f(ctx, ev) }

// Observers returns an Observer calling each non-nil observer given, in
// order; nil values of pointer or function types (a nil *CapacityCounter,
// a nil ObserverFunc) are dropped like nil. It returns nil when none is
// left, so that a DB whose Observer is Observers() observes nothing and
// costs nothing.
func Observers(os ...Observer) Observer {
	var list multiObserver
	for _, o := range os {
		if isNilObserver(o) {
			continue
		}
		switch o := o.(type) {
		case multiObserver:
			list = append(list, o...)
		default:
			list = append(list, o)
		}
	}
	switch len(list) {
	case 0:
		return nil
	case 1:
		return list[0]
	}
	return slices.Clip(list)
}

type multiObserver []Observer

// isNilObserver reports whether o is nil or a nil pointer, function, map,
// slice or channel behind the interface, whose Observe would panic.
func isNilObserver(o Observer) bool {
	if o == nil {
		return true
	}
	switch v := reflect.ValueOf(o); v.Kind() {
	case reflect.Pointer, reflect.Func, reflect.Map, reflect.Slice, reflect.Chan, reflect.Interface:
		return v.IsNil()
	}
	return false
}

func (m multiObserver) Observe(ctx context.Context, ev *Event) {
	for _, o := range m {
		o.Observe(ctx, ev)
	}
}

// WithObserver returns a copy of db whose Observer is db's Observer (if
// any) followed by o. db itself is unchanged, so a service can keep one
// base DB and derive a DB per request handler or job, for instance with its
// own [CapacityCounter]:
//
//	var counter entity.CapacityCounter
//	db := base.WithObserver(&counter)
//
// On a nil db it returns a DB with o as its Observer and no Client, which
// every operation refuses (a *ddbmodel.ValidationError) as it refuses a
// nil *DB: no panic. A nil o, or a nil pointer or function behind it (a
// nil *CapacityCounter, a nil ObserverFunc), adds nothing (see
// [Observers]).
func (db *DB) WithObserver(o Observer) *DB {
	if db == nil {
		return &DB{Observer: Observers(o)}
	}
	c := *db
	c.Observer = Observers(db.Observer, o)
	return &c
}

// Request is what the sender of a request knows about it that the request
// itself does not say; see [Send].
type Request struct {
	// Entities names the entities whose items the request reads or
	// writes, in the order of the request's actions; repeats are dropped
	// before an Observer sees them.
	Entities []string
	// Attempt counts the sendings of one request: 1 for the first, 2 and
	// more for a batch chunk sent again (for its unprocessed items or after
	// a retryable error). Zero is taken as 1.
	Attempt int
}

// Event describes one request sent to DynamoDB, for an [Observer].
type Event struct {
	// Operation is the DynamoDB API called: "GetItem", "PutItem",
	// "UpdateItem", "DeleteItem", "Query", "Scan", "TransactWriteItems",
	// "TransactGetItems", "BatchWriteItem" or "BatchGetItem"; and for
	// Table.Ensure "DescribeTable" (each poll while it waits for ACTIVE
	// too), "CreateTable", "DescribeTimeToLive" and "UpdateTimeToLive",
	// whose Events name the table but no entity, and carry no capacity.
	Operation string
	// Entities names the entities the request reads or writes, without
	// repeats, in the order of the request's actions.
	Entities []string
	// Tables are the physical tables the request goes to, without repeats,
	// in the order of the request's actions.
	Tables []string
	// Index is the index a Query or a Scan reads; empty for the table.
	Index string
	// Segment is a parallel scan's segment, from 0; -1 for every other
	// request.
	Segment int
	// Attempt is 1 for the first sending of a request, 2 and more for a
	// batch chunk or a transaction the library sends again (each attempt is
	// an Event of its own). Retries the AWS SDK's own retryer makes inside
	// one client call are not observed: they are one Event, whose Duration
	// includes them.
	Attempt int
	// Start is when the request was handed to the client, Duration how
	// long the client took to answer.
	Start    time.Time
	Duration time.Duration
	// Capacity is the capacity the request consumed, as DynamoDB reported
	// it (one entry per table). A DB with an Observer asks for it with
	// ReturnConsumedCapacity INDEXES on every request that does not ask
	// for something else; it is empty when the request failed. It aliases
	// the response's ConsumedCapacity (see Observer).
	Capacity []types.ConsumedCapacity
	// Limit is the Limit of a Query or a Scan (items DynamoDB evaluates per
	// page), 0 when it has none and for other operations.
	Limit int
	// Select is the Select of a Query or a Scan ("COUNT" for Count), empty
	// when the request does not set it.
	Select string
	// Projection is the ProjectionExpression of a GetItem, Query or Scan
	// as sent (with its #placeholders), empty when it has none.
	Projection string
	// ConsistentRead reports a strongly consistent GetItem, Query or Scan.
	ConsistentRead bool
	// ScanForward is, for a Query, whether it reads in ascending sort key
	// order (ScanIndexForward, true unless the query is Desc); false for
	// other operations.
	ScanForward bool
	// TotalSegments is the segment count of a parallel scan (see Segment);
	// 0 for every other request.
	TotalSegments int
	// Items counts the items the response carries, as DynamoDB counts
	// them: 0 or 1 for GetItem, the page's Count for Query and Scan (the
	// number of items after the request's filter, also with Select COUNT),
	// the items found for TransactGetItems and BatchGetItem, 0 for writes.
	// It is told before the library looks at the items, so for a read it
	// counts the items the library then leaves out as well: other
	// entities' items sharing a queried partition (a query has no filter
	// on the entity marker, so they reach the client), unmarked items
	// listed in query.Page's Unrecognized, and items that do not decode.
	// To count the values a read returned, count them (len of
	// query.Page's Items); Items and Scanned measure what DynamoDB read
	// and sent, which is what the request costs.
	Items int
	// Scanned is ScannedCount for Query and Scan (items read before the
	// filter), 0 for other operations.
	Scanned int
	// Unprocessed counts the batch items or keys DynamoDB returned as
	// unprocessed (to be sent again in the next attempt).
	Unprocessed int
	// Err is the client's error; nil when the request succeeded.
	Err error
}

// Units returns the read and write units of ev's Capacity; see
// [CapacityOf].
func (ev *Event) Units() Capacity { return CapacityOf(ev.Operation, ev.Capacity) }

// Send sends in through send (a method of db.Client, such as
// db.Client.PutItem) with db.Options and returns its answer. When db has an
// Observer, Send sends a copy of in whose ReturnConsumedCapacity is INDEXES
// unless the input asks for something already (in itself is never written
// to, so one input may be sent from many goroutines), and reports the request to the
// Observer with req's entities and attempt once it has been answered.
// Without an Observer Send only calls send: it costs one nil check. A
// panic in the Observer is returned as a *ddbmodel.PanicError (see
// [Observer]); so is a panic of send itself (a client or one of
// db.Options), whose request may or may not have been applied. A nil db or
// a nil send is refused with a *ddbmodel.ValidationError, and nothing is
// sent.
//
// Every request the library makes goes through Send. Code that builds a
// request with a Build method, changes it and sends it itself can send it
// through Send to be observed (and counted) the same way.
func Send[In, Out any](ctx context.Context, db *DB, send func(context.Context, In, ...func(*dynamodb.Options)) (Out, error), in In, req Request) (Out, error) {
	switch {
	case db == nil:
		var zero Out
		return zero, &ddbmodel.ValidationError{Reason: "send: nil *entity.DB"}
	case send == nil:
		var zero Out
		return zero, &ddbmodel.ValidationError{Reason: "send: nil send function"}
	case db.Observer == nil:
		return sendRecovered(ctx, db, send, in)
	}
	return sendObserved(ctx, db, send, in, &req)
}

// sendRecovered calls send with db.Options, returning a panic of send (the
// client's, or an option's) as a *ddbmodel.PanicError.
func sendRecovered[In, Out any](ctx context.Context, db *DB, send func(context.Context, In, ...func(*dynamodb.Options)) (Out, error), in In) (_ Out, err error) {
	defer recovered(&err)
	return send(ctx, in, db.Options...)
}

func sendObserved[In, Out any](ctx context.Context, db *DB, send func(context.Context, In, ...func(*dynamodb.Options)) (Out, error), in In, req *Request) (Out, error) {
	if isNilObserver(db.Observer) {
		return sendRecovered(ctx, db, send, in)
	}
	ev := &Event{Segment: -1, Attempt: max(req.Attempt, 1), Entities: uniqueStrings(req.Entities)}
	sent := describeInput(ev, any(in)).(In)
	ev.Start = time.Now()
	out, err := sendRecovered(ctx, db, send, sent) // a panic is the request's error, which the Observer sees
	ev.Duration = time.Since(ev.Start)
	ev.Err = err
	if err == nil {
		describeOutput(ev, any(out))
	}
	if perr := fanout.Call(func() error { db.Observer.Observe(ctx, ev); return nil }); perr != nil {
		// The request was answered: out stands, and the panic is the
		// error (with the request's own, if any).
		if err != nil {
			return out, errors.Join(perr, err)
		}
		return out, perr
	}
	return out, err
}

// uniqueStrings returns a new slice of the strings of s, each once, in
// order of first appearance.
func uniqueStrings(s []string) []string {
	out := make([]string, 0, len(s))
	for _, v := range s {
		if !slices.Contains(out, v) {
			out = append(out, v)
		}
	}
	return out
}

const indexes = types.ReturnConsumedCapacityIndexes

// describeInput fills ev's operation, tables, index and segment from a
// request and returns the request to send: in itself when it asks for its
// consumed capacity already, otherwise a shallow copy that asks for it
// (INDEXES), so that the caller's input is never written to (one built
// input may be sent from many goroutines).
func describeInput(ev *Event, in any) any {
	add := func(table *string) {
		if t := aws.ToString(table); t != "" && !slices.Contains(ev.Tables, t) {
			ev.Tables = append(ev.Tables, t)
		}
	}
	switch in := in.(type) {
	case *dynamodb.GetItemInput:
		ev.Operation = "GetItem"
		add(in.TableName)
		ev.Projection, ev.ConsistentRead = aws.ToString(in.ProjectionExpression), aws.ToBool(in.ConsistentRead)
		if in.ReturnConsumedCapacity == "" {
			c := *in
			c.ReturnConsumedCapacity = indexes
			return &c
		}
	case *dynamodb.PutItemInput:
		ev.Operation = "PutItem"
		add(in.TableName)
		if in.ReturnConsumedCapacity == "" {
			c := *in
			c.ReturnConsumedCapacity = indexes
			return &c
		}
	case *dynamodb.UpdateItemInput:
		ev.Operation = "UpdateItem"
		add(in.TableName)
		if in.ReturnConsumedCapacity == "" {
			c := *in
			c.ReturnConsumedCapacity = indexes
			return &c
		}
	case *dynamodb.DeleteItemInput:
		ev.Operation = "DeleteItem"
		add(in.TableName)
		if in.ReturnConsumedCapacity == "" {
			c := *in
			c.ReturnConsumedCapacity = indexes
			return &c
		}
	case *dynamodb.QueryInput:
		ev.Operation = "Query"
		add(in.TableName)
		ev.Index = aws.ToString(in.IndexName)
		ev.Limit, ev.Select, ev.Projection = int(aws.ToInt32(in.Limit)), string(in.Select), aws.ToString(in.ProjectionExpression)
		ev.ConsistentRead = aws.ToBool(in.ConsistentRead)
		ev.ScanForward = in.ScanIndexForward == nil || *in.ScanIndexForward
		if in.ReturnConsumedCapacity == "" {
			c := *in
			c.ReturnConsumedCapacity = indexes
			return &c
		}
	case *dynamodb.ScanInput:
		ev.Operation = "Scan"
		add(in.TableName)
		ev.Index = aws.ToString(in.IndexName)
		if in.Segment != nil {
			ev.Segment = int(*in.Segment)
		}
		ev.TotalSegments = int(aws.ToInt32(in.TotalSegments))
		ev.Limit, ev.Select, ev.Projection = int(aws.ToInt32(in.Limit)), string(in.Select), aws.ToString(in.ProjectionExpression)
		ev.ConsistentRead = aws.ToBool(in.ConsistentRead)
		if in.ReturnConsumedCapacity == "" {
			c := *in
			c.ReturnConsumedCapacity = indexes
			return &c
		}
	case *dynamodb.TransactWriteItemsInput:
		ev.Operation = "TransactWriteItems"
		for _, it := range in.TransactItems {
			switch {
			case it.Put != nil:
				add(it.Put.TableName)
			case it.Update != nil:
				add(it.Update.TableName)
			case it.Delete != nil:
				add(it.Delete.TableName)
			case it.ConditionCheck != nil:
				add(it.ConditionCheck.TableName)
			}
		}
		if in.ReturnConsumedCapacity == "" {
			c := *in
			c.ReturnConsumedCapacity = indexes
			return &c
		}
	case *dynamodb.TransactGetItemsInput:
		ev.Operation = "TransactGetItems"
		for _, it := range in.TransactItems {
			if it.Get != nil {
				add(it.Get.TableName)
			}
		}
		if in.ReturnConsumedCapacity == "" {
			c := *in
			c.ReturnConsumedCapacity = indexes
			return &c
		}
	case *dynamodb.BatchWriteItemInput:
		ev.Operation = "BatchWriteItem"
		for _, t := range slices.Sorted(maps.Keys(in.RequestItems)) {
			add(&t)
		}
		if in.ReturnConsumedCapacity == "" {
			c := *in
			c.ReturnConsumedCapacity = indexes
			return &c
		}
	case *dynamodb.DescribeTableInput:
		ev.Operation = "DescribeTable"
		add(in.TableName)
	case *dynamodb.CreateTableInput:
		ev.Operation = "CreateTable"
		add(in.TableName)
	case *dynamodb.DescribeTimeToLiveInput:
		ev.Operation = "DescribeTimeToLive"
		add(in.TableName)
	case *dynamodb.UpdateTimeToLiveInput:
		ev.Operation = "UpdateTimeToLive"
		add(in.TableName)
	case *dynamodb.BatchGetItemInput:
		ev.Operation = "BatchGetItem"
		for _, t := range slices.Sorted(maps.Keys(in.RequestItems)) {
			add(&t)
		}
		if in.ReturnConsumedCapacity == "" {
			c := *in
			c.ReturnConsumedCapacity = indexes
			return &c
		}
	}
	return in
}

// describeOutput fills ev's capacity and item counts from a response.
func describeOutput(ev *Event, out any) {
	switch out := out.(type) {
	case *dynamodb.GetItemOutput:
		if out == nil {
			return
		}
		if out.ConsumedCapacity != nil {
			ev.Capacity = []types.ConsumedCapacity{*out.ConsumedCapacity}
		}
		if len(out.Item) > 0 {
			ev.Items = 1
		}
	case *dynamodb.PutItemOutput:
		if out != nil && out.ConsumedCapacity != nil {
			ev.Capacity = []types.ConsumedCapacity{*out.ConsumedCapacity}
		}
	case *dynamodb.UpdateItemOutput:
		if out != nil && out.ConsumedCapacity != nil {
			ev.Capacity = []types.ConsumedCapacity{*out.ConsumedCapacity}
		}
	case *dynamodb.DeleteItemOutput:
		if out != nil && out.ConsumedCapacity != nil {
			ev.Capacity = []types.ConsumedCapacity{*out.ConsumedCapacity}
		}
	case *dynamodb.QueryOutput:
		if out == nil {
			return
		}
		if out.ConsumedCapacity != nil {
			ev.Capacity = []types.ConsumedCapacity{*out.ConsumedCapacity}
		}
		ev.Items, ev.Scanned = int(out.Count), int(out.ScannedCount)
	case *dynamodb.ScanOutput:
		if out == nil {
			return
		}
		if out.ConsumedCapacity != nil {
			ev.Capacity = []types.ConsumedCapacity{*out.ConsumedCapacity}
		}
		ev.Items, ev.Scanned = int(out.Count), int(out.ScannedCount)
	case *dynamodb.TransactWriteItemsOutput:
		if out != nil {
			ev.Capacity = out.ConsumedCapacity
		}
	case *dynamodb.TransactGetItemsOutput:
		if out == nil {
			return
		}
		ev.Capacity = out.ConsumedCapacity
		for _, r := range out.Responses {
			if len(r.Item) > 0 {
				ev.Items++
			}
		}
	case *dynamodb.BatchWriteItemOutput:
		if out == nil {
			return
		}
		ev.Capacity = out.ConsumedCapacity
		for _, reqs := range out.UnprocessedItems {
			ev.Unprocessed += len(reqs)
		}
	case *dynamodb.BatchGetItemOutput:
		if out == nil {
			return
		}
		ev.Capacity = out.ConsumedCapacity
		for _, items := range out.Responses {
			ev.Items += len(items)
		}
		for _, ka := range out.UnprocessedKeys {
			ev.Unprocessed += len(ka.Keys)
		}
	}
}

// writeEntities names the entities of a transaction's writes when db has
// an Observer to tell; nil otherwise, so that an unobserved transaction
// allocates nothing for it.
func writeEntities(db *DB, writes []TransactWrite) []string {
	if db.Observer == nil {
		return nil
	}
	names := make([]string, len(writes))
	for i, w := range writes {
		names[i] = w.Entity
	}
	return names
}
