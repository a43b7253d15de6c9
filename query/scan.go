package query

import (
	"context"
	"fmt"
	"iter"
	"sync"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/internal/expr"
)

// Scanner reads every item of one entity type from a table or index, in
// parallel segments when asked. It filters on the entity marker, so other
// entities' items are read (and paid for) but never returned.
type Scanner[T any] struct {
	e        *entity.Entity[T]
	index    string
	segments int
	limit    int
	filter   entity.Condition
}

// Scan starts a scan of e's items.
func Scan[T any](e *entity.Entity[T]) Scanner[T] { return Scanner[T]{e: e, segments: 1} }

// Index scans a secondary index instead of the table.
func (s Scanner[T]) Index(name string) Scanner[T] { s.index = name; return s }

// Segments splits the scan into n parallel segments (1 to 1,000,000).
func (s Scanner[T]) Segments(n int) Scanner[T] { s.segments = n; return s }

// Limit caps the items DynamoDB evaluates per request.
func (s Scanner[T]) Limit(n int) Scanner[T] { s.limit = n; return s }

// Filter adds a filter on attributes.
func (s Scanner[T]) Filter(c entity.Condition) Scanner[T] {
	s.filter = entity.And(s.filter, c)
	return s
}

// Build compiles one ScanInput per segment without I/O.
func (s Scanner[T]) Build() ([]*dynamodb.ScanInput, error) {
	if s.segments < 1 || s.segments > 1000000 {
		return nil, invalidf("scan segments must be 1 to 1000000, got %d", s.segments)
	}
	t := s.e.Table()
	if _, ok := t.Index(s.index); s.index != "" && !ok {
		return nil, invalidf("table %q has no index %q", t.Name, s.index)
	}
	var ins []*dynamodb.ScanInput
	for seg := 0; seg < s.segments; seg++ {
		var w expr.Writer
		f, err := expr.RenderCondition(entity.And(entity.Attr(t.EntityAttr()).Eq(s.e.Name()), s.filter), &w)
		if err != nil {
			return nil, err
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
		ins = append(ins, in)
	}
	return ins, nil
}

// All streams every item. Segments run concurrently; items arrive in no
// particular order. Stopping early cancels the remaining requests.
func (s Scanner[T]) All(ctx context.Context, db *entity.DB) iter.Seq2[T, error] {
	return func(yield func(T, error) bool) {
		ins, err := s.Build()
		if err != nil {
			var zero T
			yield(zero, err)
			return
		}
		ctx, cancel := context.WithCancel(ctx)
		defer cancel()
		type msg struct {
			items []map[string]types.AttributeValue
			err   error
		}
		ch := make(chan msg)
		var wg sync.WaitGroup
		for _, in := range ins {
			in.TableName = db.Table(aws.ToString(in.TableName))
			wg.Add(1)
			go func(in *dynamodb.ScanInput) {
				defer wg.Done()
				for {
					out, err := db.Client.Scan(ctx, in, db.Options...)
					if err != nil {
						select {
						case ch <- msg{err: fmt.Errorf("query: scan %s: %w", s.e.Name(), err)}:
						case <-ctx.Done():
						}
						return
					}
					select {
					case ch <- msg{items: out.Items}:
					case <-ctx.Done():
						return
					}
					if len(out.LastEvaluatedKey) == 0 {
						return
					}
					in.ExclusiveStartKey = out.LastEvaluatedKey
				}
			}(in)
		}
		go func() { wg.Wait(); close(ch) }()
		for m := range ch {
			if m.err != nil {
				var zero T
				yield(zero, m.err)
				return
			}
			for _, it := range m.items {
				v, err := s.e.Decode(it)
				if !yield(v, err) || err != nil {
					return
				}
			}
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
