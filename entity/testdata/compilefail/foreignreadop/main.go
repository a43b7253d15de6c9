package main

import (
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel/txn"
)

// fakeRead has every exported method an entity's Get has for reads; it
// would join a read transaction with a request the library never checked
// if txn.ReadOp were not sealed.
type fakeRead struct{}

func (fakeRead) TransactGet() (types.TransactGetItem, error) { return types.TransactGetItem{}, nil }
func (fakeRead) EntityName() string                          { return "Fake" }
func (fakeRead) IsConsistent() bool                          { return true }
func (fakeRead) Expired(map[string]types.AttributeValue, time.Time) bool {
	return false
}

func main() {
	_ = txn.Get(fakeRead{}) // want: does not implement txn.ReadOp
}
