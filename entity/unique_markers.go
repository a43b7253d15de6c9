package entity

import (
	"maps"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel/internal/contract"
	"github.com/ddbmodel/ddbmodel/internal/expr"
)

// UniqueMarkers returns the marker items of the unique values item holds,
// as a write of item puts them (markerMoves): naming item's table key as
// owner and carrying its TTL.
func (m linked[T]) UniqueMarkers(item map[string]types.AttributeValue) ([]contract.UniqueMarker, error) {
	e := m.e
	if len(e.uniques) == 0 {
		return nil, nil
	}
	owner := expr.KeyID("", e.tableKey(item))
	var out []contract.UniqueMarker
	for _, u := range e.uniques {
		text, ok := uniqueText(u.attr, item)
		if !ok {
			continue
		}
		key, err := e.markerKey(u, text)
		if err != nil {
			return nil, err
		}
		mi := map[string]types.AttributeValue{e.table.EntityAttr(): u.marker, uniqueOwnerAttr: &types.AttributeValueMemberS{Value: owner}}
		if ttl := e.ttlOf(item); ttl != nil {
			mi[e.table.TTLAttribute] = ttl
		}
		maps.Copy(mi, key)
		out = append(out, contract.UniqueMarker{Attribute: u.attr, Value: item[u.attr], Key: key, Item: mi,
			Owner: owner, OwnerAttr: uniqueOwnerAttr, EntityAttr: e.table.EntityAttr(), Marker: u.marker, TTL: e.table.TTLAttribute,
			Holder: e.marker, IsKey: e.table.mayHold})
	}
	return out, nil
}
