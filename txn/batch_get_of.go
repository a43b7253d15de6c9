package txn

import (
	"context"
	"errors"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/internal/errtext"
	"github.com/ddbmodel/ddbmodel/internal/expr"
)

// BatchGetOf reads items of one entity by their key composites and returns
// those found, in the order of keys. It keeps items whose TTL has passed;
// BatchGet with reads e.Get(k).SkipExpired() leaves them out.
//
// A key whose item the entity's Get would refuse is reported on its own,
// without failing the other keys: the items read are returned together
// with an error joining (errors.Join) one error per such key. An item
// without an entity marker that the entity does not take (it does not
// recognise unmarked items, Config.RecognizeUnmarked, or the item's key or
// attributes do not fit it) is a *ddbmodel.ConditionError holding the item
// whose text names its key, with errors.Is(err, ddbmodel.ErrUnmarked); an
// item that does not decode is a *ddbmodel.DecodeError. Another entity's
// item under a key is not this entity's: it is left out, as a missing one
// is (Get reports ddbmodel.ErrNotFound for both).
//
// When the batch itself fails in part (keys still unread after every
// attempt, a failed request, a panic, ctx ending), the items that were
// read are returned too, with the error BatchGet returns (a
// *ddbmodel.UnprocessedError holding the keys not read) joined with the
// per-key errors above.
func BatchGetOf[T any](ctx context.Context, db *entity.DB, opts BatchOptions, e *entity.Entity[T], keys ...entity.Values) ([]T, error) {
	if e == nil || e.Table() == nil {
		return nil, &ddbmodel.ValidationError{Reason: "batch get: nil or zero entity (entities are made by entity.Define)"}
	}
	reads := make([]ReadOp, len(keys))
	for i, k := range keys {
		reads[i] = e.Get(k)
	}
	items, err := BatchGet(ctx, db, opts, reads...)
	if items.raw == nil {
		return nil, err // nothing was sent: a refused input
	}
	var out []T
	var errs []error
	for i := range keys {
		if !items.Found(i) {
			continue
		}
		raw := items.raw[i]
		if !e.Is(raw) && !e.Table().Unmarked(raw) {
			continue // another entity's item: this one has none
		}
		v, err := e.Decode(raw)
		if err != nil {
			errs = append(errs, batchGetRefusal(e.Name(), e.Table(), raw, err))
			continue
		}
		out = append(out, v)
	}
	switch perKey := errors.Join(errs...); {
	case err == nil:
		return out, perKey
	case perKey == nil:
		return out, err
	default:
		return out, errors.Join(err, perKey)
	}
}

// batchGetRefusal is BatchGetOf's error for one item the entity does not
// return: for an unmarked item, a *ddbmodel.ConditionError (ErrUnmarked)
// naming its key, with the reason the entity gave (err); else err.
func batchGetRefusal(name string, table *entity.Table, raw map[string]types.AttributeValue, err error) error {
	var de *ddbmodel.DecodeError
	if !table.Unmarked(raw) || errors.As(err, &de) {
		return err
	}
	key := map[string]types.AttributeValue{}
	for _, n := range table.PrimaryKeyNames("") {
		key[n] = raw[n]
	}
	return &ddbmodel.ConditionError{Entity: name, Op: "get", Item: raw,
		Err: errtext.Errorf("%s: %w (%w)", expr.DescribeKey(key), ddbmodel.ErrUnmarked, err)}
}
