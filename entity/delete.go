package entity

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/internal/composite"
	"github.com/ddbmodel/ddbmodel/internal/expr"
	"github.com/ddbmodel/ddbmodel/internal/txwrite"
)

// DeleteOp deletes one item by its key composites.
type DeleteOp[T any] struct {
	e *Entity[T]
	deleteRequest
}

// deleteRequest is what a delete asks, with its entity's core (nil for a
// zero operation): the code that compiles and runs it needs nothing of T,
// and has it as receiver.
type deleteRequest struct {
	e         *entityCore
	key       composite.List
	cond      Condition
	mustExist bool
	lockWant  *int64
}

var _ WriteOp = DeleteOp[struct{}]{}

func (DeleteOp[T]) writeOp() {}

// Delete returns an operation deleting the item whose key composites are key.
// Deleting an absent item succeeds unless MustExist is set. The delete is
// conditioned on the entity marker: when the key holds another entity's item,
// nothing is deleted and the error satisfies errors.Is(err,
// ddbmodel.ErrOtherEntity) (ErrNotFound with MustExist); an item without a
// marker that the entity does not recognise (Config.RecognizeUnmarked) is
// left too, with ddbmodel.ErrUnmarked.
func (e *Entity[T]) Delete(key Values) DeleteOp[T] {
	return DeleteOp[T]{e: e, deleteRequest: deleteRequest{e: e.core(), key: composite.Of(key)}}
}

// If adds a condition that must hold for the delete to happen.
func (op DeleteOp[T]) If(c Condition) DeleteOp[T] {
	op.cond = And(op.cond, c)
	return op
}

// MustExist makes deleting an absent item, or another entity's item, fail
// with ErrNotFound.
func (op DeleteOp[T]) MustExist() DeleteOp[T] {
	op.mustExist = true
	return op
}

// IfVersion deletes only if the item's lock attribute still holds version
// (optimistic locking); otherwise the error satisfies ErrVersionConflict.
func (op DeleteOp[T]) IfVersion(version int64) DeleteOp[T] {
	op.lockWant = &version
	return op
}

func (op deleteRequest) compile() (_ *dynamodb.DeleteItemInput, _ failure, err error) {
	e := op.e
	if !e.defined() {
		return nil, failure{}, errNoEntity("delete")
	}
	defer recoveredIn(e.name, &err)
	f := failure{entity: e.name, tab: e.table, op: "delete", mustExist: op.mustExist, markerAttr: e.table.EntityAttr(), unmarked: e.unmarked}
	key, err := e.key(op.key)
	if err != nil {
		return nil, f, err
	}
	var w expr.Writer
	var parts []string
	if op.mustExist || op.lockWant != nil {
		// The item must exist (the lock condition needs one too): it must
		// be this entity's.
		parts = append(parts, e.exists(&w))
	} else {
		parts = append(parts, e.guard(&w))
	}
	if op.lockWant != nil {
		if e.lock == nil {
			return nil, f, &ddbmodel.ValidationError{Entity: e.name, Reason: "IfVersion needs a LockAttribute"}
		}
		f.lockAttr, f.lockWant = e.lock.name, op.lockWant
		parts = append(parts, e.lockIs(&w, *op.lockWant))
	}
	s, err := op.cond.render(&w, op.e.sch)
	if err != nil {
		return nil, f, withEntity(err, e.name)
	}
	parts = append(parts, s)
	in := &dynamodb.DeleteItemInput{TableName: aws.String(e.table.Name), Key: key,
		ExpressionAttributeNames: w.Names(), ExpressionAttributeValues: w.Values()}
	if c := joinAnd(parts); c != "" {
		if err := e.checkConditionSize(c); err != nil {
			return nil, f, err
		}
		in.ConditionExpression = aws.String(c)
		in.ReturnValuesOnConditionCheckFailure = types.ReturnValuesOnConditionCheckFailureAllOld
	}
	return in, f, nil
}

// Build compiles the DeleteItem request without sending it. For an entity
// with unique attributes it fails with ErrNeedsRead: Run reads the item
// first and deletes it with its marker items in one transaction.
func (op DeleteOp[T]) Build() (*dynamodb.DeleteItemInput, error) {
	in, err := op.deleteRequest.build()
	if err != nil {
		return nil, err
	}
	if err := op.e.uniqueBuild("delete", false); err != nil {
		return nil, err
	}
	return in, nil
}

// build is DeleteOp.Build, which needs nothing of T.
func (op deleteRequest) build() (*dynamodb.DeleteItemInput, error) {
	in, _, err := op.compile()
	return in, err
}

// Run deletes the item.
func (op DeleteOp[T]) Run(ctx context.Context, db *DB) error {
	return op.deleteRequest.run(ctx, db)
}

// run is DeleteOp.Run, which needs nothing of T.
func (op deleteRequest) run(ctx context.Context, db *DB) error {
	if err := checkDB(db, "delete"); err != nil {
		return err
	}
	if op.e != nil && op.e.unmarked {
		fit, err := op.fitUnmarked(ctx, db)
		if err != nil {
			return err
		}
		op = op.and(fit)
	}
	if op.e != nil && len(op.e.uniques) > 0 {
		w, extra, err := op.uniqueWrites(ctx, db)
		if err != nil {
			return err
		}
		return runUnique(ctx, db, op.e.name, "delete", append([]TransactWrite{w}, extra...))
	}
	in, f, err := op.compile()
	if err != nil {
		return err
	}
	in.TableName = db.Table(op.e.table.Name)
	if _, err := Send(ctx, db, db.Client.DeleteItem, in, Request{Entities: []string{op.e.name}}); err != nil {
		return keyed(f.wrap(err), in.Key)
	}
	return nil
}

// TransactWrite compiles the delete as one action of a transaction. On an
// entity with unique attributes it is an error: their marker actions must
// join the transaction too (txn.Write and TransactWrites add them).
func (op DeleteOp[T]) TransactWrite() (TransactWrite, error) {
	return op.deleteRequest.transactWrite()
}

// transactWrite is DeleteOp.TransactWrite, which needs nothing of T.
func (op deleteRequest) transactWrite() (TransactWrite, error) {
	w, err := op.action()
	return op.e.actionAlone("delete", w, err)
}

// action compiles the delete as one action of a transaction, without the
// actions of unique attributes.
func (op deleteRequest) action() (TransactWrite, error) {
	in, f, err := op.compile()
	if err != nil {
		return TransactWrite{}, err
	}
	return deleteAction(txwrite.DeleteOf(in), f, TransactWrite{Entity: op.e.name, Op: "delete", Key: in.Key, Size: expr.ItemSize(in.Key)}), nil
}

// deleteAction returns a, a transaction action of its entity, op, key and
// size, deleting with del, whose failed condition f classifies: the delete
// and f are allocated in one block, which the action keeps.
func deleteAction(del types.Delete, f failure, a TransactWrite) TransactWrite {
	b := &struct {
		del  types.Delete
		fail failure
	}{del, f}
	a.Item = types.TransactWriteItem{Delete: &b.del}
	return txwrite.Classified(a, b.fail.classify)
}

// and is If, for the code that compiles a delete without T.
func (op deleteRequest) and(c Condition) deleteRequest {
	op.cond = And(op.cond, c)
	return op
}
