package entity_test

import (
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"

	"github.com/ddbmodel/ddbmodel/entity"
)

// A put that returns the post it replaced asks DynamoDB for ALL_OLD; the
// marker guard means the old item can only be a Post. Run returns it
// decoded, and whether there was one:
//
//	old, found, err := posts.Put(p).ReturnOld().Run(ctx, db)
func ExamplePutOp_ReturnOld() {
	in, err := posts.Put(Post{PostID: "p1", AuthorID: "ana", Title: "Hello"}).ReturnOld().Build()
	if err != nil {
		panic(err)
	}
	fmt.Println(in.ReturnValues, aws.ToString(in.ConditionExpression))
	// Output:
	// ALL_OLD attribute_not_exists(#PK) OR #__entity = :v0
}

// A delete that returns the post it deleted:
//
//	old, found, err := posts.Delete(key).ReturnOld().Run(ctx, db)
func ExampleDeleteOp_ReturnOld() {
	in, err := posts.Delete(entity.Values{"postId": "p1"}).ReturnOld().Build()
	if err != nil {
		panic(err)
	}
	fmt.Println(in.ReturnValues, aws.ToString(in.ConditionExpression))
	// Output:
	// ALL_OLD attribute_not_exists(#PK) OR #__entity = :v0
}
