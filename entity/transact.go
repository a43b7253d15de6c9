package entity

import (
	"context"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/internal/txwrite"
)

// WriteOp is a single-item write that can also join a transaction: the
// put, create, update, delete and check operations of any entity.
type WriteOp interface {
	// TransactWrite compiles the operation as one action of a transaction.
	TransactWrite() (TransactWrite, error)
	writeOp()
}

// TransactWrite is one compiled action of a write transaction: the
// action as DynamoDB takes it (Item), the entity and operation it is for,
// the item's table key and the bytes it carries. txn.Write assembles them.
type TransactWrite = txwrite.Action

// transactWriteItems sends writes as one transaction. It checks DynamoDB's
// limits first (100 actions, 4 MB, no two actions on one item) and sends
// nothing when they are exceeded. A canceled transaction is a
// *ddbmodel.TxCanceledError naming each action's entity and outcome. token,
// when not empty, is the idempotency token.
func transactWriteItems(ctx context.Context, db *DB, token string, writes []TransactWrite) error {
	if err := checkDB(db, "transaction"); err != nil {
		return err
	}
	in, err := txwrite.Input(db.txTables(), token, writes)
	if err != nil {
		return err
	}
	if _, err := Send(ctx, db, db.Client.TransactWriteItems, in, Request{Entities: writeEntities(db, writes)}); err != nil {
		return txwrite.CancelError(err, writes)
	}
	return nil
}

// errNoEntity is the error of an operation that has no entity: one made
// from a nil *Entity or a zero Entity (one Define did not make), or a zero
// operation value.
func errNoEntity(op string) error {
	return &ddbmodel.ValidationError{Reason: op + ": no entity (an operation of a nil or zero *Entity, or a zero value; entities are made by Define)"}
}

// defined reports whether e is an entity Define made: not nil, and not a
// zero Entity, whose operations would have no table, key or codec.
func (e *entityCore) defined() bool { return e != nil && e.table != nil }
