package txwrite

import "github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

// seenKeys records the items a transaction's actions are on: the first
// few in an array (most transactions have a handful of actions), the rest
// in a map.
type seenKeys struct {
	few [8]struct {
		id string
		i  int
	}
	nfew int
	more map[string]int
}

// add records that action i is on the item id, or returns the earlier
// action on it.
func (s *seenKeys) add(id string, i int) (int, bool) {
	for _, f := range s.few[:s.nfew] {
		if f.id == id {
			return f.i, true
		}
	}
	if j, ok := s.more[id]; ok {
		return j, true
	}
	if s.nfew < len(s.few) {
		s.few[s.nfew].id, s.few[s.nfew].i = id, i
		s.nfew++
		return 0, false
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
