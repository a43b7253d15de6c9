package entity

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// moves reports whether the update changes a primary-key composite (it
// moves the item; see UpdateOp.move), as far as it compiles without the item.
func (op updateRequest) moves() bool {
	c, err := op.compile(nil)
	return err == nil && c.move
}

// sendMove sends the two actions of a move (del, the delete of the old
// item; ins, the create of the new one, whose item is moved) in one
// transaction. An entity with unique attributes carries their marker items
// along in it: each value the moved item holds gets its marker naming the
// new key (on the condition that it is absent or names the old or new
// key), and a value the move changes deletes its old marker, as an update
// does. A value taken by another item fails the move with a
// *ddbmodel.UniqueError; nothing is written then. Another failed condition
// (the old item changed, the new key taken) is the update's
// *ddbmodel.ConditionError, its Cause the canceled transaction.
func (e *entityCore) sendMove(ctx context.Context, db *DB, old, moved map[string]types.AttributeValue, del, ins TransactWrite) error {
	writes := []TransactWrite{del, ins}
	if len(e.uniques) == 0 {
		// The update was one operation: a failed condition is its
		// ConditionError, as for an update in place.
		return operationError(transactWriteItems(ctx, db, "", writes), e.name, "update", writes)
	}
	extra, err := e.markerMoves(old, moved, e.tableKey(old), e.tableKey(moved))
	if err != nil {
		return err
	}
	return runUnique(ctx, db, e.name, "update", append(writes, extra...))
}
