package entity

import (
	"context"
	"errors"

	"github.com/ddbmodel/ddbmodel/internal/errtext"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/internal/expr"
	"github.com/ddbmodel/ddbmodel/internal/txwrite"
)

// runUnique adopts an item of an entity with unique attributes: the
// adopting update and the marker items of the item's unique values go in
// one transaction, each marker on the condition that no other item holds
// its value. A taken value fails the adoption with an *AdoptError
// wrapping a *ddbmodel.UniqueError; nothing is written then.
func (op AdoptItemOp[T]) runUnique(ctx context.Context, db *DB, c *compiledAdopt[T]) (T, error) {
	var zero T
	e := op.e
	in := c.in
	put, err := e.putOfItemValue(op.item)
	if err != nil {
		return zero, &AdoptError{Entity: e.name, Key: in.Key, Item: op.item, Err: err}
	}
	w := txwrite.Classified(TransactWrite{
		Item:   txwrite.FromUpdate(in),
		Entity: e.name, Op: "adopt", Key: in.Key, Size: expr.ItemSize(in.ExpressionAttributeValues) + expr.ItemSize(in.Key),
	}, e.adoptFailure)
	extra, err := e.markerWrites(op.item, put, in.Key)
	if err != nil {
		return zero, &AdoptError{Entity: e.name, Key: in.Key, Item: op.item, Err: err}
	}
	err = runUnique(ctx, db, e.name, "adopt", append([]TransactWrite{w}, extra...))
	var ue *ddbmodel.UniqueError
	var ce *ddbmodel.ConditionError
	switch {
	case err == nil:
		return c.written, nil
	case errors.As(err, &ue) || errors.As(err, &ce):
		return zero, &AdoptError{Entity: e.name, Key: in.Key, Item: op.item, Err: err}
	}
	return zero, errtext.Errorf("adopt %s: %w", e.name, err)
}
