package evolve

import (
	"errors"
	"maps"
	"slices"

	"github.com/ddbmodel/ddbmodel/internal/errtext"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/internal/attrvalue"
	"github.com/ddbmodel/ddbmodel/internal/contract"
)

// Kind says how a stored item differs from what a put of its decoded value
// writes now.
type Kind string

// The kinds of finding. Repair rewrites the index keys (StaleIndexKey,
// MissingIndexKey, UnwantedIndexKey), moves an item whose table key is
// stale (StalePrimaryKey), repairs an item whose put also changes only
// its Updated timestamp or lock attribute (PutChanges; see
// Finding.Repairable), and migrates items of an older version
// (OldVersion, in migrate.go); an item with a finding of any other kind
// is reported and left as it is.
const (
	// StalePrimaryKey: the table's partition or sort key differs. Repair
	// moves the item to the key a put of its value renders (BuildMove).
	StalePrimaryKey Kind = "stale primary key"
	// StaleIndexKey: an index key attribute holds another value.
	StaleIndexKey Kind = "stale index key"
	// MissingIndexKey: an index key a put writes is absent (the item is
	// missing from an index it belongs in).
	MissingIndexKey Kind = "missing index key"
	// UnwantedIndexKey: an index key is present that a put does not write
	// (the item is in an index it should not be in, such as a sparse index
	// whose condition no longer holds).
	UnwantedIndexKey Kind = "unwanted index key"
	// Marker: the entity marker or entity version differs: an item without
	// a marker that the entity recognises (adopt it: query's Adopt), or
	// one of another version for which the entity declares no upgrade
	// (with one, it is OldVersion).
	Marker Kind = "marker"
	// Undecodable: the item does not decode into the entity's type (nor,
	// for an item of an older version, its upgrade into it: then the
	// finding is OldVersion too, and Err is the upgrade's
	// *ddbmodel.DecodeError naming both versions).
	Undecodable Kind = "undecodable"
	// Invalid: the item decodes, but a put of its value is refused (an
	// attribute rule of today's model fails).
	Invalid Kind = "invalid"
	// UnknownEntity: in a table job, the item's marker names no entity of
	// the job.
	UnknownEntity Kind = "unknown entity"
	// PutChanges: beside keys or markers, a put of the decoded value also
	// changes other attributes (an Updated timestamp, a lock version, a
	// Default, a Hidden attribute decoding drops), listed in
	// Finding.Changes. Repair repairs such an item when they are only the
	// Updated timestamp and the lock attribute and no differing key is
	// built from either (see Finding.Repairable); any other such item is
	// reported, not repaired.
	PutChanges Kind = "put changes other attributes"
	// MissingUniqueMarker: the item holds a value of a unique attribute
	// (entity.Attribute.Unique) whose marker item does not name it: there
	// is none (the item was stored before the attribute was declared
	// unique, and its value has not changed since), or it names an item
	// that no longer holds the value, or names no item at all (an
	// orphaned marker). Finding.Unique lists the values. Repair writes the
	// marker item naming the item, conditioned on its being absent,
	// already naming the item, or naming the orphaned marker's owner read,
	// in one transaction with a check that the item still holds the value
	// (with the TTL the marker gets) and, for an orphaned marker naming an
	// item, a check that this item still does not hold it.
	MissingUniqueMarker Kind = "missing unique marker"
	// DuplicateUniqueValue: the item holds a value of a unique attribute
	// that another item holds too (both stored before the attribute was
	// declared unique): the one the value's marker item names, or one
	// this run found holding it without a marker. UniqueDiff.Holders
	// names both keys. Repair writes no marker for it and reports it
	// (ErrDuplicateUnique): change the value of one of the items.
	DuplicateUniqueValue Kind = "duplicate unique value"
	// StaleUniqueMarker: the marker item of a value the item holds names
	// the item but carries another TTL than the item's (the table's
	// TTLAttribute): DynamoDB's TTL would delete the marker before or
	// after the item. Repair writes the marker again with the item's TTL,
	// conditioned on its still naming the item, in one transaction with a
	// check that the item still holds the value with that TTL.
	StaleUniqueMarker Kind = "stale unique marker"
)

// repairable reports whether Repair rewrites findings of kind k.
func (k Kind) repairable() bool {
	return k == StaleIndexKey || k == MissingIndexKey || k == UnwantedIndexKey || k == OldVersion
}

// Diff is one attribute of an item that differs: what is stored, and what
// a put of the item's decoded value writes (nil: absent).
type Diff struct {
	// Attribute is the attribute's name.
	Attribute string
	// Kind is how it differs.
	Kind Kind
	// Stored is the value read (nil: absent).
	Stored types.AttributeValue
	// Wanted is the value a put writes (nil: absent).
	Wanted types.AttributeValue
}

// Finding is one item that differs from what a put of its decoded value
// writes now.
type Finding struct {
	// Entity names the entity the item is checked as (its marker, for an
	// item of no entity of the job).
	Entity string
	// Key is the item's table key as stored.
	Key map[string]types.AttributeValue
	// Item is the item as read.
	Item map[string]types.AttributeValue
	// Diffs lists the differing key and marker attributes.
	Diffs []Diff
	// Changes lists the other attributes a put of the decoded value
	// changes, when Diffs is not empty (see PutChanges).
	Changes []Diff
	// Err says why the item could not be checked (Undecodable, Invalid,
	// UnknownEntity): the decoding or put error.
	Err error
	// Kinds lists the kinds of the finding, without repeats, sorted.
	Kinds []Kind
	// Unique lists the values of unique attributes the item holds
	// without a marker item naming it (MissingUniqueMarker,
	// DuplicateUniqueValue).
	Unique []UniqueDiff
	// Hint says, where known, what would let Repair rewrite the finding:
	// for an item of a version the entity declares no upgrade from (a
	// Marker finding), that declaring one migrates it.
	Hint string

	table string
	// model is what the repair needs of the entity (repair_plan.go).
	model *repairModel
	// absent lists the key and marker attributes the item lacks, which
	// the repair's condition requires still absent.
	absent []string
	// stampKept is set when the item was checked against a put at the
	// Updated time it records (an entity with keys built from it, and an
	// item holding a time): its keys built from that time are repaired.
	stampKept bool
}

// Repairable reports whether Repair rewrites the finding: the item
// decodes and its put is valid; its kinds are index key kinds,
// StalePrimaryKey (a move) or PutChanges; a put of its value changes no
// other attribute than the Updated timestamp and the lock attribute; no
// differing key is built from either (a template naming updatedAt: Verify
// compares it with a new put's timestamp, so it always differs); and an
// item that moves is of an entity without unique attributes (their marker
// items name the item's table key, which a move does not rewrite). The
// error of a finding not repaired says which of these fails.
func (f *Finding) Repairable() bool { return f.refusal() == nil }

// Target is one entity a job checks; Of makes one.
type Target interface {
	// Name is the entity's name.
	Name() string
	table() *entity.Table
	is(item map[string]types.AttributeValue) bool
	check(item map[string]types.AttributeValue) *Finding
	scan(segments int) ([]*dynamodb.ScanInput, error)
	markers(item map[string]types.AttributeValue) ([]contract.UniqueMarker, error)
}

// Of returns the target checking items of e.
func Of[T any](e *entity.Entity[T]) Target { return target[T]{e: e, m: modelOf(e)} }

type target[T any] struct {
	e *entity.Entity[T]
	m *repairModel
}

func (t target[T]) Name() string {
	if t.e == nil {
		return ""
	}
	return t.e.Name()
}

func (t target[T]) table() *entity.Table { return t.e.Table() }

func (t target[T]) markers(item map[string]types.AttributeValue) ([]contract.UniqueMarker, error) {
	return contract.Of(t.e).UniqueMarkers(item)
}

func (t target[T]) is(item map[string]types.AttributeValue) bool { return t.e.Is(item) }

// check compares the item with what a put of its decoded value writes
// (contract.Entity.PutItem: the item of the put's own request), so that
// the keys compared are exactly those a write of the value renders; for an
// entity with a key built from the Updated timestamp, the put at the time
// the item records (keepUpdated). It returns nil when the item is as a
// put writes it.
func (t target[T]) check(item map[string]types.AttributeValue) *Finding {
	tb := t.e.Table()
	f := &Finding{Entity: t.e.Name(), Key: tableKey(tb, item), Item: item, table: tb.Name, model: t.m}
	// An item of an older version with an upgrade is checked as its
	// upgraded value, Hidden fields kept (migrate.go).
	v, upgraded, err := t.e.Upgraded(item)
	if upgraded && err != nil {
		// The upgrade failed: an old item, and one that does not decode.
		f.fail(Undecodable, err).Kinds = []Kind{OldVersion, Undecodable}
		return f
	}
	if !upgraded && err == nil {
		v, err = t.e.Decode(item)
	}
	if err != nil {
		return f.fail(Undecodable, err)
	}
	// A key built from the Updated timestamp is compared with the one a
	// put rendered at the time the item records (at now when it records
	// none: then not repaired, see refusal).
	want, kept, err := contract.Of(t.e).PutItem(v, t.m.keysFromUpdated)
	f.stampKept = kept
	if err != nil {
		return f.fail(Invalid, err)
	}
	if upgraded {
		return f.compare(tb, want).migration()
	}
	return f.compare(tb, want).noUpgrade(tb)
}

// fail makes f a finding of kind k that could not be checked.
func (f *Finding) fail(k Kind, err error) *Finding {
	f.Err, f.Kinds = err, []Kind{k}
	return f
}

// compare fills f with the maintained attributes where item differs from
// want; nil when none does.
func (f *Finding) compare(tb *entity.Table, want map[string]types.AttributeValue) *Finding {
	primary, markers, index := maintained(tb)
	for _, group := range [][]string{primary, markers, index} {
		for _, name := range group {
			s, w := f.Item[name], want[name]
			if sameValue(s, w) {
				continue
			}
			var k Kind
			switch {
			case slices.Contains(primary, name):
				k = StalePrimaryKey
			case slices.Contains(markers, name):
				k = Marker
			case s == nil:
				k = MissingIndexKey
			case w == nil:
				k = UnwantedIndexKey
			default:
				k = StaleIndexKey
			}
			f.Diffs = append(f.Diffs, Diff{Attribute: name, Kind: k, Stored: s, Wanted: w})
			if !slices.Contains(f.Kinds, k) {
				f.Kinds = append(f.Kinds, k)
			}
		}
	}
	if len(f.Diffs) == 0 {
		return nil
	}
	for _, name := range slices.Concat(primary, markers, index) {
		if f.Item[name] == nil {
			f.absent = append(f.absent, name)
		}
	}
	for _, name := range slices.Sorted(maps.Keys(union(f.Item, want))) {
		if slices.Contains(primary, name) || slices.Contains(markers, name) || slices.Contains(index, name) {
			continue
		}
		if s, w := f.Item[name], want[name]; !sameValue(s, w) {
			f.Changes = append(f.Changes, Diff{Attribute: name, Kind: PutChanges, Stored: s, Wanted: w})
		}
	}
	if len(f.Changes) > 0 {
		f.Kinds = append(f.Kinds, PutChanges)
	}
	slices.Sort(f.Kinds)
	return f
}

// sameValue reports whether s and w, either nil for an absent attribute,
// hold the same value as DynamoDB compares them (a set in any order, a
// number as a number): a put encodes a set in its own order, and
// DynamoDB returns it in another.
func sameValue(s, w types.AttributeValue) bool {
	return s == nil && w == nil || s != nil && w != nil && attrvalue.Same(s, w)
}

// union returns the names of a and b as one map's keys.
func union(a, b map[string]types.AttributeValue) map[string]types.AttributeValue {
	out := maps.Clone(a)
	maps.Copy(out, b)
	return out
}

// maintained lists the attributes a put maintains from the model rather
// than from the value's fields: the table key, the markers, and the key
// attributes of every index of the table rendered from templates.
// Multi-attribute index keys are stored fields of the value, not listed.
func maintained(tb *entity.Table) (primary, markers, index []string) {
	primary = []string{tb.PartitionKey.Name}
	if tb.SortKey.Name != "" {
		primary = append(primary, tb.SortKey.Name)
	}
	markers = []string{tb.EntityAttr(), tb.EntityVersionAttr()}
	for _, ix := range tb.Indexes {
		for _, a := range []entity.KeyAttribute{ix.PartitionKey, ix.SortKey} {
			if ix.Local && a == ix.PartitionKey {
				continue
			}
			if a.Name != "" && !slices.Contains(primary, a.Name) && !slices.Contains(index, a.Name) {
				index = append(index, a.Name)
			}
		}
	}
	return primary, markers, index
}

func tableKey(tb *entity.Table, item map[string]types.AttributeValue) map[string]types.AttributeValue {
	key := map[string]types.AttributeValue{}
	for _, n := range []string{tb.PartitionKey.Name, tb.SortKey.Name} {
		if n != "" && item[n] != nil {
			key[n] = item[n]
		}
	}
	return key
}

// unknown is the finding of an item no target of a table job takes.
func unknown(tb *entity.Table, item map[string]types.AttributeValue) *Finding {
	name, _, err := tb.EntityOf(item)
	if err == nil {
		err = errtext.Errorf("the job checks no entity %q", name)
	}
	f := &Finding{Entity: name, Key: tableKey(tb, item), Item: item, table: tb.Name}
	return f.fail(UnknownEntity, err)
}

// errNotRepaired is why Repair leaves a finding of a kind it does not
// rewrite.
func errNotRepaired(f *Finding) error {
	if err := f.refusal(); err != nil {
		return err
	}
	return ErrNotRepairable
}

// ErrNotRepairable is the error of a finding Repair does not rewrite (see
// Finding.Repairable): a marker or a version without an upgrade, a put
// that changes other attributes, a key built from the lock (or from the
// Updated timestamp of an item lacking it), a move of an item with unique
// attributes, an item that
// does not decode or whose put is refused. errors.Is finds it in a
// *RepairError of such an item, except for undecodable and invalid
// items, whose error is the decoding or put error.
var ErrNotRepairable = errors.New("ddbmodel: Repair does not rewrite this kind of finding")

// ErrChanged is the error of an item that kept changing while it was
// repaired: each conditioned write failed, and the item read again still
// differed.
var ErrChanged = errors.New("ddbmodel: the item kept changing while being repaired")
