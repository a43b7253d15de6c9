package entity_test

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
)

// leaseWithoutExpiry answers an UpdateItem as DynamoDB does for a lease
// item that has no expires attribute: the condition failed, and the item
// is returned with the failure.
type leaseWithoutExpiry struct{ entity.Client }

func (leaseWithoutExpiry) UpdateItem(context.Context, *dynamodb.UpdateItemInput, ...func(*dynamodb.Options)) (*dynamodb.UpdateItemOutput, error) {
	return nil, &types.ConditionalCheckFailedException{
		Message: aws.String("The conditional request failed"),
		Item: map[string]types.AttributeValue{
			"PK":       &types.AttributeValueMemberS{Value: "LEASE#l1"},
			"SK":       &types.AttributeValueMemberS{Value: "#S"},
			"__entity": &types.AttributeValueMemberS{Value: "Lease"},
			"id":       &types.AttributeValueMemberS{Value: "l1"},
			"seats":    &types.AttributeValueMemberN{Value: "3"},
		},
	}
}

// An Add to a time stored as Unix seconds moves a time the item holds: on
// an item without it (DynamoDB would create it at 1970 plus the delta, and
// a TTL would expire the item at once) the update fails, and its
// *entity.AddRangeError has Missing set. The remedy is to Set the time.
func ExampleAddRangeError_missing() {
	db := entity.NewDB(leaseWithoutExpiry{}, "shop")
	_, err := leases.Update(entity.Values{"id": "l1"}).Apply(leaseExpires.AddDuration(time.Hour)).Run(context.Background(), db)
	var re *entity.AddRangeError
	if errors.As(err, &re) && re.Missing {
		fmt.Printf("%s has no %s to move; Set it instead\n", re.Entity, re.Attribute)
	}
	fmt.Println(errors.Is(err, ddbmodel.ErrConditionFailed))
	// Output:
	// Lease has no expires to move; Set it instead
	// true
}
