package entity_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
)

// An update that changes a primary-key composite moves the item; the
// markers of its unique attributes move with it in the same transaction:
// each names the new key, a value the move changes releases its old
// marker, and a value taken by another item fails the whole move, leaving
// items and markers as they were. (It was refused before.)
func TestUniqueMoveCarriesMarkers(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	table, users := newUqModel(t)
	db := entitytest.NewDB(t, table)
	for _, u := range []uqUser{{ID: "u1", Email: "a@x"}, {ID: "u9", Email: "c@x"}} {
		if _, err := users.Create(u).Run(ctx, db); err != nil {
			t.Fatal(err)
		}
	}
	check := func(step string, wantItems []string, wantMarkers map[string]string) {
		t.Helper()
		items, markers := tableState(t, db, users)
		if len(items) != len(wantItems) {
			t.Errorf("%s: items %v, want %v", step, items, wantItems)
		}
		for _, id := range wantItems {
			if _, ok := items[id]; !ok {
				t.Errorf("%s: item %s missing", step, id)
			}
		}
		if len(markers) != len(wantMarkers) {
			t.Errorf("%s: markers %v, want %v", step, markers, wantMarkers)
		}
		for v, owner := range wantMarkers {
			if !strings.Contains(markers[v], "USER#"+owner) {
				t.Errorf("%s: marker of %s names %q, want the key of %s", step, v, markers[v], owner)
			}
		}
	}
	// The key alone moves: the marker follows.
	moved, err := users.Update(entity.Values{"id": "u1"}).Set("id", "u2").Run(ctx, db)
	if err != nil || moved.ID != "u2" || moved.Email != "a@x" {
		t.Fatalf("move u1 to u2: %+v, %v", moved, err)
	}
	check("after u1 -> u2", []string{"u2", "u9"}, map[string]string{"a@x": "u2", "c@x": "u9"})
	// Key and value move together: the old value is released.
	if _, err := users.Update(entity.Values{"id": "u2"}).Set("id", "u3").Set("email", "b@x").Run(ctx, db); err != nil {
		t.Fatalf("move u2 to u3 with b@x: %v", err)
	}
	check("after u2 -> u3 with b@x", []string{"u3", "u9"}, map[string]string{"b@x": "u3", "c@x": "u9"})
	// A value another item holds fails the whole move.
	_, err = users.Update(entity.Values{"id": "u3"}).Set("id", "u4").Set("email", "c@x").Run(ctx, db)
	var ue *ddbmodel.UniqueError
	if !errors.As(err, &ue) || !errors.Is(err, ddbmodel.ErrUniqueTaken) || ue.Value != "c@x" || ue.Attribute != "email" {
		t.Fatalf("move onto a taken value: %v, want a *UniqueError for email c@x", err)
	}
	check("after the refused move", []string{"u3", "u9"}, map[string]string{"b@x": "u3", "c@x": "u9"})
	// The released value is free, the moved one still taken.
	if _, err := users.Create(uqUser{ID: "u5", Email: "a@x"}).Run(ctx, db); err != nil {
		t.Errorf("a@x, released by the move: %v", err)
	}
	if _, err := users.Create(uqUser{ID: "u6", Email: "b@x"}).Run(ctx, db); !errors.Is(err, ddbmodel.ErrUniqueTaken) {
		t.Errorf("b@x, held by the moved u3: %v, want ErrUniqueTaken", err)
	}
	// Deleting the moved item releases its value.
	if err := users.Delete(entity.Values{"id": "u3"}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	if _, err := users.Create(uqUser{ID: "u7", Email: "b@x"}).Run(ctx, db); err != nil {
		t.Errorf("b@x after deleting u3: %v", err)
	}
}
