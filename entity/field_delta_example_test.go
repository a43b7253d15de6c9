package entity_test

import (
	"fmt"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel/entity"
)

type Lease struct {
	ID      string    `dynamo:"id"`
	Seats   uint      `dynamo:"seats"`
	Expires time.Time `dynamo:"expires,unixtime"`
}

var (
	leases = entity.MustDefine(shop, entity.Config[Lease]{
		Name: "Lease",
		Key:  entity.Key{Partition: "LEASE#${id}", Sort: "#S"},
	})
	leaseSeats   = entity.NumberOf(leases, func(l *Lease) *uint { return &l.Seats })
	leaseExpires = entity.TimeOf(leases, func(l *Lease) *time.Time { return &l.Expires })
)

// Sub decrements a number field of any type, an unsigned one too, whose Add
// takes no negative value. The write is conditioned so that a uint never
// goes below 0 (an *entity.AddRangeError otherwise).
func ExampleNumberField_Sub() {
	in, err := leases.Update(entity.Values{"id": "l1"}).Apply(leaseSeats.Sub(1)).Build()
	if err != nil {
		panic(err)
	}
	fmt.Println(*in.UpdateExpression)
	fmt.Println(in.ExpressionAttributeValues[":v0"].(*types.AttributeValueMemberN).Value)
	fmt.Println(*in.ConditionExpression)
	// Output:
	// ADD #seats :v0
	// -1
	// (#__entity = :v1) AND (#seats >= :v2)
}

// AddDuration moves a time stored as Unix seconds (the unixtime tag
// option) without reading it; on a time stored as text, Build refuses it.
func ExampleTimeField_AddDuration() {
	in, err := leases.Update(entity.Values{"id": "l1"}).Apply(leaseExpires.AddDuration(24 * time.Hour)).Build()
	if err != nil {
		panic(err)
	}
	fmt.Println(*in.UpdateExpression)
	fmt.Println(in.ExpressionAttributeValues[":v0"].(*types.AttributeValueMemberN).Value)
	// Output:
	// ADD #expires :v0
	// 86400
}
