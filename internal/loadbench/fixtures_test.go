package loadbench_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
)

func TestMain(m *testing.M) { entitytest.Main(m) }

// article is the CMS model's article, as BENCHMARKS.md's other figures use.
type article struct {
	ArticleID      string    `dynamo:"articleId"`
	Title          string    `dynamo:"title"`
	Slug           string    `dynamo:"slug"`
	Status         string    `dynamo:"status"`
	AuthorID       string    `dynamo:"authorId"`
	CurrentVersion int       `dynamo:"currentVersion"`
	Tags           []string  `dynamo:"tags,set"`
	CreatedAt      time.Time `dynamo:"createdAt"`
}

// articleRow is the article as hand-written SDK code stores it: its keys
// and markers as fields, filled with fmt.Sprintf.
type articleRow struct {
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

func newTable() *entity.Table {
	return &entity.Table{Name: "load", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"),
		Indexes: []entity.Index{{Name: "GSI1", PartitionKey: entity.S("GSI1PK"), SortKey: entity.S("GSI1SK")}}}
}

func newArticles(table *entity.Table) *entity.Entity[article] {
	return entity.MustDefine(table, entity.Config[article]{
		Name: "Article",
		Key:  entity.Key{Partition: "ARTICLE#${articleId}", Sort: "#METADATA"},
		Indexes: []entity.IndexKey[article]{
			{Index: "GSI1", Partition: "AUTHOR#${authorId}", Sort: "ARTICLE#${articleId}"},
		},
		Attributes: map[string]entity.Attribute{
			"status": {Default: "draft", Enum: []string{"draft", "published", "archived"}},
			"title":  {Required: true},
		},
	})
}

var created = time.Date(2026, 11, 1, 9, 30, 0, 0, time.UTC)

// articlesOf makes n articles of authors authors (article i is by author
// i % authors), with the same text sizes as the CMS example's.
func articlesOf(n, authors int) []article {
	out := make([]article, n)
	for i := range out {
		out[i] = article{
			ArticleID: fmt.Sprintf("a%07d", i), Title: fmt.Sprintf("Single-table design, part %d", i),
			Slug: fmt.Sprintf("single-table-design-part-%d", i), Status: []string{"draft", "published", "archived"}[i%3],
			AuthorID: fmt.Sprintf("author-%d", i%authors), CurrentVersion: 1 + i%5,
			Tags: []string{"dynamodb", "go"}, CreatedAt: created.Add(time.Duration(i) * time.Second),
		}
	}
	return out
}

// rawItem is what hand-written code writes for a: the same checks the
// library makes (the enum, the required title, key values free of the
// delimiter), the keys by fmt.Sprintf, attributevalue's encoding.
func rawItem(a article) (map[string]types.AttributeValue, error) {
	if a.Status != "draft" && a.Status != "published" && a.Status != "archived" {
		return nil, fmt.Errorf("status %q: not one of the enum", a.Status)
	}
	if a.Title == "" {
		return nil, fmt.Errorf("title: required")
	}
	for _, v := range []string{a.ArticleID, a.AuthorID} {
		if v == "" || containsHash(v) {
			return nil, fmt.Errorf("key value %q: empty or holds #", v)
		}
	}
	return attributevalue.MarshalMap(articleRow{
		ArticleID: a.ArticleID, Title: a.Title, Slug: a.Slug, Status: a.Status, AuthorID: a.AuthorID,
		CurrentVersion: a.CurrentVersion, Tags: a.Tags, CreatedAt: a.CreatedAt,
		PK: fmt.Sprintf("ARTICLE#%s", a.ArticleID), SK: "#METADATA",
		GSI1PK: fmt.Sprintf("AUTHOR#%s", a.AuthorID), GSI1SK: fmt.Sprintf("ARTICLE#%s", a.ArticleID),
		Entity: "Article", EntityVersion: "1",
	})
}

func containsHash(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == '#' {
			return true
		}
	}
	return false
}
