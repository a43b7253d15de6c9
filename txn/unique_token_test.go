package txn_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/txn"
)

type tokUser struct {
	ID    string `dynamo:"id"`
	Email string `dynamo:"email"`
	Name  string `dynamo:"name"`
}

func newTokModel(t *testing.T) (*entity.DB, *entity.Entity[tokUser]) {
	t.Helper()
	table := &entity.Table{Name: "tokens", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
	users := entity.MustDefine(table, entity.Config[tokUser]{Name: "User", Key: entity.Key{Partition: "USER#${id}", Sort: "#META"},
		Attributes: map[string]entity.Attribute{"email": {Unique: true}}})
	return entitytest.NewDB(t, table), users
}

// A transaction with a Token whose actions read their item first (a put of
// an entity with unique attributes) would send other actions on its second
// run, which DynamoDB refuses (IdempotentParameterMismatch): it is refused
// before sending, on every run. A create needs no read: run twice with one
// token, it succeeds both times and writes once.
func TestTokenWithUniqueReadsIsRefusedBeforeSending(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db, users := newTokModel(t)
	rec := entitytest.NewRecorder(db.Client)
	rdb := *db
	rdb.Client = rec
	tx := txn.Write(users.Put(tokUser{ID: "u1", Email: "a@x"})).Token("put-" + db.TableName[max(0, len(db.TableName)-30):])
	for run := range 2 {
		err := tx.Run(ctx, &rdb)
		var ve *ddbmodel.ValidationError
		if !errors.As(err, &ve) || ve.Entity != "User" || !strings.Contains(ve.Reason, "IdempotentParameterMismatch") {
			t.Fatalf("run %d: %v, want a ValidationError saying why", run, err)
		}
	}
	if n := rec.Count(); n != 0 {
		t.Errorf("%d requests sent before the refusal (want none: not even the item's read)", n)
	}
	create := txn.Write(users.Create(tokUser{ID: "u2", Email: "b@x"})).Token("create-" + db.TableName[max(0, len(db.TableName)-29):])
	for run := range 2 {
		if err := create.Run(ctx, db); err != nil {
			t.Fatalf("create with a token, run %d: %v", run, err)
		}
	}
	// Without a token the put runs.
	if err := txn.Write(users.Put(tokUser{ID: "u1", Email: "a@x"})).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
}

// In a transaction as alone, a marker whose owner item is gone is taken
// over; two creates of one item are the same item twice, not a taken value.
func TestTransactionReclaimsAnOrphanedMarker(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db, users := newTokModel(t)
	if _, err := users.Create(tokUser{ID: "gone", Email: "a@x"}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	key := func(pk, sk string) map[string]types.AttributeValue {
		return map[string]types.AttributeValue{"PK": &types.AttributeValueMemberS{Value: pk}, "SK": &types.AttributeValueMemberS{Value: sk}}
	}
	if _, err := db.Client.DeleteItem(ctx, &dynamodb.DeleteItemInput{TableName: aws.String(db.TableName), Key: key("USER#gone", "#META")}); err != nil {
		t.Fatal(err)
	}
	if err := txn.Write(users.Create(tokUser{ID: "u1", Email: "a@x"}), users.Create(tokUser{ID: "u2", Email: "b@x"})).Run(ctx, db); err != nil {
		t.Fatalf("transaction taking an orphaned value: %v", err)
	}
	out, err := db.Client.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String(db.TableName), Key: key("UNIQUE#User#email#a@x", "UNIQUE"), ConsistentRead: aws.Bool(true)})
	if err != nil {
		t.Fatal(err)
	}
	if o, _ := out.Item["uniqueOwner"].(*types.AttributeValueMemberS); o == nil || !strings.Contains(o.Value, "USER#u1") {
		t.Errorf("marker %v, want u1's", out.Item)
	}
	// A value its owner holds is still refused.
	err = txn.Write(users.Create(tokUser{ID: "u3", Email: "a@x"})).Run(ctx, db)
	var ue *ddbmodel.UniqueError
	if !errors.As(err, &ue) || ue.Value != "a@x" {
		t.Fatalf("taking a held value: %v", err)
	}
	// The same create twice: refused as two actions on one item, before
	// sending, not as a value taken.
	err = txn.Write(users.Create(tokUser{ID: "u4", Email: "d@x"}), users.Create(tokUser{ID: "u4", Email: "d@x"})).Run(ctx, db)
	var ve *ddbmodel.ValidationError
	if !errors.As(err, &ve) || errors.Is(err, ddbmodel.ErrUniqueTaken) || !strings.Contains(err.Error(), "same item") || !strings.Contains(err.Error(), "USER#u4") {
		t.Fatalf("the same create twice: %v", err)
	}
}
