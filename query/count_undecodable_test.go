package query_test

import (
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/query"
)

// Count counts every item of the entity, including a marked one that does
// not decode into T, whether the entity reads only marked items (Select
// COUNT) or also recognises unmarked ones (it reads the pages then; an
// unmarked item whose key fits but that does not decode is counted too:
// entity.TestUnmarkedUndecodableIsTheEntitys); an item that
// does not decode neither fails the count nor is left out of it, with or
// without OnUndecodable, and OnUndecodable's fn is not called by Count.
func TestCountIncludesUndecodableItems(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	marked, db := brokenCounters(t, "a", "b", "c")

	table := &entity.Table{Name: "counters-unmarked", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
	recognising := entity.MustDefine(table, entity.Config[counter]{Name: "Counter",
		Key: entity.Key{Partition: "C", Sort: "COUNTER#${id}"}, RecognizeUnmarked: true})
	udb := entitytest.NewDB(t, table)
	for _, id := range []string{"a", "b", "c", "d"} {
		count := &types.AttributeValueMemberN{Value: "1"}
		item := map[string]types.AttributeValue{
			"PK": &types.AttributeValueMemberS{Value: "C"}, "SK": &types.AttributeValueMemberS{Value: "COUNTER#" + id},
			"id": &types.AttributeValueMemberS{Value: id}, "count": count,
		}
		if id == "b" { // the entity's item; another writer stored a string where T has an int
			item["count"] = &types.AttributeValueMemberS{Value: "many"}
			item[table.EntityAttr()] = &types.AttributeValueMemberS{Value: "Counter"}
		}
		if _, err := udb.Client.PutItem(ctx, &dynamodb.PutItemInput{TableName: udb.Table(table.Name), Item: item}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := udb.Client.PutItem(ctx, &dynamodb.PutItemInput{TableName: udb.Table(table.Name), Item: map[string]types.AttributeValue{
		"PK": &types.AttributeValueMemberS{Value: "C"}, "SK": &types.AttributeValueMemberS{Value: "COUNTER#e"},
		"id": &types.AttributeValueMemberS{Value: "e"}, "count": &types.AttributeValueMemberN{Value: "1"},
		table.EntityAttr(): &types.AttributeValueMemberS{Value: "Other"},
	}}); err != nil {
		t.Fatal(err)
	}

	called := 0
	note := func(query.Undecodable) error { called++; return nil }
	for _, c := range []struct {
		name string
		q    query.Query[counter]
		db   *entity.DB
		want int
	}{
		{"marked", query.New(marked).Where(entity.Values{}), db, 3},
		{"marked, OnUndecodable", query.New(marked).Where(entity.Values{}).OnUndecodable(note), db, 3},
		{"recognising unmarked", query.New(recognising).Where(entity.Values{}), udb, 4},
		{"recognising unmarked, OnUndecodable", query.New(recognising).Where(entity.Values{}).OnUndecodable(note), udb, 4},
	} {
		n, err := c.q.Count(ctx, c.db)
		if err != nil || n != c.want {
			t.Errorf("%s: Count = %d, %v; want %d, nil", c.name, n, err, c.want)
		}
	}
	if called != 0 {
		t.Errorf("Count called OnUndecodable's fn %d times, want 0", called)
	}
}
