package evolve_test

import (
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"

	"github.com/ddbmodel/ddbmodel/entity/evolve"
)

// An item written under model v1, checked under v2 without I/O: v2 changed
// the sort template of GSI1 and the condition of the sparse GSI2. The
// finding's Build is the UpdateItem Repair sends: it rewrites those keys
// alone, on the condition that the item is as read.
func ExampleJob_Check() {
	v1, v2 := modelV1(), modelV2()
	in, err := v1.tickets.Put(Ticket{TenantID: "acme", ID: "k1", Status: "open", Owner: "ana"}).Build()
	if err != nil {
		fmt.Println(err)
		return
	}
	f, err := evolve.Entity(v2.tickets).Check(in.Item)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, d := range f.Diffs {
		fmt.Printf("%s %s: %v -> %v\n", d.Kind, d.Attribute, text(d.Stored), text(d.Wanted))
	}
	up, err := f.Build()
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(aws.ToString(up.UpdateExpression))
	fmt.Println(len(up.ExpressionAttributeNames), "attributes conditioned or written")
	// Output:
	// stale index key GSI1SK: TICKET#k1 -> PRIO#00#TICKET#k1
	// unwanted index key GSI2PK: OPEN#acme -> (absent)
	// unwanted index key GSI2SK: P#00#k1 -> (absent)
	// SET #GSI1SK = :v0 REMOVE #GSI2PK, #GSI2SK
	// 16 attributes conditioned or written
}
