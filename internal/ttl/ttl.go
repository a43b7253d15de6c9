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
// expired at now: a number of Unix seconds at or before now. An attribute
// that is absent or no number never expires (DynamoDB's TTL ignores it).
func Expired(av types.AttributeValue, now time.Time) bool {
	n, ok := av.(*types.AttributeValueMemberN)
	if !ok {
		return false
	}
	f, err := strconv.ParseFloat(n.Value, 64)
	return err == nil && f <= float64(now.Unix())
}
