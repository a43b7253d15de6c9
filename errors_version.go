package ddbmodel

import (
	"errors"
	"fmt"
)

// ErrOldVersion: an update or upsert found the item under its key stored
// at another version of the entity than the entity's own (its entity
// version attribute holds another value), on an entity that declares
// upgrades (entity.Config.Upgrades), and left it unchanged: changing some
// attributes of an item of an older shape would leave an item whose
// stored version and stored shape disagree. Migrate the item (package
// evolve's Repair rewrites it as a put of its upgraded value), or write it
// whole (a Get upgrades it; Put the value). Errors satisfying it are
// *OldVersionError values inside a *ConditionError, and satisfy
// ErrConditionFailed as well.
var ErrOldVersion = errors.New("ddbmodel: the item is stored at another version of the entity")

// OldVersionError is the outcome (ConditionError.Err) of an update or
// upsert refused because the item is stored at another version of the
// entity (ErrOldVersion).
type OldVersionError struct {
	Entity string
	// Key is the item's table key, as "PK=...,SK=...".
	Key string
	// Stored is the version the item was written at; Current is the
	// entity's.
	Stored, Current string
}

// Error names the entity, the item, both versions and what to do.
func (e *OldVersionError) Error() string {
	return fmt.Sprintf("ddbmodel: %s item %s is stored at version %q, the entity is at version %q: an update would leave attributes of the old shape beside the new; migrate the item (evolve's Repair) or write it whole (Get it, which upgrades it, then Put it)", e.Entity, e.Key, e.Stored, e.Current)
}

// Unwrap returns ErrOldVersion.
func (e *OldVersionError) Unwrap() error { return ErrOldVersion }
