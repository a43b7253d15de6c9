package entity

import (
	"context"
	"unsafe"

	"github.com/ddbmodel/ddbmodel/internal/errtext"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
)

// PutOldOp is a put or create that returns the item it replaced (DynamoDB's
// ReturnValues ALL_OLD), decoded as T. Make one with PutOp.ReturnOld.
//
// The put is guarded by the entity marker as every put is, so the item it
// replaces is always this entity's: when another entity's item holds the
// key, nothing is written and nothing is returned (ErrOtherEntity). It
// cannot join a transaction or a batch, which cannot return old items.
type PutOldOp[T any] struct{ op PutOp[T] }

// ReturnOld makes the put return the item it replaced, if any. A create
// never replaces an item, so its Run always reports none.
func (op PutOp[T]) ReturnOld() PutOldOp[T] { return PutOldOp[T]{op: op} }

// Build compiles the PutItem request, asking for the old item, without
// sending it.
func (op PutOldOp[T]) Build() (*dynamodb.PutItemInput, error) {
	// The input is checked first: invalid input is said as such.
	c, err := op.op.compile()
	if err != nil {
		return nil, err
	}
	if err := op.refused(); err != nil {
		return nil, err
	}
	in := c.input(op.op.e.table.Name)
	in.ReturnValues = types.ReturnValueAllOld
	return in, nil
}

// Run writes the item and returns the one it replaced: old is that item
// decoded (hidden attributes zeroed, as a read decodes them) and found
// reports whether there was one. Errors are those of PutOp.Run.
func (op PutOldOp[T]) Run(ctx context.Context, db *DB) (old T, found bool, err error) {
	c := &compiledPut[T]{}
	item, kind, err := op.op.putRequest.runOld(ctx, db, unsafe.Pointer(&op.op.v), unsafe.Pointer(&c.written), &c.putCompiled)
	if err != nil {
		return old, false, err
	}
	return op.op.e.decodeOld(kind, item)
}

// runOld is PutOldOp.Run up to the decoding of the old item, which it
// returns with the kind of write (put or create) that decoding reports
// with: v points to the value put (a *T), and the put is compiled into c
// with the value as written in *written (a *T). It needs nothing of T.
func (op putRequest) runOld(ctx context.Context, db *DB, v, written unsafe.Pointer, c *putCompiled) (map[string]types.AttributeValue, string, error) {
	if err := checkDB(db, "put"); err != nil {
		return nil, "", err
	}
	if err := op.compileFrom(c, v, written); err != nil {
		return nil, "", err
	}
	if err := op.refusedOld(); err != nil {
		return nil, "", err
	}
	in := c.request(op.e.table.Name, false)
	in.TableName = db.Table(op.e.table.Name)
	in.ReturnValues = types.ReturnValueAllOld
	out, err := Send(ctx, db, db.Client.PutItem, in, Request{Entities: []string{op.e.name}})
	if err != nil {
		return nil, "", keyed(c.fail.wrap(err), op.e.tableKey(c.item))
	}
	return out.Attributes, c.fail.op, nil
}

// DeleteOldOp is a delete that returns the item it deleted (DynamoDB's
// ReturnValues ALL_OLD), decoded as T. Make one with DeleteOp.ReturnOld.
//
// The delete is guarded by the entity marker as every delete is, so the
// item it returns is always this entity's: another entity's item under the
// key is neither deleted nor returned (ErrOtherEntity, or ErrNotFound with
// MustExist). It cannot join a transaction or a batch.
type DeleteOldOp[T any] struct{ op DeleteOp[T] }

// ReturnOld makes the delete return the item it deleted, if any.
func (op DeleteOp[T]) ReturnOld() DeleteOldOp[T] { return DeleteOldOp[T]{op: op} }

// Build compiles the DeleteItem request, asking for the old item, without
// sending it.
func (op DeleteOldOp[T]) Build() (*dynamodb.DeleteItemInput, error) {
	// The input is checked first: invalid input is said as such.
	in, err := op.op.deleteRequest.build()
	if err != nil {
		return nil, err
	}
	if err := op.refused(); err != nil {
		return nil, err
	}
	in.ReturnValues = types.ReturnValueAllOld
	return in, nil
}

// Run deletes the item and returns it: old is the deleted item decoded
// (hidden attributes zeroed) and found reports whether there was one.
// Errors are those of DeleteOp.Run.
func (op DeleteOldOp[T]) Run(ctx context.Context, db *DB) (old T, found bool, err error) {
	item, kind, err := op.op.deleteRequest.runOld(ctx, db)
	if err != nil {
		return old, false, err
	}
	return op.op.e.decodeOld(kind, item)
}

// runOld is DeleteOldOp.Run up to the decoding of the old item, which it
// returns with the kind of write that decoding reports with: it needs
// nothing of T.
func (op deleteRequest) runOld(ctx context.Context, db *DB) (map[string]types.AttributeValue, string, error) {
	if err := checkDB(db, "delete"); err != nil {
		return nil, "", err
	}
	in, f, err := op.compile()
	if err != nil {
		return nil, "", err
	}
	if err := op.refusedOld(); err != nil {
		return nil, "", err
	}
	in.TableName = db.Table(op.e.table.Name)
	in.ReturnValues = types.ReturnValueAllOld
	out, err := Send(ctx, db, db.Client.DeleteItem, in, Request{Entities: []string{op.e.name}})
	if err != nil {
		return nil, "", keyed(f.wrap(err), in.Key)
	}
	return out.Attributes, f.op, nil
}

// decodeOld decodes the old item a write returned. The write's marker
// guard means it is this entity's; should it not be (a table written
// around the library), it is refused, never decoded as T.
func (e *Entity[T]) decodeOld(op string, item map[string]types.AttributeValue) (T, bool, error) {
	var v T
	if len(item) == 0 {
		return v, false, nil
	}
	if !e.Is(item) {
		return v, false, errtext.Errorf("%s %s: the old item is a %q: %w", op, e.name,
			stringAttr(item, e.table.EntityAttr()), ddbmodel.ErrOtherEntity)
	}
	if err := e.decodeInto(item, &v); err != nil {
		return v, false, err
	}
	return v, true, nil
}

// refused refuses the put on an entity with unique attributes, whose
// markers a single PutItem cannot keep.
func (op PutOldOp[T]) refused() error {
	return op.op.putRequest.refusedOld()
}

// refusedOld is PutOldOp.refused, which needs nothing of T.
func (op putRequest) refusedOld() error {
	return op.e.uniqueRefused("a put returning the old item", "Get the item first, then Put it without ReturnOld (a put of a unique entity reads the old item itself to move its markers)")
}

// refused refuses the delete on an entity with unique attributes, whose
// markers a single DeleteItem cannot keep.
func (op DeleteOldOp[T]) refused() error {
	return op.op.deleteRequest.refusedOld()
}

// refusedOld is DeleteOldOp.refused, which needs nothing of T.
func (op deleteRequest) refusedOld() error {
	return op.e.uniqueRefused("a delete returning the old item", "Get the item first, then Delete it without ReturnOld")
}
