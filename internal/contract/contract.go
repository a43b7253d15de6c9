// Package contract is what the query and txn packages need of an entity and
// of a table beyond their public API: key descriptions, key sources, the
// entity's own filter, and condition rendering against the entity's
// attributes. The entity package implements it; query and txn reach it
// through package link (see Of), so none of it is exported to users.
package contract

import (
	"sync"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel/internal/composite"
	"github.com/ddbmodel/ddbmodel/internal/expr"
	"github.com/ddbmodel/ddbmodel/internal/link"
	"github.com/ddbmodel/ddbmodel/internal/ttl"
	"github.com/ddbmodel/ddbmodel/keys"
)

// KeySpec describes one key attribute of an entity.
type KeySpec struct {
	Attribute string         // the key attribute name, e.g. "GSI1PK"
	Template  *keys.Template // nil when the key is computed by a function
	Number    bool           // the attribute holds a number
	Uses      []string       // the attributes the key is built from
}

// Entity is an entity's side of the contract. C is the entity package's
// Condition type (a type parameter, so that this package needs no import
// of entity).
type Entity[C any] interface {
	// KeySpecs returns the partition and sort key of the table (index
	// "") or of a secondary index as the entity fills them. ok is false
	// when the entity is not in that index. For a multi-attribute index
	// each spec has no Template, names the role's first attribute, and
	// lists all the role's attributes in Uses.
	KeySpecs(index string) (pk, sk KeySpec, ok bool)
	// KeySource gives composites the text a put of the entity renders,
	// refusing (keys.ErrType) a value that cannot be its field's type.
	KeySource(values composite.List) keys.Source
	// OwnFilter is the condition that a scanned item is this entity's as
	// far as DynamoDB can tell (its marker, or no marker when the entity
	// recognises unmarked items).
	OwnFilter() C
	// RecognizesUnmarked reports Config.RecognizeUnmarked.
	RecognizesUnmarked() bool
	// SharesKeysWith returns the first, by name, of the entities of the
	// table that share table keys with this one (Config.SharesKeysWith,
	// named on either side), or "": only the marker condition of a
	// single-item write keeps their items apart.
	SharesKeysWith() string
	// IndexKeyFits reports whether an item read from index (a secondary
	// index; "" is the table) holds, when it has no marker, the index key
	// attributes a put of its value writes; true for a marked item, the
	// table, and an item Is refuses or that does not decode.
	IndexKeyFits(item map[string]types.AttributeValue, index string) bool
	// UnmarkedNeeds lists, sorted, the attributes (beside key and marker
	// attributes) an unmarked item read must hold for the entity to tell
	// whether it is its own; nil when it does not recognise unmarked items.
	UnmarkedNeeds() []string
	// QueryPlans is a cache the query package keeps per entity: the
	// compiled shapes of its commonest queries, by index name. The entity
	// only holds it.
	QueryPlans() *sync.Map
	// RenderCondition checks every name of c and encodes every value
	// against this entity and then the others (a collection's members: a
	// name resolves against the first that has it), rendering into w.
	RenderCondition(c C, w *expr.Writer, others ...Entity[C]) (string, error)
	// ProjectionPath checks a projected attribute name or document path
	// as RenderCondition does and renders it into w.
	ProjectionPath(name string, w *expr.Writer, others ...Entity[C]) (string, error)
	// FieldPath returns the path a typed field handle of the entity
	// (entity.AnyField) names, as its own operations use it: a handle
	// MapField.Key refused keeps the mark ProjectionPath reports as the
	// refusal; any other value's Path.
	FieldPath(f interface{ Path() string }) string
	// AttributeValue encodes v as a put of the entities' field attr
	// encodes it (for multi-attribute key conditions); loose accepts the
	// text of a number or time as key values do.
	AttributeValue(attr string, v any, loose bool, others ...Entity[C]) (types.AttributeValue, error)
	// Attributes returns the attribute names c reads.
	Attributes(c C) []string
	// Stamps names the attributes every put of the entity sets whatever
	// the value: its Updated timestamp and its lock attribute ("" for
	// none). Package evolve reads them to repair an item without
	// rewriting its value.
	Stamps() (updated, lock string)
	// StoredNames lists the attributes a write of the entity may store
	// beside key and marker attributes: T's stored fields and the
	// ExtraAttributes, in no order.
	StoredNames() []string
	// ExtraNames lists the ExtraAttributes, in no order: attributes an
	// item may hold that T does not, which a put of a decoded value
	// therefore lacks.
	ExtraNames() []string
	// PutItem is the item a put of v (a T) writes (also for an entity
	// with unique attributes, whose Put(v).Build() is refused); with
	// keepUpdated, keeping v's Updated timestamp when set (kept), else
	// setting it to now.
	PutItem(v any, keepUpdated bool) (item map[string]types.AttributeValue, kept bool, err error)
	// KeyLayoutFits reports whether item's table key is one the entity's
	// templates can render: of the type each template renders, with the
	// literal parts and composites each extracts. An item whose key does
	// not fit is another kind of item by its key layout.
	KeyLayoutFits(item map[string]types.AttributeValue) bool
	// UniqueMarkers returns the marker items of the unique values item
	// holds (entity.Attribute.Unique), each as a write of item puts it,
	// naming item's table key as owner; none for an entity without
	// unique attributes. Package evolve checks and writes them.
	UniqueMarkers(item map[string]types.AttributeValue) ([]UniqueMarker, error)
}

// UniqueMarker is the marker item of one unique value an item holds.
type UniqueMarker struct {
	Attribute  string                          // the unique attribute
	Value      types.AttributeValue            // the value, as the item holds it
	Key        map[string]types.AttributeValue // the marker item's table key
	Item       map[string]types.AttributeValue // the marker item naming the holder
	Owner      string                          // the owner attribute naming the holder
	OwnerAttr  string                          // the marker's owner attribute
	EntityAttr string                          // the table's entity marker attribute
	Marker     types.AttributeValue            // the marker item's entity marker
	TTL        string                          // the table's TTL attribute; "" when none
	// Holder is the entity marker of the items that may hold the value
	// (the entity's own; an item without the marker attribute may too).
	Holder types.AttributeValue
	// IsKey reports whether a key is a table key of the marker's table.
	IsKey func(map[string]types.AttributeValue) bool
}

// Of returns what x, an *entity.Entity[T], carries for query and txn.
func Of[C any](x link.Holder[Entity[C]]) Entity[C] { return link.Get(x) }

// Read is what package txn needs of an entity's get (entity.GetOp) beyond
// its public API, carried through package link: a read transaction or a
// batch get names the entity in its errors, honours the read's
// consistency, and leaves out an expired item the read skips.
type Read struct {
	Entity       string // the entity read; "" for a zero operation
	Consistent   bool   // the read asks for strong consistency
	SkipExpired  bool   // the read leaves an expired item out
	TTLAttribute string // the table's TTL attribute; "" when none
	// Owner tells another entity's item under the read's key (one with
	// another entity's marker), which the read reports as not found, as
	// GetOp.Run does; nil for a zero operation. An item without a marker
	// is left to Decode, which refuses it unless the entity recognises it.
	Owner interface {
		OtherEntitys(item map[string]types.AttributeValue) bool
	}
}

// Expired reports whether the read leaves item, read at now, out as
// expired: it skips expired items, and item's TTL attribute holds Unix
// seconds at or before now (ttl.Expired).
func (r Read) Expired(item map[string]types.AttributeValue, now time.Time) bool {
	return r.SkipExpired && r.TTLAttribute != "" && ttl.Expired(item[r.TTLAttribute], now)
}

// ReadOf returns what x, an entity.GetOp, carries for txn.
func ReadOf(x link.Holder[Read]) Read { return link.Get(x) }
