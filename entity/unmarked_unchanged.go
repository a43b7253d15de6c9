package entity

import (
	"maps"
	"reflect"
	"slices"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/internal/expr"
)

// The "unchanged since the read" condition of a write to an unmarked item
// (and of an adoption) holds the item to what was read: still without a
// marker, every attribute it had with the value it had, and every
// attribute the entity stores or maintains that it lacked still absent. An
// attribute another writer adds meanwhile (a field of T, an index key, a
// marker's version) fails the write, which would otherwise overwrite it or
// take an item that no longer is what the read checked.

// unchangedNode returns the "unchanged" condition node for item, the
// unmarked item read (nil: there was none, or a marked one).
func (e *entityCore) unchangedNode(item map[string]types.AttributeValue) *condNode {
	var absent []string
	if item != nil {
		absent = e.absentFrom(item)
	}
	return &condNode{op: "unchanged", vals: []any{item, e.table.EntityAttr(), e.table.PartitionKey.Name, absent}}
}

// absentFrom lists, sorted, the top-level attributes the entity stores
// (the fields of T and its declared extra attributes) or maintains (the
// table's key and index key attributes, the marker's version) that item
// lacks. The marker itself is left out: the condition checks it first.
func (e *entityCore) absentFrom(item map[string]types.AttributeValue) []string {
	names := e.ownNames
	if names == nil {
		names = e.storedAndMaintained()
	}
	var out []string
	for _, n := range names {
		if _, ok := item[n]; !ok {
			out = append(out, n)
		}
	}
	return out
}

// storedAndMaintained lists, sorted, the top-level attributes the entity
// stores or maintains, without its marker: what absentFrom picks from.
// Define computes it once (ownNames).
func (e *entityCore) storedAndMaintained() []string {
	names := map[string]bool{}
	if e.sch != nil {
		for n := range e.sch.attrs {
			names[n] = true
		}
		for n := range e.sch.extra {
			names[n] = true
		}
	}
	for n := range e.maintained {
		names[n] = true
	}
	for _, n := range e.keyAttrs {
		names[n] = true
	}
	delete(names, e.table.EntityAttr())
	return slices.Sorted(maps.Keys(names))
}

// checkUnchangedSize refuses, before any request, a write to the unmarked
// item whose "unchanged" condition alone exceeds DynamoDB's expression
// size limit: an item of very many attributes, or an entity storing very
// many that the item lacks.
func (e *entityCore) checkUnchangedSize(op string, n *condNode) error {
	var w expr.Writer
	if size := len(renderUnchanged(&w, n)); size > expr.MaxExpressionBytes {
		return &ddbmodel.LimitError{Entity: e.name,
			What:  op + ": expression size in bytes (of the condition that the unmarked item is unchanged since the read: each of its attributes, and the absence of each the entity stores that it lacks)",
			Limit: expr.MaxExpressionBytes, Got: size}
	}
	return nil
}

// checkConditionSize refuses a condition expression over DynamoDB's size
// limit before sending it.
func (e *entityCore) checkConditionSize(cond string) error {
	return expr.CheckLimits(e.name, "the condition", cond)
}

// wholeKeys reports whether the update writes both halves of every index
// key it touches: it compiles with an unmarked item read (other code wrote
// it, so the untouched half may be missing or stale), and writing one half
// alone would leave a partial key, which keeps the item out of the index.
func (p *updatePlan) wholeKeys() bool {
	return p.old != nil && p.e.unmarked && p.e.table.Unmarked(p.old)
}

// indexKeyFits reports whether an unmarked item read from index holds the
// index key attributes a put of its value writes: other code may have
// written an index key that disagrees with the item's attributes
// (GSI1PK=AUTHOR#zed with author ann), and a query of that index must not
// take the item for the value it asked for. It is true for a marked item,
// for the table (index ""), and for an item whose value does not come back
// (not the entity's, or undecodable: Is and Decode report those).
func (e *entityCore) indexKeyFits(item map[string]types.AttributeValue, index string) bool {
	if index == "" || !e.unmarked || !e.table.Unmarked(item) {
		return true
	}
	ix, ok := e.table.Index(index)
	if !ok {
		return true
	}
	put, err := e.putOfItemValue(item)
	if err != nil {
		return true
	}
	var names []string
	if !ix.Local {
		names = append(names, ix.PartitionKey.Name)
	}
	names = append(names, ix.SortKey.Name)
	for _, k := range append(slices.Clone(ix.PartitionKeys), ix.SortKeys...) {
		names = append(names, k.Name)
	}
	for _, name := range names {
		if name != "" && !reflect.DeepEqual(item[name], put[name]) {
			return false
		}
	}
	return true
}
