package buildbench_test

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/query"
	"github.com/ddbmodel/ddbmodel/txn"
)

// The scaling benchmarks build the same requests on models of growing
// size, so that BENCHMARKS.md can show the cost per operation grows
// linearly, or not at all, with the size of the model or the request:
//
//	go test ./internal/buildbench/ -run '^$' -bench Scale -benchmem

var sinkAny any

// buildLoop times build, which returns a request or an error.
func buildLoop[R any](b *testing.B, build func() (R, error)) {
	b.ReportAllocs()
	for b.Loop() {
		r, err := build()
		if err != nil {
			b.Fatal(err)
		}
		sinkAny = r
	}
}

// tableOf makes a table with n global indexes GSI1..GSIn.
func tableOf(n int) *entity.Table {
	t := &entity.Table{Name: "scale", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
	for i := 1; i <= n; i++ {
		t.Indexes = append(t.Indexes, entity.Index{Name: fmt.Sprintf("GSI%d", i),
			PartitionKey: entity.S(fmt.Sprintf("GSI%dPK", i)), SortKey: entity.S(fmt.Sprintf("GSI%dSK", i))})
	}
	return t
}

// articlesIn defines n article entities on table, each in the first
// indexes indexes, and returns the last defined.
func articlesIn(table *entity.Table, n, indexes int) *entity.Entity[article] {
	var last *entity.Entity[article]
	for e := range n {
		cfg := entity.Config[article]{
			Name: fmt.Sprintf("Article%d", e),
			Key:  entity.Key{Partition: fmt.Sprintf("A%d#${articleId}", e), Sort: "#METADATA"},
			Attributes: map[string]entity.Attribute{
				"status": {Default: "draft", Enum: []string{"draft", "published", "archived"}},
				"title":  {Required: true},
			},
		}
		for i := 1; i <= indexes; i++ {
			cfg.Indexes = append(cfg.Indexes, entity.IndexKey[article]{Index: fmt.Sprintf("GSI%d", i),
				Partition: fmt.Sprintf("A%d#I%d#${authorId}", e, i), Sort: "ARTICLE#${articleId}"})
		}
		last = entity.MustDefine(table, cfg)
	}
	return last
}

var scaleArticle = article{ArticleID: articleID, Title: "Scaling", Slug: "scaling", Status: "published",
	AuthorID: authorID, CurrentVersion: 3, Tags: []string{"go", "dynamodb"}}

// BenchmarkScaleEntities: a put, an update and a query of one entity on
// a table of 1, 10 and 100 entities (one index each).
func BenchmarkScaleEntities(b *testing.B) {
	for _, n := range []int{1, 10, 100} {
		e := articlesIn(tableOf(1), n, 1)
		b.Run(fmt.Sprintf("entities=%d/put", n), func(b *testing.B) {
			buildLoop(b, e.Put(scaleArticle).Build)
		})
		b.Run(fmt.Sprintf("entities=%d/update", n), func(b *testing.B) {
			buildLoop(b, func() (*dynamodb.UpdateItemInput, error) {
				return e.Update(entity.Values{"articleId": articleID}).Set("status", status).Build()
			})
		})
		b.Run(fmt.Sprintf("entities=%d/query", n), func(b *testing.B) {
			buildLoop(b, func() (*dynamodb.QueryInput, error) {
				return query.New(e).Index("GSI1").Where(entity.Values{"authorId": authorID}).Build()
			})
		})
	}
}

// BenchmarkScaleIndexes: a put, and an update of the attribute every
// index key is built from, of an entity in 1, 5 and 20 indexes.
func BenchmarkScaleIndexes(b *testing.B) {
	for _, n := range []int{1, 5, 20} {
		e := articlesIn(tableOf(20), 1, n)
		b.Run(fmt.Sprintf("indexes=%d/put", n), func(b *testing.B) {
			buildLoop(b, e.Put(scaleArticle).Build)
		})
		b.Run(fmt.Sprintf("indexes=%d/update-index-keys", n), func(b *testing.B) {
			buildLoop(b, func() (*dynamodb.UpdateItemInput, error) {
				return e.Update(entity.Values{"articleId": articleID}).Set("authorId", "author-7").Build()
			})
		})
	}
}

// BenchmarkScaleAttributes: a put of an entity of 200 string attributes
// with 10 and with all 200 set (a put leaves empty strings out), and an
// update of one of them.
func BenchmarkScaleAttributes(b *testing.B) {
	e := entity.MustDefine(tableOf(0), entity.Config[wide]{Name: "Wide", Key: entity.Key{Partition: "W#${f000}", Sort: "#W"}})
	for _, n := range []int{10, 200} {
		var v wide
		rv := reflect.ValueOf(&v).Elem()
		for i := range n {
			rv.Field(i).SetString(fmt.Sprintf("value %d", i))
		}
		b.Run(fmt.Sprintf("attributes=%d/put", n), func(b *testing.B) {
			buildLoop(b, e.Put(v).Build)
		})
	}
	b.Run("update-one-attribute", func(b *testing.B) {
		buildLoop(b, func() (*dynamodb.UpdateItemInput, error) {
			return e.Update(entity.Values{"f000": "value 0"}).Set("f005", "changed").Build()
		})
	})
}

// BenchmarkScaleItemSize: a put of an article holding a 3 KB and a 300 KB
// body (within DynamoDB's 400 KB item limit).
func BenchmarkScaleItemSize(b *testing.B) {
	type post struct {
		ID   string `dynamo:"id"`
		Body string `dynamo:"body"`
	}
	e := entity.MustDefine(tableOf(0), entity.Config[post]{Name: "Post", Key: entity.Key{Partition: "POST#${id}", Sort: "#P"}})
	for _, kb := range []int{3, 300} {
		p := post{ID: "p1", Body: strings.Repeat("single-table design ", kb*1024/20)}
		b.Run(fmt.Sprintf("body=%dKB/put", kb), func(b *testing.B) {
			buildLoop(b, e.Put(p).Build)
		})
	}
}

// BenchmarkScaleTransaction: a write transaction of 2 and of 100 creates.
func BenchmarkScaleTransaction(b *testing.B) {
	for _, n := range []int{2, 100} {
		ops := make([]entity.WriteOp, n)
		for i := range ops {
			ops[i] = versions.Create(version{ArticleID: articleID, Version: i + 1, Body: body})
		}
		b.Run(fmt.Sprintf("actions=%d", n), func(b *testing.B) {
			buildLoop(b, txn.Write(ops...).Build)
		})
	}
}
