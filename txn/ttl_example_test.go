package txn_test

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/txn"
)

// A read transaction whose gets SkipExpired leaves out an item whose TTL
// has passed but that DynamoDB has not deleted yet: Found is false,
// Expired tells it from an item that is absent, and Decode reports
// ErrNotFound. (A stub client answers here with stored items.)
func ExampleItems_Expired() {
	_, sessions := sessionModel("expiresAt")
	stored := storedItems{items: map[string]map[string]types.AttributeValue{}}
	for _, s := range ttlSessions(time.Now()) { // expired, live, forever
		in, err := sessions.Put(s).Build()
		if err != nil {
			panic(err)
		}
		stored.items[itemID(in.Item)] = in.Item
	}
	db := entity.NewDB(stored, "sessions")

	var reads []txn.ReadOp
	for _, id := range []string{"expired", "live", "forever", "absent"} {
		reads = append(reads, sessions.Get(entity.Values{"user": "u", "id": id}).SkipExpired())
	}
	items, err := txn.Get(reads...).Run(context.Background(), db)
	if err != nil {
		panic(err)
	}
	for i, id := range []string{"expired", "live", "forever", "absent"} {
		_, err := txn.Decode(items, i, sessions)
		fmt.Printf("%-7s found=%v expired=%v not-found=%v\n", id, items.Found(i), items.Expired(i), errors.Is(err, ddbmodel.ErrNotFound))
	}
	// Output:
	// expired found=false expired=true not-found=true
	// live    found=true expired=false not-found=false
	// forever found=true expired=false not-found=false
	// absent  found=false expired=false not-found=true
}
