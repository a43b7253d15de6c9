package entity_test

import (
	"context"
	"errors"
	"testing"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
)

type seqUser struct {
	Org   string `dynamo:"org"`
	ID    string `dynamo:"id"`
	Seq   int    `dynamo:"seq"`
	Email string `dynamo:"email"`
}

// An update whose action on a key composite leaves the key as it was (so it
// is no move once the item is read) still keeps the unique markers: the
// changed e-mail moves its marker, and no second item can take it.
func TestUpdateThatTurnsOutNoMoveKeepsUniqueMarkers(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	table := &entity.Table{Name: "uq", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
	users := entity.MustDefine(table, entity.Config[seqUser]{Name: "User",
		Key:        entity.Key{Partition: "ORG#${org}", Sort: "USER#${id}#${seq}"},
		Attributes: map[string]entity.Attribute{"email": {Unique: true}}})
	db := entitytest.NewDB(t, table)
	if _, err := users.Create(seqUser{Org: "o", ID: "a", Seq: 1, Email: "a@x"}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	key := entity.Values{"org": "o", "id": "a", "seq": 1}
	for i, op := range []entity.UpdateOp[seqUser]{
		users.Update(key).SetIfNotExists("seq", 1).Set("email", "b@x"),
		users.Update(key).Add("seq", 0).Set("email", "c@x"),
	} {
		if _, err := op.Run(ctx, db); err != nil {
			t.Fatalf("update %d: %v", i, err)
		}
	}
	for _, email := range []string{"b@x", "c@x"} {
		_, err := users.Create(seqUser{Org: "o", ID: "y" + email, Seq: 1, Email: email}).Run(ctx, db)
		if email == "c@x" && !errors.Is(err, ddbmodel.ErrUniqueTaken) {
			t.Errorf("create with the held e-mail %s: %v, want ErrUniqueTaken", email, err)
		}
		if email == "b@x" && err != nil {
			t.Errorf("create with the released e-mail %s: %v", email, err)
		}
	}
	if _, err := users.Create(seqUser{Org: "o", ID: "z", Seq: 1, Email: "a@x"}).Run(ctx, db); err != nil {
		t.Errorf("create with the first, released e-mail: %v", err)
	}
}
