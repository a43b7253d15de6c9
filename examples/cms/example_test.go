package cms_test

import (
	"errors"
	"fmt"
	"sort"
	"strconv"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
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

// The request of AP6, the public tag page: the sparse GSI2, which holds the
// junction items of published articles only, newest first.
func ExampleArticlesByTagQuery() {
	in, err := cms.ArticlesByTagQuery("dynamodb").Build()
	if err != nil {
		panic(err)
	}
	fmt.Println("index:", aws.ToString(in.IndexName))
	fmt.Println("key condition:", aws.ToString(in.KeyConditionExpression))
	printPlaceholders(in.ExpressionAttributeNames, in.ExpressionAttributeValues)
	fmt.Println("newest first:", !aws.ToBool(in.ScanIndexForward))
	// Output:
	// index: GSI2
	// key condition: #gsi2pk = :v0 AND begins_with(#gsi2sk, :v1)
	// #gsi2pk = gsi2pk
	// #gsi2sk = gsi2sk
	// :v0 = "TAG#dynamodb"
	// :v1 = "ARTICLE#"
	// newest first: true
}

// A junction item enters GSI2 only while its article is published: the
// draft's item has no GSI2 keys.
func ExampleTagArticles_sparse() {
	for _, l := range []cms.TagArticle{
		{Tag: "dynamodb", ArticleID: cms.SampleDraftArticleID},
		{Tag: "dynamodb", ArticleID: cms.SampleDraftArticleID, PublishedTag: "dynamodb"},
	} {
		in, err := cms.TagArticles.Put(l).Build()
		if err != nil {
			panic(err)
		}
		_, inGSI2 := in.Item["gsi2pk"]
		fmt.Println("publishedTag", strconv.Quote(l.PublishedTag), "in GSI2:", inGSI2)
	}
	// Output:
	// publishedTag "" in GSI2: false
	// publishedTag "dynamodb" in GSI2: true
}

// Publishing a draft tagged dynamodb: the metadata changes only if its
// status and tags are still those read, and the junction item enters GSI2
// in the same transaction.
func ExampleSetStatusTx() {
	draft := cms.Article{ArticleID: cms.SampleDraftArticleID, Status: cms.StatusDraft, Tags: []string{"dynamodb"}}
	in, err := cms.SetStatusTx(draft, cms.StatusPublished, "2024-06-01T12:00:00.000Z").Build()
	if err != nil {
		panic(err)
	}
	for _, it := range in.TransactItems {
		u := it.Update
		fmt.Println(u.Key["pk"].(*types.AttributeValueMemberS).Value, aws.ToString(u.UpdateExpression), "if", aws.ToString(u.ConditionExpression))
	}
	// Output:
	// ARTICLE#01HWW7MWQ0K45BDZSGPH3PRJWQ SET #status = :v0, #updatedAt = :v1, #publishedAt = :v2 if (#__entity = :v3) AND ((#status = :v4) AND (size(#tags) = :v5) AND (contains(#tags, :v6)))
	// TAG#dynamodb SET #gsi2pk = :v0, #gsi2sk = :v1, #publishedTag = :v2 if #__entity = :v3
}

// An article ID that is not a ULID is refused before anything is sent:
// newest first (AP5, AP6) is ID order.
func ExampleArticles_ulid() {
	_, err := cms.Articles.Put(cms.Article{ArticleID: "my-article", Title: "T", Slug: "t", AuthorID: "u_01", CreatedAt: "x", UpdatedAt: "x"}).Build()
	var ve *ddbmodel.ValidationError
	fmt.Println(errors.As(err, &ve), ve.Entity, ve.Attribute)
	// Output:
	// true article articleId
}

// An article's status changes only through SetStatus, which moves its
// junction items in or out of GSI2 in the same transaction: any other
// update of status is refused before anything is sent.
func ExampleArticles_statusReadOnly() {
	_, err := cms.ArticleByID.Update(cms.ArticleKey{ArticleID: cms.SampleArticleID}).
		Apply(cms.ArticleStatus.Set(cms.StatusArchived)).Build()
	var ve *ddbmodel.ValidationError
	fmt.Println(errors.As(err, &ve), ve.Entity, ve.Attribute)
	// Output:
	// true article status
}

// A put of an article's metadata holds only if the stored article still
// has its status, tags and currentVersion, so it never moves the article
// in or out of the public tag pages without its junction items.
func ExampleArticlePut() {
	a := cms.Article{ArticleID: cms.SampleArticleID, Title: "DynamoDB Patterns, 2nd edition", Slug: "dynamodb-patterns", Status: cms.StatusPublished,
		AuthorID: "u_01", CurrentVersion: 3, Tags: []string{"aws", "dynamodb"}, CreatedAt: "2024-04-25T10:30:00.000Z", UpdatedAt: "2024-06-01T12:00:00.000Z"}
	in, err := cms.ArticlePut(a).Build()
	if err != nil {
		panic(err)
	}
	fmt.Println(aws.ToString(in.ConditionExpression))
	printPlaceholders(nil, in.ExpressionAttributeValues)
	// Output:
	// (attribute_not_exists(#pk) OR #__entity = :v0) AND ((#status = :v1) AND (size(#tags) = :v2) AND (contains(#tags, :v3)) AND (contains(#tags, :v4)) AND (#currentVersion = :v5))
	// :v0 = "article"
	// :v1 = "published"
	// :v2 = 2
	// :v3 = "aws"
	// :v4 = "dynamodb"
	// :v5 = 3
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

// The public tag page (AP6) returns the articles it could read together
// with a *MissingArticlesError naming the articles a junction item names
// but the table no longer holds; errors.As finds it and errors.Is sees
// ErrArticleNotFound.
func ExampleMissingArticlesError() {
	var err error = &cms.MissingArticlesError{Tag: "dynamodb", IDs: []string{"01HZY5V2D8Q6S0M4N7R9T2W5X8"}}
	var missing *cms.MissingArticlesError
	if errors.As(err, &missing) {
		fmt.Println("missing:", missing.Tag, missing.IDs)
	}
	fmt.Println(errors.Is(err, cms.ErrArticleNotFound), errors.Is(err, ddbmodel.ErrNotFound))
	// Output:
	// missing: dynamodb [01HZY5V2D8Q6S0M4N7R9T2W5X8]
	// true true
}
