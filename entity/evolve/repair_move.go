package evolve

import (
	"context"
	"errors"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/internal/attrvalue"
	"github.com/ddbmodel/ddbmodel/internal/expr"
)

// ErrMoves is the error of Finding.Build for a finding whose repair moves
// the item to another table key (Moves): BuildMove compiles it.
var ErrMoves = errors.New("ddbmodel: the repair moves the item to another table key (BuildMove compiles it)")

// ErrKeyTaken is the error (errors.Is) of an item Repair did not move
// because another item holds the table key a put of its value renders: a
// *KeyTakenError says which. Nothing is written then.
var ErrKeyTaken = errors.New("ddbmodel: the new table key is held by another item")

// KeyTakenError is an item Repair did not move because another item
// already holds the key it moves to. Neither item was written.
type KeyTakenError struct {
	// Entity names the entity of the item not moved.
	Entity string
	// From is the item's table key as stored; To is the key a put of its
	// value renders, which the other item holds.
	From, To map[string]types.AttributeValue
	// Holder is the item at To as the failed condition returned it (nil
	// when not returned), and HolderEntity the entity its marker names
	// ("" when it has none).
	Holder       map[string]types.AttributeValue
	HolderEntity string
}

// Error names the entity and both keys.
func (e *KeyTakenError) Error() string {
	holder := "another item"
	if e.HolderEntity != "" {
		holder = fmt.Sprintf("an item of entity %s", e.HolderEntity)
	}
	return fmt.Sprintf("ddbmodel: moving %s item %s to %s: the key is held by %s (not overwritten; both items are as they were)",
		e.Entity, expr.DescribeKey(e.From), expr.DescribeKey(e.To), holder)
}

// Unwrap returns ErrKeyTaken.
func (e *KeyTakenError) Unwrap() error { return ErrKeyTaken }

// BuildMove compiles the TransactWriteItems request that repairs f when
// its table key is stale (Moves), without I/O. It has two actions: a
// Delete of the item at its stored key, conditioned on the item being
// unchanged since it was read (Build's condition), and a Put of the
// item at the key a put of its value renders, conditioned on no item
// being there (attribute_not_exists of the partition key), so that no
// item, of this entity or another, is ever overwritten. The item put is
// the item read with the attributes Build would write set: the table key
// and index keys a put of its value renders, the lock attribute
// incremented as a put increments it, the Updated timestamp kept unless a
// differing key may be built from it; every other attribute is as read.
// For an item of an older version (OldVersion), the item put is the whole
// image a put of its upgraded value writes, as Build would write it in
// place: the migration and the move are one transaction.
//
// A finding Repair does not rewrite is refused as Build refuses it, and a
// finding that does not move the item (Build compiles its repair), or
// that no job made, with an ErrInvalid *ddbmodel.ValidationError.
func (f *Finding) BuildMove() (*dynamodb.TransactWriteItemsInput, error) {
	if f == nil {
		return nil, &ddbmodel.ValidationError{Reason: "BuildMove of a nil *Finding"}
	}
	if !f.Repairable() {
		return nil, &RepairError{Entity: f.Entity, Key: f.Key, Kinds: f.Kinds, Err: errNotRepaired(f)}
	}
	if !f.Moves() {
		return nil, &ddbmodel.ValidationError{Entity: f.Entity, Reason: fmt.Sprintf("BuildMove: the table key of item %s is not stale; Build compiles its repair", expr.DescribeKey(f.Key))}
	}
	if f.model == nil || f.model.tb == nil {
		return nil, &ddbmodel.ValidationError{Entity: f.Entity, Reason: "BuildMove: the finding was not made by a job (Check, Verify or Repair)"}
	}
	var dw, pw expr.Writer
	// The item put is the item as read: an attribute a write added since
	// must fail the move too, or the put would drop it (unchanged holds
	// every stored attribute the item lacked still absent).
	cond := f.unchanged(&dw)
	if err := expr.CheckLimits(f.Entity, "the condition that the moved item is unchanged", cond); err != nil {
		return nil, &RepairError{Entity: f.Entity, Key: f.Key, Kinds: f.Kinds, Err: err}
	}
	item := f.repaired()
	pk := f.model.tb.PartitionKey.Name
	return &dynamodb.TransactWriteItemsInput{
		TransactItems: []types.TransactWriteItem{
			{Delete: &types.Delete{
				TableName: aws.String(f.table), Key: f.Key,
				ConditionExpression: aws.String(cond), ExpressionAttributeNames: dw.Names(), ExpressionAttributeValues: dw.Values(),
				ReturnValuesOnConditionCheckFailure: types.ReturnValuesOnConditionCheckFailureAllOld,
			}},
			{Put: &types.Put{
				TableName: aws.String(f.table), Item: item,
				ConditionExpression:                 aws.String("attribute_not_exists(" + pw.Name(pk) + ")"),
				ExpressionAttributeNames:            pw.Names(),
				ReturnValuesOnConditionCheckFailure: types.ReturnValuesOnConditionCheckFailureAllOld,
			}},
		},
		ReturnConsumedCapacity: types.ReturnConsumedCapacityTotal,
	}, nil
}

// movedKey is the table key the repair of f moves the item to.
func (f *Finding) movedKey() map[string]types.AttributeValue {
	return tableKey(f.model.tb, f.repaired())
}

// send writes the repair of f (in a dry run, counts it) and reports
// whether the item changed since it was read: a condition on it failed,
// and the caller reads it again.
func (rn *run) send(ctx context.Context, f *Finding) (changed bool, err error) {
	if !f.Moves() {
		in, err := f.Build()
		if err != nil || rn.j.dryRun {
			rn.countIf(err == nil, &rn.r.WouldRepair)
			return false, err
		}
		if err := rn.write.wait(ctx); err != nil {
			return false, notSent{err}
		}
		in.TableName = rn.db.Table(aws.ToString(in.TableName))
		out, err := entity.Send(ctx, rn.db, rn.db.Client.UpdateItem, in, entity.Request{Entities: []string{f.Entity}})
		if err == nil {
			rn.consumed(&rn.write, "UpdateItem", out.ConsumedCapacity)
			rn.count(&rn.r.Repaired)
			return false, nil
		}
		var ccf *types.ConditionalCheckFailedException
		if errors.As(err, &ccf) || ctx.Err() != nil {
			return errors.As(err, &ccf), ignoreIf(errors.As(err, &ccf), err)
		}
		return rn.settleLost(ctx, f, err)
	}
	in, err := f.BuildMove()
	if err != nil || rn.j.dryRun {
		rn.countIf(err == nil, &rn.r.WouldRepair, &rn.r.WouldMove)
		return false, err
	}
	if err := rn.write.wait(ctx); err != nil {
		return false, notSent{err}
	}
	for _, it := range in.TransactItems {
		if it.Delete != nil {
			it.Delete.TableName = rn.db.Table(aws.ToString(it.Delete.TableName))
		} else {
			it.Put.TableName = rn.db.Table(aws.ToString(it.Put.TableName))
		}
	}
	out, err := entity.Send(ctx, rn.db, rn.db.Client.TransactWriteItems, in, entity.Request{Entities: []string{f.Entity}})
	if err == nil {
		for i := range out.ConsumedCapacity {
			rn.consumed(&rn.write, "TransactWriteItems", &out.ConsumedCapacity[i])
		}
		rn.moved(f)
		return false, nil
	}
	var tce *types.TransactionCanceledException
	if !errors.As(err, &tce) || len(tce.CancellationReasons) != 2 {
		if ctx.Err() != nil {
			return false, err
		}
		return rn.settleLost(ctx, f, err)
	}
	del, put := tce.CancellationReasons[0], tce.CancellationReasons[1]
	switch code := aws.ToString(del.Code); {
	case code == "ConditionalCheckFailed", code == "TransactionConflict", aws.ToString(put.Code) == "TransactionConflict":
		// The item changed since it was read (or is being written):
		// read it again; a move it still needs meets the taken key again.
		return true, nil
	case aws.ToString(put.Code) == "ConditionalCheckFailed":
		kt := &KeyTakenError{Entity: f.Entity, From: f.Key, To: f.movedKey(), Holder: put.Item}
		if len(put.Item) > 0 {
			kt.HolderEntity, _, _ = f.model.tb.EntityOf(put.Item)
		}
		return false, kt
	}
	return false, err
}

// settleLost classifies a repair whose write failed without an answer
// of its condition (a transport error, a lost response): the write may
// have been applied. For an in-place repair (Build), it reads the item:
// exactly as the repair writes it counts it repaired, still as read is
// not repaired (sent is its error), anything else is a change the caller
// reads again. For a move (a TransactWriteItems without a cancellation),
// it reads the old key and then the new one: the item
// still at the old key as read was not moved (sent is its error); the
// item at the old key changed is read again by the caller (changed); the
// old key empty and the new one holding exactly the item the move put
// counts the move as done. Anything else is a change the caller reads
// again. When a read fails, sent is the error.
func (rn *run) settleLost(ctx context.Context, f *Finding, sent error) (changed bool, err error) {
	old, err := rn.readAt(ctx, f, f.Key)
	if err != nil {
		return false, sent
	}
	if !f.Moves() && len(old) > 0 && attrvalue.SameItem(old, f.repaired()) {
		rn.count(&rn.r.Repaired)
		return false, nil
	}
	if len(old) > 0 || !f.Moves() {
		asRead := attrvalue.SameItem(old, f.Item)
		return !asRead, ignoreIf(!asRead, sent)
	}
	moved, err := rn.readAt(ctx, f, f.movedKey())
	if err != nil {
		return false, sent
	}
	if attrvalue.SameItem(moved, f.repaired()) {
		rn.moved(f)
		return false, nil
	}
	return true, nil
}

// ignoreIf returns nil when ok, else err.
func ignoreIf(ok bool, err error) error {
	if ok {
		return nil
	}
	return err
}

// countIf counts one more in each of ns when ok.
func (rn *run) countIf(ok bool, ns ...*int64) {
	if ok {
		rn.count(ns...)
	}
}
