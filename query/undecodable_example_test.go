package query_test

import (
	"context"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/query"
)

// oneScanPage stands in for DynamoDB: every Scan returns its items.
type oneScanPage struct {
	*entitytest.Recorder
	items []map[string]types.AttributeValue
}

func (c oneScanPage) Scan(context.Context, *dynamodb.ScanInput, ...func(*dynamodb.Options)) (*dynamodb.ScanOutput, error) {
	return &dynamodb.ScanOutput{Items: c.items}, nil
}

// A scan that meets an item of the entity it cannot decode (here another
// writer stored "many" where counter.Count is an int) stops with the
// item's *ddbmodel.DecodeError unless OnUndecodable is set: then it
// returns every item that decodes and reports each one that does not, with
// its key and error.
func ExampleScanner_OnUndecodable() {
	table := &entity.Table{Name: "counters", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
	counters := entity.MustDefine(table, entity.Config[counter]{Name: "Counter", Key: entity.Key{Partition: "C", Sort: "COUNTER#${id}"}})
	item := func(id string, count types.AttributeValue) map[string]types.AttributeValue {
		return map[string]types.AttributeValue{"PK": &types.AttributeValueMemberS{Value: "C"},
			"SK": &types.AttributeValueMemberS{Value: "COUNTER#" + id}, "id": &types.AttributeValueMemberS{Value: id},
			"count": count, "__entity": &types.AttributeValueMemberS{Value: "Counter"}}
	}
	db := entity.NewDB(oneScanPage{entitytest.NewRecorder(nil), []map[string]types.AttributeValue{
		item("a", &types.AttributeValueMemberN{Value: "1"}),
		item("b", &types.AttributeValueMemberS{Value: "many"}),
	}}, "counters")
	ctx := context.Background()

	_, err := query.Scan(counters).Collect(ctx, db)
	fmt.Println("without OnUndecodable:", err != nil)

	got, err := query.Scan(counters).OnUndecodable(func(u query.Undecodable) error {
		fmt.Println("skipped:", u.Err.Key, "attribute", u.Err.Attribute)
		return nil
	}).Collect(ctx, db)
	fmt.Println(got, err)
	// Output:
	// without OnUndecodable: true
	// skipped: PK=C,SK=COUNTER#b attribute count
	// [{a 1}] <nil>
}
