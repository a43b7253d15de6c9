package entity_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"sort"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/txn"
)

func TestUniqueCreateRefusesATakenValue(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	table, users := newUqModel(t)
	db := entitytest.NewDB(t, table)
	if _, err := users.Create(uqUser{ID: "u1", Email: "a@x"}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	_, err := users.Create(uqUser{ID: "u2", Email: "a@x"}).Run(ctx, db)
	var ue *ddbmodel.UniqueError
	if !errors.As(err, &ue) || ue.Entity != "User" || ue.Attribute != "email" || ue.Value != "a@x" || !errors.Is(err, ddbmodel.ErrUniqueTaken) {
		t.Fatalf("second create: %v, want a UniqueError naming User email a@x", err)
	}
	if errors.Is(err, ddbmodel.ErrAlreadyExists) {
		t.Errorf("a taken value is not an existing item: %v", err)
	}
	items, markers := tableState(t, db, users)
	if len(items) != 1 || len(markers) != 1 {
		t.Errorf("items %v markers %v", items, markers)
	}
	// An existing id is still ErrAlreadyExists, not a taken value.
	_, err = users.Create(uqUser{ID: "u1", Email: "b@x"}).Run(ctx, db)
	if !errors.Is(err, ddbmodel.ErrAlreadyExists) || errors.Is(err, ddbmodel.ErrUniqueTaken) {
		t.Fatalf("create of an existing id: %v", err)
	}
}

func TestUniqueInTransaction(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	table, users := newUqModel(t)
	db := entitytest.NewDB(t, table)
	if err := txn.Write(users.Create(uqUser{ID: "u1", Email: "a@x"}), users.Create(uqUser{ID: "u2", Email: "b@x"})).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	// A put changing a value reads the item: Build cannot, Run does.
	move := txn.Write(users.Put(uqUser{ID: "u1", Email: "c@x"}))
	if _, err := move.Build(); !errors.Is(err, entity.ErrNeedsRead) {
		t.Fatalf("Build of a put changing a unique value: %v, want ErrNeedsRead", err)
	}
	if err := move.Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	err := txn.Write(
		users.Update(entity.Values{"id": "u2"}).Set("name", "B"),
		users.Update(entity.Values{"id": "u1"}).Set("email", "b@x"),
	).Run(ctx, db)
	var ue *ddbmodel.UniqueError
	var tce *ddbmodel.TxCanceledError
	if !errors.As(err, &ue) || ue.Value != "b@x" || !errors.As(err, &tce) {
		t.Fatalf("transaction taking a value in use: %v", err)
	}
	items, markers := tableState(t, db, users)
	want := map[string]string{"c@x": "u1", "b@x": "u2"}
	if len(markers) != 2 || str(items["u1"]["email"]) != "c@x" || str(items["u2"]["name"]) != "" {
		t.Fatalf("after the transactions: markers %v items %v", markers, items)
	}
	for v, id := range want {
		if !strings.Contains(markers[v], id) {
			t.Errorf("marker %s owned by %q, want %s", v, markers[v], id)
		}
	}
}

func TestUniqueDefine(t *testing.T) {
	t.Parallel()
	table, _ := newUqModel(t)
	// A template that can render a marker's key is refused.
	type other struct {
		A string `dynamo:"a"`
		B string `dynamo:"b"`
	}
	_, err := entity.Define(table, entity.Config[other]{Name: "Other", Key: entity.Key{Partition: "UNIQUE#User#email#${a}", Sort: "${b}"}})
	var ko *ddbmodel.KeyOverlapError
	if !errors.As(err, &ko) || ko.Other != "UNIQUE#User#email" {
		t.Fatalf("Define over the markers' keys: %v", err)
	}
	type bad struct {
		ID string  `dynamo:"id"`
		F  float64 `dynamo:"f"`
	}
	_, err = entity.Define(table, entity.Config[bad]{Name: "Bad", Key: entity.Key{Partition: "BAD#${id}", Sort: "X"}, Attributes: map[string]entity.Attribute{"f": {Unique: true}}})
	var ve *ddbmodel.ValidationError
	if !errors.As(err, &ve) || ve.Attribute != "f" {
		t.Fatalf("unique float: %v", err)
	}
	// A hidden unique attribute reads as "", so no write of its item could
	// move the marker again: the pair is refused.
	_, err = entity.Define(table, entity.Config[other]{Name: "Hidden", Key: entity.Key{Partition: "HID#${a}", Sort: "X"}, Attributes: map[string]entity.Attribute{"b": {Unique: true, Hidden: true}}})
	if !errors.As(err, &ve) || ve.Entity != "Hidden" || ve.Attribute != "b" || !strings.Contains(ve.Reason, "cannot be Hidden") {
		t.Fatalf("unique hidden: %v", err)
	}
}

// TestUniqueProperty runs random creates, puts, updates, upserts and
// deletes over a few ids and values, and checks after each that exactly the
// values in use have a marker, each naming its item, and that every key is
// true.
func TestUniqueProperty(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	table, users := newUqModel(t)
	db := entitytest.NewDB(t, table)
	rng := rand.New(rand.NewPCG(14, 1))
	ids := []string{"u1", "u2", "u3"}
	values := []string{"", "a@x", "b@x", "c@x"}
	model := map[string]string{} // id -> email ("" none); absent: no item
	holder := func(v string) string {
		for id, e := range model {
			if e == v && v != "" {
				return id
			}
		}
		return ""
	}
	for step := range 120 {
		id, v := ids[rng.IntN(len(ids))], values[rng.IntN(len(values))]
		_, exists := model[id]
		var err error
		var kind string
		next, deleted := v, false
		switch rng.IntN(6) {
		case 0:
			kind = "create"
			_, err = users.Create(uqUser{ID: id, Email: v}).Run(ctx, db)
		case 1:
			kind = "put"
			_, err = users.Put(uqUser{ID: id, Email: v}).Run(ctx, db)
		case 2:
			kind = "update"
			u := users.Update(entity.Values{"id": id}).Set("email", v)
			_, err = u.Run(ctx, db)
		case 3:
			kind = "upsert"
			_, err = users.Upsert(uqUser{ID: id, Email: v, Name: "n"}).Run(ctx, db)
		case 4:
			kind = "delete"
			err = users.Delete(entity.Values{"id": id}).Run(ctx, db)
			deleted = true
		case 5:
			kind = "txn"
			err = txn.Write(users.Upsert(uqUser{ID: id, Email: v, Name: "t"})).Run(ctx, db)
		}
		h := holder(next)
		var mc *ddbmodel.MissingCompositesError
		switch {
		case (kind == "upsert" || kind == "txn") && v == "":
			// The sparse index's composite left out: the item may hold one.
			if !errors.As(err, &mc) {
				t.Fatalf("step %d %s of %s without email: %v", step, kind, id, err)
			}
		case deleted:
			if err != nil {
				t.Fatalf("step %d delete %s: %v", step, id, err)
			}
			delete(model, id)
		case kind == "create" && exists:
			if !errors.Is(err, ddbmodel.ErrAlreadyExists) {
				t.Fatalf("step %d create of existing %s: %v", step, id, err)
			}
		case kind == "update" && !exists:
			if !errors.Is(err, ddbmodel.ErrNotFound) {
				t.Fatalf("step %d update of missing %s: %v", step, id, err)
			}
		case h != "" && h != id:
			var ue *ddbmodel.UniqueError
			if !errors.As(err, &ue) || ue.Value != next {
				t.Fatalf("step %d %s %s=%q held by %s: %v", step, kind, id, next, h, err)
			}
		default:
			if err != nil {
				t.Fatalf("step %d %s %s=%q: %v", step, kind, id, v, err)
			}
			model[id] = next
		}
		items, markers := tableState(t, db, users)
		if len(items) != len(model) {
			t.Fatalf("step %d: items %v, model %v", step, sortedIDs(items), model)
		}
		taken := 0
		for id, e := range model {
			it := items[id]
			if str(it["email"]) != e {
				t.Fatalf("step %d: %s email %q, model %q", step, id, str(it["email"]), e)
			}
			keysTrue(t, users, it, "PK", "SK", "GSI1PK", "GSI1SK")
			if e != "" {
				taken++
				if !strings.Contains(markers[e], id) {
					t.Fatalf("step %d: marker of %q is %q, want %s's", step, e, markers[e], id)
				}
			}
		}
		if len(markers) != taken {
			t.Fatalf("step %d: markers %v for model %v", step, markers, model)
		}
	}
}

func sortedIDs(m map[string]map[string]types.AttributeValue) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
