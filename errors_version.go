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
// stored version and stored shape disagree. Migrate the item, then send
// the update again: package evolve's RepairItem migrates this one item
// (rewrites it as a put of its upgraded value writes it, conditioned on
// its being unchanged since read), its Repair every item. A Get (which
// upgrades) and a Put of the value also write it whole, but without that
// condition: a write landing between them is lost, and an upgrade that
// changes the table key leaves the old item behind. Errors satisfying it are
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
	return fmt.Sprintf("ddbmodel: %s item %s is stored at version %q, the entity is at version %q: an update would leave attributes of the old shape beside the new; migrate the item (evolve's RepairItem for this one, Repair for all), then update it again", e.Entity, e.Key, e.Stored, e.Current)
}

// Unwrap returns ErrOldVersion.
func (e *OldVersionError) Unwrap() error { return ErrOldVersion }
