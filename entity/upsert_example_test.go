package entity_test

import (
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"
)

// An upsert creates the item or updates the one under its key in one
// request: every key is rendered from the value, a Default is written only
// where the item lacks the attribute, and the entity marker guards the
// write.
func ExampleEntity_Upsert() {
	in, err := posts.Upsert(Post{PostID: "p1", AuthorID: "ana", Status: "published", Title: "Hello"}).Build()
	if err != nil {
		panic(err)
	}
	fmt.Println(aws.ToString(in.UpdateExpression))
	fmt.Println(aws.ToString(in.ConditionExpression))
	for _, p := range []string{":v0", ":v1", ":v6", ":v8"} {
		fmt.Println(p, str(in.ExpressionAttributeValues[p]))
	}
	// Output:
	// SET #GSI1PK = :v0, #GSI1SK = :v1, #__entity = :v2, #__entity_version = :v3, #authorId = :v4, #postId = :v5, #status = :v6, #title = :v7
	// attribute_not_exists(#PK) OR #__entity = :v8
	// :v0 AUTHOR#ana
	// :v1 published#POST#p1
	// :v6 published
	// :v8 Post
}
