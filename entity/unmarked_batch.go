package entity

import (
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/ddbmodel/ddbmodel/internal/errtext"

	"github.com/ddbmodel/ddbmodel"
)

// Batch writes and unmarked items.
//
// A write of an entity recognising unmarked items (Config.RecognizeUnmarked)
// reads the item first and takes an unmarked one only when its key and
// attributes fit the entity, on the condition that it is unchanged since
// the read. BatchWriteItem carries no condition, so a batch put or delete
// of such an entity could replace or delete an unmarked item the
// single-item operation refuses: it is refused before sending.

// batchUnmarkedRefused refuses a batch write (what: "a batch put") of key
// for an entity recognising unmarked items; nil for other entities.
func (e *entityCore) batchUnmarkedRefused(what string, key map[string]types.AttributeValue) error {
	if !e.unmarked {
		return nil
	}
	return &ddbmodel.ValidationError{Entity: e.name,
		Reason: what + " of " + errtext.DescribeKey(key) + " cannot check an unmarked item under the key (the entity recognises unmarked items, Config.RecognizeUnmarked, and batch writes carry no condition): use Put or Delete, which read the item and check it"}
}

// batchConditionRefused refuses a batch write (what: "a batch put") of key
// whose operation carries a condition (cond says which) that BatchWriteItem
// cannot carry; instead says what to use.
func (e *entityCore) batchConditionRefused(what string, key map[string]types.AttributeValue, cond, instead string) error {
	return &ddbmodel.ValidationError{Entity: e.name,
		Reason: what + " of " + errtext.DescribeKey(key) + " cannot carry " + cond + " (batch writes carry no condition): " + instead}
}
