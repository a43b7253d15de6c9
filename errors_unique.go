package ddbmodel

import (
	"errors"
	"fmt"
)

// ErrUniqueNotOwned is the outcome of a write that would release a value
// of an attribute declared unique (entity.Attribute.Unique), changing or
// deleting it, when the value's marker item names another item as its
// owner: the marker was taken over meanwhile (an orphaned marker, see
// entity.Attribute.Unique), and releasing it would free a value another
// item holds. The error is a *UniqueOwnerError.
var ErrUniqueNotOwned = errors.New("ddbmodel: unique value's marker owned by another item")

// UniqueOwnerError reports a write that would release a value of a unique
// attribute whose marker item belongs to another item than the one
// written: the write was canceled and nothing was written. It satisfies
// errors.Is with ErrUniqueNotOwned and ErrConditionFailed.
type UniqueOwnerError struct {
	Entity    string
	Attribute string
	Value     string // the value as its marker item's key holds it
	// Owner is the key of the item the marker names (its attribute names
	// and values, as in "PK=USER#u2, SK=#META"); empty when the marker
	// names none, or is not a marker of this attribute.
	Owner string
	Cause error // the AWS error (or the *TxCanceledError of a single write)
}

// Error names the entity, the attribute, the value and the marker's owner.
func (e *UniqueOwnerError) Error() string {
	owner := "another item"
	if e.Owner != "" {
		owner = "the item " + e.Owner
	}
	return fmt.Sprintf("ddbmodel: %s %s %q cannot be released: its marker item belongs to %s, not to the item written", e.Entity, e.Attribute, e.Value, owner)
}

// Unwrap returns ErrUniqueNotOwned, ErrConditionFailed and the cause.
func (e *UniqueOwnerError) Unwrap() []error {
	return nonNil(ErrUniqueNotOwned, ErrConditionFailed, e.Cause)
}
