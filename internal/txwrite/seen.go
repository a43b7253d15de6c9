package txwrite

import (
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel/internal/expr"
)

// seenKeys records the items a transaction's actions are on: the first
// few by their table and key, compared attribute by attribute (most
// transactions have a handful of actions, and comparing costs less than
// writing each key's ID), the rest by their KeyID in a map.
type seenKeys struct {
	few [8]struct {
		table string
		key   map[string]types.AttributeValue
		i     int
	}
	nfew int
	more map[string]int
}

// add records that action i is on the item of key in table, or returns
// the earlier action on it.
func (s *seenKeys) add(table string, key map[string]types.AttributeValue, i int) (int, bool) {
	for _, f := range s.few[:s.nfew] {
		if f.table == table && expr.SameKey(f.key, key) {
			return f.i, true
		}
	}
	if s.nfew < len(s.few) {
		s.few[s.nfew].table, s.few[s.nfew].key, s.few[s.nfew].i = table, key, i
		s.nfew++
		return 0, false
	}
	id := expr.KeyID(table, key)
	if j, ok := s.more[id]; ok {
		return j, true
	}
	if s.more == nil {
		s.more = map[string]int{}
	}
	s.more[id] = i
	return 0, false
}

// tableIn returns a pointer to the TableName field of the action, for
// reading: unlike tableOf it copies nothing.
func tableIn(it *types.TransactWriteItem) **string {
	switch {
	case it.Put != nil:
		return &it.Put.TableName
	case it.Update != nil:
		return &it.Update.TableName
	case it.Delete != nil:
		return &it.Delete.TableName
	default:
		return &it.ConditionCheck.TableName
	}
}
