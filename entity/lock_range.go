package entity

import (
	"fmt"
	"math/big"
	"reflect"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/internal/docpath"
)

// lockRange is the range the increment of the lock attribute keeps it in,
// when the lock's type is narrower than 64 bits (nil otherwise: an int64
// lock never reaches its end). An update and an upsert ADD 1 to the lock
// without knowing the stored value, so the table checks it, as for an
// Add to an integer field: an int8 lock holding 127 is not moved to 128,
// which no read could decode; the write fails with an *AddRangeError.
func lockRange(lock *fieldRule) *addRange {
	if lock == nil || lock.typ.Bits() >= 64 {
		return nil
	}
	lo, hi := intRange(lock.typ)
	return &addRange{name: lock.name, path: docpath.Path{{Name: lock.name}}, typ: lock.typ.String(),
		delta: big.NewInt(1), min: lo, max: hi}
}

// lockFull refuses a put of v whose lock version cur is the largest its
// type holds: the put would store cur+1 wrapped around (an int8 lock at
// 127 stored as -128), and a version may not go back.
func (e *entityCore) lockFull(lockf reflect.Value, cur int64) error {
	_, hi := intRange(lockf.Type())
	if big.NewInt(cur).Cmp(hi) < 0 {
		return nil
	}
	return &ddbmodel.ValidationError{Entity: e.name, Attribute: e.lock.name,
		Reason: fmt.Sprintf("the lock version %d is the largest %s holds, so a put cannot store the next one; declare the lock attribute as an int64", cur, withArticle(e.lock.typ))}
}
