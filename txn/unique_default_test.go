package txn_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/txn"
)

// Signup is an entity whose key composite is drawn by a Default and
// whose e-mail address is unique.
type Signup struct {
	ID      string    `dynamo:"id"`
	Email   string    `dynamo:"email"`
	Created time.Time `dynamo:"created"`
}

// A Default filling a key composite of an entity with a unique attribute
// is drawn once per write: the item written, the marker's owner and the
// value returned (or the written item decoded) hold the same id, so the
// marker protects the value (a second create with it is refused). Before,
// the write compiled the value twice and drew two ids: the marker named
// an item that did not exist, and a second create took the value.
func TestADefaultKeyOfAUniqueEntityIsDrawnOnce(t *testing.T) {
	ctx := context.Background()
	table := &entity.Table{Name: "uqdefault", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
	signups := entity.MustDefine(table, entity.Config[Signup]{
		Name: "Signup", Key: entity.Key{Partition: "SIGNUP#${id}", Sort: "SIGNUP"}, Timestamps: entity.Timestamps{Created: "created"},
		Attributes: map[string]entity.Attribute{"id": {Default: entity.NewID}, "email": {Unique: true}},
	})
	db := entitytest.NewDB(t, table)
	for _, tc := range []struct {
		name  string
		email string
		write func(Signup) (Signup, error)
	}{
		{"create", "create@x", func(s Signup) (Signup, error) { return signups.Create(s).Run(ctx, db) }},
		{"put", "put@x", func(s Signup) (Signup, error) { return signups.Put(s).Run(ctx, db) }},
		{"upsert", "upsert@x", func(s Signup) (Signup, error) { return signups.Upsert(s).Run(ctx, db) }},
		{"transaction", "txn@x", func(s Signup) (Signup, error) {
			items, err := txn.Write(signups.Create(s)).RunWritten(ctx, db)
			if err != nil {
				return Signup{}, err
			}
			return txn.Decode(items, 0, signups)
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := tc.write(Signup{Email: tc.email})
			if err != nil {
				t.Fatal(err)
			}
			stored, err := signups.Get(entity.Values{"id": got.ID}).Run(ctx, db)
			if err != nil {
				t.Fatalf("get by the id returned (%q): %v", got.ID, err)
			}
			if !stored.Created.Equal(got.Created) {
				t.Errorf("created returned %v, stored %v", got.Created, stored.Created)
			}
			out, err := db.Client.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String(db.TableName), ConsistentRead: aws.Bool(true),
				Key: map[string]types.AttributeValue{"PK": &types.AttributeValueMemberS{Value: "UNIQUE#Signup#email#" + tc.email}, "SK": &types.AttributeValueMemberS{Value: "UNIQUE"}}})
			if err != nil {
				t.Fatal(err)
			}
			if o, _ := out.Item["uniqueOwner"].(*types.AttributeValueMemberS); o == nil || !strings.Contains(o.Value, "SIGNUP#"+got.ID) {
				t.Errorf("the marker of %s names %v; want SIGNUP#%s", tc.email, out.Item["uniqueOwner"], got.ID)
			}
			if _, err := signups.Create(Signup{Email: tc.email}).Run(ctx, db); !errors.Is(err, ddbmodel.ErrUniqueTaken) {
				t.Errorf("a second create with %s: %v; want ErrUniqueTaken", tc.email, err)
			}
		})
	}
}
