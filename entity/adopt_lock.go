package entity

import (
	"reflect"
	"unsafe"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// adoptAtVersionOne makes the adoption of an item at lock version 0 (no
// lock attribute, or 0) write version 1, as a put of its value writes
// (a put of version 0 writes version 1). A marked item at version 0 would
// be one no put could replace: a put expecting version 0 needs the key
// free, so reading the adopted item and putting it back would fail. A
// value read before the adoption (version 0) then conflicts with it, as
// with any write in between. written is the adopted value, put the
// attributes its put writes.
func (e *entityCore) adoptAtVersionOne(written unsafe.Pointer, put map[string]types.AttributeValue) {
	if e.lock == nil {
		return
	}
	f := reflect.NewAt(e.typ, written).Elem().FieldByIndex(e.lock.index)
	if intValue(f) != 0 {
		return
	}
	setInt(f, 1)
	put[lockName(e.lock)] = numberAV(1)
}
