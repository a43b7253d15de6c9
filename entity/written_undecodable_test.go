package entity_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
)

// wuCode refuses to decode the text "BAD".
type wuCode string

func (c wuCode) MarshalText() ([]byte, error) { return []byte(c), nil }

func (c *wuCode) UnmarshalText(b []byte) error {
	if string(b) == "BAD" {
		return fmt.Errorf("no such code %q", b)
	}
	*c = wuCode(b)
	return nil
}

type wuShelf struct {
	ID   string `dynamo:"id"`
	Name string `dynamo:"name"`
	Code wuCode `dynamo:"code"`
	N    int    `dynamo:"n"`
}

// An update or upsert that was applied but whose returned item does not
// decode says that the write was made (a caller must not repeat an Add),
// and still carries the *ddbmodel.DecodeError; it was the bare decode
// error (helper-115).
func TestAWriteWhoseReturnedItemDoesNotDecodeSaysItWasWritten(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	table := &entity.Table{Name: "wu", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
	shelves := entity.MustDefine(table, entity.Config[wuShelf]{Name: "Shelf", Key: entity.Key{Partition: "SHELF#${id}", Sort: "#S"}})
	db := entitytest.NewDB(t, table)
	if _, err := shelves.Put(wuShelf{ID: "s1", Name: "a", Code: "OK"}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	key := map[string]types.AttributeValue{"PK": &types.AttributeValueMemberS{Value: "SHELF#s1"}, "SK": &types.AttributeValueMemberS{Value: "#S"}}
	if _, err := db.Client.UpdateItem(ctx, &dynamodb.UpdateItemInput{TableName: aws.String(db.TableName), Key: key,
		UpdateExpression:          aws.String("SET #c = :c"),
		ExpressionAttributeNames:  map[string]string{"#c": "code"},
		ExpressionAttributeValues: map[string]types.AttributeValue{":c": &types.AttributeValueMemberS{Value: "BAD"}}}); err != nil {
		t.Fatal(err)
	}
	check := func(what string, err error, n string) {
		t.Helper()
		var de *ddbmodel.DecodeError
		if !errors.As(err, &de) || !strings.Contains(err.Error(), "the write was made") {
			t.Errorf("%s: err = %v, want a *ddbmodel.DecodeError saying the write was made", what, err)
		}
		if got := rawItem(t, db, key)["n"].(*types.AttributeValueMemberN).Value; got != n {
			t.Errorf("%s: n = %s, want %s: the write was applied", what, got, n)
		}
	}
	_, err := shelves.Update(entity.Values{"id": "s1"}).Add("n", 1).Run(ctx, db)
	check("update", err, "1")
	_, err = shelves.Update(entity.Values{"id": "s1"}).Add("n", 1).Returning(types.ReturnValueAllOld).Run(ctx, db)
	check("update returning the old item", err, "2")
}
