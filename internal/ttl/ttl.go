// Package ttl is the one rule by which the library counts an item expired
// by its TTL attribute: reads that skip expired items (entity's
// Unexpired and SkipExpired), the takeover of orphaned unique markers
// (internal/txwrite) and package evolve all ask it.
package ttl

import (
	"strconv"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// Expired reports whether av, an item's TTL attribute, counts the item
// expired at now: a number of Unix seconds at or before now, and not
// before Horizon(now). DynamoDB's TTL never deletes an item whose TTL
// is more than five years in the past, so such an item is live, as is
// one whose attribute is absent or no number (DynamoDB's TTL ignores it).
func Expired(av types.AttributeValue, now time.Time) bool {
	n, ok := av.(*types.AttributeValueMemberN)
	if !ok {
		return false
	}
	f, err := strconv.ParseFloat(n.Value, 64)
	return err == nil && f <= float64(now.Unix()) && f >= float64(Horizon(now))
}

// Horizon returns the Unix seconds five years (calendar years, in UTC)
// before now: a TTL before it is too far in the past for DynamoDB's TTL
// to delete the item, and Expired counts the item live.
func Horizon(now time.Time) int64 {
	return now.UTC().AddDate(-5, 0, 0).Unix()
}
