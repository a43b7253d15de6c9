package entity

import (
	"context"
	"maps"
	"reflect"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/internal/expr"
	"github.com/ddbmodel/ddbmodel/internal/txwrite"
)

// move applies the update to the item read, and writes it under its new
// primary key: a delete of the old item conditioned on it being unchanged
// and a create of the new one, in one transaction.
func (op UpdateOp[T]) move(ctx context.Context, db *DB, old map[string]types.AttributeValue, c *compiledUpdate) (T, error) {
	var zero T
	merged, err := op.updateRequest.movedItem(old, c)
	if err != nil {
		return zero, err
	}
	var v T
	if err := unmarshalItem(merged, &v); err != nil {
		return zero, &ddbmodel.DecodeError{Entity: op.e.name, Version: op.e.version, ItemVersion: stringAttr(old, op.e.table.EntityVersionAttr()),
			Key: expr.DescribeKey(op.e.tableKey(old)), Attribute: undecodableAttribute(op.e.typ, merged), Err: err}
	}
	create := op.e.Create(v)
	create.keepVersion = true
	put, err := create.compile()
	if err != nil {
		return zero, err
	}
	if err := op.updateRequest.sendMoved(ctx, db, old, merged, &put.putCompiled); err != nil {
		return zero, err
	}
	if op.ret == types.ReturnValueNone {
		return zero, nil
	}
	if op.ret == types.ReturnValueAllOld {
		v, err := op.e.Decode(old)
		return v, op.e.core().writtenButUndecodable("update", err)
	}
	// The moved item comes back as a read would decode it: hidden
	// attributes zeroed.
	moved := put.written
	rv := reflect.ValueOf(&moved).Elem()
	for _, idx := range op.e.hidden {
		f := rv.FieldByIndex(idx)
		f.Set(reflect.Zero(f.Type()))
	}
	return moved, nil
}

// movedItem returns the item a move writes, before its value is decoded:
// the item read with the update applied (c.merged), and for an unmarked
// item the ids it keeps only in its key.
func (op updateRequest) movedItem(old map[string]types.AttributeValue, c *compiledUpdate) (map[string]types.AttributeValue, error) {
	e := op.e
	merged := c.merged
	if e.unmarked && e.table.Unmarked(old) {
		// Ids an unmarked item keeps only in its key (see
		// recoverComposites) move with it: its new item is what a put of
		// its value writes, ids included.
		rec, names, err := e.recoverComposites(old)
		if err != nil {
			return nil, &ddbmodel.ConditionError{Entity: e.name, Op: "update", Item: old, Err: err}
		}
		if len(names) > 0 {
			merged = maps.Clone(merged)
			for _, name := range names {
				if _, ok := merged[name]; !ok {
					merged[name] = rec[name]
				}
			}
		}
	}
	return merged, nil
}

// sendMoved writes the moved item (put, the create compiled from the
// merged item's value) and deletes the old one, in one transaction.
func (op updateRequest) sendMoved(ctx context.Context, db *DB, old, merged map[string]types.AttributeValue, put *putCompiled) error {
	e := op.e
	put.fail.op = "update"
	// The item keeps its creation time (it moves, it is not created): the
	// create kept the value's (see putRequest.keepVersion), and rendered
	// its keys from it.
	// Attributes the Go type does not know (an older or newer writer's)
	// move with the item; its old key attributes do not.
	keyAttrs := e.maintained
	carried := false
	for name, av := range merged {
		if _, ok := put.item[name]; !ok && !keyAttrs[name] && e.fields[name] == nil {
			put.item[name] = av
			carried = true
		}
	}
	if carried {
		if err := e.checkItem(put.item); err != nil {
			return err
		}
	}
	var w expr.Writer
	// The item deleted is this entity's (the read checked it; the marker
	// condition holds it to that), and unchanged since the read.
	parts := []string{e.exists(&w)}
	if lockGuards(e.lock, old) {
		// Every write increments the lock: its version guards the whole item.
		parts = append(parts, w.Name(e.lock.name)+" = "+w.Value(old[e.lock.name]))
	} else {
		for _, name := range sortedKeys(old) {
			if name == e.table.EntityAttr() {
				continue // conditioned above
			}
			parts = append(parts, w.Name(name)+" = "+w.Value(old[name]))
		}
	}
	for _, name := range sortedKeys(op.with) {
		// With's values are conditions on the item, for a move as for an update.
		cond, _, err := e.withCondition(&w, name, op.with[name])
		if err != nil {
			return err
		}
		parts = append(parts, cond)
	}
	if s, err := op.cond.render(&w, e.sch); err != nil {
		return withEntity(err, e.name)
	} else if s != "" {
		parts = append(parts, s)
	}
	del := deleteAction(types.Delete{
		TableName: aws.String(e.table.Name), Key: e.tableKey(old),
		ConditionExpression: aws.String(joinAnd(parts)), ExpressionAttributeNames: w.Names(), ExpressionAttributeValues: w.Values(),
		ReturnValuesOnConditionCheckFailure: types.ReturnValuesOnConditionCheckFailureAllOld,
	}, failure{entity: e.name, tab: e.table, op: "update", mustExist: true, markerAttr: e.table.EntityAttr(), unmarked: e.unmarked, lockAttr: lockName(e.lock), lockWant: op.lockWant},
		TransactWrite{Entity: e.name, Op: "update", Key: e.tableKey(old), Size: expr.ItemSize(old)})
	if err := expr.CheckLimits(e.name, "the condition that the moved item is unchanged; a LockAttribute keeps it short", aws.ToString(del.Item.Delete.ConditionExpression)); err != nil {
		return err
	}
	pin := put.input(e.table.Name)
	ins := txwrite.Classified(TransactWrite{
		Item:   txwrite.FromPut(pin),
		Entity: e.name, Op: "create", Key: e.tableKey(put.item), Size: expr.ItemSize(put.item),
	}, put.fail.classify)
	if op.lockWant != nil {
		if !e.lockHolds(old, *op.lockWant) {
			return &ddbmodel.ConditionError{Entity: e.name, Op: "update", Err: ddbmodel.ErrVersionConflict, Item: old}
		}
	}
	return e.sendMove(ctx, db, old, put.item, del, ins)
}

// lockGuards reports whether the entity has a lock attribute and the item
// read holds it, so that a condition on it detects any later write.
func lockGuards(lock *fieldRule, old map[string]types.AttributeValue) bool {
	if lock == nil {
		return false
	}
	_, ok := old[lock.name].(*types.AttributeValueMemberN)
	return ok
}

func lockName(r *fieldRule) string {
	if r == nil {
		return ""
	}
	return r.name
}
