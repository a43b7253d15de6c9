package entity_test

import (
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel/entity"
)

// An entity recognising unmarked items reads an item other code wrote
// (no marker) when its key fits the templates, and adopting it writes the
// markers and the index keys, on the condition that it is unchanged: every
// attribute as read, and every attribute the entity stores that it lacked
// still absent.
func ExampleEntity_AdoptItem() {
	type Shelved struct {
		Shelf  string `dynamo:"shelf"`
		ID     string `dynamo:"id"`
		Author string `dynamo:"author"`
	}
	table := &entity.Table{Name: "library", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"),
		Indexes: []entity.Index{{Name: "GSI1", PartitionKey: entity.S("GSI1PK"), SortKey: entity.S("GSI1SK")}}}
	books := entity.MustDefine(table, entity.Config[Shelved]{
		Name: "Book", Key: entity.Key{Partition: "SHELF#${shelf}", Sort: "BOOK#${id}"},
		Indexes:           []entity.IndexKey[Shelved]{{Index: "GSI1", Partition: "AUTHOR#${author}", Sort: "BOOK#${id}"}},
		RecognizeUnmarked: true,
	})
	sv := func(v string) types.AttributeValue { return &types.AttributeValueMemberS{Value: v} }
	raw := map[string]types.AttributeValue{ // as the raw SDK wrote it
		"PK": sv("SHELF#s1"), "SK": sv("BOOK#b1"), "shelf": sv("s1"), "id": sv("b1"), "author": sv("ann"),
	}
	note := map[string]types.AttributeValue{"PK": sv("SHELF#s1"), "SK": sv("NOTE#n1")}
	fmt.Println("raw is a Book:", books.Is(raw))
	fmt.Println("note is a Book:", books.Is(note))

	in, err := books.AdoptItem(raw).Build()
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(aws.ToString(in.UpdateExpression))
	fmt.Println(aws.ToString(in.ConditionExpression))
	// Output:
	// raw is a Book: true
	// note is a Book: false
	// SET #GSI1PK = :v0, #GSI1SK = :v1, #__entity = :v2, #__entity_version = :v3
	// attribute_not_exists(#__entity) AND #PK = :v4 AND #SK = :v5 AND #author = :v6 AND #id = :v7 AND #shelf = :v8 AND attribute_not_exists(#GSI1PK) AND attribute_not_exists(#GSI1SK) AND attribute_not_exists(#__entity_version)
}

// Code written against the raw SDK often keeps an item's id only in its
// key. An entity recognising unmarked items recovers it from the key when
// reading, and adopting the item writes it with the markers and the index
// keys, on the condition that the item is unchanged (and still lacks it).
func ExampleEntity_AdoptItem_idsInTheKey() {
	type User struct {
		ID    string `dynamo:"id"`
		Name  string `dynamo:"name"`
		Email string `dynamo:"email"`
	}
	table := &entity.Table{Name: "app", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"),
		Indexes: []entity.Index{{Name: "GSI1", PartitionKey: entity.S("GSI1PK"), SortKey: entity.S("GSI1SK")}}}
	users := entity.MustDefine(table, entity.Config[User]{
		Name: "User", Key: entity.Key{Partition: "USER#${id}", Sort: "PROFILE"},
		Indexes:           []entity.IndexKey[User]{{Index: "GSI1", Partition: "EMAIL#${email}", Sort: "USER#${id}"}},
		RecognizeUnmarked: true,
	})
	sv := func(v string) types.AttributeValue { return &types.AttributeValueMemberS{Value: v} }
	raw := map[string]types.AttributeValue{ // no "id" attribute, no markers
		"PK": sv("USER#123"), "SK": sv("PROFILE"), "name": sv("Ann"), "email": sv("ann@example.com"),
	}
	u, err := users.Decode(raw)
	fmt.Printf("%+v %v\n", u, err)

	in, err := users.AdoptItem(raw).Build()
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(aws.ToString(in.UpdateExpression))
	fmt.Println(aws.ToString(in.ConditionExpression))
	fmt.Println(in.ExpressionAttributeValues[":v4"].(*types.AttributeValueMemberS).Value)

	// A key that holds no id this entity renders is not the entity's.
	other := map[string]types.AttributeValue{"PK": sv("USER#123"), "SK": sv("ORDER#9")}
	fmt.Println("order is a User:", users.Is(other))
	// Output:
	// {ID:123 Name:Ann Email:ann@example.com} <nil>
	// SET #GSI1PK = :v0, #GSI1SK = :v1, #__entity = :v2, #__entity_version = :v3, #id = :v4
	// attribute_not_exists(#__entity) AND #PK = :v5 AND #SK = :v6 AND #email = :v7 AND #name = :v8 AND attribute_not_exists(#GSI1PK) AND attribute_not_exists(#GSI1SK) AND attribute_not_exists(#__entity_version) AND attribute_not_exists(#id)
	// 123
	// order is a User: false
}
