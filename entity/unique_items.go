package entity

import (
	"strings"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// UniqueMarker is what Table.Decode returns for a marker item of a unique
// attribute (Attribute.Unique): the library's own bookkeeping, which a
// table-wide read (a raw scan, a stream, a partition's collection) meets
// beside the entities' items. It is neither an unknown entity's item nor
// one that fails to decode.
type UniqueMarker struct {
	Entity    string // the entity whose attribute is unique
	Attribute string // the unique attribute
	Value     string // the value in use, as the marker key holds it
	// Owner identifies the table key of the item holding the value: the
	// marker's uniqueOwner attribute as stored (an encoding of that key's
	// attribute names, types and values).
	Owner string
}

// IsUniqueMarker reports whether a raw item is a marker item of a unique
// attribute of an entity of the table (see UniqueMarker): exactly, its
// entity marker names a unique attribute of one of the table's entities,
// its partition key is that attribute's marker key with a value, its sort
// key (on a table with one) is the markers' ("UNIQUE"), and it names its
// owner.
func (t *Table) IsUniqueMarker(item map[string]types.AttributeValue) bool {
	_, ok := t.uniqueMarker(item)
	return ok
}

// uniqueMarker decodes a marker item of a unique attribute of one of the
// table's entities.
func (t *Table) uniqueMarker(item map[string]types.AttributeValue) (UniqueMarker, bool) {
	if t == nil {
		return UniqueMarker{}, false
	}
	marker := stringAttr(item, t.EntityAttr())
	if !strings.HasPrefix(marker, uniquePrefix) {
		return UniqueMarker{}, false
	}
	t.mu.RLock()
	defer t.mu.RUnlock()
	for _, d := range t.entities {
		if _, ok := d.uniqueSpaces()[marker]; !ok {
			continue
		}
		rest, ok := strings.CutPrefix(stringAttr(item, t.PartitionKey.Name), marker+"#")
		value, plain := uniqueValueOf(rest)
		if !ok || !plain || value == "" || stringAttr(item, uniqueOwnerAttr) == "" ||
			t.SortKey.Name != "" && stringAttr(item, t.SortKey.Name) != uniqueSortKey {
			// Exactly a marker: its sort key, a value and an owner.
			return UniqueMarker{}, false
		}
		return UniqueMarker{Entity: d.Name(), Attribute: strings.TrimPrefix(marker, uniquePrefix+d.Name()+"#"),
			Value: value, Owner: stringAttr(item, uniqueOwnerAttr)}, true
	}
	return UniqueMarker{}, false
}
