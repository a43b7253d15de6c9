package entity_test

import (
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel/entity"
)

// MemoV1 is a memo as version 1 of the Memo entity stored it.
type MemoV1 struct {
	ID    string `dynamo:"id"`
	Title string `dynamo:"title"`
}

// Memo is version 2: the title is now a headline, and a memo has a
// language.
type Memo struct {
	ID       string `dynamo:"id"`
	Headline string `dynamo:"headline"`
	Lang     string `dynamo:"lang"`
}

// An entity at version 2 declares how items of version 1 are read: each
// read decodes such an item into MemoV1 and upgrades it. An update is
// conditioned on the item being at version 2 (an item of version 1 is
// refused with ddbmodel.ErrOldVersion, and left unchanged); a put writes
// the whole item at version 2.
func ExampleUpgradeFrom() {
	table := &entity.Table{Name: "memos", PartitionKey: entity.S("PK")}
	memos := entity.MustDefine(table, entity.Config[Memo]{
		Name: "Memo", Version: "2", Key: entity.Key{Partition: "MEMO#${id}"},
		Upgrades: []entity.Upgrade[Memo]{
			entity.UpgradeFrom("1", func(old MemoV1) (Memo, error) {
				return Memo{ID: old.ID, Headline: old.Title, Lang: "en"}, nil
			}),
		},
	})
	// An item version 1 wrote.
	item := map[string]types.AttributeValue{
		"PK":                      &types.AttributeValueMemberS{Value: "MEMO#n1"},
		table.EntityAttr():        &types.AttributeValueMemberS{Value: "Memo"},
		table.EntityVersionAttr(): &types.AttributeValueMemberS{Value: "1"},
		"id":                      &types.AttributeValueMemberS{Value: "n1"},
		"title":                   &types.AttributeValueMemberS{Value: "Hello"},
	}
	n, err := memos.Decode(item)
	fmt.Printf("%+v %v\n", n, err)

	in, err := memos.Update(entity.Values{"id": "n1"}).Set("lang", "fr").Build()
	if err != nil {
		panic(err)
	}
	fmt.Println(aws.ToString(in.ConditionExpression))
	// Output:
	// {ID:n1 Headline:Hello Lang:en} <nil>
	// (#__entity = :v1) AND (attribute_not_exists(#__entity_version) OR #__entity_version = :v2)
}
