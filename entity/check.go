package entity

import (
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/internal/composite"
	"github.com/ddbmodel/ddbmodel/internal/expr"
	"github.com/ddbmodel/ddbmodel/internal/txwrite"
)

// CheckOp is a condition check on one item, for transactions.
type CheckOp[T any] struct {
	e *Entity[T]
	checkRequest
}

// checkRequest is what a check asks, with its entity's core (nil for a
// zero operation): the code that compiles it needs nothing of T, and has
// it as receiver.
type checkRequest struct {
	e    *entityCore
	key  composite.List
	cond Condition
}

var _ WriteOp = CheckOp[struct{}]{}

func (CheckOp[T]) writeOp() {}

// Check returns a transaction action that only checks that cond holds on
// the item whose key composites are key. Like every write, the check is
// guarded by the entity's marker: it holds only on this entity's item, or
// on no item at all (where cond is evaluated as DynamoDB evaluates it on a
// missing item: attribute_not_exists holds, comparisons do not). Another
// entity's item under the key fails it, as it fails an Update or Create,
// with a CancelReason of ddbmodel.ErrOtherEntity: a check never passes on
// another entity's attributes.
func (e *Entity[T]) Check(key Values, cond Condition) CheckOp[T] {
	return CheckOp[T]{e: e, checkRequest: checkRequest{e: e.core(), key: composite.Of(key), cond: cond}}
}

// TransactWrite compiles the check as one action of a transaction.
func (op CheckOp[T]) TransactWrite() (TransactWrite, error) {
	return op.checkRequest.transactWrite()
}

// transactWrite is CheckOp.TransactWrite, which needs nothing of T.
func (op checkRequest) transactWrite() (_ TransactWrite, err error) {
	if !op.e.defined() {
		return TransactWrite{}, errNoEntity("check")
	}
	defer recoveredIn(op.e.name, &err)
	key, err := op.e.key(op.key)
	if err != nil {
		return TransactWrite{}, err
	}
	if op.cond.IsZero() {
		return TransactWrite{}, &ddbmodel.ValidationError{Entity: op.e.name, Reason: "a condition check needs a condition"}
	}
	var w expr.Writer
	guard := op.e.guard(&w)
	s, err := op.cond.render(&w, op.e.sch)
	if err != nil {
		return TransactWrite{}, withEntity(err, op.e.name)
	}
	s = "(" + guard + ") AND (" + s + ")"
	// The check and the failure its classifier reads, in one allocation.
	cf := &struct {
		check types.ConditionCheck
		fail  failure
	}{
		check: types.ConditionCheck{
			TableName: aws.String(op.e.table.Name), Key: key, ConditionExpression: aws.String(s),
			ExpressionAttributeNames: w.Names(), ExpressionAttributeValues: w.Values(),
			ReturnValuesOnConditionCheckFailure: types.ReturnValuesOnConditionCheckFailureAllOld,
		},
		fail: failure{entity: op.e.name, tab: op.e.table, op: "check", markerAttr: op.e.table.EntityAttr(), unmarked: op.e.unmarked},
	}
	return txwrite.Classified(TransactWrite{
		Item:   types.TransactWriteItem{ConditionCheck: &cf.check},
		Entity: op.e.name, Op: "check", Key: key, Size: expr.ItemSize(key),
	}, cf.fail.classify), nil
}
