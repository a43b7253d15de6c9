package entity_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
)

// scanAll returns every item of db's table.
func scanAll(t *testing.T, db *entity.DB) []map[string]types.AttributeValue {
	t.Helper()
	out, err := db.Client.Scan(context.Background(), &dynamodb.ScanInput{TableName: aws.String(db.TableName), ConsistentRead: aws.Bool(true)})
	if err != nil {
		t.Fatal(err)
	}
	return out.Items
}

// TestUpsertPropertyKeysStayTrue: after every step of a random sequence of
// upserts, puts and updates (of index composites and other attributes) on
// a few items, every stored item's keys, on the table and both indexes,
// are exactly what a put of its decoded value writes, and its composites
// are the last ones written.
func TestUpsertPropertyKeysStayTrue(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	m := newUpModel(t)
	db := entitytest.NewDB(t, m.table)
	rng := rand.New(rand.NewPCG(14, 3))
	ids := []string{"a1", "a2", "a3"}
	plans := []string{"free", "pro", "team"}
	nicks := []string{"", "ana", "bo"} // "" leaves the sparse index
	type state struct{ plan, nick string }
	model := map[string]state{}
	for step := range 150 {
		m.clock.Add(1)
		id, plan, nick := ids[rng.IntN(len(ids))], plans[rng.IntN(len(plans))], nicks[rng.IntN(len(nicks))]
		cur, exists := model[id]
		var err error
		kind := []string{"upsert", "upsert", "put", "update plan", "update nick", "update name"}[rng.IntN(6)]
		next := state{plan, nick}
		switch kind {
		case "upsert":
			_, err = m.accounts.Upsert(upAccount{ID: id, Name: "n", Plan: plan, Nick: nick}).Run(ctx, db)
		case "put":
			// The lock attribute makes a put name the version it replaces.
			v := upAccount{ID: id, Name: "n", Plan: plan, Nick: nick}
			if old, gerr := m.accounts.Get(entity.Values{"id": id}).Consistent().Run(ctx, db); gerr == nil {
				v.Version = old.Version
			}
			_, err = m.accounts.Put(v).Run(ctx, db)
		case "update plan":
			_, err = m.accounts.Update(entity.Values{"id": id}).Set("plan", plan).Run(ctx, db)
			next = state{plan, cur.nick}
		case "update nick":
			_, err = m.accounts.Update(entity.Values{"id": id}).Set("nick", nick).Run(ctx, db)
			next = state{cur.plan, nick}
		case "update name":
			_, err = m.accounts.Update(entity.Values{"id": id}).Set("name", "m").Run(ctx, db)
			next = cur
		}
		var mc *ddbmodel.MissingCompositesError
		switch {
		case kind == "upsert" && nick == "":
			// The sparse index's composite left out: the stored item may
			// hold one, so the upsert is refused rather than guess.
			if !errors.As(err, &mc) {
				t.Fatalf("step %d upsert of %s without nick: %v", step, id, err)
			}
		case strings.HasPrefix(kind, "update") && !exists:
			if !errors.Is(err, ddbmodel.ErrNotFound) {
				t.Fatalf("step %d %s of missing %s: %v", step, kind, id, err)
			}
		case err != nil:
			t.Fatalf("step %d %s %s %+v: %v", step, kind, id, next, err)
		default:
			model[id] = next
		}
		items := scanAll(t, db)
		if len(items) != len(model) {
			t.Fatalf("step %d: %d items, model %v", step, len(items), model)
		}
		for _, it := range items {
			keysTrue(t, m.accounts, it, upKeyAttrs...)
			id := str(it["id"])
			if got, want := (state{str(it["plan"]), str(it["nick"])}), model[id]; got != want {
				t.Fatalf("step %d: %s holds %+v, want %+v", step, id, got, want)
			}
		}
		if t.Failed() {
			t.Fatalf("step %d (%s of %s) left a key untrue", step, kind, id)
		}
	}
}

// TestUpsertPropertyUniqueMarkers: random upserts, puts and updates of a
// unique attribute leave every stored item's keys true and exactly one
// marker per value in use, naming the item that holds it.
func TestUpsertPropertyUniqueMarkers(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	table, users := newUqModel(t)
	db := entitytest.NewDB(t, table)
	rng := rand.New(rand.NewPCG(14, 4))
	ids := []string{"u1", "u2", "u3"}
	values := []string{"a@x", "b@x", "c@x", "d@x"}
	for step := range 120 {
		id, v := ids[rng.IntN(len(ids))], values[rng.IntN(len(values))]
		var err error
		switch rng.IntN(4) {
		case 0, 1:
			_, err = users.Upsert(uqUser{ID: id, Email: v, Name: "n"}).Run(ctx, db)
		case 2:
			_, err = users.Put(uqUser{ID: id, Email: v}).Run(ctx, db)
		case 3:
			_, err = users.Update(entity.Values{"id": id}).Set("email", v).Run(ctx, db)
		}
		var ue *ddbmodel.UniqueError
		if err != nil && !errors.As(err, &ue) && !errors.Is(err, ddbmodel.ErrNotFound) {
			t.Fatalf("step %d %s=%s: %v", step, id, v, err)
		}
		items, markers := tableState(t, db, users)
		held := map[string]string{}
		for id, it := range items {
			keysTrue(t, users, it, "PK", "SK", "GSI1PK", "GSI1SK")
			if e := str(it["email"]); e != "" {
				if other, dup := held[e]; dup {
					t.Fatalf("step %d: %s and %s both hold %q", step, other, id, e)
				}
				held[e] = id
			}
		}
		if len(markers) != len(held) {
			t.Fatalf("step %d: markers %v, values held %v", step, markers, held)
		}
		for e, id := range held {
			if !strings.Contains(markers[e], id) {
				t.Fatalf("step %d: the marker of %q names %q, want %s", step, e, markers[e], id)
			}
		}
		if t.Failed() {
			t.Fatalf("step %d left a key untrue", step)
		}
	}
}
