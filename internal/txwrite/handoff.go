package txwrite

import (
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel/internal/expr"
)

// Handoffs merges, in actions, each release (a delete) and take (a put) of
// one unique value's marker item, which two items of one transaction
// exchange (user A gives up an e-mail address, user B takes it), into one
// put naming the new owner: DynamoDB refuses two actions on one item. The
// put keeps the release's condition (the marker is absent or the releasing
// item's), which is what the delete followed by the put would require; a
// failure is reported as the take's (the value is taken). Two takes of
// one value are refused with the value's *ddbmodel.UniqueError before any
// request is sent. The other actions keep their order; the merged put
// stands where the take stood.
func Handoffs(actions []Action) ([]Action, error) {
	type pair struct{ release, take int }
	var pairs map[string]*pair
	for i, a := range actions {
		if a.unique == nil || a.Item.Put == nil && a.Item.Delete == nil {
			continue
		}
		if pairs == nil {
			pairs = map[string]*pair{}
		}
		id := expr.KeyID(aws.ToString(*tableIn(&a.Item)), a.Key)
		p := pairs[id]
		if p == nil {
			p = &pair{release: -1, take: -1}
			pairs[id] = p
		}
		switch {
		case a.Item.Put == nil:
			if p.release >= 0 {
				continue // two releases: Input refuses them as two actions on one item
			}
			p.release = i
		case p.take >= 0 && sameOwner(actions[p.take], a):
			// Two takes by one item (the same operation twice): not a
			// value another item holds; Input refuses the two actions on
			// the item itself.
			continue
		case p.take >= 0:
			taken := *a.unique
			return nil, &taken
		default:
			p.take = i
		}
	}
	drop := map[int]bool{}
	var out []Action
	for _, p := range pairs {
		if p.release < 0 || p.take < 0 {
			continue
		}
		if out == nil {
			out = append([]Action(nil), actions...)
		}
		del, put := actions[p.release].Item.Delete, *actions[p.take].Item.Put
		put.ConditionExpression = del.ConditionExpression
		put.ExpressionAttributeNames, put.ExpressionAttributeValues = del.ExpressionAttributeNames, del.ExpressionAttributeValues
		out[p.take].Item = types.TransactWriteItem{Put: &put}
		drop[p.release] = true
	}
	if out == nil {
		return actions, nil
	}
	kept := out[:0]
	for i, a := range out {
		if !drop[i] {
			kept = append(kept, a)
		}
	}
	return kept, nil
}

// sameOwner reports whether two takes of a value's marker are by one item.
func sameOwner(a, b Action) bool {
	return a.claim != nil && b.claim != nil && a.claim.Owner == b.claim.Owner
}
