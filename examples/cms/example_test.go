package cms_test

import (
	"fmt"
	"sort"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel/examples/cms"
)

// The request of AP5, compiled without DynamoDB: GSI1, the author's
// partition, sort keys starting ARTICLE#, descending (newest first, since
// the sort key holds a ULID).
func ExampleArticlesByAuthorQuery() {
	in, err := cms.ArticlesByAuthorQuery("u_01").Build()
	if err != nil {
		panic(err)
	}
	fmt.Println("index:", aws.ToString(in.IndexName))
	fmt.Println("key condition:", aws.ToString(in.KeyConditionExpression))
	printPlaceholders(in.ExpressionAttributeNames, in.ExpressionAttributeValues)
	fmt.Println("newest first:", !aws.ToBool(in.ScanIndexForward))
	// Output:
	// index: GSI1
	// key condition: #gsi1pk = :v0 AND begins_with(#gsi1sk, :v1)
	// #gsi1pk = gsi1pk
	// #gsi1sk = gsi1sk
	// :v0 = "AUTHOR#u_01"
	// :v1 = "ARTICLE#"
	// newest first: true
}

// Version numbers are zero-padded in the sort key, so version 10 sorts
// after version 9.
func ExampleVersionGet() {
	for _, v := range []int{9, 10} {
		in, err := cms.VersionGet(cms.SampleArticleID, v).Build()
		if err != nil {
			panic(err)
		}
		fmt.Println(in.Key["sk"].(*types.AttributeValueMemberS).Value)
	}
	// Output:
	// VERSION#000009
	// VERSION#000010
}

// AP8 for a writer that read currentVersion 3: version 4 is created only if
// absent, and currentVersion moves to 4 only if it still is 3.
func ExamplePublishVersionTx() {
	v := cms.ArticleVersion{ArticleID: cms.SampleArticleID, Version: 4, Body: "Fourth draft", WordCount: 2, CreatedBy: "u_01", CreatedAt: "2024-06-01T12:00:00.000Z"}
	in, err := cms.PublishVersionTx(v, v.CreatedAt).Build()
	if err != nil {
		panic(err)
	}
	put, update := in.TransactItems[0].Put, in.TransactItems[1].Update
	fmt.Println("put", put.Item["sk"].(*types.AttributeValueMemberS).Value, "if", aws.ToString(put.ConditionExpression))
	fmt.Println("update", update.Key["sk"].(*types.AttributeValueMemberS).Value, aws.ToString(update.UpdateExpression), "if", aws.ToString(update.ConditionExpression))
	printPlaceholders(update.ExpressionAttributeNames, update.ExpressionAttributeValues)
	// Output:
	// put VERSION#000004 if attribute_not_exists(#pk)
	// update #METADATA SET #currentVersion = :v0, #updatedAt = :v1 if (#__entity = :v2) AND (#currentVersion = :v3)
	// #__entity = __entity
	// #currentVersion = currentVersion
	// #updatedAt = updatedAt
	// :v0 = 4
	// :v1 = "2024-06-01T12:00:00.000Z"
	// :v2 = "article"
	// :v3 = 3
}

func printPlaceholders(names map[string]string, values map[string]types.AttributeValue) {
	var keys []string
	for k := range names {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Printf("%s = %s\n", k, names[k])
	}
	keys = keys[:0]
	for k := range values {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		switch v := values[k].(type) {
		case *types.AttributeValueMemberS:
			fmt.Printf("%s = %q\n", k, v.Value)
		case *types.AttributeValueMemberN:
			fmt.Printf("%s = %s\n", k, v.Value)
		default:
			fmt.Printf("%s = %T\n", k, v)
		}
	}
}
