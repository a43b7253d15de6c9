package query

import (
	"context"
	"iter"

	"github.com/ddbmodel/ddbmodel/internal/errtext"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
)

// Page is one page of typed results.
type Page[T any] struct {
	Items []T
	// Cursor continues the query after this page; "" when there is no more.
	Cursor string
	// Unrecognized holds, for an entity recognising unmarked items
	// (entity.Config.RecognizeUnmarked), the items read without an entity
	// marker that the entity does not take as its own: their table key is
	// not one its templates render, or their attributes disagree with it
	// (a put of their value would write another key; entity.Entity.Is
	// says which items it takes), or, read from an index, the index key
	// they hold is not the one a put of their value writes. They are left
	// out of Items, and shown here rather than dropped unseen. For an
	// entity without the option, a query page lists here the unmarked
	// items it read whose table key fits its templates: never its own
	// (set RecognizeUnmarked, or Adopt them, to read them as its items),
	// shown so that a table written by other code does not look empty
	// without a word. (A scan of such an entity filters on its marker in
	// DynamoDB, so its pages never hold unmarked items.) An unmarked item whose key fits but
	// that does not decode into T is the entity's: the read fails with its
	// *ddbmodel.DecodeError, or lists it in Undecodable (OnUndecodable).
	Unrecognized []map[string]types.AttributeValue
	// Undecodable holds, for a read with OnUndecodable, the entity's items
	// that do not decode into T, left out of Items (undecodable.go).
	Undecodable []Undecodable
}

// Page runs the query from cursor ("" for the first page) and returns one
// page. Items of other entities sharing the partition are skipped, and
// Limit (like DynamoDB's) counts the items read, so a page may hold fewer
// items than Limit, or none, while its Cursor is not empty: follow the
// cursor until it is "".
func (q Query[T]) Page(ctx context.Context, db *entity.DB, cursor string) (Page[T], error) {
	raw, next, err := q.s.page(ctx, db, cursor, false)
	if err != nil {
		return Page[T]{}, err
	}
	p := Page[T]{Cursor: next, Items: make([]T, 0, len(raw))}
	for _, it := range raw {
		if !q.e.Is(it) || !modelOf(q.e).IndexKeyFits(it, q.s.index) {
			p.noteUnrecognized(q.e, it)
			continue
		}
		if err := p.decodeOrNote(q.e, q.onUndecodable != nil, it); err != nil {
			return Page[T]{}, err
		}
	}
	return p, nil
}

// All streams every matching item, page by page, in constant memory. The
// sequence stops at the first error, which it yields. Items a page lists
// as Unrecognized are left out; OnUnrecognized shows them.
func (q Query[T]) All(ctx context.Context, db *entity.DB) iter.Seq2[T, error] {
	return func(yield func(T, error) bool) {
		cursor := ""
		for {
			p, err := q.Page(ctx, db, cursor)
			if err == nil {
				err = reportSkipped(q.e.Name(), q.onUnrecognized, q.onUndecodable, p.Unrecognized, p.Undecodable)
			}
			if err != nil {
				var zero T
				yield(zero, err)
				return
			}
			for _, v := range p.Items {
				if !yield(v, nil) {
					return
				}
			}
			if p.Cursor == "" {
				return
			}
			cursor = p.Cursor
		}
	}
}

// Collect reads every matching item into a slice.
func (q Query[T]) Collect(ctx context.Context, db *entity.DB) ([]T, error) {
	var out []T
	for v, err := range q.All(ctx, db) {
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, nil
}

// One returns the only matching item: ErrNotFound when there is none,
// ErrTooMany when there are more.
func (q Query[T]) One(ctx context.Context, db *entity.DB) (T, error) {
	var found []T
	for v, err := range q.All(ctx, db) {
		if err != nil {
			var zero T
			return zero, err
		}
		found = append(found, v)
		if len(found) > 1 {
			var zero T
			return zero, errtext.Errorf("query %s: %w", q.e.Name(), ddbmodel.ErrTooMany)
		}
	}
	if len(found) == 0 {
		var zero T
		return zero, errtext.Errorf("query %s: %w", q.e.Name(), ddbmodel.ErrNotFound)
	}
	return found[0], nil
}

// First returns the first matching item in the query's order, or ErrNotFound.
// It reads one page at a time; with OnUnrecognized or OnUndecodable set, the
// skipped items of each page it reads are reported, including those that
// come after the returned item in that page.
func (q Query[T]) First(ctx context.Context, db *entity.DB) (T, error) {
	for v, err := range q.All(ctx, db) {
		return v, err
	}
	var zero T
	return zero, errtext.Errorf("query %s: %w", q.e.Name(), ddbmodel.ErrNotFound)
}

// Count counts the matching items of this entity with Select COUNT, over
// every page, without reading them. For an entity recognising unmarked
// items (entity.Config.RecognizeUnmarked) it reads them, since whether an
// unmarked item is the entity's depends on its key. The count includes
// the entity's items that do not decode into T, and OnUndecodable's fn is
// not called for them (a Collect with OnUndecodable tells the two apart).
func (q Query[T]) Count(ctx context.Context, db *entity.DB) (int, error) {
	if isNilMember(q.e) {
		_, _, err := q.s.compile() // refuses the nil or zero entity
		return 0, err
	}
	if modelOf(q.e).RecognizesUnmarked() {
		return q.countRecognized(ctx, db)
	}
	s := q.s
	t := q.e.Table()
	s.filter = entity.And(s.filter, entity.Attr(t.EntityAttr()).Eq(q.e.Name()))
	s.project = nil // DynamoDB refuses a projection with Select COUNT
	ins, err := s.build()
	if err != nil {
		return 0, err
	}
	total := 0
	for _, in := range ins {
		in.Select = types.SelectCount
		in.Limit = nil
		in.TableName = db.Table(aws.ToString(in.TableName))
		for {
			out, err := entity.Send(ctx, db, db.Client.Query, in, entity.Request{Entities: []string{q.e.Name()}})
			if err != nil {
				return 0, errtext.Errorf("count %s: %w", q.e.Name(), err)
			}
			total += int(out.Count)
			if len(out.LastEvaluatedKey) == 0 {
				break
			}
			in.ExclusiveStartKey = out.LastEvaluatedKey
		}
	}
	return total, nil
}
