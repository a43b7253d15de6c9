package entity_test

import (
	"context"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
)

// Two indexes sharing a partition key attribute (status feeds sorted by date
// and by rating): an update of the status sets that attribute once, which
// DynamoDB requires (overlapping paths are rejected).
func TestUpdateSetsASharedIndexKeyOnce(t *testing.T) {
	t.Parallel()
	type Post struct {
		ID     string `dynamo:"id"`
		Status string `dynamo:"status"`
		Rating int    `dynamo:"rating"`
		At     int    `dynamo:"at"`
	}
	table := &entity.Table{
		Name: "shared", PartitionKey: entity.S("pk"), SortKey: entity.S("sk"),
		Indexes: []entity.Index{
			{Name: "byDate", PartitionKey: entity.S("status_pk"), SortKey: entity.N("at")},
			{Name: "byRating", PartitionKey: entity.S("status_pk"), SortKey: entity.N("rating_sk")},
		},
	}
	posts := entity.MustDefine(table, entity.Config[Post]{
		Name: "Post",
		Key:  entity.Key{Partition: "POST#${id}", Sort: "META"},
		Indexes: []entity.IndexKey[Post]{
			{Index: "byDate", Partition: "STATUS#${status}", Sort: "${at}"},
			{Index: "byRating", Partition: "STATUS#${status}", Sort: "${rating}"},
		},
	})
	op := posts.Update(entity.Values{"id": "p1"}).Set("status", "published")
	in, err := op.Build()
	if err != nil {
		t.Fatal(err)
	}
	if got := aws.ToString(in.UpdateExpression); strings.Count(got, "#status_pk =") != 1 {
		t.Errorf("UpdateExpression = %q, want status_pk set once", got)
	}

	ctx := context.Background()
	db := entitytest.NewDB(t, table)
	if _, err := posts.Create(Post{ID: "p1", Status: "draft", Rating: 3, At: 100}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	if _, err := op.Run(ctx, db); err != nil {
		t.Fatalf("update of a shared index key: %v", err)
	}
	got, err := posts.Get(entity.Values{"id": "p1"}).Run(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	if got.Status != "published" {
		t.Errorf("status = %q", got.Status)
	}
}
