package entity

import (
	"errors"
	"fmt"
	"github.com/ddbmodel/ddbmodel/internal/errtext"
	"maps"
	"reflect"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"time"
	"unsafe"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/guregu/dynamo/v2"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/internal/contract"
	"github.com/ddbmodel/ddbmodel/internal/link"
	"github.com/ddbmodel/ddbmodel/keys"
)

// Values gives attribute values by stored attribute name: the composites of
// a key, or the attributes a query names. A key composite renders as a put
// of the same value in a struct field does (see keys.Values): pointers and
// interfaces are followed, named types are their kind, times are in UTC; a
// nil pointer is a missing composite, and a value no composite can hold (a
// bool, struct, map, slice...) is a *ddbmodel.ValidationError wrapping
// keys.ErrType.
type Values = keys.Values

// Attribute holds the rules for one attribute, by its stored name, or for
// a field inside attributes, by its path: "address.country", or with
// wildcards, "addresses.*.country" for the field in every value of a map
// and "lines[*].sku" in every element of a list (see Config.Attributes).
type Attribute struct {
	// Required: a put or create without the attribute is invalid.
	Required bool
	// Default is applied to a zero field before a put, create or upsert.
	// It is a value of the field's type, a func() any returning one, or a
	// func() V of a type V the field takes (keys.NewULID, a func() string,
	// for a string field); Define refuses a V the field cannot hold and a
	// func of any other shape. A generator that can fail panics (see
	// below) or is run before the put. A func returning nil gives nil,
	// which only a pointer, slice, map or interface field takes.
	//
	// A pointer field takes a value of what it points to, or a pointer to
	// one, and each write gets a pointer of its own to a shallow copy: a
	// slice or map inside it is shared, so give a func for a fresh one. As
	// in a Go assignment of a constant, a value of the field's kind is
	// taken (a named string type for a string field) and a number must fit
	// the field's type exactly: 300 is no uint8, 2.5 no int, 1e300 no
	// float32 (a float32 field takes a float rounded, within its range),
	// and a number is never text (65 for a string field is refused, not
	// "A"). A value is checked at Define, a func's result each time it is
	// called (before any request); either is refused with a
	// *ddbmodel.ValidationError. A func that panics fails the write the
	// same way, the error wrapping the *ddbmodel.PanicError (errors.Is
	// ddbmodel.ErrPanic). A zero field cannot be told from one left unset:
	// on a number, bool or time held by value without omitempty, a put of
	// the zero stores the Default (Table.Lint reports it,
	// LintDefaultHidesZero); hold such a field in a pointer to store its
	// zero (nil takes the Default).
	Default any
	// Enum lists the allowed values of a string attribute, or of every
	// element of a string set or list (an element set by index included).
	Enum []string
	// Validate checks the field's Go value on put, create and update: the
	// whole value a put or a Set gives. An update changing a path inside
	// the attribute is refused (Validate cannot see the result); Add,
	// Append, Prepend and DeleteFromSet give no whole value and are not
	// checked by it, except that a rule on a field of a list's elements
	// ("lines[*].sku") sees that field of each element an Append or
	// Prepend gives.
	Validate func(v any) error
	// ReadOnly: an update may not set, add to or remove the attribute.
	ReadOnly bool
	// Hidden: the attribute is stored but zeroed when items are decoded.
	// No key may be built from it (Define refuses the pair: a put of a
	// value read would render the key without it; models that had such a
	// pair before this check fail at Define, and MustDefine panics, naming
	// the attribute). A sparse index's When reading a Hidden field
	// sees its zero in a value read: a put of that value (read, changed,
	// written back) takes the item out of the sparse index: set the field
	// before writing such a value back.
	Hidden bool
	// Unique: no two items of the entity hold the same value (a string or
	// an integer). Every write keeps a marker item per value in use, in the
	// same transaction (see Entity.Upsert and TransactWrites for the
	// writes that read the item first); a value in use is a
	// *ddbmodel.UniqueError. The single-request Build of such a write
	// (Put, Create, Upsert, Delete, an Update touching a unique attribute
	// or the table's TTL attribute, which the markers carry) is therefore
	// refused once its input is checked, as its request could not carry
	// the markers: ErrNeedsRead, or for a create ErrNeedsTransaction;
	// txn.Write(create).Build() builds a create with its markers, and
	// Entity.Encode returns the item a put writes. A unique attribute
	// cannot be Hidden (Define refuses the pair: writes read the stored
	// value to move its marker).
	//
	// Values are compared exactly as stored: "A@x" and "a@x" are two
	// values; canonicalize them (Validate, or lower-case before writing)
	// where that matters. A number field without omitempty stores its zero
	// value, so 0 is a value like any other: the first item holding 0
	// takes it, and a second item with 0 is refused. Tag the field
	// omitempty (dynamo:"n,omitempty") to leave 0 out, and a value left
	// out holds no marker. A marker longer than DynamoDB's key limit
	// (a value of about 2,000 bytes) is refused before sending with a
	// *ddbmodel.ValidationError naming the value's length and the limit.
	//
	// On a table with a TTLAttribute, each marker carries its owner's TTL,
	// so DynamoDB's TTL deletes it with the item. A marker whose owner no
	// longer holds its value (the owner is gone, was changed by a writer
	// that did not release the value, or its TTL has passed) is orphaned:
	// the next write taking the value takes the marker over, conditioned on
	// the marker naming the owner read and on that owner still not holding
	// the value (a txn.Write with a Token does not; see WriteTx.Token). An
	// item whose value was taken over that way (expired but not yet
	// deleted) no longer owns the marker. A delete of an item, or an
	// update moving its value away, whose value's marker names another
	// item that holds the value too leaves that marker to its owner,
	// checking in the same transaction that the owner still holds the
	// value (a txn.Write with a Token does not); when the marker names an
	// item that does not hold the value (orphaned), it deletes the marker,
	// checking that the marker still names that item and that the item
	// still does not hold the value, and fails with a
	// *ddbmodel.UniqueOwnerError naming the marker's owner when it does
	// again (or is written in the same transaction, or the transaction
	// has a Token). Items written
	// before the attribute was declared unique have no markers, and a
	// write keeping their value does not write one: package evolve's
	// Verify reports each such value (MissingUniqueMarker) and its Repair
	// writes the marker, reporting a value two items hold
	// (DuplicateUniqueValue) instead. An unmarked item (RecognizeUnmarked)
	// gets its values' markers from a put, an upsert, an update of a
	// unique attribute or Adopt; an update leaving the unique attributes
	// alone writes none.
	Unique bool
}

// Key gives the templates of an entity's primary key. Sort is empty for a
// table without a sort key.
type Key struct {
	Partition string
	Sort      string
}

// IndexKey places an entity in a secondary index. Several entities may use
// one index with their own templates (an overloaded index).
type IndexKey[T any] struct {
	Index     string
	Partition string // template; ignored for local indexes, which share the table's partition key
	Sort      string // template
	// SortFunc computes the sort key when no template can say it (for
	// instance a key that depends on a status). SortUses lists the
	// attributes it reads; an update touching them recomputes the key.
	// Define refuses a SortFunc without SortUses (its key would go stale).
	SortFunc func(T) (string, error)
	SortUses []string
	// Sparse: an item enters the index only when every composite is present
	// and When (if set) holds; otherwise it is simply left out. A composite
	// is present when a put stores it: an empty string, a nil pointer, an
	// omitempty zero and a zero time.Time (which no key holds) are absent,
	// so an item whose time composite was left unset is out of the index,
	// and an update setting it to the zero time takes the item out. A
	// non-sparse index requires its composites on every put (and refuses
	// a zero time).
	Sparse bool
	// When, on a sparse index, decides membership from the whole item. An
	// update cannot know what When reads, so every update of such an entity
	// must read the item first (ReadFirst); without it the update fails with
	// a *ddbmodel.MissingCompositesError before sending.
	When func(T) bool
}

// Timestamps names attributes the entity maintains: Created is set on
// create (and on a put when zero), Updated on every write. An update's own
// action on either (Set, Remove, Add, a field handle's) is refused, as on
// the lock attribute: an update sets Updated to now and leaves Created as
// it is. Fields may be
// time.Time (RFC 3339 text, or Unix seconds when tagged unixtime), string
// (fixed-width UTC RFC 3339 with milliseconds) or an integer (Unix
// seconds), not a pointer. Created and Updated name two attributes, not
// one; an index key may be built from either, and the table key from
// Created only (Updated would move the item at every update). An item
// returned as written holds the timestamp as stored: in UTC, without a
// monotonic clock reading, and whole seconds when stored as Unix seconds.
type Timestamps struct {
	Created string
	Updated string
}

// Config defines an entity.
type Config[T any] struct {
	Name    string // written into every item under the table's entity attribute
	Version string // written under the entity version attribute; default "1"
	Key     Key
	Indexes []IndexKey[T]
	// Attributes are rules by stored attribute name, or by a path to a
	// field inside an attribute: through struct fields ("address.country"),
	// and through every value of a map ("addresses.*.country") or element
	// of a list ("lines[*].sku"), a wildcard standing for each entry;
	// wildcards nest ("rooms.*.beds[*].size"). A rule on one entry
	// ("addresses.home.country") is refused, as it would not bind the
	// others, and so is one on the entries themselves ("addresses.*").
	//
	// A nested rule binds every put where the structs and entries holding
	// the field are present (a nil pointer on the way, a nil entry
	// included, leaves it out), and every update that gives the field's
	// value: the field's own ("addresses.home.country"), a whole value
	// holding it (the entry "addresses.home", the whole map or list), or
	// the list elements an Append or Prepend gives. A Remove of a Required
	// field is refused; removing a whole entry is not. A ReadOnly field
	// refuses every update that writes it or a value holding it, but for
	// two that leave it as it is: a SetIfNotExists (it writes nothing over
	// an existing value, so under a wildcard it adds entries) and a Remove
	// of whole entries under a wildcard (entries leave whole). Errors
	// name the field by its own path (addresses.home.country; lines[*].sku
	// for an element an Append gives). Default, Hidden and Unique apply to
	// top-level attributes only.
	Attributes map[string]Attribute
	Timestamps Timestamps
	// LockAttribute names an integer attribute used for optimistic locking:
	// every write increments it, and puts, updates and deletes can be
	// conditioned on the value the writer read. An update's ReadFirst then
	// checks the version alone: code writing the table outside the library
	// must increment it as well. No key may be built from it (Define
	// refuses it: every write increments it, which would leave a key
	// stale); an index key attribute that is the lock field itself is
	// allowed.
	LockAttribute string
	// Validate checks the whole item on put and create.
	Validate func(*T) error
	// Now is the clock for timestamps; default time.Now.
	Now func() time.Time
	// SharesKeysWith names entities of the same table whose table key
	// spaces this one shares on purpose (GitHub's users and organizations,
	// both ACCOUNT#${name}). Define refuses an entity whose templates can
	// render a table key (the primary key a plain put or delete addresses)
	// that another entity of the table renders, with a
	// *ddbmodel.KeyOverlapError, unless one of the two names the other here;
	// the name may be of an entity defined later. Entities sharing keys rely
	// on the entity marker alone to keep their items apart. An overlap on an
	// index needs no entry here: Define refuses it only where one of the two
	// recognises unmarked items (RecognizeUnmarked), whatever this says, and
	// Table.Lint reports the others (LintIndexOverlap).
	SharesKeysWith []string
	// ExtraAttributes names attributes the entity's items may hold that T
	// does not declare (written by other code, or by an older version):
	// updates, conditions, filters and projections may name them, and
	// their values are encoded by their own Go type. Any other name T does
	// not store is refused, so that a typo never writes or reads a stray
	// attribute.
	ExtraAttributes []string
	// RecognizeUnmarked makes the entity take as its own an item that has
	// no entity marker attribute at all (written by other code: the raw
	// SDK, another library) when the item's table key is one this entity's
	// key templates can render. Such an item is read, queried, scanned,
	// updated, deleted and put over as this entity's, at the entity's
	// current Version. A put over it, or an update that moves it to a new
	// key, writes the markers (it adopts the item); a plain update leaves
	// it unmarked; Adopt adopts items explicitly. An item carrying
	// another entity's marker is never touched. The zero value refuses
	// unmarked items, as an entity without this option always has.
	//
	// An unmarked item that lacks the attribute of a composite of its table
	// key (ids kept only in the key: PK "USER#123", no "id" attribute) has
	// it recovered from the key's text, converted to the field's Go type as
	// the template renders it (free text, pad and rev numbers, time, a
	// numeric key); the value read carries it, and the item is taken only
	// when a put of that value renders exactly the item's key. A composite
	// the key cannot give back is refused, naming it and why (an error
	// wrapping ddbmodel.ErrMissingComposites): one rendered only as a shard
	// number, a time rendered as a date; so is such an item lacking a
	// composite of an index key a put of its value writes. Until adopted
	// (Adopt writes the recovered attributes, the markers and the index
	// keys), such an item keeps whatever index keys other code wrote.
	//
	// Writes take exactly the unmarked items reads take: the Run of a put,
	// upsert, update or delete reads the item first (strongly consistent,
	// one read more per write), refuses an unmarked item whose attributes
	// hold other composites than its key's or that does not decode (a
	// *ddbmodel.ConditionError saying why; the item is left unchanged),
	// and is conditioned on the item being unchanged since the read. A
	// write compiled alone (Build, TransactWrite) cannot read and takes
	// any unmarked item under its key. An unmarked item without the lock
	// attribute (LockAttribute) is version 0 for every write.
	//
	// The risk: an unmarked item of some other type whose key happens to
	// fit the templates is read (and written) as this entity's. Enable it
	// only where the key layout alone tells the table's item types apart.
	// Define refuses it on two entities whose table keys can be the same
	// (entities that name each other in SharesKeysWith): both would take
	// one unmarked item as their own.
	RecognizeUnmarked bool
	// Upgrades declares how items stored at older versions of the entity
	// (their entity version attribute holds another Version) are read:
	// each, made with UpgradeFrom, decodes such an item into the entity's
	// Go type of that version and turns it into today's T. Every read
	// (Get, queries, scans, collections, transactions, batches, Decode)
	// upgrades such an item lazily; an item of a version with no upgrade
	// here is decoded directly into T, as without Upgrades. Define refuses
	// an upgrade from the entity's own Version, two from one version, an
	// empty version and a nil function.
	//
	// An entity with Upgrades keeps stored version and stored shape
	// together: an update or upsert is conditioned on the item being at
	// the entity's Version (or absent), and one that finds an item of
	// another version leaves it unchanged and fails with a
	// *ddbmodel.ConditionError wrapping a *ddbmodel.OldVersionError
	// (ddbmodel.ErrOldVersion). A put writes the whole item at today's
	// version, so Get then Put migrates one item; package evolve's Repair
	// migrates them all. Without Upgrades, requests carry no version
	// condition.
	Upgrades []Upgrade[T]
	// Sample returns a value of the entity that its rules accept, used
	// only to document the model: Table.Sample (and the NoSQL Workbench
	// export of package modelexport) renders the item a Put of it writes.
	// Nil generates one from T's stored fields (see Table.Sample); set it
	// when such a value fails the entity's rules or Validate.
	Sample func() T
}

// KeySpec describes one key attribute of an entity as a Placement gives
// it: the attribute's name (Attribute), its template (Template, nil when a
// function computes the key), whether it holds a number (Number) and the
// attributes the key is built from (Uses).
type KeySpec = contract.KeySpec

type keySpec = KeySpec

type keyDef struct {
	keySpec
	// fn is the key function (IndexKey.SortFunc), nil for a template: it
	// takes a pointer to the entity's value (a *T).
	fn func(v unsafe.Pointer) (string, error)
	// ownField: the key attribute is a field of T and the template is
	// exactly ${field}, the field's own value (set at Define by
	// checkKeyFields): updates write it as the field.
	ownField bool
	// slots, when not nil, gives for each composite of the template the
	// slot of the fast encoder's itemWriter that holds its value, so that a
	// put renders the key from values by position (see assignSlots).
	slots []int
	// hasTime: a composite is a time field, whose text renderKeyIn
	// normalises (see timeSource).
	hasTime bool
}

// uses reports whether the key is built from the attribute name; false
// for a nil key (an entity without a sort key).
func (k *keyDef) uses(name string) bool { return k != nil && slices.Contains(k.Uses, name) }

type indexDef struct {
	name   string
	local  bool
	pk, sk *keyDef // pk nil for local indexes; both nil for multi
	sparse bool
	when   func(v unsafe.Pointer) (bool, error) // IndexKey.When, taking a *T (a panic is the error)
	multi  *multiIndex                          // a multi-attribute key (see multikey.go), or nil
}

type fieldRule struct {
	name  string
	index []int
	typ   reflect.Type
	Attribute
	enum map[string]bool
	// unixTime: a time.Time timestamp stored as Unix seconds (tagged
	// unixtime), set at Define (stampTime).
	unixTime bool
}

// Entity is one item type of a single-table design: a Go struct with dynamo
// tags, its key templates, its indexes and its attribute rules. Define it
// once (usually as a package-level variable with MustDefine); it is safe for
// concurrent use.
type Entity[T any] struct {
	// entityLink carries the entity's side of internal/contract for query
	// and txn.
	entityLink
	// entityCore is all of the entity that does not depend on T.
	entityCore
	// upgrades are Config.Upgrades by the version they read, nil when
	// none (upgrade.go).
	upgrades map[string]Upgrade[T]
	// sampleFn is Config.Sample (sample.go).
	sampleFn func() T
}

// entityCore is the part of an Entity that does not depend on its Go type:
// names, key templates, rules and the schema. Entity[T] embeds it, and the
// code that needs nothing of T has it as receiver, so that it is compiled
// once rather than once per entity type.
type entityCore struct {
	// texts are the marker conditions' texts, made at Define (nil before,
	// and for names that are no identifiers).
	texts *guardTexts
	// typ is T, the entity's struct type.
	typ     reflect.Type
	table   *Table
	name    string
	version string
	pk, sk  *keyDef
	indexes []*indexDef
	rules   []*fieldRule
	nested  []*nestedRule // rules on fields inside attributes
	byName  map[string]*fieldRule
	fields  map[string][]int
	hidden  [][]int
	lock    *fieldRule
	// lockAdd is the range an update's or upsert's ADD 1 keeps the lock
	// in (lockRange), made once at Define; nil for no lock or an int64.
	lockAdd *addRange
	created *fieldRule
	updated *fieldRule
	now     func() time.Time
	marker  types.AttributeValue
	ver     types.AttributeValue
	fast    *fastEncoder // nil: encode with guregu/dynamo
	// queryPlans is the query package's cache of compiled query shapes
	// (contract.Entity.QueryPlans), made at Define; copies of the entity
	// share it.
	queryPlans *sync.Map
	// keyBytes estimates the bytes of an item's rendered keys.
	keyBytes int
	// allKeys lists every key the entity renders; keyAttrs their distinct
	// attribute names; markerBytes the size the two markers add to an item.
	allKeys     []*keyDef
	keyAttrs    []string
	markerBytes int
	// keysOverlap: two keys share an attribute, or a key attribute is also
	// a field's or a marker's, so an item's size is not the sum of its
	// fields', keys' and markers' sizes.
	keysOverlap bool
	// maintained holds the key and marker attributes updates may not set;
	// read-only after Define.
	maintained map[string]bool
	// putKeyAttrs lists the key attributes other than the table key that a
	// put may write or that the entity maintains: its own keys' (in
	// keyAttrs' order), then, sorted, every other index key attribute of
	// the table that is no field of T. A write making an item what a put of its value writes (an
	// adoption, an upsert of an unmarked item) removes those the put
	// leaves out, such as the keys of an index the entity is not in that
	// other code wrote. Read-only after Define.
	putKeyAttrs []string
	// shares is Config.SharesKeysWith.
	shares []string
	// writeGuard is the marker condition of a plain put or delete.
	writeGuard writeGuard
	// times maps the key composites that are time fields (time.Time or a
	// pointer to one) to whether the field is stored as Unix seconds
	// (the unixtime tag option); read-only after Define.
	times map[string]bool
	// sch is what names and values are checked against; read-only after
	// Define.
	sch *schema
	// ownNames lists, sorted, the attributes the entity stores or
	// maintains, without its marker (see absentFrom).
	ownNames []string
	// fromKeys lists the composites a decode may read back from the key
	// attributes of an item that lacks them (key_ids.go).
	fromKeys []keyComposite
	// uniques are the unique attributes, kept by marker items (unique.go).
	uniques []*uniqueDef
	// validate is Config.Validate, taking a pointer to the value (a *T);
	// nil when not set.
	validate func(v unsafe.Pointer) error
	// hasUpgrades: Config.Upgrades is not empty (Entity.upgrades).
	hasUpgrades bool
	// unmarked is Config.RecognizeUnmarked (unmarked.go).
	unmarked bool
}

// Define checks cfg against the table and returns the entity. Every template
// is parsed here, so a bad template is reported once, naming the entity and
// the key attribute.
func Define[T any](table *Table, cfg Config[T]) (*Entity[T], error) {
	if table == nil {
		return nil, errors.New("ddbmodel: Define needs a table")
	}
	if err := table.check(); err != nil {
		return nil, err
	}
	if cfg.Name == "" {
		return nil, errors.New("ddbmodel: Define needs a name")
	}
	if strings.HasPrefix(cfg.Name, uniquePrefix) {
		// The marker items of unique attributes carry the entity marker
		// UNIQUE#<entity>#<attribute>: an entity named so would take them
		// as its items (its scans and Is).
		return nil, &ddbmodel.ValidationError{Entity: cfg.Name, Reason: fmt.Sprintf("Define: an entity name may not begin with %q, which names the marker items of unique attributes", uniquePrefix)}
	}
	rt := reflect.TypeOf((*T)(nil)).Elem()
	if rt.Kind() != reflect.Struct {
		return nil, &ddbmodel.ValidationError{Entity: cfg.Name, Reason: fmt.Sprintf("Define: type %v is not a struct", rt)}
	}
	if err := checkShape(cfg.Name, rt); err != nil {
		return nil, err
	}
	e := &Entity[T]{
		entityCore: entityCore{
			typ: rt, table: table, name: cfg.Name, version: cfg.Version,
			fields: map[string][]int{}, byName: map[string]*fieldRule{},
			now: cfg.Now, shares: slices.Clone(cfg.SharesKeysWith),
			unmarked: cfg.RecognizeUnmarked, validate: validateOf(cfg.Validate),
			queryPlans: new(sync.Map),
		},
		sampleFn: cfg.Sample,
	}
	e.entityLink = link.New[contract.Entity[Condition]](linked[T]{e})
	placements := make([]indexPlacement, len(cfg.Indexes))
	for i, ik := range cfg.Indexes {
		placements[i] = indexPlacement{Index: ik.Index, Partition: ik.Partition, Sort: ik.Sort,
			SortFunc: keyFuncOf(ik.SortFunc), SortUses: ik.SortUses, Sparse: ik.Sparse, When: whenOf(ik.When)}
	}
	rules := definition{Key: cfg.Key, Indexes: placements, Attributes: cfg.Attributes, Timestamps: cfg.Timestamps,
		LockAttribute: cfg.LockAttribute, ExtraAttributes: cfg.ExtraAttributes}
	if err := e.define(rules, func() error { return e.defineUpgrades(cfg.Upgrades) }); err != nil {
		return nil, err
	}
	// Made before the entity is registered, where other goroutines may
	// see it.
	e.sch.knownPlaceholders()
	e.makeGuardTexts()
	if err := table.register(e); err != nil {
		return nil, err
	}
	return e, nil
}

// MustDefine is Define that panics on error, for package-level variables.
func MustDefine[T any](table *Table, cfg Config[T]) *Entity[T] {
	e, err := Define(table, cfg)
	if err != nil {
		panic(err)
	}
	return e
}

func (e *entityCore) compileKey(attr KeyAttribute, src string, fn func(v unsafe.Pointer) (string, error), uses []string, max int) (*keyDef, error) {
	d := &keyDef{keySpec: keySpec{Attribute: attr.Name, Number: attr.typ() == types.ScalarAttributeTypeN}}
	if attr.typ() == types.ScalarAttributeTypeB && (src != "" || fn != nil) {
		return nil, &ddbmodel.ValidationError{Entity: e.name, Attribute: attr.Name, Reason: "Define: the key attribute is binary (B), but a template or key function renders text, which a put would write as S; declare the attribute S (entity.S)"}
	}
	if fn != nil {
		if src != "" {
			return nil, &ddbmodel.ValidationError{Entity: e.name, Attribute: attr.Name, Reason: "Define: the key attribute has both a template and a function"}
		}
		if d.Number {
			return nil, &ddbmodel.ValidationError{Entity: e.name, Attribute: attr.Name, Reason: "Define: the key attribute is a number; computed keys must be strings"}
		}
		if len(uses) == 0 {
			return nil, &ddbmodel.ValidationError{Entity: e.name, Attribute: attr.Name, Reason: "Define: a key function (SortFunc) needs SortUses, the attributes it reads: an update recomputes the key when it touches one of them, so without them the key would go stale; for a constant key, write the constant as the Sort template"}
		}
		d.fn = fn
		d.Uses = append([]string(nil), uses...)
		return d, nil
	}
	if src == "" {
		return nil, &ddbmodel.ValidationError{Entity: e.name, Attribute: attr.Name, Reason: "Define: no template for the key attribute"}
	}
	kind := keys.String
	if d.Number {
		kind = keys.Number
	}
	t, err := keys.Compile(keys.Spec{Attribute: attr.Name, Template: src, Kind: kind, MaxBytes: max})
	if err != nil {
		return nil, &ddbmodel.ValidationError{Entity: e.name, Attribute: attr.Name, Reason: "Define: key template", Err: err}
	}
	d.Template = t
	d.Uses = t.Composites()
	return d, nil
}

// assignSlots lets a put render its keys from the values the fast
// encoder wrote rather than looking each composite up in the item by name:
// every field that a key template uses gets a slot of the itemWriter, which
// the encoder fills with the text the item holds for it (or leaves empty
// when the item has none), and every key whose composites all have slots
// records them. Keys that name another attribute (a bool, a set, a key
// attribute) keep the lookup; when keys overlap fields nothing gets slots.
func (e *entityCore) assignSlots() {
	if e.fast == nil || e.keysOverlap {
		return
	}
	slotOf := map[string]int{}
	next := 0
	for _, d := range e.allKeys {
		if d.Template == nil {
			continue
		}
		slots := make([]int, len(d.Uses))
		for i, name := range d.Uses {
			slot, ok := slotOf[name]
			if !ok {
				if slot = e.fast.assignSlot(name, next); slot >= 0 {
					next++
				}
				slotOf[name] = slot
			}
			if slot < 0 {
				slots = nil
				break
			}
			slots[i] = slot
		}
		d.slots = slots
	}
}

// findTimes records the key composites that are time fields, so that a
// key renders the same text for a time however it is given: from a put's
// item (which holds the time in its own zone), from a stored item, from a
// time.Time or from text. A ${at:date} composite of a time stored as Unix
// seconds (the unixtime tag option) or of an integer field (Unix seconds,
// as the time format takes an integer) is recompiled to take the seconds
// the item holds (keys.Spec.UnixSeconds), so that it renders their UTC
// day. It runs before anything else keeps the key templates.
func (e *entityCore) findTimes(rt reflect.Type) error {
	for _, d := range e.allKeys {
		var unixDates []string
		for _, name := range d.Uses {
			idx, ok := e.fields[name]
			if !ok || d.Template == nil {
				continue
			}
			f := rt.FieldByIndex(idx)
			ft := f.Type
			for ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			format, _ := d.Template.CompositeFormat(name)
			isDate := format == "date"
			if ft != timeType {
				if isDate && isInt(ft) {
					// An integer is taken as Unix seconds, as the time
					// format takes it (an int64 Timestamps field).
					unixDates = append(unixDates, name)
				}
				continue
			}
			_, opts, _ := strings.Cut(f.Tag.Get("dynamo"), ",")
			if e.times == nil {
				e.times = map[string]bool{}
			}
			unix := slices.Contains(strings.Split(opts, ","), "unixtime")
			e.times[name] = unix
			d.hasTime = true
			if unix && isDate {
				unixDates = append(unixDates, name)
			}
		}
		if len(unixDates) > 0 {
			spec := d.Template.Spec()
			spec.UnixSeconds = unixDates
			t, err := keys.Compile(spec)
			if err != nil {
				return &ddbmodel.ValidationError{Entity: e.name, Attribute: d.Attribute, Reason: "Define: key template", Err: err}
			}
			d.Template = t
		}
	}
	return nil
}

// Name returns the entity's name, the value of its marker attribute ("" for
// a nil entity).
func (e *Entity[T]) Name() string {
	if e == nil {
		return ""
	}
	return e.name
}

// Version returns the entity's version ("" for a nil entity).
func (e *Entity[T]) Version() string {
	if e == nil {
		return ""
	}
	return e.version
}

// Table returns the table the entity lives in (nil for a nil or zero
// entity).
func (e *Entity[T]) Table() *Table {
	if e == nil {
		return nil
	}
	return e.table
}

// keySpecs returns the partition and sort key of the table (index "") or
// of a secondary index as the entity fills them. ok is false when the
// entity is not in that index. For a multi-attribute index each spec has
// no Template, names the role's first attribute, and lists all the role's
// attributes in Uses.
func (e *entityCore) keySpecs(index string) (pk, sk keySpec, ok bool) {
	if index == "" {
		pk = e.pk.keySpec
		if e.sk != nil {
			sk = e.sk.keySpec
		}
		return pk, sk, true
	}
	for _, d := range e.indexes {
		if d.name == index {
			if d.multi != nil {
				pk, sk = d.multi.specs()
				return pk, sk, true
			}
			if d.local {
				pk = e.pk.keySpec
			} else {
				pk = d.pk.keySpec
			}
			if d.sk != nil {
				sk = d.sk.keySpec
			}
			return pk, sk, true
		}
	}
	return keySpec{}, keySpec{}, false
}

// Is reports whether a raw item is this entity's: it carries this entity's
// marker, or (with Config.RecognizeUnmarked) it has no marker and its table
// key is one the entity's templates render. A nil or zero entity (not made
// by Define) has no item.
func (e *Entity[T]) Is(item map[string]types.AttributeValue) bool {
	return e.defined() && e.is(item)
}

// readOwner is an entity's core as package txn's reads see it
// (contract.Read.Owner): a type of its own, so that its exported method is
// not promoted to Entity[T], which embeds entityCore.
type readOwner entityCore

// OtherEntitys reports whether item carries another entity's marker.
func (o *readOwner) OtherEntitys(item map[string]types.AttributeValue) bool {
	e := (*entityCore)(o)
	return !e.table.Unmarked(item) && !e.is(item)
}

// is is Is, for the code that needs nothing of T.
func (e *entityCore) is(item map[string]types.AttributeValue) bool {
	return stringAttr(item, e.table.EntityAttr()) == e.name || e.unmarked && e.matchUnmarked(item) == nil
}

// Decode decodes a raw item into T. The item must be this entity's (see
// Is); otherwise the error is an *ddbmodel.UnknownEntityError. A nil or
// zero entity (not made by Define) decodes nothing: the error is a
// *ddbmodel.ValidationError.
func (e *Entity[T]) Decode(item map[string]types.AttributeValue) (T, error) {
	var v T
	if !e.defined() {
		return v, errNoEntity("decode")
	}
	if !e.Is(item) {
		return v, e.notThisEntity(item)
	}
	err := e.decodeInto(item, &v)
	return v, err
}

func (e *Entity[T]) decodeInto(item map[string]types.AttributeValue, v *T) (err error) {
	// A field's own UnmarshalDynamo or UnmarshalText may panic: the item
	// then does not decode, like one whose values do not fit.
	defer func() {
		if x := recover(); x != nil {
			err = &ddbmodel.DecodeError{Entity: e.name, Version: e.version, ItemVersion: stringAttr(item, e.table.EntityVersionAttr()), Err: &ddbmodel.PanicError{Value: x, Stack: debug.Stack()}, Key: errtext.DescribeKey(e.tableKey(item))}
		}
	}()
	if upgraded, err := e.upgradeInto(item, v); upgraded || err != nil {
		if err == nil {
			e.zeroHidden(v)
		}
		return err
	}
	if e.unmarked && e.table.Unmarked(item) {
		full, _, err := e.recoverComposites(item) // unmarked_legacy.go
		if err != nil {
			return err
		}
		item = full
	}
	item = e.idsFromKeys(item) // key_ids.go
	if err := dynamo.UnmarshalItem(item, v); err != nil {
		return &ddbmodel.DecodeError{Entity: e.name, Version: e.version, ItemVersion: stringAttr(item, e.table.EntityVersionAttr()), Err: err, Key: errtext.DescribeKey(e.tableKey(item)), Attribute: undecodableAttribute(e.typ, item)}
	}
	e.zeroHidden(v)
	return nil
}

// zeroHidden zeroes the Hidden fields of a value decoded.
func (e *Entity[T]) zeroHidden(v *T) {
	if len(e.hidden) > 0 {
		rv := reflect.ValueOf(v).Elem()
		for _, idx := range e.hidden {
			f := rv.FieldByIndex(idx)
			f.Set(reflect.Zero(f.Type()))
		}
	}
}

// undecodableAttribute names the first attribute of item, in name order,
// that does not decode into T (typ) on its own, for the DecodeError of an
// item that does not decode; "" when each decodes alone. Only the error
// path pays for it.
func undecodableAttribute(typ reflect.Type, item map[string]types.AttributeValue) string {
	for _, name := range slices.Sorted(maps.Keys(item)) {
		v := reflect.New(typ)
		if unmarshalItem(map[string]types.AttributeValue{name: item[name]}, v.Interface()) != nil {
			return name
		}
	}
	return ""
}

func (e *Entity[T]) decodeAny(item map[string]types.AttributeValue) (any, error) {
	var v T
	err := e.decodeInto(item, &v)
	return v, err
}

func stringAttr(item map[string]types.AttributeValue, name string) string {
	if s, ok := item[name].(*types.AttributeValueMemberS); ok {
		return s.Value
	}
	return ""
}

func unknownEntity(name, version string) error {
	return &ddbmodel.UnknownEntityError{Marker: name, Version: version}
}
