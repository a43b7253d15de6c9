package papers_test

import (
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel/examples/papers"
)

// The request of A2, compiled without DynamoDB: GSI1, the collection's
// partition, descending (ScanIndexForward=false), so newest first.
func ExamplePapersInCollectionQuery() {
	in, err := papers.PapersInCollectionQuery("Data & Storage").Build()
	if err != nil {
		panic(err)
	}
	fmt.Println("index:", aws.ToString(in.IndexName))
	fmt.Println("key condition:", aws.ToString(in.KeyConditionExpression))
	fmt.Println(":v0 =", in.ExpressionAttributeValues[":v0"].(*types.AttributeValueMemberS).Value)
	fmt.Println(":v1 =", in.ExpressionAttributeValues[":v1"].(*types.AttributeValueMemberS).Value)
	fmt.Println("ScanIndexForward:", aws.ToBool(in.ScanIndexForward))
	// Output:
	// index: GSI1
	// key condition: #GSI1PK = :v0 AND begins_with(#GSI1SK, :v1)
	// :v0 = COLLECTION#Data & Storage
	// :v1 = DATE#
	// ScanIndexForward: false
}

// Figure 1 is one query of the paper's partition, with no sort key
// condition: the paper, its memberships and its topics.
func ExamplePaperPartitionQuery() {
	in, err := papers.PaperPartitionQuery("wp-002").Build()
	if err != nil {
		panic(err)
	}
	fmt.Println(aws.ToString(in.KeyConditionExpression), in.ExpressionAttributeNames["#PK"], "=",
		in.ExpressionAttributeValues[":v0"].(*types.AttributeValueMemberS).Value)
	// Output:
	// #PK = :v0 PK = PAPER#wp-002
}

// Paper dates go into GSI1SK as fixed-width UTC, whatever offset they were
// written with, so that string order is time order.
func ExamplePapers_date() {
	in, err := papers.Papers.Put(papers.Paper{ID: "wp-004", Title: "Migrating Keys Without Downtime", Collection: "Data & Storage", Date: "2026-03-10T01:00:00+02:00"}).Build()
	if err != nil {
		panic(err)
	}
	fmt.Println(in.Item["GSI1SK"].(*types.AttributeValueMemberS).Value)
	// Output:
	// DATE#2026-03-09T23:00:00.000000000Z
}
