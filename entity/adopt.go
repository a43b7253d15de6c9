package entity

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"reflect"
	"strings"
	"unsafe"

	"github.com/ddbmodel/ddbmodel/internal/composite"
	"github.com/ddbmodel/ddbmodel/internal/errtext"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/internal/expr"
)

// ErrAdopted: an item to adopt carries the entity's marker already.
var ErrAdopted = errors.New("ddbmodel: the item carries the entity's marker already")

// AdoptError reports an item an adoption refused or could not write. Err
// is what went wrong, for errors.Is and errors.As:
//
//   - ddbmodel.ErrNotFound: there is no item under the key;
//   - ddbmodel.ErrOtherEntity: the item carries another entity's marker;
//   - ErrAdopted: it carries this entity's marker already (from Build;
//     Run returns such an item as it is, without an error or a write);
//   - keys.ErrNoMatch: its table key is not one the entity's templates
//     render, or its attributes hold other composites than its key's (a
//     put of its value would write it under another key);
//   - ddbmodel.ErrMissingComposites: its attributes lack composites of its
//     key that the key cannot give back (a shard number, a time rendered
//     as a date) or of an index key, so a put of its value cannot render
//     them;
//   - a *ddbmodel.ValidationError or *ddbmodel.LimitError: a put of its
//     value would be refused (a missing required attribute, a value out of
//     its enum...), or the adopting write would exceed a limit;
//   - a *ddbmodel.ConditionError: the item changed between the read and
//     the write (ddbmodel.ErrConditionFailed), was deleted
//     (ddbmodel.ErrNotFound) or marked meanwhile.
type AdoptError struct {
	Entity string
	Key    map[string]types.AttributeValue // the item's table key
	Item   map[string]types.AttributeValue // the item as read, when there is one
	Err    error
}

// Error describes the AdoptError.
func (e *AdoptError) Error() string {
	return fmt.Sprintf("ddbmodel: adopt %s %s: %s", e.Entity, errtext.DescribeKey(e.Key), errtext.Detail(e.Err))
}

// Unwrap returns Err.
func (e *AdoptError) Unwrap() error { return e.Err }

// AdoptOp adopts the item under one key: it reads the item (strongly
// consistent) and, when it has no entity marker and its key fits the
// entity's templates, writes the markers and every key a put of its value
// writes (index keys included, and any attribute the put sets, such as
// defaults and timestamps), and removes the index key attributes the put
// does not write (the keys of an index the entity is not in, or of a
// sparse index the value is not in), on the condition that the item is unchanged
// since the read. Composites of its table key that the item lacks (ids
// kept only in the key, see Config.RecognizeUnmarked) are recovered from
// the key and written too, on the condition that they are still absent,
// so that the adopted item is what a put of its value writes. A concurrent writer is never overwritten: its change
// makes the adoption fail (an *AdoptError wrapping a
// *ddbmodel.ConditionError), to be run again.
//
// Adoption works whether or not the entity recognises unmarked items
// (Config.RecognizeUnmarked): an entity can adopt a table's items once and
// then read them as marked items. An entity with unique attributes adopts
// in one transaction with the marker items of the item's unique values,
// each on the condition that no other item holds the value: a taken value
// fails the adoption with an *AdoptError wrapping a *ddbmodel.UniqueError,
// and nothing is written (AdoptItem's Build, one request, refuses such an
// entity).
type AdoptOp[T any] struct {
	e   *Entity[T]
	key composite.List
}

// Adopt returns an operation adopting the unmarked item whose key
// composites are key.
func (e *Entity[T]) Adopt(key Values) AdoptOp[T] { return AdoptOp[T]{e: e, key: composite.Of(key)} }

// Build compiles the read the adoption starts with, without sending it;
// AdoptItem(item).Build gives the write for the item it reads.
func (op AdoptOp[T]) Build() (*dynamodb.GetItemInput, error) {
	return op.e.core().buildAdopt(op.key)
}

// buildAdopt is AdoptOp.Build, which needs nothing of T.
func (e *entityCore) buildAdopt(key composite.List) (*dynamodb.GetItemInput, error) {
	if !e.defined() {
		return nil, errNoEntity("adopt")
	}
	if err := e.canAdopt(); err != nil {
		return nil, err
	}
	return getRequest{e: e, key: key, consistent: true}.build()
}

// Run reads the item and adopts it, returning it as written. An item
// carrying this entity's marker already is returned as read, without a
// write; every refusal is an *AdoptError.
func (op AdoptOp[T]) Run(ctx context.Context, db *DB) (T, error) {
	var zero T
	item, adopted, err := op.e.core().readAdopt(ctx, db, op.key)
	if err != nil {
		return zero, err
	}
	if adopted {
		return op.e.Decode(item)
	}
	return op.e.AdoptItem(item).Run(ctx, db)
}

// readAdopt is AdoptOp.Run up to the decoding or the adoption of the item
// read, which it returns: adopted reports an item carrying this entity's
// marker already. It needs nothing of T.
func (e *entityCore) readAdopt(ctx context.Context, db *DB, key composite.List) (item map[string]types.AttributeValue, adopted bool, err error) {
	if err := checkDB(db, "adopt"); err != nil {
		return nil, false, err
	}
	in, err := e.buildAdopt(key)
	if err != nil {
		return nil, false, err
	}
	in.TableName = db.Table(e.table.Name)
	out, err := Send(ctx, db, db.Client.GetItem, in, Request{Entities: []string{e.name}})
	if err != nil {
		return nil, false, errtext.Errorf("adopt %s: reading the item: %w", e.name, err)
	}
	if len(out.Item) == 0 {
		return nil, false, &AdoptError{Entity: e.name, Key: in.Key, Err: ddbmodel.ErrNotFound}
	}
	return out.Item, stringAttr(out.Item, e.table.EntityAttr()) == e.name, nil
}

// AdoptItemOp adopts an item already read (by a query, a scan or a get):
// its write is conditioned on the item being still as read, so an item
// read eventually consistent, or changed since, is left unchanged and the
// adoption fails with an *AdoptError wrapping ddbmodel.ErrConditionFailed.
type AdoptItemOp[T any] struct {
	e    *Entity[T]
	item map[string]types.AttributeValue
}

// AdoptItem returns an operation adopting item, an item as read from the
// table (every attribute: not an index's projection of it).
func (e *Entity[T]) AdoptItem(item map[string]types.AttributeValue) AdoptItemOp[T] {
	return AdoptItemOp[T]{e: e, item: maps.Clone(item)}
}

// canAdopt refuses adoption for an entity that cannot adopt: none since
// adoption writes unique attributes' markers (adopt_unique.go).
func (e *entityCore) canAdopt() error { return nil }

// compiledAdopt is an adopting write: the request and the item it writes.
type compiledAdopt[T any] struct {
	in      *dynamodb.UpdateItemInput
	written T
}

// compile checks the item and compiles the write. Refusals of the item
// are *AdoptError; an unusable entity is a *ddbmodel.ValidationError.
func (op AdoptItemOp[T]) compile() (*compiledAdopt[T], error) {
	c := &compiledAdopt[T]{}
	in, _, err := op.e.core().compileAdopt(op.item, unsafe.Pointer(&c.written))
	if err != nil {
		return nil, err
	}
	c.in = in
	return c, nil
}

// compileAdopt is AdoptItemOp.compile, for the item old, writing the value
// adopted into *written (a *T): it needs nothing of T. It also returns the
// item as a put of that value writes it (put), from which the marker items
// of unique values are made: the value is computed once, so a Default
// drawn for it (a new ID) is the same in the item and in its marker.
func (e *entityCore) compileAdopt(old map[string]types.AttributeValue, written unsafe.Pointer) (in *dynamodb.UpdateItemInput, put map[string]types.AttributeValue, err error) {
	if !e.defined() {
		return nil, nil, errNoEntity("adopt")
	}
	if err := e.canAdopt(); err != nil {
		return nil, nil, err
	}
	key := e.tableKey(old)
	refuse := func(err error) (*dynamodb.UpdateItemInput, map[string]types.AttributeValue, error) {
		return nil, nil, &AdoptError{Entity: e.name, Key: key, Item: old, Err: err}
	}
	if len(old) == 0 {
		return refuse(ddbmodel.ErrNotFound)
	}
	if !e.table.Unmarked(old) {
		if stringAttr(old, e.table.EntityAttr()) == e.name {
			return refuse(ErrAdopted)
		}
		return refuse(fmt.Errorf("the item is a %q: %w", stringAttr(old, e.table.EntityAttr()), ddbmodel.ErrOtherEntity))
	}
	if err := e.matchKeys(old); err != nil {
		return refuse(err)
	}
	if other := e.table.recognizedBy(old, e.name); other != "" {
		// Another entity reads the unmarked item as its own
		// (RecognizeUnmarked): adopting it would take that entity's item.
		return refuse(fmt.Errorf("the unmarked item is a %q by its key (that entity recognises unmarked items): %w", other, ddbmodel.ErrOtherEntity))
	}
	put, err = e.putOfItemInto(old, written)
	if err != nil {
		return refuse(err)
	}
	if err := e.checkUniqueValues(put); err != nil {
		return refuse(err)
	}
	e.adoptAtVersionOne(written, put)
	var w expr.Writer
	var sets, removes []string
	for _, name := range sortedKeys(put) {
		if _, isKey := key[name]; isKey || reflect.DeepEqual(put[name], old[name]) {
			continue
		}
		sets = append(sets, w.Name(name)+" = "+w.Value(put[name]))
	}
	for _, name := range e.putKeyAttrs {
		// A key of an index the value is not in (a sparse one, or one the
		// entity is not placed in) goes.
		if _, isKey := key[name]; !isKey && put[name] == nil && old[name] != nil {
			removes = append(removes, w.Name(name))
		}
	}
	ue := "SET " + strings.Join(sets, ", ")
	if len(removes) > 0 {
		ue += " REMOVE " + strings.Join(removes, ", ")
	}
	// Unchanged since the read: still without a marker, every attribute
	// as read, every attribute the entity stores that it lacked (the
	// composites recovered from the key among them) still absent: the
	// condition the writes of unmarked items carry.
	cond := renderUnchanged(&w, e.unchangedNode(old))
	if err := expr.CheckLimits(e.name, "the condition that the adopted item is unchanged", ue, cond); err != nil {
		return refuse(err)
	}
	return &dynamodb.UpdateItemInput{
		TableName:                           aws.String(e.table.Name),
		Key:                                 key,
		UpdateExpression:                    aws.String(ue),
		ConditionExpression:                 aws.String(cond),
		ExpressionAttributeNames:            w.Names(),
		ExpressionAttributeValues:           w.Values(),
		ReturnValues:                        types.ReturnValueAllNew,
		ReturnValuesOnConditionCheckFailure: types.ReturnValuesOnConditionCheckFailureAllOld,
	}, put, nil
}

// Build compiles the adopting UpdateItem request without sending it. An
// entity with unique attributes is refused: its adoption is a transaction
// with the marker items, which Run sends; the item is checked first, so
// invalid input is said as such.
func (op AdoptItemOp[T]) Build() (*dynamodb.UpdateItemInput, error) {
	c, err := op.compile()
	if err != nil {
		return nil, err
	}
	if err := op.e.uniqueRefused("AdoptItem(...).Build", "run the adoption (Run), which writes them in one transaction"); err != nil {
		return nil, err
	}
	return c.in, nil
}

// Run writes the markers and keys, and returns the item as written. An
// item carrying this entity's marker already is returned as given,
// without a write.
func (op AdoptItemOp[T]) Run(ctx context.Context, db *DB) (T, error) {
	var zero T
	var written T
	item, isWritten, err := op.e.core().adoptItem(ctx, db, op.item, unsafe.Pointer(&written))
	if err != nil {
		return zero, err
	}
	if isWritten {
		return written, nil
	}
	return op.e.Decode(item)
}

// adoptItem is AdoptItemOp.Run for the item old up to the decoding of an
// item, which it returns: the item as given when it carries this entity's
// marker already, or the item the adopting write returned. isWritten
// reports instead a value as written in *written (a *T), which the
// transaction of an entity with unique attributes returns. It needs
// nothing of T.
func (e *entityCore) adoptItem(ctx context.Context, db *DB, old map[string]types.AttributeValue, written unsafe.Pointer) (item map[string]types.AttributeValue, isWritten bool, err error) {
	if err := checkDB(db, "adopt"); err != nil {
		return nil, false, err
	}
	in, put, err := e.compileAdopt(old, written)
	if errors.Is(err, ErrAdopted) {
		return old, false, nil
	}
	if err != nil {
		return nil, false, err
	}
	if len(e.uniques) > 0 {
		if err := e.runAdoptUnique(ctx, db, old, put, in); err != nil {
			return nil, false, err
		}
		return nil, true, nil
	}
	in.TableName = db.Table(e.table.Name)
	out, err := Send(ctx, db, db.Client.UpdateItem, in, Request{Entities: []string{e.name}})
	if err != nil {
		var ccf *types.ConditionalCheckFailedException
		if errors.As(err, &ccf) {
			return nil, false, &AdoptError{Entity: e.name, Key: in.Key, Item: old,
				Err: &ddbmodel.ConditionError{Entity: e.name, Op: "adopt", Err: e.adoptFailure(ccf.Item), Item: ccf.Item, Cause: err}}
		}
		return nil, false, errtext.Errorf("adopt %s: %w", e.name, err)
	}
	return out.Attributes, false, nil
}

// adoptFailure says why an adopting write's condition failed, from the
// item DynamoDB returned.
func (e *entityCore) adoptFailure(now map[string]types.AttributeValue) error {
	switch {
	case len(now) == 0:
		return ddbmodel.ErrNotFound
	case !e.table.Unmarked(now) && stringAttr(now, e.table.EntityAttr()) != e.name:
		return ddbmodel.ErrOtherEntity
	}
	return ddbmodel.ErrConditionFailed
}
