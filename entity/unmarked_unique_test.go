package entity_test

import (
	"context"
	"errors"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
)

// newUqUnmarkedModel is newUqModel's User recognising unmarked items.
func newUqUnmarkedModel(t *testing.T) (*entity.Table, *entity.Entity[uqUser]) {
	t.Helper()
	table := &entity.Table{Name: "unique", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
	users := entity.MustDefine(table, entity.Config[uqUser]{
		Name:              "User",
		Key:               entity.Key{Partition: "USER#${id}", Sort: "#META"},
		Attributes:        map[string]entity.Attribute{"email": {Unique: true}},
		RecognizeUnmarked: true,
	})
	return table, users
}

// rawUqUser is a user as other code writes it: no markers.
func rawUqUser(id, email string) map[string]types.AttributeValue {
	return map[string]types.AttributeValue{"PK": s("USER#" + id), "SK": s("#META"), "id": s(id), "email": s(email), "name": s("n")}
}

// Every write that leaves an item holding a unique value holds the value's
// marker, also when the item was unmarked and the value did not change
// (a put, an upsert or a same-value update adopts the item's value).
func TestUniqueWriteOverUnmarkedHoldsTheMarker(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	writes := map[string]func(*entity.Entity[uqUser], *entity.DB) error{
		"put": func(users *entity.Entity[uqUser], db *entity.DB) error {
			_, err := users.Put(uqUser{ID: "u1", Email: "a@x", Name: "n"}).Run(ctx, db)
			return err
		},
		"upsert": func(users *entity.Entity[uqUser], db *entity.DB) error {
			_, err := users.Upsert(uqUser{ID: "u1", Email: "a@x", Name: "m"}).Run(ctx, db)
			return err
		},
		"same-value update": func(users *entity.Entity[uqUser], db *entity.DB) error {
			_, err := users.Update(entity.Values{"id": "u1"}).Set("email", "a@x").Run(ctx, db)
			return err
		},
	}
	for name, write := range writes {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			table, users := newUqUnmarkedModel(t)
			db := entitytest.NewDB(t, table)
			rawPut(t, db, rawUqUser("u1", "a@x"))
			if err := write(users, db); err != nil {
				t.Fatal(err)
			}
			marker := rawItem(t, db, map[string]types.AttributeValue{"PK": s("UNIQUE#User#email#a@x"), "SK": s("UNIQUE")})
			if str(marker["uniqueOwner"]) == "" {
				t.Errorf("no marker for a@x after the %s: %v", name, marker)
			}
			_, err := users.Create(uqUser{ID: "u2", Email: "a@x"}).Run(ctx, db)
			if !errors.Is(err, ddbmodel.ErrUniqueTaken) {
				t.Errorf("a second user took a@x after the %s: %v", name, err)
			}
		})
	}
}
