package query

import (
	"context"
	"errors"

	"github.com/ddbmodel/ddbmodel/internal/errtext"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
)

// AdoptReport is the outcome of a bulk adoption: how many items were
// adopted, and every unmarked item read that was not, with the reason
// (nothing is left out unseen).
type AdoptReport struct {
	// Adopted counts the items given the entity's markers.
	Adopted int
	// Failed holds one *entity.AdoptError per unmarked item not adopted:
	// its key does not fit the entity's templates, a put of its value is
	// invalid, or it kept changing while being adopted. Each holds the
	// item as read.
	Failed []*entity.AdoptError
}

// err is the report's error: nil when every item was adopted, else every
// failure joined (errors.As finds each *entity.AdoptError).
func (r AdoptReport) err(name string) error {
	if len(r.Failed) == 0 {
		return nil
	}
	errs := make([]error, len(r.Failed))
	for i, f := range r.Failed {
		errs[i] = f
	}
	return errtext.Errorf("adopt %s: %d items not adopted (%d adopted): %w", name, len(r.Failed), r.Adopted, errors.Join(errs...))
}

// Adopt adopts every unmarked item the scan reads (see entity.AdoptOp):
// the scan reads only items without a marker (and the Filter's), and each
// is given the entity's markers and keys on the condition that it is
// unchanged since read; an item changed since (or read stale) is read
// again, strongly consistent, and adopted from that read. The scan reads
// the table (an Index is ignored: items are adopted whole).
//
// The report counts the items adopted and holds every one that was not;
// the error is nil only when every unmarked item read was adopted. A
// failed request stops the adoption, with the report so far.
func (s Scanner[T]) Adopt(ctx context.Context, db *entity.DB) (AdoptReport, error) {
	var r AdoptReport
	if err := checkDB(db); err != nil {
		return r, err
	}
	if s.e == nil {
		return r, invalidf("scan of a nil entity")
	}
	s.index = ""
	s.filter = entity.And(s.filter, entity.Attr(s.e.Table().EntityAttr()).NotExists())
	ins, err := s.Build()
	if err != nil {
		return r, err
	}
	for _, in := range ins {
		in.TableName = db.Table(aws.ToString(in.TableName))
		for {
			out, err := entity.Send(ctx, db, db.Client.Scan, in, entity.Request{Entities: []string{s.e.Name()}})
			if err != nil {
				return r, errtext.Errorf("adopt %s: scan: %w", s.e.Name(), err)
			}
			for _, it := range out.Items {
				if err := adoptOne(ctx, db, s.e, it, &r); err != nil {
					return r, err
				}
			}
			if len(out.LastEvaluatedKey) == 0 {
				break
			}
			in.ExclusiveStartKey = out.LastEvaluatedKey
		}
	}
	return r, r.err(s.e.Name())
}

// Adopt adopts every unmarked item the query reads, as Scanner.Adopt does:
// items carrying a marker (the entity's, or another's) are left as they
// are. On an index, each item is read again from the table before it is
// adopted, since an index may not hold every attribute.
func (q Query[T]) Adopt(ctx context.Context, db *entity.DB) (AdoptReport, error) {
	var r AdoptReport
	if err := checkDB(db); err != nil {
		return r, err
	}
	cursor := ""
	for {
		raw, next, err := q.s.page(ctx, db, cursor, false)
		if err != nil {
			return r, err
		}
		for _, it := range raw {
			if !q.e.Table().Unmarked(it) {
				continue
			}
			if q.s.index != "" {
				if it, err = readItem(ctx, db, q.e, it); err != nil {
					return r, err
				}
				if len(it) == 0 || !q.e.Table().Unmarked(it) {
					continue // deleted, or marked, meanwhile
				}
			}
			if err := adoptOne(ctx, db, q.e, it, &r); err != nil {
				return r, err
			}
		}
		if next == "" {
			return r, r.err(q.e.Name())
		}
		cursor = next
	}
}

// adoptOne adopts one item as read, and once more from a strongly
// consistent read when it changed since; the outcome goes into r. The
// error is that of a failed request, which stops the adoption.
func adoptOne[T any](ctx context.Context, db *entity.DB, e *entity.Entity[T], it map[string]types.AttributeValue, r *AdoptReport) error {
	for attempt := 0; ; attempt++ {
		_, err := e.AdoptItem(it).Run(ctx, db)
		var ae *entity.AdoptError
		switch {
		case err == nil:
			r.Adopted++
			return nil
		case !errors.As(err, &ae):
			return errtext.Errorf("adopt %s: %w", e.Name(), err)
		case attempt == 0 && errors.Is(err, ddbmodel.ErrConditionFailed) && !errors.Is(err, ddbmodel.ErrOtherEntity):
			// Changed since read: read it again, strongly consistent.
			if it, err = readItem(ctx, db, e, it); err != nil {
				return err
			}
			if len(it) == 0 {
				return nil // deleted meanwhile: nothing to adopt
			}
			if !e.Table().Unmarked(it) && e.Is(it) {
				return nil // adopted meanwhile (by another adopter)
			}
		default:
			r.Failed = append(r.Failed, ae)
			return nil
		}
	}
}

// readItem reads, strongly consistent, the table item under it's table key.
func readItem[T any](ctx context.Context, db *entity.DB, e *entity.Entity[T], it map[string]types.AttributeValue) (map[string]types.AttributeValue, error) {
	t := e.Table()
	key := map[string]types.AttributeValue{t.PartitionKey.Name: it[t.PartitionKey.Name]}
	if n := t.SortKey.Name; n != "" {
		key[n] = it[n]
	}
	out, err := entity.Send(ctx, db, db.Client.GetItem, &dynamodb.GetItemInput{
		TableName: db.Table(t.Name), Key: key, ConsistentRead: aws.Bool(true),
	}, entity.Request{Entities: []string{e.Name()}})
	if err != nil {
		return nil, errtext.Errorf("adopt %s: reading the item: %w", e.Name(), err)
	}
	return out.Item, nil
}
