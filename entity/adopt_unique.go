package entity

import (
	"context"
	"errors"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel/internal/errtext"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/internal/expr"
	"github.com/ddbmodel/ddbmodel/internal/txwrite"
)

// runUnique adopts an item of an entity with unique attributes: the
// adopting update and the marker items of the item's unique values go in
// one transaction, each marker on the condition that no other item holds
// its value. A taken value fails the adoption with an *AdoptError
// wrapping a *ddbmodel.UniqueError; nothing is written then. old is the
// item adopted, put the item as the adopting update writes it, and in the
// update compiled for it; the value as written is the caller's
// (compileAdopt wrote it, and put from it): it needs nothing of T.
func (e *entityCore) runAdoptUnique(ctx context.Context, db *DB, old, put map[string]types.AttributeValue, in *dynamodb.UpdateItemInput) error {
	w := txwrite.Classified(TransactWrite{
		Item:   txwrite.FromUpdate(in),
		Entity: e.name, Op: "adopt", Key: in.Key, Size: expr.ItemSize(in.ExpressionAttributeValues) + expr.ItemSize(in.Key),
	}, e.adoptFailure)
	extra, err := e.markerWrites(old, put, in.Key)
	if err != nil {
		return &AdoptError{Entity: e.name, Key: in.Key, Item: old, Err: err}
	}
	err = runUnique(ctx, db, e.name, "adopt", append([]TransactWrite{w}, extra...))
	var ue *ddbmodel.UniqueError
	var ce *ddbmodel.ConditionError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &ue) || errors.As(err, &ce):
		return &AdoptError{Entity: e.name, Key: in.Key, Item: old, Err: err}
	}
	return errtext.Errorf("adopt %s: %w", e.name, err)
}
