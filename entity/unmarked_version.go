package entity

import (
	"fmt"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel/internal/expr"
)

// An unmarked item (Config.RecognizeUnmarked) without the lock attribute
// has never been written by the entity: its lock version is 0, for every
// write alike. Put expects version 0 of it (versionZero), and
// Update(...).IfVersion(0) and Delete(...).IfVersion(0) find version 0
// in it; the first write of the entity gives it version 1.

// lockIs renders the condition that the item holds lock version want
// (IfVersion): the lock attribute holds it or, for want 0 and an entity
// recognising unmarked items, the item is unmarked and has no lock
// attribute.
func (e *entityCore) lockIs(w *expr.Writer, want int64) string {
	c := w.Name(e.lock.name) + " = " + w.Value(numberAV(want))
	if want != 0 || !e.unmarked {
		return c
	}
	// The callers join conditions with joinAnd, which parenthesises each.
	return c + " OR (attribute_not_exists(" + w.Name(e.table.EntityAttr()) + ") AND attribute_not_exists(" + w.Name(e.lock.name) + "))"
}

// lockHolds is lockIs for an item read.
func (e *entityCore) lockHolds(item map[string]types.AttributeValue, want int64) bool {
	lv, ok := item[lockName(e.lock)].(*types.AttributeValueMemberN)
	if ok {
		return lv.Value == fmt.Sprint(want)
	}
	_, has := item[lockName(e.lock)]
	return want == 0 && e.unmarked && !has && e.table.Unmarked(item)
}
