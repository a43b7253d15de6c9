package github_test

import (
	"context"
	"fmt"
	"sort"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/examples/github"
	"github.com/ddbmodel/ddbmodel/internal/exampleapp"
)

// The open issues of a repository, newest first: a begins_with range of
// GSI4, 20 per page as in the design, built without any I/O.
func ExampleOpenIssuesQuery() {
	in, err := github.OpenIssuesQuery("aws", "dynamodb-toolbox").Build()
	if err != nil {
		panic(err)
	}
	fmt.Println(*in.IndexName, *in.KeyConditionExpression)
	names := make([]string, 0, len(in.ExpressionAttributeNames))
	for ph := range in.ExpressionAttributeNames {
		names = append(names, ph)
	}
	sort.Strings(names)
	for _, ph := range names {
		fmt.Println(ph, "=", in.ExpressionAttributeNames[ph])
	}
	values := make([]string, 0, len(in.ExpressionAttributeValues))
	for ph := range in.ExpressionAttributeValues {
		values = append(values, ph)
	}
	sort.Strings(values)
	for _, ph := range values {
		fmt.Println(ph, "=", in.ExpressionAttributeValues[ph].(*types.AttributeValueMemberS).Value)
	}
	fmt.Println(exampleapp.DescribeQuery(in))
	// Output:
	// GSI4 #GSI4PK = :v0 AND begins_with(#GSI4SK, :v1)
	// #GSI4PK = GSI4PK
	// #GSI4SK = GSI4SK
	// :v0 = ISSUE#aws#dynamodb-toolbox
	// :v1 = ISSUE#OPEN#
	// Query GitHubTable/GSI4: GSI4PK = "ISSUE#aws#dynamodb-toolbox" AND begins_with(GSI4SK, "ISSUE#OPEN#"); limit 20
}

// Closing an issue is one UpdateItem that sets status and rewrites GSI4SK
// from the open range into the closed range.
func ExampleIssueStatusUpdate() {
	in, err := github.IssueStatusUpdate("aws", "dynamodb-toolbox", 42, github.StatusOpen, github.StatusClosed).Build()
	if err != nil {
		panic(err)
	}
	fmt.Println(exampleapp.DescribeUpdate(in))
	// Output:
	// Update GitHubTable: PK = "ISSUE#aws#dynamodb-toolbox#00000042", SK = "ISSUE#aws#dynamodb-toolbox#00000042"; SET GSI4SK = "~ISSUE#CLOSED#00000042", status = "closed"; if (__entity = "Issue") AND (status = "open")
}

// The GSI4 sort keys of issue 42, open and closed.
func ExampleStatusSortKey() {
	open, _ := github.StatusSortKey("ISSUE", github.StatusOpen, 42)
	closed, _ := github.StatusSortKey("ISSUE", github.StatusClosed, 42)
	fmt.Println(open)
	fmt.Println(closed)
	// Output:
	// ISSUE#OPEN#99999957
	// ~ISSUE#CLOSED#00000042
}

// Creating a user writes the User item and the marker item of its e-mail
// address in one transaction (Store.CreateUser): a second user with the
// address fails with github.ErrEmailTaken and writes nothing.
func ExampleStore_CreateUser() {
	writes, err := entity.TransactWrites(context.Background(), nil, github.Users.Create(github.User{Username: "dave", Email: "dave@example.com"}))
	if err != nil {
		panic(err)
	}
	for _, w := range writes {
		put := w.Item.Put
		fmt.Println(w.Op, put.Item["PK"].(*types.AttributeValueMemberS).Value, put.Item["SK"].(*types.AttributeValueMemberS).Value, *put.ConditionExpression)
	}
	// Output:
	// create ACCOUNT#dave ACCOUNT#dave attribute_not_exists(#PK)
	// unique email UNIQUE#User#email#dave@example.com UNIQUE attribute_not_exists(#PK) OR #uniqueOwner = :v0
}
