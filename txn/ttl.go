package txn

import (
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel/entity"
)

var _ ReadOp = entity.GetOp[struct{}]{}

// set stores item as read i's result, or leaves it out when it carries
// another entity's marker, or when read op skips it as
// expired at now (entity.GetOp.SkipExpired), as GetOp.Run does.
func (it *Items) set(i int, op ReadOp, item map[string]types.AttributeValue, now time.Time) {
	r := readOf(op)
	if len(item) > 0 && r.Owner != nil && r.Owner.OtherEntitys(item) {
		it.raw[i] = nil // not this entity's: not found, as GetOp.Run says
		return
	}
	if len(item) > 0 && r.Expired(item, now) {
		if it.expired == nil {
			it.expired = make([]bool, len(it.raw))
		}
		it.raw[i], it.expired[i] = nil, true
		return
	}
	it.raw[i] = item
}

// Expired reports whether read i found an item but left it out because its
// TTL had passed when it was read (the read asked SkipExpired): Found(i) is
// then false and Decode reports ddbmodel.ErrNotFound.
func (it Items) Expired(i int) bool { return i >= 0 && i < len(it.expired) && it.expired[i] }
