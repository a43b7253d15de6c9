package entity_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/txn"
)

// A unique value that one item of a transaction gives up and another takes
// changes owner in one action on its marker item (DynamoDB refuses two
// actions on one item): afterwards exactly one marker holds the value,
// owned by the taker. A value nothing in the transaction releases is still
// refused, with a UniqueError naming the attribute and value (not the
// marker's key), before sending when two actions take it.
func TestUniqueHandoffInOneTransaction(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	table, users := newUqModel(t)
	db := entitytest.NewDB(t, table)
	if err := txn.Write(users.Create(uqUser{ID: "u1", Email: "a@x"}), users.Create(uqUser{ID: "u2", Email: "b@x"})).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	want := func(what string, owners map[string]string) {
		t.Helper()
		items, markers := tableState(t, db, users)
		if len(markers) != len(owners) {
			t.Fatalf("%s: markers %v, want %v", what, markers, owners)
		}
		for v, id := range owners {
			if !strings.Contains(markers[v], "USER#"+id) {
				t.Errorf("%s: marker of %s owned by %q, want %s", what, v, markers[v], id)
			}
			if id != "" && str(items[id]["email"]) != v {
				t.Errorf("%s: %s holds %q, want %s", what, id, str(items[id]["email"]), v)
			}
		}
	}

	// u1 gives a@x up for c@x; u2 takes a@x, giving up b@x.
	if err := txn.Write(
		users.Update(entity.Values{"id": "u2"}).Set("email", "a@x"),
		users.Update(entity.Values{"id": "u1"}).Set("email", "c@x"),
	).Run(ctx, db); err != nil {
		t.Fatalf("hand-over of a@x from u1 to u2: %v", err)
	}
	want("hand-over", map[string]string{"a@x": "u2", "c@x": "u1"})

	// A swap: both markers change owner.
	if err := txn.Write(
		users.Put(uqUser{ID: "u1", Email: "a@x"}),
		users.Put(uqUser{ID: "u2", Email: "c@x"}),
	).Run(ctx, db); err != nil {
		t.Fatalf("swap: %v", err)
	}
	want("swap", map[string]string{"a@x": "u1", "c@x": "u2"})

	// A delete releases the value to a create.
	if err := txn.Write(users.Delete(entity.Values{"id": "u1"}), users.Create(uqUser{ID: "u3", Email: "a@x"})).Run(ctx, db); err != nil {
		t.Fatalf("delete and create: %v", err)
	}
	want("delete and create", map[string]string{"a@x": "u3", "c@x": "u2"})

	check := func(what string, err error, value string) {
		t.Helper()
		var ue *ddbmodel.UniqueError
		if !errors.As(err, &ue) || !errors.Is(err, ddbmodel.ErrUniqueTaken) || ue.Entity != "User" || ue.Attribute != "email" || ue.Value != value {
			t.Fatalf("%s: %v; want a UniqueError naming User email %s", what, err, value)
		}
		if strings.Contains(err.Error(), "UNIQUE#") {
			t.Errorf("%s: the message shows the marker key: %v", what, err)
		}
	}
	// Nothing releases c@x (u2 keeps it): refused by DynamoDB, nothing written.
	err := txn.Write(users.Update(entity.Values{"id": "u2"}).Set("name", "B"), users.Create(uqUser{ID: "u4", Email: "c@x"})).Run(ctx, db)
	check("taking a value held", err, "c@x")
	// Two take one value: refused before sending.
	rec := entitytest.NewRecorder(db.Client)
	rdb := *db
	rdb.Client = rec
	err = txn.Write(users.Update(entity.Values{"id": "u2"}).Set("email", "z@x"), users.Create(uqUser{ID: "u5", Email: "z@x"})).Run(ctx, &rdb)
	check("two takes", err, "z@x")
	if n := rec.Count(entitytest.TransactWriteItems); n != 0 {
		t.Errorf("two takes sent %d transactions, want 0", n)
	}
	want("after the refusals", map[string]string{"a@x": "u3", "c@x": "u2"})
}
