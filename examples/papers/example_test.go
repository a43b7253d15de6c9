package papers_test

import (
	"errors"
	"fmt"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
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

// Superseding the draft wp-006 by wp-012: the draft and every item of its
// partition get the same expiresAt (Unix seconds, the table's TTL
// attribute), only if the paper is still a draft and wp-012 exists.
func ExampleSupersedeDraftTx() {
	draft := papers.PaperWithAuthors{
		Paper:   papers.Paper{ID: "wp-006", Status: papers.StatusDraft},
		Authors: []papers.Membership{{PaperID: "wp-006", Handle: "raf", Role: papers.RoleAuthor}},
		Topics:  []papers.PaperTopic{{PaperID: "wp-006", Topic: "iam"}},
	}
	expires := time.Date(2026, 7, 1, 0, 0, 0, 0, time.UTC)
	in, err := papers.SupersedeDraftTx(draft, "wp-012", expires).Build()
	if err != nil {
		panic(err)
	}
	for _, it := range in.TransactItems {
		switch {
		case it.Update != nil:
			u := it.Update
			fmt.Println("update", u.Key["SK"].(*types.AttributeValueMemberS).Value, aws.ToString(u.UpdateExpression), "if", aws.ToString(u.ConditionExpression))
		case it.ConditionCheck != nil:
			fmt.Println("check", it.ConditionCheck.Key["SK"].(*types.AttributeValueMemberS).Value, aws.ToString(it.ConditionCheck.ConditionExpression))
		}
	}
	fmt.Println("expiresAt:", in.TransactItems[0].Update.ExpressionAttributeValues[":v2"].(*types.AttributeValueMemberN).Value)
	// Output:
	// update PAPER#wp-006 SET #status = :v0, #supersededBy = :v1, #expiresAt = :v2 if (#__entity = :v3) AND (#status = :v4)
	// check PAPER#wp-012 (attribute_not_exists(#PK) OR #__entity = :v0) AND (attribute_exists(#id))
	// update AUTHOR#raf SET #expiresAt = :v0 if #__entity = :v1
	// update TOPIC#iam SET #expiresAt = :v0 if #__entity = :v1
	// expiresAt: 1782864000
}

// A3 and A4 return the papers they could read together with a
// *MissingPapersError naming the papers an index item names but the table
// no longer holds; errors.As finds it and errors.Is sees ErrPaperNotFound.
func ExampleMissingPapersError() {
	var err error = &papers.MissingPapersError{IDs: []string{"wp-004"}}
	var missing *papers.MissingPapersError
	if errors.As(err, &missing) {
		fmt.Println("missing:", missing.IDs)
	}
	fmt.Println(errors.Is(err, papers.ErrPaperNotFound), errors.Is(err, ddbmodel.ErrNotFound))
	fmt.Println(err)
	// Output:
	// missing: [wp-004]
	// true true
	// papers: paper not found: named by the index but not in the table: wp-004
}
