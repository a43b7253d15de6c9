package evolve

import (
	"slices"
)

// OldVersion: the item is stored at an older version of its entity, one
// for which the entity declares an upgrade (entity.Config.Upgrades). The
// item is checked as its upgraded value: Diffs and Kinds compare the
// stored item with a put of that value (OldVersion in place of Marker for
// the version attribute, and the index kinds where its keys differ), and
// Changes lists the other attributes the put changes (fields added,
// renamed, retyped by the upgrade). Repair migrates such an item: it
// rewrites it as that put writes it, whole (every attribute the put
// writes set, every other attribute removed, attributes T does not store
// among them, but those the entity declares in ExtraAttributes kept), in
// one write conditioned on the item being unchanged since
// it was read. An item whose upgraded value renders another table key is
// also StalePrimaryKey: Repair moves it (Finding.BuildMove), putting that
// whole image at the new key and deleting the old item in one
// transaction. An item whose
// upgrade fails (the function's error, or the item not decoding into the
// old type) is OldVersion and Undecodable, with the upgrade's
// *ddbmodel.DecodeError (naming both versions) in Finding.Err, and is
// reported, not written. An item of an older version without an upgrade
// is a Marker finding, decoded as it is, whose Hint says that declaring
// one would migrate it.
const OldVersion Kind = "old version"

// migration makes f, the finding of an item of an older version with an
// upgrade, an OldVersion finding whose repair rewrites the whole item
// (see OldVersion). f is nil when the item is as the put writes it.
func (f *Finding) migration() *Finding {
	if f == nil {
		return nil
	}
	kinds := []Kind{OldVersion}
	for _, k := range f.Kinds {
		if k != Marker && k != PutChanges {
			kinds = append(kinds, k)
		}
	}
	slices.Sort(kinds)
	f.Kinds = kinds
	for i := range f.Diffs {
		if f.Diffs[i].Kind == Marker {
			f.Diffs[i].Kind = OldVersion
		}
	}
	// An attribute declared in ExtraAttributes is outside T but the
	// entity's: a put leaves it out, and the migration keeps it (the old
	// shape's attributes, which T no longer has, go).
	if m := f.model; m != nil {
		f.Changes = slices.DeleteFunc(f.Changes, func(c Diff) bool {
			_, extra := slices.BinarySearch(m.extra, c.Attribute)
			return c.Wanted == nil && extra
		})
	}
	// The attributes the put adds must still be absent when it writes.
	for _, c := range f.Changes {
		if c.Stored == nil {
			f.absent = append(f.absent, c.Attribute)
		}
	}
	return f
}
