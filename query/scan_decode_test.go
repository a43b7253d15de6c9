package query_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/query"
)

type counter struct {
	ID    string `dynamo:"id"`
	Count int    `dynamo:"count"`
}

// An item that does not decode (here, another writer stored a string where
// the Go type has an int) fails a scan, a query and a get with a
// *ddbmodel.DecodeError naming the item's key, so it can be found among
// millions.
func TestDecodeErrorNamesTheItemsKey(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	table := &entity.Table{Name: "counters", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
	counters := entity.MustDefine(table, entity.Config[counter]{Name: "Counter", Key: entity.Key{Partition: "C", Sort: "COUNTER#${id}"}})
	db := entitytest.NewDB(t, table)
	for _, id := range []string{"a", "b"} {
		if _, err := counters.Put(counter{ID: id, Count: 1}).Run(ctx, db); err != nil {
			t.Fatal(err)
		}
	}
	key, err := counters.Key(entity.Values{"id": "b"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Client.UpdateItem(ctx, &dynamodb.UpdateItemInput{TableName: db.Table("counters"), Key: key,
		UpdateExpression:          aws.String("SET #c = :s"),
		ExpressionAttributeNames:  map[string]string{"#c": "count"},
		ExpressionAttributeValues: map[string]types.AttributeValue{":s": &types.AttributeValueMemberS{Value: "many"}}}); err != nil {
		t.Fatal(err)
	}
	check := func(what string, err error) {
		t.Helper()
		var de *ddbmodel.DecodeError
		if !errors.As(err, &de) || de.Key != "PK=C,SK=COUNTER#b" || !strings.Contains(err.Error(), "PK=C,SK=COUNTER#b") {
			t.Errorf("%s: %v; want a *ddbmodel.DecodeError naming PK=C,SK=COUNTER#b", what, err)
		}
	}
	_, err = query.Scan(counters).Page(ctx, db, "")
	check("scan page", err)
	_, err = query.Scan(counters).Collect(ctx, db)
	check("scan collect", err)
	_, err = query.New(counters).Where(entity.Values{}).Collect(ctx, db)
	check("query", err)
	_, err = counters.Get(entity.Values{"id": "b"}).Run(ctx, db)
	check("get", err)
}
