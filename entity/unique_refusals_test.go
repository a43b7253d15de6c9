package entity_test

import (
	"context"
	"errors"
	"testing"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/txn"
)

// Writes that cannot carry the marker actions of unique attributes are
// refused before anything is sent, naming the entity and its unique
// attributes; none may leave a value without its marker, a marker without
// its item, or two items holding one value. (Found by an attack on the
// feature: each of these writes used to succeed and break the markers.)
func TestUniqueRefusesWritesThatCannotKeepMarkers(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	table, users := newUqModel(t)
	offline := entity.NewDB(entitytest.NoRequests(t), table.Name)

	key := entity.Values{"id": "u1"}
	u := uqUser{ID: "u1", Email: "a@x"}
	refusals := map[string]func() error{
		"TransactWrite of a create": func() error { _, err := users.Create(u).TransactWrite(); return err },
		"TransactWrite of a put":    func() error { _, err := users.Put(u).TransactWrite(); return err },
		"TransactWrite of a delete": func() error { _, err := users.Delete(key).TransactWrite(); return err },
		"TransactWrite of an upsert": func() error {
			_, err := users.Upsert(u).TransactWrite()
			return err
		},
		"TransactWrite of an update of the unique attribute": func() error {
			_, err := users.Update(key).Set("email", "b@x").TransactWrite()
			return err
		},
		"batch put":    func() error { return txn.BatchWrite(ctx, offline, txn.BatchOptions{}, users.Put(u)) },
		"batch delete": func() error { return txn.BatchWrite(ctx, offline, txn.BatchOptions{}, users.Delete(key)) },
		"put returning the old item": func() error {
			_, _, err := users.Put(u).ReturnOld().Run(ctx, offline)
			return err
		},
		"delete returning the old item": func() error {
			_, _, err := users.Delete(key).ReturnOld().Run(ctx, offline)
			return err
		},
		"delete partition": func() error {
			_, err := txn.DeletePartition(users, key).Run(ctx, offline, txn.BatchOptions{}, "")
			return err
		},
		"delete partition, all entities": func() error {
			_, err := txn.DeletePartition(users, key).AllEntities().Run(ctx, offline, txn.BatchOptions{}, "")
			return err
		},
	}
	for name, write := range refusals {
		t.Run(name, func(t *testing.T) {
			err := write()
			var verr *ddbmodel.ValidationError
			if !errors.As(err, &verr) || verr.Entity != "User" || verr.Attribute != "email" {
				t.Fatalf("got %v, want a *ddbmodel.ValidationError naming User and email", err)
			}
		})
	}

	// An update of another attribute still joins a transaction alone.
	if _, err := users.Update(key).Set("name", "Ann").TransactWrite(); err != nil {
		t.Errorf("TransactWrite of an update not touching email: %v", err)
	}
}

// The marker items of unique attributes carry the entity marker
// UNIQUE#<entity>#<attribute>: an entity named like that would take them
// as its own items, so Define refuses names beginning with UNIQUE#.
func TestDefineRefusesAnEntityNamedLikeAMarker(t *testing.T) {
	t.Parallel()
	table, _ := newUqModel(t)
	_, err := entity.Define(table, entity.Config[uqUser]{Name: "UNIQUE#User#email", Key: entity.Key{Partition: "M#${id}", Sort: "M"}})
	var ve *ddbmodel.ValidationError
	if !errors.As(err, &ve) || ve.Entity != "UNIQUE#User#email" {
		t.Fatalf("Define = %v, want a *ddbmodel.ValidationError naming the entity", err)
	}
	if _, err := entity.Define(table, entity.Config[uqUser]{Name: "UniqueCode", Key: entity.Key{Partition: "C#${id}", Sort: "C"}}); err != nil {
		t.Errorf("a name merely beginning with Unique: %v", err)
	}
}
