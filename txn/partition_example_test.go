package txn_test

import (
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/txn"
)

// Deleting a user's memberships reads the user's partition with a filter on
// the Membership marker, so the user's profile in the same partition stays;
// AllEntities reads (and deletes) every item of the partition. Run deletes
// page by page and returns a count and a cursor to resume from:
//
//	res, err := d.Run(ctx, db, txn.BatchOptions{}, "")
//	// on error: res.Deleted so far, res.Cursor to pass to Run again
func ExampleDeletePartition() {
	m := newModel()
	d := txn.DeletePartition(m.members, entity.Values{"userId": "u1"})
	in, err := d.Build()
	if err != nil {
		panic(err)
	}
	fmt.Println(aws.ToString(in.KeyConditionExpression), "filter", aws.ToString(in.FilterExpression))
	in, err = d.AllEntities().Build()
	if err != nil {
		panic(err)
	}
	fmt.Println(aws.ToString(in.KeyConditionExpression), "filter", aws.ToString(in.FilterExpression))
	// Output:
	// #PK = :v0 AND begins_with(#SK, :v1) filter #__entity = :v2
	// #PK = :v0 filter
}
