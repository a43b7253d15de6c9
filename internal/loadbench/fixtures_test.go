package loadbench_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/internal/benchmodel"
)

func TestMain(m *testing.M) { entitytest.Main(m) }

// article is the CMS model's article, as BENCHMARKS.md's other figures use
// (package benchmodel); articleRow is how hand-written code stores it.
type (
	article    = benchmodel.Article
	articleRow = benchmodel.ArticleRow
)

func newTable() *entity.Table { return benchmodel.NewTable("load") }

func newArticles(table *entity.Table) *entity.Entity[article] {
	return benchmodel.DefineArticles(table)
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
func rawItem(a article) (map[string]types.AttributeValue, error) { return benchmodel.RawItem(a) }
