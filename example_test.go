package ddbmodel_test

import (
	"errors"
	"fmt"
	"reflect"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/query"
	"github.com/ddbmodel/ddbmodel/txn"
)

// Article and Version are the two entities of the README's quick start.
type Article struct {
	ArticleID      string `dynamo:"articleId"`
	AuthorID       string `dynamo:"authorId"`
	Title          string `dynamo:"title"`
	CurrentVersion int    `dynamo:"currentVersion"`
}

type Version struct {
	ArticleID string `dynamo:"articleId"`
	Version   int    `dynamo:"version"`
	Body      string `dynamo:"body"`
}

var Table = &entity.Table{
	Name:         "cms",
	PartitionKey: entity.S("PK"),
	SortKey:      entity.S("SK"),
	Indexes: []entity.Index{
		{Name: "GSI1", PartitionKey: entity.S("GSI1PK"), SortKey: entity.S("GSI1SK")},
	},
}

var Articles = entity.MustDefine(Table, entity.Config[Article]{
	Name: "Article",
	Key:  entity.Key{Partition: "ARTICLE#${articleId}", Sort: "#METADATA"},
	Indexes: []entity.IndexKey[Article]{
		{Index: "GSI1", Partition: "AUTHOR#${authorId}", Sort: "ARTICLE#${articleId}"},
	},
	Attributes: map[string]entity.Attribute{"title": {Required: true}},
})

var Versions = entity.MustDefine(Table, entity.Config[Version]{
	Name: "ArticleVersion",
	Key:  entity.Key{Partition: "ARTICLE#${articleId}", Sort: "VERSION#${version:pad(6)}"},
})

// ArticleKey is the typed key of an article.
type ArticleKey struct {
	ArticleID string `dynamo:"articleId"`
}

// ByAuthor is the typed key of an author's articles on GSI1.
type ByAuthor struct {
	AuthorID string `dynamo:"authorId"`
}

// Typed keys and field handles, checked once, here.
var (
	ArticleByID      = entity.ItemKeyOf[ArticleKey](Articles)
	ArticlesByAuthor = entity.QueryKeyOf[ByAuthor](Articles, "GSI1")
	CurrentVersion   = entity.NumberOf(Articles, func(a *Article) *int { return &a.CurrentVersion })
)

// The quick start, compiled without sending anything: a put, a query by
// an index with a typed key, and a transaction publishing a version with a
// typed update.
func Example() {
	put, err := Articles.Put(Article{ArticleID: "a1", AuthorID: "ana", Title: "Hello"}).Build()
	if err != nil {
		panic(err)
	}
	fmt.Println("put keys:", text(put.Item["PK"]), text(put.Item["GSI1PK"]))

	byAuthor, err := query.By(ArticlesByAuthor, ByAuthor{AuthorID: "ana"}).Desc().Build()
	if err != nil {
		panic(err)
	}
	fmt.Println("query:", aws.ToString(byAuthor.KeyConditionExpression), text(byAuthor.ExpressionAttributeValues[":v0"]))

	publish, err := txn.Write(
		Versions.Create(Version{ArticleID: "a1", Version: 2, Body: "..."}),
		ArticleByID.Update(ArticleKey{ArticleID: "a1"}).Apply(CurrentVersion.Set(2)).Ensure(CurrentVersion.Eq(1)),
	).Build()
	if err != nil {
		panic(err)
	}
	fmt.Println("transaction:", len(publish.TransactItems), "actions; version key", text(publish.TransactItems[0].Put.Item["SK"]))

	// The string form of the same update, for dynamic code, builds the same request.
	typed, err := ArticleByID.Update(ArticleKey{ArticleID: "a1"}).Apply(CurrentVersion.Set(2)).Ensure(CurrentVersion.Eq(1)).Build()
	if err != nil {
		panic(err)
	}
	untyped, err := Articles.Update(entity.Values{"articleId": "a1"}).Set("currentVersion", 2).If(entity.Attr("currentVersion").Eq(1)).Build()
	if err != nil {
		panic(err)
	}
	fmt.Println("string form builds the same update:", reflect.DeepEqual(typed, untyped))

	_, err = Articles.Put(Article{ArticleID: "a2", AuthorID: "ana"}).Build()
	var invalid *ddbmodel.ValidationError
	fmt.Println("missing title:", errors.As(err, &invalid), invalid.Attribute)
	// Output:
	// put keys: ARTICLE#a1 AUTHOR#ana
	// query: #GSI1PK = :v0 AND begins_with(#GSI1SK, :v1) AUTHOR#ana
	// transaction: 2 actions; version key VERSION#000002
	// string form builds the same update: true
	// missing title: true title
}

func text(av types.AttributeValue) string {
	if s, ok := av.(*types.AttributeValueMemberS); ok {
		return s.Value
	}
	return fmt.Sprint(av)
}
