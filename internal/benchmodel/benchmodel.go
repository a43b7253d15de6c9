// Package benchmodel is the CMS model the benchmarks of BENCHMARKS.md
// share (internal/buildbench, internal/loadbench): articles on a table
// with one global index, and the same article as hand-written
// aws-sdk-go-v2 code checks and stores it, so that every baseline does
// the library's work by hand in one way.
package benchmodel

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel/entity"
)

// Article is the CMS model's article.
type Article struct {
	ArticleID      string    `dynamo:"articleId"`
	Title          string    `dynamo:"title"`
	Slug           string    `dynamo:"slug"`
	Status         string    `dynamo:"status"`
	AuthorID       string    `dynamo:"authorId"`
	CurrentVersion int       `dynamo:"currentVersion"`
	Tags           []string  `dynamo:"tags,set"`
	CreatedAt      time.Time `dynamo:"createdAt"`
}

// NewTable returns the model table named name: PK and SK, and the global
// index GSI1 (GSI1PK, GSI1SK).
func NewTable(name string) *entity.Table {
	return &entity.Table{Name: name, PartitionKey: entity.S("PK"), SortKey: entity.S("SK"),
		Indexes: []entity.Index{{Name: "GSI1", PartitionKey: entity.S("GSI1PK"), SortKey: entity.S("GSI1SK")}}}
}

// DefineArticles defines the Article entity on table: ARTICLE#${articleId}
// and #METADATA, GSI1 by author, a status enum with a default, and a
// required title.
func DefineArticles(table *entity.Table) *entity.Entity[Article] {
	return entity.MustDefine(table, entity.Config[Article]{
		Name: "Article",
		Key:  entity.Key{Partition: "ARTICLE#${articleId}", Sort: "#METADATA"},
		Indexes: []entity.IndexKey[Article]{
			{Index: "GSI1", Partition: "AUTHOR#${authorId}", Sort: "ARTICLE#${articleId}"},
		},
		Attributes: map[string]entity.Attribute{
			"status": {Default: "draft", Enum: []string{"draft", "published", "archived"}},
			"title":  {Required: true},
		},
	})
}

// ArticleRow is the article as hand-written SDK code stores it: its keys
// and markers as fields, filled with fmt.Sprintf (RowOf).
type ArticleRow struct {
	ArticleID      string    `dynamodbav:"articleId"`
	Title          string    `dynamodbav:"title"`
	Slug           string    `dynamodbav:"slug"`
	Status         string    `dynamodbav:"status"`
	AuthorID       string    `dynamodbav:"authorId"`
	CurrentVersion int       `dynamodbav:"currentVersion"`
	Tags           []string  `dynamodbav:"tags,stringset,omitempty"`
	CreatedAt      time.Time `dynamodbav:"createdAt"`
	PK             string    `dynamodbav:"PK"`
	SK             string    `dynamodbav:"SK"`
	GSI1PK         string    `dynamodbav:"GSI1PK"`
	GSI1SK         string    `dynamodbav:"GSI1SK"`
	Entity         string    `dynamodbav:"__entity"`
	EntityVersion  string    `dynamodbav:"__entity_version"`
}

// Check is the hand-written check of an article: the checks the model
// declares (a required title, the status one of the enum) and key values
// not empty and free of the delimiter.
func Check(a Article) error {
	if a.Title == "" {
		return errors.New("title: required")
	}
	if a.Status != "draft" && a.Status != "published" && a.Status != "archived" {
		return fmt.Errorf("status %q: not one of the enum", a.Status)
	}
	for _, k := range []string{a.ArticleID, a.AuthorID} {
		if k == "" || strings.Contains(k, "#") {
			return fmt.Errorf("key value %q: empty or holds #", k)
		}
	}
	return nil
}

// RowOf is a with its keys and markers, by fmt.Sprintf.
func RowOf(a Article) ArticleRow {
	return ArticleRow{ArticleID: a.ArticleID, Title: a.Title, Slug: a.Slug, Status: a.Status,
		AuthorID: a.AuthorID, CurrentVersion: a.CurrentVersion, Tags: a.Tags, CreatedAt: a.CreatedAt,
		PK: fmt.Sprintf("ARTICLE#%s", a.ArticleID), SK: "#METADATA",
		GSI1PK: fmt.Sprintf("AUTHOR#%s", a.AuthorID), GSI1SK: fmt.Sprintf("ARTICLE#%s", a.ArticleID),
		Entity: "Article", EntityVersion: "1"}
}

// RawItem is the item hand-written code writes for a: Check, RowOf and
// attributevalue's encoding.
func RawItem(a Article) (map[string]types.AttributeValue, error) {
	if err := Check(a); err != nil {
		return nil, err
	}
	return attributevalue.MarshalMap(RowOf(a))
}
