package txn_test

import (
	"context"
	"errors"
	"testing"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/txn"
)

type ibMember struct {
	ID    string `dynamo:"id"`
	Email string `dynamo:"email"`
}

type ibBook struct {
	ID    string `dynamo:"id"`
	Genre string `dynamo:"genre"`
}

// An invalid action of a transaction is refused before any request, also
// when an earlier action of an entity with unique attributes reads its item
// first: every action is checked before the reads (helper-114: a put of a
// unique entity sent its GetItem, then the transaction was refused for a
// later action's value outside its Enum).
func TestATransactionRefusesInvalidInputBeforeReadingForUniqueValues(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	table := &entity.Table{Name: "ib", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
	members := entity.MustDefine(table, entity.Config[ibMember]{
		Name: "Member", Key: entity.Key{Partition: "MEMBER#${id}", Sort: "#M"},
		Attributes: map[string]entity.Attribute{"email": {Unique: true}},
	})
	books := entity.MustDefine(table, entity.Config[ibBook]{
		Name: "Book", Key: entity.Key{Partition: "BOOK#${id}", Sort: "#B"},
		Attributes: map[string]entity.Attribute{"genre": {Enum: []string{"novel", "poetry"}}},
	})
	db := entitytest.NewDB(t, table)
	sent := 0
	counted := *db
	counted.Observer = entity.ObserverFunc(func(context.Context, *entity.Event) { sent++ })
	for _, ops := range [][]entity.WriteOp{
		{members.Put(ibMember{ID: "m1", Email: "a@x"}), books.Put(ibBook{ID: "b1", Genre: "cookbook"})},
		{members.Delete(entity.Values{"id": "m1"}), books.Update(entity.Values{"id": "b1"}).Set("genre", "cookbook")},
		{members.Update(entity.Values{"id": "m1"}).Set("email", "b@x"), books.Put(ibBook{ID: "b3", Genre: "essay"})},
	} {
		err := txn.Write(ops...).Run(ctx, &counted)
		var ve *ddbmodel.ValidationError
		if !errors.As(err, &ve) || ve.Entity != "Book" {
			t.Errorf("err = %v, want the Book action's *ddbmodel.ValidationError", err)
		}
	}
	if sent != 0 {
		t.Errorf("%d requests sent, want none", sent)
	}
	// Valid, the same transactions run, reading first.
	if err := txn.Write(members.Put(ibMember{ID: "m1", Email: "a@x"}), books.Put(ibBook{ID: "b1", Genre: "novel"})).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	if err := txn.Write(members.Update(entity.Values{"id": "m1"}).Set("email", "b@x"), books.Put(ibBook{ID: "b2", Genre: "poetry"})).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	if m, err := members.Get(entity.Values{"id": "m1"}).Run(ctx, db); err != nil || m.Email != "b@x" {
		t.Errorf("m1 = %+v, %v", m, err)
	}
}
