package entity_test

import (
	"context"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel/entity"
)

// capacityClient answers a PutItem with the capacity DynamoDB reports for
// a put of a 1 KB item with one index entry, when asked for it.
type capacityClient struct{ entity.Client }

func (capacityClient) PutItem(_ context.Context, in *dynamodb.PutItemInput, _ ...func(*dynamodb.Options)) (*dynamodb.PutItemOutput, error) {
	out := &dynamodb.PutItemOutput{}
	if in.ReturnConsumedCapacity == types.ReturnConsumedCapacityIndexes {
		out.ConsumedCapacity = &types.ConsumedCapacity{TableName: in.TableName, CapacityUnits: aws.Float64(2),
			Table:                  &types.Capacity{CapacityUnits: aws.Float64(1)},
			GlobalSecondaryIndexes: map[string]types.Capacity{"GSI1": {CapacityUnits: aws.Float64(1)}}}
	}
	return out, nil
}

// An Observer sees every request; a CapacityCounter keeps the running
// total of their consumed capacity, per table and per index.
func ExampleDB_WithObserver() {
	ctx := context.Background()
	articles := entity.MustDefine(&entity.Table{Name: "content", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"),
		Indexes: []entity.Index{{Name: "GSI1", PartitionKey: entity.S("GSI1PK"), SortKey: entity.S("GSI1SK")}}},
		entity.Config[Article]{Name: "Article", Key: entity.Key{Partition: "ARTICLE#${articleId}", Sort: "#METADATA"},
			Indexes: []entity.IndexKey[Article]{{Index: "GSI1", Partition: "AUTHOR#${authorId}", Sort: "ARTICLE#${articleId}"}}})
	base := entity.NewDB(capacityClient{}, "content-prod")

	var counter entity.CapacityCounter
	db := base.WithObserver(&counter).WithObserver(entity.ObserverFunc(func(_ context.Context, ev *entity.Event) {
		fmt.Println(ev.Operation, ev.Entities, ev.Tables, "attempt", ev.Attempt, "units", ev.Units(), "error", ev.Err)
	}))
	for _, id := range []string{"a1", "a2"} {
		if _, err := articles.Put(Article{ArticleID: id, AuthorID: "u1", Title: "T"}).Run(ctx, db); err != nil {
			fmt.Println(err)
		}
	}
	fmt.Println("total:", counter.Total())
	fmt.Println("GSI1:", counter.Index("content-prod", "GSI1"))
	// Output:
	// PutItem [Article] [content-prod] attempt 1 units read 0, write 2 error <nil>
	// PutItem [Article] [content-prod] attempt 1 units read 0, write 2 error <nil>
	// total: read 0, write 4
	// GSI1: read 0, write 2
}
