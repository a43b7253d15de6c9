package blog_test

import (
	"fmt"
	"sort"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel/examples/blog"
)

// The "latest posts" feed compiles to the query of the design's example:
// the published partition of POSTS_BY_STATUS_CREATED_AT_2, newest first.
func ExampleLatestPostsQuery() {
	in, err := blog.LatestPostsQuery(10).Build()
	if err != nil {
		panic(err)
	}
	fmt.Println("index:", *in.IndexName)
	fmt.Println("key condition:", *in.KeyConditionExpression)
	printNamesAndValues(in.ExpressionAttributeNames, in.ExpressionAttributeValues)
	fmt.Println("ascending:", *in.ScanIndexForward, "limit:", *in.Limit)
	// Output:
	// index: POSTS_BY_STATUS_CREATED_AT_2
	// key condition: #post_status_pk = :v0
	// #post_status_pk = post_status_pk
	// :v0 = "POST#STATUS#published"
	// ascending: false limit: 10
}

// Posts carrying several tags are one partition per combination of tags;
// the tags are normalized and sorted, so their order does not matter.
func ExamplePostsByTagsQuery() {
	in, err := blog.PostsByTagsQuery([]string{"DynamoDB", "aws"}, 0).Build()
	if err != nil {
		panic(err)
	}
	fmt.Println("key condition:", *in.KeyConditionExpression)
	printNamesAndValues(in.ExpressionAttributeNames, in.ExpressionAttributeValues)
	fmt.Println("a post tagged aws, dynamodb, go is listed under:", blog.Combos([]string{"go", "dynamodb", "aws"}))
	// Output:
	// key condition: #pk = :v0 AND begins_with(#sk, :v1)
	// #pk = pk
	// #sk = sk
	// :v0 = "POST_TAG_COMBO#aws+dynamodb"
	// :v1 = "POST#"
	// a post tagged aws, dynamodb, go is listed under: [aws aws+dynamodb aws+dynamodb+go aws+go dynamodb dynamodb+go go]
}

// Sign-in by e-mail reads the UserEmail item of the base table with a
// strongly consistent read, which no GSI can serve.
func ExampleUserEmailGet() {
	in, err := blog.UserEmailGet(" Carol@Example.com").Build()
	if err != nil {
		panic(err)
	}
	fmt.Println("pk:", in.Key["pk"].(*types.AttributeValueMemberS).Value)
	fmt.Println("sk:", in.Key["sk"].(*types.AttributeValueMemberS).Value)
	fmt.Println("consistent:", *in.ConsistentRead)
	// Output:
	// pk: USER_EMAIL#carol@example.com
	// sk: META
	// consistent: true
}

func printNamesAndValues(names map[string]string, values map[string]types.AttributeValue) {
	var lines []string
	for k, v := range names {
		lines = append(lines, k+" = "+v)
	}
	for k, v := range values {
		switch v := v.(type) {
		case *types.AttributeValueMemberS:
			lines = append(lines, fmt.Sprintf("%s = %q", k, v.Value))
		case *types.AttributeValueMemberN:
			lines = append(lines, k+" = "+v.Value)
		}
	}
	sort.Strings(lines)
	for _, l := range lines {
		fmt.Println(l)
	}
}
