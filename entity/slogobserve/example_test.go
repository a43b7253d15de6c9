package slogobserve_test

import (
	"context"
	"fmt"
	"log/slog"
	"os"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/entity/slogobserve"
)

type Article struct {
	ArticleID string `dynamo:"articleId"`
	Title     string `dynamo:"title"`
}

var articles = entity.MustDefine(&entity.Table{Name: "content", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")},
	entity.Config[Article]{Name: "Article", Key: entity.Key{Partition: "ARTICLE#${articleId}", Sort: "#METADATA"}})

// Logging every request at debug level. The time and duration are left
// out here so that the output is the same on every run.
func Example() {
	logger := slog.New(slog.NewTextHandler(os.Stdout, &slog.HandlerOptions{
		Level: slog.LevelDebug,
		ReplaceAttr: func(_ []string, a slog.Attr) slog.Attr {
			if a.Key == slog.TimeKey || a.Key == "duration" {
				return slog.Attr{}
			}
			return a
		},
	}))
	// A recorder answering every request at once stands in for DynamoDB.
	db := entity.NewDB(entitytest.NewRecorder(nil), "content-prod").WithObserver(slogobserve.New(logger))
	ctx := context.Background()
	if _, err := articles.Put(Article{ArticleID: "a1", Title: "Hello"}).Run(ctx, db); err != nil {
		fmt.Println(err)
	}
	if _, err := articles.Get(entity.Values{"articleId": "a1"}).Run(ctx, db); err != nil {
		fmt.Println(err)
	}
	// Output:
	// level=DEBUG msg="dynamodb request" op=PutItem entities=[Article] tables=[content-prod] attempt=1 read=0 write=0 items=0
	// level=DEBUG msg="dynamodb request" op=GetItem entities=[Article] tables=[content-prod] attempt=1 read=0 write=0 items=0
	// ddbmodel: get Article PK=ARTICLE#a1,SK=#METADATA: item not found
}
