package entity

import (
	"context"
	"time"

	"github.com/ddbmodel/ddbmodel/internal/composite"
	"github.com/ddbmodel/ddbmodel/internal/contract"
	"github.com/ddbmodel/ddbmodel/internal/errtext"
	"github.com/ddbmodel/ddbmodel/internal/link"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/ddbmodel/ddbmodel"
)

// GetOp reads one item by its key composites.
type GetOp[T any] struct {
	e *Entity[T]
	getRequest
	// readLink carries the read's entity name, consistency and expiry to
	// package txn (contract.Read); every method changing those renews it.
	readLink
}

type readLink = link.Hidden[contract.Read]

// linked returns op with its contract.Read renewed from its fields.
func (op GetOp[T]) linked() GetOp[T] {
	r := contract.Read{Consistent: op.consistent, SkipExpired: op.skipExpired}
	if c := op.getRequest.e; c.defined() {
		r.Entity, r.TTLAttribute, r.Owner = c.name, c.table.TTLAttribute, (*readOwner)(c)
	}
	op.readLink = link.New(r)
	return op
}

// getRequest is what a get asks, with its entity's core (nil for a zero
// operation): the code that builds it needs nothing of T, and has it as
// receiver.
type getRequest struct {
	e           *entityCore
	key         composite.List
	consistent  bool
	skipExpired bool
}

// Get returns an operation reading the item whose key composites are key.
func (e *Entity[T]) Get(key Values) GetOp[T] {
	return GetOp[T]{e: e, getRequest: getRequest{e: e.core(), key: composite.Of(key)}}.linked()
}

// Table returns the table of the entity the get reads.
func (op GetOp[T]) Table() *Table {
	if op.e == nil {
		return nil
	}
	return op.e.Table()
}

// Consistent asks for a strongly consistent read.
func (op GetOp[T]) Consistent() GetOp[T] {
	op.consistent = true
	return op.linked()
}

// Build compiles the GetItem request without sending it.
func (op GetOp[T]) Build() (*dynamodb.GetItemInput, error) {
	return op.getRequest.build()
}

// build is GetOp.Build, which needs nothing of T.
func (op getRequest) build() (*dynamodb.GetItemInput, error) {
	if !op.e.defined() {
		return nil, errNoEntity("get")
	}
	key, err := op.e.key(op.key)
	if err != nil {
		return nil, err
	}
	in := &dynamodb.GetItemInput{TableName: aws.String(op.e.table.Name), Key: key}
	if op.consistent {
		in.ConsistentRead = aws.Bool(true)
	}
	return in, nil
}

// Run reads the item. A missing item is an error satisfying
// errors.Is(err, ddbmodel.ErrNotFound).
func (op GetOp[T]) Run(ctx context.Context, db *DB) (T, error) {
	item, err := op.getRequest.read(ctx, db)
	if err != nil {
		var zero T
		return zero, err
	}
	return op.e.Decode(item)
}

// read is GetOp.Run up to the decoding of the item, which it returns: it
// needs nothing of T.
func (op getRequest) read(ctx context.Context, db *DB) (map[string]types.AttributeValue, error) {
	if err := checkDB(db, "get"); err != nil {
		return nil, err
	}
	in, err := op.build()
	if err != nil {
		return nil, err
	}
	in.TableName = db.Table(op.e.table.Name)
	out, err := Send(ctx, db, db.Client.GetItem, in, Request{Entities: []string{op.e.name}})
	if err != nil {
		return nil, errtext.Errorf("get %s: %w", op.e.name, err)
	}
	if len(out.Item) == 0 {
		return nil, errtext.Errorf("get %s %s: %w", op.e.name, errtext.DescribeKey(in.Key), ddbmodel.ErrNotFound)
	}
	if err := op.e.refuseUnmarked("get", out.Item); err != nil {
		return nil, err
	}
	if why := op.e.unrecognized("get", out.Item); why != nil {
		// A *ConditionError holding the item, as an update's or a
		// delete's refusal of it, naming its key.
		ce := why.(*ddbmodel.ConditionError)
		ce.Err = errtext.Errorf("%s: %w", errtext.DescribeKey(in.Key), ce.Err)
		return nil, ce
	}
	if !op.e.is(out.Item) {
		// Another entity's item under the same key: this entity has none.
		return nil, errtext.Errorf("get %s %s: the item is a %q: %w", op.e.name, errtext.DescribeKey(in.Key),
			stringAttr(out.Item, op.e.table.EntityAttr()), ddbmodel.ErrNotFound)
	}
	if op.expired(out.Item, time.Now()) {
		return nil, errtext.Errorf("get %s %s: the item's TTL has passed: %w", op.e.name, errtext.DescribeKey(in.Key), ddbmodel.ErrNotFound)
	}
	return out.Item, nil
}

// TransactGet compiles the read as one action of a read transaction.
func (op GetOp[T]) TransactGet() (types.TransactGetItem, error) {
	in, err := op.Build()
	if err != nil {
		return types.TransactGetItem{}, err
	}
	return types.TransactGetItem{Get: &types.Get{TableName: in.TableName, Key: in.Key}}, nil
}

// Entity returns the entity the read is for.
func (op GetOp[T]) Entity() *Entity[T] { return op.e }
