package query

import (
	"context"
	"errors"
	"fmt"

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
	// Failed holds one *entity.AdoptError per unmarked item of the entity
	// not adopted: a put of its value is invalid or writes another key, or
	// it kept changing while being adopted. Each holds the item as read.
	Failed []*entity.AdoptError
	// Unrecognized holds the table key of each unmarked item read whose
	// key the entity's templates do not render (keys.ErrNoMatch): by its
	// key layout another kind of item, such as another entity's in a table
	// of many. It is left unchanged, and is not a failure; adopt it with
	// its own entity.
	Unrecognized []map[string]types.AttributeValue
}

// err is the report's error: nil when every item of the entity was
// adopted, else one naming the first failure and how many there are; it
// wraps every *entity.AdoptError (errors.As finds the first).
func (r AdoptReport) err(name string) error {
	if len(r.Failed) == 0 {
		return nil
	}
	errs := make(adoptFailures, len(r.Failed))
	for i, f := range r.Failed {
		errs[i] = f
	}
	return errtext.Errorf("adopt %s: %d items not adopted (%d adopted): %w", name, len(r.Failed), r.Adopted, errs)
}

// adoptFailures is the failures of a bulk adoption: its text is one line,
// the first failure and how many more follow (the report lists them all).
type adoptFailures []error

func (f adoptFailures) Error() string {
	if len(f) == 1 {
		return errtext.Detail(f[0])
	}
	return fmt.Sprintf("%s; and %d more (AdoptReport.Failed lists them)", errtext.Detail(f[0]), len(f)-1)
}

// Unwrap returns every failure.
func (f adoptFailures) Unwrap() []error { return f }

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
	if s.e == nil || s.e.Table() == nil {
		return r, invalidf("scan of a nil or zero entity (entities are made by entity.Define)")
	}
	s.index = ""
	// Only unmarked items, in place of the entity's own filter (which,
	// without RecognizeUnmarked, reads only items carrying its marker).
	s.unmarkedOnly = true
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
		case !modelOf(e).KeyLayoutFits(it):
			r.Unrecognized = append(r.Unrecognized, tableKeyOf(e.Table(), it))
			return nil
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
