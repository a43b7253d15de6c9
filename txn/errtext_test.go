package txn_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/internal/errtext"
	"github.com/ddbmodel/ddbmodel/query"
	"github.com/ddbmodel/ddbmodel/txn"
)

type prefixAccount struct {
	ID    string `dynamo:"id"`
	Email string `dynamo:"email"`
	Plan  string `dynamo:"plan"`
	Seats int    `dynamo:"seats"`
	Lock  int64  `dynamo:"lock"`
}

type prefixNote struct {
	ID   string `dynamo:"id"`
	Text string `dynamo:"text"`
}

// TestOutcomeErrorsHaveOnePrefix provokes, on DynamoDB Local, every
// outcome a caller tells apart with errors.Is or errors.As, through each
// package's entry points, and checks that the text reads "ddbmodel: ..."
// once however many layers wrapped it, and that the chain still holds
// the sentinel.
func TestOutcomeErrorsHaveOnePrefix(t *testing.T) {
	t.Parallel()
	table := &entity.Table{Name: "prefixes", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
	accounts := entity.MustDefine(table, entity.Config[prefixAccount]{
		Name:          "Account",
		Key:           entity.Key{Partition: "ACCOUNT#${id}", Sort: "#A"},
		Attributes:    map[string]entity.Attribute{"email": {Unique: true}},
		LockAttribute: "lock",
	})
	notes := entity.MustDefine(table, entity.Config[prefixNote]{
		Name:           "Note",
		Key:            entity.Key{Partition: "ACCOUNT#${id}", Sort: "#A"},
		SharesKeysWith: []string{"Account"},
	})
	db := entitytest.NewDB(t, table)
	ctx := t.Context()
	if _, err := accounts.Create(prefixAccount{ID: "a1", Email: "a@x", Plan: "free"}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	if _, err := accounts.Create(prefixAccount{ID: "a2", Email: "b@x", Plan: "free"}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	// An item whose seats the Account type cannot decode.
	if _, err := db.Client.PutItem(ctx, &dynamodb.PutItemInput{TableName: db.Table(table.Name), Item: map[string]types.AttributeValue{
		"PK": &types.AttributeValueMemberS{Value: "ACCOUNT#bad"}, "SK": &types.AttributeValueMemberS{Value: "#A"},
		table.EntityAttr(): &types.AttributeValueMemberS{Value: "Account"}, "id": &types.AttributeValueMemberS{Value: "bad"},
		"seats": &types.AttributeValueMemberS{Value: "many"},
	}}); err != nil {
		t.Fatal(err)
	}
	key := func(id string) entity.Values { return entity.Values{"id": id} }
	cases := []struct {
		name string
		want error
		run  func(context.Context) error
	}{
		{"get missing", ddbmodel.ErrNotFound, func(ctx context.Context) error {
			_, err := accounts.Get(key("none")).Run(ctx, db)
			return err
		}},
		{"get another entity's item", ddbmodel.ErrNotFound, func(ctx context.Context) error {
			_, err := notes.Get(key("a1")).Run(ctx, db)
			return err
		}},
		{"get undecodable", nil, func(ctx context.Context) error {
			_, err := accounts.Get(key("bad")).Run(ctx, db)
			return err
		}},
		{"create existing", ddbmodel.ErrAlreadyExists, func(ctx context.Context) error {
			_, err := accounts.Create(prefixAccount{ID: "a1", Email: "c@x"}).Run(ctx, db)
			return err
		}},
		{"create taking a unique value", ddbmodel.ErrUniqueTaken, func(ctx context.Context) error {
			_, err := accounts.Create(prefixAccount{ID: "a3", Email: "a@x"}).Run(ctx, db)
			return err
		}},
		{"update of a stale version", ddbmodel.ErrVersionConflict, func(ctx context.Context) error {
			_, err := accounts.Update(key("a1")).Set("plan", "pro").IfVersion(7).Run(ctx, db)
			return err
		}},
		{"update with a failed condition", ddbmodel.ErrConditionFailed, func(ctx context.Context) error {
			_, err := accounts.Update(key("a1")).Set("plan", "pro").If(entity.Attr("seats").Gt(100)).Run(ctx, db)
			return err
		}},
		{"update of a missing item", ddbmodel.ErrNotFound, func(ctx context.Context) error {
			_, err := accounts.Update(key("none")).Set("plan", "pro").Run(ctx, db)
			return err
		}},
		{"delete of a stale version", ddbmodel.ErrVersionConflict, func(ctx context.Context) error {
			return accounts.Delete(key("a2")).IfVersion(9).Run(ctx, db)
		}},
		{"put over another entity's item", ddbmodel.ErrOtherEntity, func(ctx context.Context) error {
			_, err := notes.Put(prefixNote{ID: "a1", Text: "x"}).Run(ctx, db)
			return err
		}},
		{"query one of none", ddbmodel.ErrNotFound, func(ctx context.Context) error {
			_, err := query.New(accounts).Where(entity.Values{"id": "none"}).One(ctx, db)
			return err
		}},
		{"query of an undecodable item", nil, func(ctx context.Context) error {
			_, err := query.New(accounts).Where(entity.Values{"id": "bad"}).Collect(ctx, db)
			return err
		}},
		{"cursor of another query", ddbmodel.ErrInvalidCursor, func(ctx context.Context) error {
			_, err := query.New(accounts).Where(entity.Values{"id": "a1"}).Page(ctx, db, "not-a-cursor")
			return err
		}},
		{"write transaction canceled", ddbmodel.ErrTxCanceled, func(ctx context.Context) error {
			return txn.Write(
				accounts.Create(prefixAccount{ID: "a1", Email: "d@x"}),
				accounts.Update(key("a2")).Set("plan", "pro"),
			).Run(ctx, db)
		}},
		{"read transaction of a missing item", ddbmodel.ErrNotFound, func(ctx context.Context) error {
			items, err := txn.Get(accounts.Get(key("none"))).Run(ctx, db)
			if err != nil {
				return err
			}
			_, err = txn.Decode(items, 0, accounts)
			return err
		}},
		{"batch get of an undecodable item", nil, func(ctx context.Context) error {
			_, err := txn.BatchGetOf(ctx, db, txn.BatchOptions{}, accounts, key("bad"))
			return err
		}},
	}
	// A decode error names the attribute at fault.
	_, err := accounts.Get(key("bad")).Run(ctx, db)
	var de *ddbmodel.DecodeError
	if !errors.As(err, &de) || de.Attribute != "seats" || !strings.Contains(err.Error(), "attribute seats: ") {
		t.Errorf("undecodable item: err = %v, want a DecodeError naming seats", err)
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := c.run(t.Context())
			if err == nil {
				t.Fatal("no error")
			}
			if c.want != nil && !errors.Is(err, c.want) {
				t.Errorf("err = %v, want errors.Is %v", err, c.want)
			}
			if what := errtext.CheckOnePrefix(err.Error()); what != "" {
				t.Errorf("error text %q %s", err.Error(), what)
			}
		})
	}
}
