package txn_test

import (
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/google/go-cmp/cmp"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
)

// Note keeps its ids id and n in its key.
type Note struct {
	ID     string `dynamo:"id"`
	N      int    `dynamo:"n"`
	Author string `dynamo:"author"`
}

// An update that moves an unmarked item whose ids are only in its key
// (RecognizeUnmarked) takes the ids recovered from the key: the old key is
// gone, and the new key holds what a put of the updated value writes.
func TestMoveOfUnmarkedItemWithIdsOnlyInItsKey(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	table := &entity.Table{Name: "notes", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"),
		Indexes: []entity.Index{{Name: "GSI1", PartitionKey: entity.S("GSI1PK"), SortKey: entity.S("GSI1SK")}}}
	notes := entity.MustDefine(table, entity.Config[Note]{Name: "Note", RecognizeUnmarked: true,
		Key:     entity.Key{Partition: "A#${id}", Sort: "N#${n:pad(3)}"},
		Indexes: []entity.IndexKey[Note]{{Index: "GSI1", Partition: "AU#${author}", Sort: "A#${id}#${n:pad(3)}"}}})
	db := entitytest.NewDB(t, table)
	name := db.Table(table.Name)
	s := func(v string) types.AttributeValue { return &types.AttributeValueMemberS{Value: v} }
	if _, err := db.Client.PutItem(ctx, &dynamodb.PutItemInput{TableName: name, Item: map[string]types.AttributeValue{
		"PK": s("A#a"), "SK": s("N#001"), "author": s("x"), "GSI1PK": s("AU#x"), "GSI1SK": s("A#a#001")}}); err != nil {
		t.Fatal(err)
	}
	got, err := notes.Update(entity.Values{"id": "a", "n": 1}).Set("n", 2).Run(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	want := Note{ID: "a", N: 2, Author: "x"}
	if got != want {
		t.Errorf("moved item = %+v, want %+v", got, want)
	}
	read := func(sk string) map[string]types.AttributeValue {
		out, err := db.Client.GetItem(ctx, &dynamodb.GetItemInput{TableName: name, ConsistentRead: aws.Bool(true),
			Key: map[string]types.AttributeValue{"PK": s("A#a"), "SK": s(sk)}})
		if err != nil {
			t.Fatal(err)
		}
		return out.Item
	}
	if old := read("N#001"); len(old) != 0 {
		t.Errorf("the old key still holds an item: %v", old)
	}
	put, err := notes.Put(want).Build()
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(put.Item, read("N#002"), entitytest.CmpOptions); diff != "" {
		t.Errorf("item under the new key, against a put of the value (-put +stored):\n%s", diff)
	}
}
