package query

import (
	"context"
	"fmt"
	"iter"
	"math"

	"github.com/ddbmodel/ddbmodel/internal/errtext"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/internal/expr"
	"github.com/ddbmodel/ddbmodel/internal/fanout"
)

// Scanner reads every item of one entity type from a table or index, in
// parallel segments when asked. It filters on the entity marker, so other
// entities' items are read (and paid for) but never returned.
type Scanner[T any] struct {
	e           *entity.Entity[T]
	index       string
	indexTwice  string // Index's refusal of a second, other index
	segments    int
	concurrency int // segments in flight at once; 0 means fanout.DefaultLimit
	limit       int
	filter      entity.Condition
	signKey     []byte // signs the cursors of Page and SegmentPage
	signGiven   bool   // SignCursors was called: an empty key is refused
	// onUnrecognized is OnUnrecognized's fn (unrecognized.go).
	onUnrecognized func(map[string]types.AttributeValue) error
	// onUndecodable is OnUndecodable's fn (undecodable.go).
	onUndecodable func(Undecodable) error
	// unmarkedOnly makes the scan read the items without any entity
	// marker, in place of the entity's own filter (Adopt).
	unmarkedOnly bool
}

// Scan starts a scan of e's items.
func Scan[T any](e *entity.Entity[T]) Scanner[T] { return Scanner[T]{e: e, segments: 1} }

// Index scans a secondary index instead of the table. A scan reads one
// index: a second Index naming another fails at Build.
func (s Scanner[T]) Index(name string) Scanner[T] {
	if s.index == "" || s.index == name {
		s.index = name
	} else if s.indexTwice == "" {
		s.indexTwice = fmt.Sprintf("Index: the scan already reads index %q, and then %q; a scan reads one index", s.index, name)
	}
	return s
}

// Segments splits the scan into n parallel segments (1 to 1,000,000), of
// which at most Concurrency run at once.
func (s Scanner[T]) Segments(n int) Scanner[T] { s.segments = n; return s }

// Concurrency bounds how many segments are scanned at once, each by its own
// goroutine; default 8. It must not be negative.
func (s Scanner[T]) Concurrency(n int) Scanner[T] { s.concurrency = n; return s }

// Limit caps the items DynamoDB evaluates per request.
func (s Scanner[T]) Limit(n int) Scanner[T] { s.limit = n; return s }

// Filter adds a filter on attributes.
func (s Scanner[T]) Filter(c entity.Condition) Scanner[T] {
	s.filter = entity.And(s.filter, c)
	return s
}

// Build compiles one ScanInput per segment without I/O.
func (s Scanner[T]) Build() ([]*dynamodb.ScanInput, error) {
	if err := s.check(); err != nil {
		return nil, err
	}
	var ins []*dynamodb.ScanInput
	for seg := 0; seg < s.segments; seg++ {
		in, err := s.segmentInput(seg)
		if err != nil {
			return nil, err
		}
		ins = append(ins, in)
	}
	return ins, nil
}

// check checks the scan's settings.
func (s Scanner[T]) check() error {
	if s.e == nil || s.e.Table() == nil {
		return invalidf("scan of a nil or zero entity (entities are made by entity.Define)")
	}
	if s.segments < 1 || s.segments > 1000000 {
		return invalidIn(s.e.Name(), "", "scan segments must be 1 to 1000000, got %d", s.segments)
	}
	if s.concurrency < 0 {
		return invalidIn(s.e.Name(), "", "scan Concurrency must not be negative, got %d", s.concurrency)
	}
	if s.indexTwice != "" {
		return &ddbmodel.ValidationError{Entity: s.e.Name(), Reason: s.indexTwice}
	}
	if err := checkSignKey(s.e.Name(), s.signGiven, s.signKey); err != nil {
		return err
	}
	if s.limit < 0 || s.limit > math.MaxInt32 {
		return &ddbmodel.ValidationError{Entity: s.e.Name(), Reason: fmt.Sprintf("scan: Limit must be 0 (no limit) to %d, got %d", math.MaxInt32, s.limit)}
	}
	t := s.e.Table()
	if _, ok := t.Index(s.index); s.index != "" && !ok {
		return noIndex(s.e.Name(), t, s.index)
	}
	if _, _, placed := modelOf(s.e).KeySpecs(s.index); s.index != "" && !placed {
		// No item of the entity is in the index: the scan would read other
		// entities' items only, and return none of them.
		return invalidIn(s.e.Name(), "", "the entity is in no index %q", s.index)
	}
	if err := checkUnmarkedProjection([]Member{s.e}, t, s.index, false); err != nil {
		return err
	}
	return checkProjected(func(a string) (string, bool) { return s.e.Name(), stores(s.e, a) }, t, s.index, modelOf(s.e).Attributes(s.filter))
}

// segmentInput compiles the ScanInput of one segment of a checked scan.
func (s Scanner[T]) segmentInput(seg int) (_ *dynamodb.ScanInput, err error) {
	defer func() {
		if x := recover(); x != nil { // a filter value's own marshalling code
			err = panicked(s.e.Name(), "scan", x)
		}
	}()
	t := s.e.Table()
	var w expr.Writer
	own := modelOf(s.e).OwnFilter()
	if s.unmarkedOnly {
		own = entity.Attr(t.EntityAttr()).NotExists()
	}
	f, err := modelOf(s.e).RenderCondition(entity.And(own, s.filter), &w)
	if err != nil {
		return nil, withEntity(err, s.e.Name())
	}
	in := &dynamodb.ScanInput{TableName: aws.String(t.Name), FilterExpression: aws.String(f),
		ExpressionAttributeNames: w.Names(), ExpressionAttributeValues: w.Values()}
	if s.index != "" {
		in.IndexName = aws.String(s.index)
	}
	if s.limit > 0 {
		in.Limit = aws.Int32(int32(s.limit))
	}
	if s.segments > 1 {
		in.Segment, in.TotalSegments = aws.Int32(int32(seg)), aws.Int32(int32(s.segments))
	}
	if err := checkExpressions(s.e.Name(), in.FilterExpression); err != nil {
		return nil, err
	}
	return in, nil
}

// All streams every item. Segments run concurrently, at most Concurrency
// at once; items arrive in no particular order. Stopping early cancels the
// remaining requests, and All returns only after every goroutine it
// started has ended. A panic in a segment's request is yielded as a
// *ddbmodel.PanicError.
func (s Scanner[T]) All(ctx context.Context, db *entity.DB) iter.Seq2[T, error] {
	return func(yield func(T, error) bool) {
		var zero T
		if err := checkDB(db); err != nil {
			yield(zero, err)
			return
		}
		ins, err := s.Build()
		if err != nil {
			yield(zero, err)
			return
		}
		ctx, cancel := context.WithCancel(ctx)
		type msg struct {
			items []map[string]types.AttributeValue
			err   error
		}
		ch := make(chan msg)
		finished := make(chan struct{})
		defer func() { cancel(); <-finished }()
		send := func(m msg) bool {
			select {
			case ch <- m:
				return true
			case <-ctx.Done():
				return false
			}
		}
		segment := func(ctx context.Context, in *dynamodb.ScanInput) error {
			for {
				out, err := entity.Send(ctx, db, db.Client.Scan, in, entity.Request{Entities: []string{s.e.Name()}})
				if err != nil {
					return err
				}
				if !send(msg{items: out.Items}) {
					return ctx.Err()
				}
				if len(out.LastEvaluatedKey) == 0 {
					return nil
				}
				in.ExclusiveStartKey = out.LastEvaluatedKey
			}
		}
		for _, in := range ins {
			in.TableName = db.Table(aws.ToString(in.TableName))
		}
		// failed is a segment's error (or ctx's, for segments never
		// started); it is set before ch is closed.
		var failed error
		go func() {
			defer close(finished)
			defer close(ch)
			errs := fanout.Run(ctx, len(ins), s.concurrency, func(ctx context.Context, i int) error {
				err := fanout.Call(func() error { return segment(ctx, ins[i]) })
				if err != nil {
					send(msg{err: err})
				}
				return err
			})
			for _, err := range errs {
				if err != nil {
					failed = err
					break
				}
			}
		}()
		fail := func(err error) { yield(zero, errtext.Errorf("scan %s: %w", s.e.Name(), err)) }
		for m := range ch {
			if m.err != nil {
				fail(m.err)
				return
			}
			for _, it := range m.items {
				if s.e.Table().Unmarked(it) && (!s.e.Is(it) || !modelOf(s.e).IndexKeyFits(it, s.index)) {
					// An unmarked item whose key is not the entity's: Page
					// shows them, OnUnrecognized too.
					if err := reportUnrecognized(s.e.Name(), s.onUnrecognized, []map[string]types.AttributeValue{it}); err != nil {
						var zero T
						yield(zero, err)
						return
					}
					continue
				}
				v, err := s.e.Decode(it)
				if u, ok := undecodableOf(s.e.Table(), s.onUndecodable != nil, it, err); ok {
					if err = reportSkipped(s.e.Name(), nil, s.onUndecodable, nil, []Undecodable{u}); err == nil {
						continue
					}
					var zero T
					v = zero
				}
				if !yield(v, err) || err != nil {
					return
				}
			}
		}
		// ch closed without an error read: a segment failed only if the
		// caller's ctx ended, and then the scan is incomplete.
		if failed != nil {
			fail(failed)
		}
	}
}

// Collect reads every item into a slice.
func (s Scanner[T]) Collect(ctx context.Context, db *entity.DB) ([]T, error) {
	var out []T
	for v, err := range s.All(ctx, db) {
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, nil
}
