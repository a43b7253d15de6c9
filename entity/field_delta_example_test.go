package entity_test

import (
	"fmt"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel/entity"
)

type Session struct {
	ID      string    `dynamo:"id"`
	Seats   uint      `dynamo:"seats"`
	Expires time.Time `dynamo:"expires,unixtime"`
}

var (
	sessions = entity.MustDefine(shop, entity.Config[Session]{
		Name: "Session",
		Key:  entity.Key{Partition: "SESSION#${id}", Sort: "#S"},
	})
	sessionSeats   = entity.NumberOf(sessions, func(s *Session) *uint { return &s.Seats })
	sessionExpires = entity.TimeOf(sessions, func(s *Session) *time.Time { return &s.Expires })
)

// Sub decrements a number field of any type, an unsigned one too, whose Add
// takes no negative value. The write is conditioned so that a uint never
// goes below 0 (an *entity.AddRangeError otherwise).
func ExampleNumberField_Sub() {
	in, err := sessions.Update(entity.Values{"id": "s1"}).Apply(sessionSeats.Sub(1)).Build()
	if err != nil {
		panic(err)
	}
	fmt.Println(*in.UpdateExpression)
	fmt.Println(in.ExpressionAttributeValues[":v0"].(*types.AttributeValueMemberN).Value)
	fmt.Println(*in.ConditionExpression)
	// Output:
	// ADD #seats :v0
	// -1
	// (#__entity = :v1) AND ((#seats >= :v2))
}

// AddDuration moves a time stored as Unix seconds (the unixtime tag
// option) without reading it; on a time stored as text, Build refuses it.
func ExampleTimeField_AddDuration() {
	in, err := sessions.Update(entity.Values{"id": "s1"}).Apply(sessionExpires.AddDuration(24 * time.Hour)).Build()
	if err != nil {
		panic(err)
	}
	fmt.Println(*in.UpdateExpression)
	fmt.Println(in.ExpressionAttributeValues[":v0"].(*types.AttributeValueMemberN).Value)
	// Output:
	// ADD #expires :v0
	// 86400
}
