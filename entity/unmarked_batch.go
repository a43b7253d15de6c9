package entity

import (
	"slices"

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

// batchSharedRefused refuses a batch write (what: "a batch put") of key
// for an entity whose table keys another entity of the table shares
// (SharesKeysWith, named on either side): a batch write carries no marker
// condition, so it would replace or delete the other entity's item under
// the key.
func (e *entityCore) batchSharedRefused(what string, key map[string]types.AttributeValue) error {
	other := e.sharesKeysWith()
	if other == "" {
		return nil
	}
	return &ddbmodel.ValidationError{Entity: e.name,
		Reason: what + " of " + errtext.DescribeKey(key) + " could replace or delete an item of " + other + " under the same key (the two share table keys, Config.SharesKeysWith, and batch writes carry no condition on the entity marker): use Put or Delete, or txn.Write, which check it"}
}

// sharesKeysWith returns the first, by name, of the entities of the table
// this one shares table keys with (SharesKeysWith on either side), or "".
func (e *entityCore) sharesKeysWith() string {
	names := slices.Clone(e.shares)
	e.table.mu.RLock()
	for name, d := range e.table.entities {
		if name != e.name && slices.Contains(d.sharesWith(), e.name) {
			names = append(names, name)
		}
	}
	e.table.mu.RUnlock()
	if len(names) == 0 {
		return ""
	}
	return slices.Min(names)
}
