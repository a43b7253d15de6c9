package entity_test

import (
	"strconv"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/query"
)

// DynamoDB's TTL ignores an attribute that is no number: such an item
// never expires. A get with SkipExpired keeps it, and so must a query or a
// scan with SkipExpired (whose filter dropped it: a string compared with
// the number :now is false). A number in the past (within five years) is
// expired for both.
func TestSkipExpiredKeepsAStringTTLLikeGet(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	table := &entity.Table{Name: "nonces", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"), TTLAttribute: "expiresAt"}
	nonces := entity.MustDefine(table, entity.Config[Nonce]{Name: "Nonce", Key: entity.Key{Partition: "N", Sort: "NONCE#${id}"}})
	db := entity.NewDB(entitytest.Client(t), entitytest.NewTable(t, table.CreateTableInput()))
	past := map[string]types.AttributeValue{
		"str": &types.AttributeValueMemberS{Value: "1000"}, // a string: DynamoDB never expires it
		// An hour ago: expired (a TTL more than five years in the past,
		// such as 1000, DynamoDB never deletes, and counts live).
		"num": &types.AttributeValueMemberN{Value: strconv.FormatInt(time.Now().Add(-time.Hour).Unix(), 10)},
	}
	for id, ttl := range past {
		if _, err := nonces.Put(Nonce{ID: id}).Run(ctx, db); err != nil {
			t.Fatal(err)
		}
		key, err := nonces.Key(entity.Values{"id": id})
		if err != nil {
			t.Fatal(err)
		}
		_, err = db.Client.UpdateItem(ctx, &dynamodb.UpdateItemInput{TableName: db.Table("nonces"), Key: key,
			UpdateExpression: aws.String("SET expiresAt = :t"), ExpressionAttributeValues: map[string]types.AttributeValue{":t": ttl}})
		if err != nil {
			t.Fatal(err)
		}
	}
	if _, err := nonces.Get(entity.Values{"id": "str"}).SkipExpired().Run(ctx, db); err != nil {
		t.Errorf("get of the string TTL with SkipExpired: %v, want the item", err)
	}
	if _, err := nonces.Get(entity.Values{"id": "num"}).SkipExpired().Run(ctx, db); err == nil {
		t.Error("get of the past number TTL with SkipExpired found the item")
	}
	got, err := query.New(nonces).Where(entity.Values{}).SkipExpired().Collect(ctx, db)
	if err != nil || len(got) != 1 || got[0].ID != "str" {
		t.Errorf("query with SkipExpired: %v, %v; want the string TTL's item only", got, err)
	}
	scanned, err := query.Scan(nonces).SkipExpired().Collect(ctx, db)
	if err != nil || len(scanned) != 1 || scanned[0].ID != "str" {
		t.Errorf("scan with SkipExpired: %v, %v; want the string TTL's item only", scanned, err)
	}
}
