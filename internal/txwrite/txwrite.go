// Package txwrite assembles write transactions: the compiled action of one
// operation, the TransactWriteItems request checked against DynamoDB's
// limits, and the typed error of a canceled transaction. Package entity
// compiles actions (and sends the transactions its own operations need:
// moves, unique markers); package txn is where users build transactions.
package txwrite

import (
	"errors"
	"fmt"

	"github.com/ddbmodel/ddbmodel/internal/errtext"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/internal/expr"
)

// Action is one compiled action of a write transaction.
type Action struct {
	Item   types.TransactWriteItem         // the action as DynamoDB takes it
	Entity string                          // the entity written
	Op     string                          // put, create, update, delete, check, ...
	Key    map[string]types.AttributeValue // the item's table key
	Size   int                             // approximate bytes the action carries
	// unique, on the put or delete of a unique value's marker item, is
	// the value the action takes or releases (see Handoffs).
	unique *ddbmodel.UniqueError
	// claim, on the put of a unique value's marker item, lets a
	// Reclaimer take over the marker when its owner no longer holds it.
	claim *Claim
	// release, on the delete of a unique value's marker item (its
	// release), lets a Reclaimer keep the marker when it names another
	// item that holds the value too (see Reclaimer).
	release *Claim
	// classify turns a failed condition into an outcome sentinel, given
	// the item DynamoDB returned with the failure (nil if none).
	classify func(old map[string]types.AttributeValue) error
}

// Classified returns a with the function that turns its failed condition
// into an outcome sentinel.
func Classified(a Action, classify func(old map[string]types.AttributeValue) error) Action {
	a.classify = classify
	return a
}

// MarkerTake returns a, the put of a unique value's marker item, with the
// value it takes and the claim that lets a Reclaimer take the marker over
// when its owner no longer holds the value. The fields it sets are
// unexported: entity.TransactWrite, an alias of Action, shows users only
// the request and what it is for.
func MarkerTake(a Action, taken *ddbmodel.UniqueError, claim *Claim) Action {
	a.unique, a.claim = taken, claim
	return a
}

// MarkerRelease returns a, the delete of a unique value's marker item,
// with the value it releases and the claim that lets a Reclaimer keep the
// marker when it names another item that holds the value too.
func MarkerRelease(a Action, released *ddbmodel.UniqueError, release *Claim) Action {
	a.unique, a.release = released, release
	return a
}

// Tables renames model tables to physical ones, as an entity.DB does; the
// zero Tables keeps the model tables' names.
type Tables struct {
	Rename    bool              // false: keep the model tables' names
	TableName string            // the DB's TableName
	Tables    map[string]string // the DB's Tables
}

// Name returns the physical table name for the model table model:
// Tables[model] when set, else TableName when set, else model.
func (t Tables) Name(model string) string {
	if name := t.Tables[model]; name != "" {
		return name
	}
	if t.TableName != "" {
		return t.TableName
	}
	return model
}

// Input checks actions against DynamoDB's transaction limits (100
// actions, 4 MB, no two actions on one item) and assembles the request,
// sending each action to the physical table tables gives its model table.
// token, when not empty, is the idempotency token.
func Input(tables Tables, token string, actions []Action) (*dynamodb.TransactWriteItemsInput, error) {
	if len(actions) == 0 {
		return nil, &ddbmodel.ValidationError{Reason: "empty transaction"}
	}
	if len(actions) > expr.MaxTransactItems {
		return nil, &ddbmodel.LimitError{What: "transaction actions", Limit: expr.MaxTransactItems, Got: len(actions)}
	}
	size := 0
	var seen seenKeys
	dt := expr.DefaultTable{TableName: tables.TableName, Tables: tables.Tables}
	in := &dynamodb.TransactWriteItemsInput{TransactItems: make([]types.TransactWriteItem, len(actions))}
	if token != "" {
		in.ClientRequestToken = aws.String(token)
	}
	for i, w := range actions {
		size += w.Size
		item := w.Item
		table := tableIn(&item)
		if tables.Rename {
			table = tableOf(&item)
			model := aws.ToString(*table)
			if other := dt.Clash(model); other != "" {
				return nil, AmbiguousTable(w.Entity, other, model)
			}
			*table = aws.String(tables.Name(model))
		}
		if j, dup := seen.add(aws.ToString(*table), w.Key, i); dup {
			return nil, &ddbmodel.ValidationError{Entity: w.Entity, Reason: fmt.Sprintf("transaction actions %d and %d are on the same item (%s)", j, i, expr.DescribeKey(w.Key))}
		}
		in.TransactItems[i] = item
	}
	if size > expr.MaxTransactBytes {
		return nil, &ddbmodel.LimitError{What: "transaction size in bytes", Limit: expr.MaxTransactBytes, Got: size}
	}
	return in, nil
}

// AmbiguousTable is the error for one request on two model tables that a
// DB's TableName would both rename.
func AmbiguousTable(entity, a, b string) error {
	return &ddbmodel.ValidationError{Entity: entity, Reason: fmt.Sprintf(
		"one request on model tables %q and %q, which the DB's TableName would both rename: name them in DB.Tables", a, b)}
}

// tableOf returns a pointer to the TableName field of the action, copying
// the action's struct so that the caller's value is not modified.
func tableOf(it *types.TransactWriteItem) **string {
	switch {
	case it.Put != nil:
		c := *it.Put
		it.Put = &c
		return &c.TableName
	case it.Update != nil:
		c := *it.Update
		it.Update = &c
		return &c.TableName
	case it.Delete != nil:
		c := *it.Delete
		it.Delete = &c
		return &c.TableName
	default:
		c := *it.ConditionCheck
		it.ConditionCheck = &c
		return &c.TableName
	}
}

// CancelError converts the error of a TransactWriteItems call into a
// *ddbmodel.TxCanceledError when DynamoDB canceled the transaction, naming
// each action's entity and outcome; other errors are returned wrapped.
func CancelError(err error, actions []Action) error {
	var tce *types.TransactionCanceledException
	if !errors.As(err, &tce) {
		return errtext.Errorf("transaction: %w", err)
	}
	out := &ddbmodel.TxCanceledError{Cause: err}
	for i, r := range tce.CancellationReasons {
		cr := ddbmodel.CancelReason{Index: i, Code: aws.ToString(r.Code), Message: aws.ToString(r.Message), Item: r.Item}
		if i < len(actions) {
			cr.Entity, cr.Op = actions[i].Entity, actions[i].Op
			if cr.Code == "ConditionalCheckFailed" && actions[i].classify != nil {
				cr.Err = actions[i].classify(r.Item)
			}
		}
		out.Reasons = append(out.Reasons, cr)
	}
	return out
}

// FromPut is the transaction action of a put request.
func FromPut(in *dynamodb.PutItemInput) types.TransactWriteItem {
	return types.TransactWriteItem{Put: &types.Put{
		TableName: in.TableName, Item: in.Item, ConditionExpression: in.ConditionExpression,
		ExpressionAttributeNames: in.ExpressionAttributeNames, ExpressionAttributeValues: in.ExpressionAttributeValues,
		ReturnValuesOnConditionCheckFailure: in.ReturnValuesOnConditionCheckFailure,
	}}
}

// FromUpdate is the transaction action of an update request.
func FromUpdate(in *dynamodb.UpdateItemInput) types.TransactWriteItem {
	return types.TransactWriteItem{Update: &types.Update{
		TableName: in.TableName, Key: in.Key, UpdateExpression: in.UpdateExpression,
		ConditionExpression: in.ConditionExpression, ExpressionAttributeNames: in.ExpressionAttributeNames,
		ExpressionAttributeValues:           in.ExpressionAttributeValues,
		ReturnValuesOnConditionCheckFailure: in.ReturnValuesOnConditionCheckFailure,
	}}
}

// FromDelete is the transaction action of a delete request.
func FromDelete(in *dynamodb.DeleteItemInput) types.TransactWriteItem {
	d := DeleteOf(in)
	return types.TransactWriteItem{Delete: &d}
}

// DeleteOf is the delete of a transaction action of a delete request, for
// a caller that allocates it with data of its own.
func DeleteOf(in *dynamodb.DeleteItemInput) types.Delete {
	return types.Delete{
		TableName: in.TableName, Key: in.Key, ConditionExpression: in.ConditionExpression,
		ExpressionAttributeNames: in.ExpressionAttributeNames, ExpressionAttributeValues: in.ExpressionAttributeValues,
		ReturnValuesOnConditionCheckFailure: in.ReturnValuesOnConditionCheckFailure,
	}
}
