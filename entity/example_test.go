package entity_test

import (
	"errors"
	"fmt"
	"sort"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
)

type Post struct {
	PostID   string `dynamo:"postId"`
	AuthorID string `dynamo:"authorId"`
	Status   string `dynamo:"status"`
	Title    string `dynamo:"title"`
}

var blog = &entity.Table{
	Name:         "blog",
	PartitionKey: entity.S("PK"),
	SortKey:      entity.S("SK"),
	Indexes:      []entity.Index{{Name: "GSI1", PartitionKey: entity.S("GSI1PK"), SortKey: entity.S("GSI1SK")}},
}

var posts = entity.MustDefine(blog, entity.Config[Post]{
	Name: "Post",
	Key:  entity.Key{Partition: "POST#${postId}", Sort: "#META"},
	Indexes: []entity.IndexKey[Post]{
		{Index: "GSI1", Partition: "AUTHOR#${authorId}", Sort: "${status}#POST#${postId}"},
	},
	Attributes: map[string]entity.Attribute{
		"status": {Default: "draft", Enum: []string{"draft", "published"}},
	},
})

func printItem(item map[string]types.AttributeValue) {
	names := make([]string, 0, len(item))
	for n := range item {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		if s, ok := item[n].(*types.AttributeValueMemberS); ok {
			fmt.Printf("  %s = %s\n", n, s.Value)
		}
	}
}

// A put renders every key from the item's attributes and marks the item
// with its entity.
func ExampleEntity_Put() {
	in, err := posts.Put(Post{PostID: "p1", AuthorID: "ana", Title: "Hello"}).Build()
	if err != nil {
		panic(err)
	}
	printItem(in.Item)
	// Output:
	//   GSI1PK = AUTHOR#ana
	//   GSI1SK = draft#POST#p1
	//   PK = POST#p1
	//   SK = #META
	//   __entity = Post
	//   __entity_version = 1
	//   authorId = ana
	//   postId = p1
	//   status = draft
	//   title = Hello
}

// Encode is the item a put writes, without a request around it. It also
// serves an entity with unique attributes, whose put cannot be built as
// one request: its Run writes the marker items in the same transaction
// (txn.Write builds a create with them).
func ExampleEntity_Encode() {
	type Member struct {
		ID    string `dynamo:"id"`
		Email string `dynamo:"email"`
	}
	members := entity.MustDefine(&entity.Table{Name: "club", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}, entity.Config[Member]{
		Name:       "Member",
		Key:        entity.Key{Partition: "MEMBER#${id}", Sort: "#META"},
		Attributes: map[string]entity.Attribute{"email": {Unique: true}},
	})
	m := Member{ID: "m1", Email: "ana@example.com"}
	item, err := members.Encode(m)
	if err != nil {
		panic(err)
	}
	printItem(item)
	_, err = members.Put(m).Build()
	fmt.Println(errors.Is(err, entity.ErrNeedsRead))
	// Output:
	//   PK = MEMBER#m1
	//   SK = #META
	//   __entity = Member
	//   __entity_version = 1
	//   email = ana@example.com
	//   id = m1
	// true
}

// KeyOf gives the table key a put of a value writes, for code that reaches
// the item through the SDK directly (a DeleteItem of its own, a key to
// compare with a stream record's Keys).
func ExampleEntity_KeyOf() {
	key, err := posts.KeyOf(Post{PostID: "p1", AuthorID: "ana", Title: "Hello"})
	if err != nil {
		panic(err)
	}
	printItem(key)
	_, err = posts.KeyOf(Post{AuthorID: "ana"})
	fmt.Println(err)
	fmt.Println(errors.Is(err, ddbmodel.ErrMissingComposites))
	// Output:
	//   PK = POST#p1
	//   SK = #META
	// ddbmodel: Post: cannot compute PK: missing postId (give a value for each)
	// true
}

// An update of an attribute a key is built from recomputes the key in the
// same write.
func ExampleEntity_Update() {
	in, err := posts.Update(entity.Values{"postId": "p1"}).Set("status", "published").Build()
	if err != nil {
		panic(err)
	}
	fmt.Println(aws.ToString(in.UpdateExpression))
	fmt.Println(aws.ToString(in.ConditionExpression))
	fmt.Println(in.ExpressionAttributeValues[":v0"].(*types.AttributeValueMemberS).Value)
	// Output:
	// SET #GSI1SK = :v0, #status = :v1
	// #__entity = :v2
	// published#POST#p1
}

type Comment struct {
	PostID    string `dynamo:"postId"`
	CommentID string `dynamo:"commentId"`
	Status    string `dynamo:"status"`
	CreatedAt string `dynamo:"createdAt"`
}

var comments = entity.MustDefine(blog, entity.Config[Comment]{
	Name: "Comment",
	Key:  entity.Key{Partition: "POST#${postId}", Sort: "COMMENT#${commentId}"},
	Indexes: []entity.IndexKey[Comment]{
		{Index: "GSI1", Partition: "MODERATION", Sort: "${status}#${createdAt}#${commentId}"},
	},
})

// An update that cannot compute a key it would change fails before
// anything is sent, naming what is missing; With supplies the current value.
func ExampleEntity_Update_missingComposites() {
	key := entity.Values{"postId": "p1", "commentId": "c9"}
	_, err := comments.Update(key).Set("createdAt", "2026-01-01").Build()
	var missing *ddbmodel.MissingCompositesError
	if errors.As(err, &missing) {
		fmt.Println(missing.KeyAttribute, missing.Missing)
	}
	fmt.Println(err)
	in, err := comments.Update(key).Set("createdAt", "2026-01-01").With(entity.Values{"status": "pending"}).Build()
	if err != nil {
		panic(err)
	}
	fmt.Println(aws.ToString(in.UpdateExpression))
	fmt.Println(aws.ToString(in.ConditionExpression))
	// Output:
	// GSI1SK [status]
	// ddbmodel: Comment: cannot compute GSI1SK: missing status (give their current values with With, or use ReadFirst)
	// SET #GSI1SK = :v0, #createdAt = :v1
	// (#__entity = :v2) AND (#status = :v3)
}

// NewID is a Default for ID fields: a ULID, whose string order is creation
// order, so a sort key NOTE#<id> lists notes oldest first.
func ExampleNewID() {
	notes := entity.MustDefine(&entity.Table{Name: "notes", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}, entity.Config[Note]{
		Name:       "Note",
		Key:        entity.Key{Partition: "NOTES", Sort: "NOTE#${noteId}"},
		Attributes: map[string]entity.Attribute{"noteId": {Default: entity.NewID}},
	})
	first, _ := notes.Put(Note{Text: "first"}).Build()
	second, _ := notes.Put(Note{Text: "second"}).Build()
	a := first.Item["SK"].(*types.AttributeValueMemberS).Value
	b := second.Item["SK"].(*types.AttributeValueMemberS).Value
	fmt.Println(len(a), a < b)
	// Output:
	// 31 true
}
