package query_test

import (
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/query"
)

type ixrBook struct {
	Shelf  string `dynamo:"shelf"`
	ID     string `dynamo:"id"`
	Author string `dynamo:"author"`
}

// A query of an index takes an unmarked item only when the index key it
// holds is the one a put of its value writes: an item other code indexed
// under AUTHOR#zed while its author is ann is not ann's nor zed's book on
// that index (Page.Unrecognized lists it; Collect and Count leave it out).
// A read of the table, whose key fits, still takes it.
func TestUnmarkedIndexKeyMustFitOnIndexReads(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	table := &entity.Table{Name: "library", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"),
		Indexes: []entity.Index{{Name: "GSI1", PartitionKey: entity.S("GSI1PK"), SortKey: entity.S("GSI1SK")}}}
	books := entity.MustDefine(table, entity.Config[ixrBook]{
		Name: "Book", Key: entity.Key{Partition: "SHELF#${shelf}", Sort: "BOOK#${id}"},
		Indexes:           []entity.IndexKey[ixrBook]{{Index: "GSI1", Partition: "AUTHOR#${author}", Sort: "BOOK#${id}"}},
		RecognizeUnmarked: true,
	})
	db := entitytest.NewDB(t, table)
	sv := func(v string) types.AttributeValue { return &types.AttributeValueMemberS{Value: v} }
	for _, it := range []map[string]types.AttributeValue{
		{"PK": sv("SHELF#s1"), "SK": sv("BOOK#b1"), "GSI1PK": sv("AUTHOR#ann"), "GSI1SK": sv("BOOK#b1"), "shelf": sv("s1"), "id": sv("b1"), "author": sv("ann")},
		{"PK": sv("SHELF#s1"), "SK": sv("BOOK#b2"), "GSI1PK": sv("AUTHOR#zed"), "GSI1SK": sv("BOOK#b2"), "shelf": sv("s1"), "id": sv("b2"), "author": sv("ann")},
	} {
		if _, err := db.Client.PutItem(ctx, &dynamodb.PutItemInput{TableName: db.Table(table.Name), Item: it}); err != nil {
			t.Fatal(err)
		}
	}
	byZed := query.New(books).Index("GSI1").Where(entity.Values{"author": "zed"})
	p, err := byZed.Page(ctx, db, "")
	if err != nil || len(p.Items) != 0 || len(p.Unrecognized) != 1 {
		t.Errorf("GSI1 zed page = %+v, %d unrecognized, %v; want no item and b2 unrecognized", p.Items, len(p.Unrecognized), err)
	}
	if got, err := byZed.Collect(ctx, db); err != nil || len(got) != 0 {
		t.Errorf("GSI1 zed Collect = %+v, %v; want none", got, err)
	}
	if n, err := byZed.Count(ctx, db); err != nil || n != 0 {
		t.Errorf("GSI1 zed Count = %d, %v; want 0", n, err)
	}
	if got, err := query.New(books).Index("GSI1").Where(entity.Values{"author": "ann"}).Collect(ctx, db); err != nil || len(got) != 1 || got[0].ID != "b1" {
		t.Errorf("GSI1 ann = %+v, %v; want b1", got, err)
	}
	if got, err := query.New(books).Where(entity.Values{"shelf": "s1"}).Collect(ctx, db); err != nil || len(got) != 2 {
		t.Errorf("table query = %+v, %v; want b1 and b2", got, err)
	}
}
