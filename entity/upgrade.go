package entity

import (
	"fmt"
	"reflect"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/guregu/dynamo/v2"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/internal/errtext"
	"github.com/ddbmodel/ddbmodel/internal/expr"
)

// Upgrade turns an item stored at an older version of an entity (its
// entity version attribute, Config.Version when it was written) into the
// entity's value of today. Make one with UpgradeFrom and list it in
// Config.Upgrades; the zero value is refused by Define.
type Upgrade[T any] struct {
	from string
	old  reflect.Type
	fn   func(map[string]types.AttributeValue) (T, error)
}

// UpgradeFrom declares how an item stored at version is read today: it is
// decoded into Old (the entity's Go type as it was at that version, with
// the same decoder and dynamo tags as any item) and fn turns that into
// today's T. Every upgrade goes straight to today's T: there are no
// chains of steps. When version 3 comes, each older version's upgrade is
// rewritten to give version 3's type (typically by composing the old
// conversions: fromV2(fromV1(old))), and version 2 gets one of its own.
//
// An error from fn is returned, by every read of such an item, as a
// *ddbmodel.DecodeError naming the entity, both versions and the item's
// key, wrapping fn's error. A query or scan with Project names today's
// attributes: fn then gets an Old holding only those of the old item's
// attributes whose names the projection lists, and must accept that (or
// the read fails with its error).
func UpgradeFrom[Old, T any](version string, fn func(Old) (T, error)) Upgrade[T] {
	u := Upgrade[T]{from: version, old: reflect.TypeFor[Old]()}
	if fn != nil {
		u.fn = func(item map[string]types.AttributeValue) (T, error) {
			var o Old
			if err := dynamo.UnmarshalItem(item, &o); err != nil {
				var zero T
				return zero, err
			}
			return fn(o)
		}
	}
	return u
}

// defineUpgrades checks Config.Upgrades: each names a version other than
// the entity's, no version twice, a function, and an Old struct type.
func (e *Entity[T]) defineUpgrades(ups []Upgrade[T]) error {
	if len(ups) == 0 {
		return nil
	}
	fail := func(i int, u Upgrade[T], format string, args ...any) error {
		return &ddbmodel.ValidationError{Entity: e.name, Attribute: e.table.EntityVersionAttr(),
			Reason: fmt.Sprintf("Define: Upgrades[%d] (from version %q): ", i, u.from) + fmt.Sprintf(format, args...)}
	}
	e.upgrades = make(map[string]Upgrade[T], len(ups))
	e.hasUpgrades = true
	for i, u := range ups {
		switch {
		case u.from == "":
			return fail(i, u, "an upgrade needs the version of the items it reads (make it with entity.UpgradeFrom)")
		case u.from == e.version:
			return fail(i, u, "the entity's own Version is %q: its items need no upgrade", e.version)
		case u.fn == nil:
			return fail(i, u, "the upgrade function is nil")
		case u.old.Kind() != reflect.Struct:
			return fail(i, u, "the old type %v is not a struct", u.old)
		}
		if _, dup := e.upgrades[u.from]; dup {
			return fail(i, u, "two upgrades read version %q; give one", u.from)
		}
		if err := checkShape(e.name, u.old); err != nil {
			return err
		}
		e.upgrades[u.from] = u
	}
	return nil
}

// upgradeInto decodes an item of a version with a declared upgrade into
// *v, upgraded (Hidden fields kept); upgraded false when the item's
// version has none.
func (e *Entity[T]) upgradeInto(item map[string]types.AttributeValue, v *T) (upgraded bool, err error) {
	if e.upgrades == nil {
		return false, nil
	}
	stored := stringAttr(item, e.table.EntityVersionAttr())
	u, ok := e.upgrades[stored]
	if !ok {
		return false, nil
	}
	// The old type's own UnmarshalText or the upgrade function may
	// panic: the item then does not decode, with the upgrade's error.
	got, err := func() (_ T, err error) {
		defer recovered(&err)
		return u.fn(item)
	}()
	if err != nil {
		return true, &ddbmodel.DecodeError{Entity: e.name, Version: e.version, ItemVersion: stored, Key: errtext.DescribeKey(e.tableKey(item)),
			Err: errtext.Errorf("upgrading from version %q: %w", stored, err)}
	}
	*v = got
	return true, nil
}

// Upgraded decodes an item of this entity stored at an older version for
// which the entity declares an upgrade (Config.Upgrades) into today's T,
// as every read does, except that Hidden fields are kept (a read zeroes
// them): it is the value a migration writes back whole (package evolve).
// upgraded is false, with the zero value and no error, for an item of the
// entity's own version, of a version without an upgrade, or not the
// entity's (see Is). A nil or zero entity (not made by Define) upgrades
// nothing: the error is a *ddbmodel.ValidationError.
func (e *Entity[T]) Upgraded(item map[string]types.AttributeValue) (v T, upgraded bool, err error) {
	if !e.defined() {
		return v, false, errNoEntity("upgraded")
	}
	if !e.Is(item) {
		return v, false, nil
	}
	upgraded, err = e.upgradeInto(item, &v)
	return v, upgraded, err
}

// oldVersion returns the *ddbmodel.OldVersionError of an item stored at
// another version than the entity's, for an entity that declares
// upgrades; nil otherwise (an item without a version attribute is at the
// entity's version, as an unmarked one is).
func (e *entityCore) oldVersion(item map[string]types.AttributeValue) error {
	if !e.hasUpgrades || len(item) == 0 {
		return nil
	}
	stored, ok := item[e.table.EntityVersionAttr()]
	if !ok {
		return nil
	}
	if s, isS := stored.(*types.AttributeValueMemberS); isS && s.Value == e.version {
		return nil
	}
	return &ddbmodel.OldVersionError{Entity: e.name, Key: errtext.DescribeKey(e.tableKey(item)), Stored: stringAttr(item, e.table.EntityVersionAttr()), Current: e.version}
}

// versionGuard renders, for an entity that declares upgrades, the
// condition that the item is at the entity's version (or has no version
// attribute, as a missing or unmarked item has), and makes f report an
// item of another version as ErrOldVersion; "" (and nothing written into
// w) for an entity without upgrades, whose requests stay as they were.
func (e *entityCore) versionGuard(w *expr.Writer, f *failure) string {
	if !e.hasUpgrades {
		return ""
	}
	f.oldVersion = e.oldVersion
	n := w.Name(e.table.EntityVersionAttr())
	return "attribute_not_exists(" + n + ") OR " + n + " = " + w.Value(e.ver)
}

// refuseOldVersion refuses, before any write, an update of an item read
// first that is stored at another version (see versionGuard).
func (e *entityCore) refuseOldVersion(op string, item map[string]types.AttributeValue) error {
	if err := e.oldVersion(item); err != nil {
		return &ddbmodel.ConditionError{Entity: e.name, Op: op, Err: err, Item: item}
	}
	return nil
}
