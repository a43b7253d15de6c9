package entity

import (
	"unsafe"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// BatchWrite is one compiled request of a batch write.
type BatchWrite struct {
	Request types.WriteRequest
	Table   string // the table's default name; a DB's TableName replaces it
	Entity  string
	Key     map[string]types.AttributeValue
}

// BatchWriter is a put or delete that can join a batch write: an entity's
// Put or Delete, and nothing else, so that every item of a batch is one an
// entity checked and rendered (its unexported method seals it).
type BatchWriter interface {
	BatchWrite() (BatchWrite, error)
	batchWriter()
}

func (PutOp[T]) batchWriter()    {}
func (DeleteOp[T]) batchWriter() {}

// BatchWrite compiles the put for a batch write. Batch writes take no
// conditions: a put with one (a create, an If, a lock) is an error, and a
// batch put is not guarded by the entity marker at run time (it replaces
// whatever item has its key, an unmarked one too). It relies on the key
// isolation Define checks across the table's entities; use Put, or a
// transaction, where another entity's item or an item without a marker may
// share the key. A batch put of an entity recognising unmarked items
// (Config.RecognizeUnmarked) is refused: it could not check the item; so
// is one of an entity sharing its table keys with another
// (Config.SharesKeysWith, named on either side): it would replace the
// other entity's item under the key.
func (op PutOp[T]) BatchWrite() (BatchWrite, error) {
	v := op.v
	return op.putRequest.batchWrite(unsafe.Pointer(&v))
}

// batchWrite is PutOp.BatchWrite, for a copy of the value (v, a *T).
func (op putRequest) batchWrite(v unsafe.Pointer) (_ BatchWrite, err error) {
	if !op.e.defined() {
		return BatchWrite{}, errNoEntity("batch put")
	}
	// A value's own MarshalText or MarshalDynamo, or Config.Now, may panic.
	defer recoveredIn(op.e.name, &err)
	item, err := op.e.encodeValue(v, false, nil)
	if err != nil {
		return BatchWrite{}, err
	}
	if err := op.e.checkUniqueValues(item); err != nil {
		return BatchWrite{}, err
	}
	if err := op.e.uniqueRefused("a batch put", "use Put, Create or txn.Write"); err != nil {
		return BatchWrite{}, err
	}
	switch {
	case op.create:
		return BatchWrite{}, op.e.batchConditionRefused("a batch create", op.e.tableKey(item), "the condition that the key is free", "use Create, or txn.Write")
	case op.e.lock != nil:
		return BatchWrite{}, op.e.batchConditionRefused("a batch put", op.e.tableKey(item), "the optimistic lock's version condition (LockAttribute "+op.e.lock.name+")", "use Put, which checks the version, or txn.Write")
	case !op.cond.IsZero():
		return BatchWrite{}, op.e.batchConditionRefused("a batch put", op.e.tableKey(item), "its If condition", "use Put, or txn.Write")
	}
	if err := op.e.batchUnmarkedRefused("a batch put", op.e.tableKey(item)); err != nil {
		return BatchWrite{}, err
	}
	if err := op.e.batchSharedRefused("a batch put", op.e.tableKey(item)); err != nil {
		return BatchWrite{}, err
	}
	return BatchWrite{Request: types.WriteRequest{PutRequest: &types.PutRequest{Item: item}},
		Table: op.e.table.Name, Entity: op.e.name, Key: op.e.tableKey(item)}, nil
}

// BatchWrite compiles the delete for a batch write; conditions are an error.
// Like a batch put, a batch delete is not guarded by the entity marker at
// run time (it deletes an unmarked item under its key too) and relies on
// the key isolation Define checks; it is refused for an entity recognising
// unmarked items or sharing its table keys with another entity.
func (op DeleteOp[T]) BatchWrite() (BatchWrite, error) {
	return op.deleteRequest.batchWrite()
}

// batchWrite is DeleteOp.BatchWrite, which needs nothing of T.
func (op deleteRequest) batchWrite() (BatchWrite, error) {
	if !op.e.defined() {
		return BatchWrite{}, errNoEntity("batch delete")
	}
	key, err := op.e.key(op.key)
	if err != nil {
		return BatchWrite{}, err
	}
	if err := op.e.uniqueRefused("a batch delete", "use Delete or txn.Write"); err != nil {
		return BatchWrite{}, err
	}
	switch {
	case op.mustExist:
		return BatchWrite{}, op.e.batchConditionRefused("a batch delete", key, "the condition that the item exists", "use Delete, or txn.Write")
	case op.lockWant != nil:
		return BatchWrite{}, op.e.batchConditionRefused("a batch delete", key, "the optimistic lock's version condition (IfVersion)", "use Delete, which checks the version, or txn.Write")
	case !op.cond.IsZero():
		return BatchWrite{}, op.e.batchConditionRefused("a batch delete", key, "its If condition", "use Delete, or txn.Write")
	}
	if err := op.e.batchUnmarkedRefused("a batch delete", key); err != nil {
		return BatchWrite{}, err
	}
	if err := op.e.batchSharedRefused("a batch delete", key); err != nil {
		return BatchWrite{}, err
	}
	return BatchWrite{Request: types.WriteRequest{DeleteRequest: &types.DeleteRequest{Key: key}},
		Table: op.e.table.Name, Entity: op.e.name, Key: key}, nil
}
