package query_test

import (
	"context"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/query"
)

// pagingClient answers queries with one lesson per page, two pages in all,
// and records the table names it was sent.
type pagingClient struct {
	entity.Client // unimplemented methods panic
	tables        []string
}

func (c *pagingClient) Query(_ context.Context, in *dynamodb.QueryInput, _ ...func(*dynamodb.Options)) (*dynamodb.QueryOutput, error) {
	c.tables = append(c.tables, aws.ToString(in.TableName))
	s := func(v string) types.AttributeValue { return &types.AttributeValueMemberS{Value: v} }
	item := func(l string) map[string]types.AttributeValue {
		return map[string]types.AttributeValue{
			"PK": s("COURSE#c1"), "SK": s("MODULE#m1#LESSON#" + l), "__entity": s("Lesson"), "__entity_version": s("1"),
			"courseId": s("c1"), "moduleId": s("m1"), "lessonId": s(l),
		}
	}
	if in.ExclusiveStartKey == nil {
		it := item("l1")
		return &dynamodb.QueryOutput{Items: []map[string]types.AttributeValue{it}, LastEvaluatedKey: map[string]types.AttributeValue{"PK": it["PK"], "SK": it["SK"]}}, nil
	}
	return &dynamodb.QueryOutput{Items: []map[string]types.AttributeValue{item("l2")}}, nil
}

// A DB whose TableName differs from the Table's default name must accept
// the cursors its own pages return (regression: the cursor was encoded with
// the DB's table name and checked against the default one).
func TestCursorWithRenamedTable(t *testing.T) {
	t.Parallel()
	_, _, lessons, _, _ := newSchool()
	client := &pagingClient{}
	db := entity.NewDB(client, "school-renamed")
	q := query.New(lessons).Where(entity.Values{"courseId": "c1"}).Limit(1)
	p1, err := q.Page(context.Background(), db, "")
	if err != nil {
		t.Fatal(err)
	}
	if p1.Cursor == "" {
		t.Fatal("first page: no cursor")
	}
	p2, err := q.Page(context.Background(), db, p1.Cursor)
	if err != nil {
		t.Fatalf("second page with the first page's cursor: %v", err)
	}
	if len(p1.Items) != 1 || len(p2.Items) != 1 || p2.Items[0].LessonID != "l2" || p2.Cursor != "" {
		t.Errorf("pages: %+v then %+v, want l1 then l2 and no cursor", p1, p2)
	}
	for _, name := range client.tables {
		if name != "school-renamed" {
			t.Errorf("query sent to table %q, want school-renamed", name)
		}
	}
}
