package exampleapp_test

import (
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel/internal/exampleapp"
)

func ExampleDescribeQuery() {
	in := &dynamodb.QueryInput{
		TableName:              aws.String("cms"),
		IndexName:              aws.String("GSI1"),
		KeyConditionExpression: aws.String("#pk = :pk AND begins_with(#sk, :sk)"),
		FilterExpression:       aws.String("#views >= :min"),
		ExpressionAttributeNames: map[string]string{
			"#pk": "GSI1PK", "#sk": "GSI1SK", "#views": "Views",
		},
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":pk":  &types.AttributeValueMemberS{Value: "AUTHOR#a1"},
			":sk":  &types.AttributeValueMemberS{Value: "ARTICLE#"},
			":min": &types.AttributeValueMemberN{Value: "100"},
		},
		ScanIndexForward: aws.Bool(false),
		Limit:            aws.Int32(5),
	}
	fmt.Println(exampleapp.DescribeQuery(in))
	// Output:
	// Query cms/GSI1: GSI1PK = "AUTHOR#a1" AND begins_with(GSI1SK, "ARTICLE#"); filter: Views >= 100; descending; limit 5
}
