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

// A like is one transaction: the PostLike item, created only if absent; a
// check that the user exists; and the post's counters with the popularity
// and rank they give, conditioned on the counters read. The library writes
// rating_sk, the key of POSTS_BY_STATUS_RATING, from the new rank in the
// same update.
func ExampleLikePlan() {
	p := blog.Post{PostID: "p25", UserID: "u01", CreatedAt: blog.SampleEpoch, Impressions: 2}
	p.Popularity = blog.PopularityOf(p)
	p.Rating = blog.Rank(p.Popularity, p.CreatedAt)
	in, err := blog.LikePlan(p, blog.PostLike{UserID: "u02", CreatedAt: blog.SampleEpoch})
	if err != nil {
		panic(err)
	}
	like := in.TransactItems[0].Put
	fmt.Println("put:", like.Item["sk"].(*types.AttributeValueMemberS).Value, "if", *like.ConditionExpression)
	fmt.Println("check:", in.TransactItems[1].ConditionCheck.Key["pk"].(*types.AttributeValueMemberS).Value)
	up := in.TransactItems[2].Update
	fmt.Println("update:", *up.UpdateExpression)
	fmt.Println("if:", *up.ConditionExpression)
	printNamesAndValues(nil, up.ExpressionAttributeValues)
	// Output:
	// put: LIKE#USER#u02 if attribute_not_exists(#pk)
	// check: USER#u02
	// update: SET #rating_sk = :v0, #impressions = :v1, #likes = :v2, #raters = :v3, #stars = :v4, #popularity = :v5, #rating = :v6
	// if: (#__entity = :v7) AND ((#impressions = :v8) AND (#likes = :v9) AND (#raters = :v10) AND (#stars = :v11) AND (#rating = :v12))
	// :v0 = 121759086095241
	// :v1 = 2
	// :v10 = 0
	// :v11 = 0
	// :v12 = 21759086095241
	// :v2 = 1
	// :v3 = 0
	// :v4 = 0
	// :v5 = 12
	// :v6 = 121759086095241
	// :v7 = "Post"
	// :v8 = 2
	// :v9 = 0
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
