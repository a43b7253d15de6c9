package entity_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/txn"
)

func TestUpsertOfMissingItemWritesWhatCreateWrites(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	m := newUpModel(t)
	db1 := entitytest.NewDB(t, m.table)
	db2 := entitytest.NewDB(t, m.table)
	v := upAccount{ID: "a1", Name: "Ana", Plan: "pro", Nick: "ana"}
	got, err := m.accounts.Upsert(v).Run(ctx, db1)
	if err != nil {
		t.Fatal(err)
	}
	want, err := m.accounts.Create(v).Run(ctx, db2)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("upsert returned (-create +upsert):\n%s", diff)
	}
	key, _ := m.accounts.Key(entity.Values{"id": "a1"})
	if diff := cmp.Diff(rawItem(t, db2, key), rawItem(t, db1, key), entitytest.CmpOptions...); diff != "" {
		t.Errorf("stored item (-create +upsert):\n%s", diff)
	}
	if got.Version != 1 || got.Tier != "basic" {
		t.Errorf("version %d tier %q, want 1 and the default", got.Version, got.Tier)
	}
}

func TestUpsertOfExistingItemKeepsCreatedAndKeysTrue(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	m := newUpModel(t)
	db := entitytest.NewDB(t, m.table)
	created, err := m.accounts.Create(upAccount{ID: "a1", Name: "Ana", Plan: "free", Nick: "ana", Tier: "gold", Note: "vip"}).Run(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	m.clock.Add(3600)
	// Tier and Note left out: kept. Plan and Nick change: both indexes move.
	got, err := m.accounts.Upsert(upAccount{ID: "a1", Name: "Ana B", Plan: "pro", Nick: "anab"}).Run(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	want := upAccount{ID: "a1", Name: "Ana B", Plan: "pro", Nick: "anab", Tier: "gold", Note: "vip", Version: 2,
		Created: created.Created, Updated: time.Unix(m.clock.Load(), 0).UTC()}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("upserted (-want +got):\n%s", diff)
	}
	key, _ := m.accounts.Key(entity.Values{"id": "a1"})
	raw := rawItem(t, db, key)
	keysTrue(t, m.accounts, raw, upKeyAttrs...)
	if str(raw["GSI1PK"]) != "PLAN#pro" || str(raw["GSI2PK"]) != "NICK#anab" {
		t.Errorf("index keys %v %v", raw["GSI1PK"], raw["GSI2PK"])
	}
	// The typed condition: upsert only where the plan is still "pro".
	plan := entity.StringOf(m.accounts, func(a *upAccount) *string { return &a.Plan })
	_, err = m.accounts.Upsert(upAccount{ID: "a1", Name: "X", Plan: "free", Nick: "x"}).Ensure(plan.Eq("team")).Run(ctx, db)
	if !errors.Is(err, ddbmodel.ErrConditionFailed) {
		t.Fatalf("upsert with a failing condition: %v", err)
	}
	if again := rawItem(t, db, key); str(again["name"]) != "Ana B" {
		t.Errorf("failed upsert wrote: %v", again["name"])
	}
}

func TestUpsertRefusesAnotherEntitysItem(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	m := newUpModel(t)
	db := entitytest.NewDB(t, m.table)
	if _, err := m.others.Put(upOther{ID: "a1", Data: "mine"}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	_, err := m.accounts.Upsert(upAccount{ID: "a1", Name: "Ana", Plan: "pro", Nick: "ana"}).Run(ctx, db)
	if !errors.Is(err, ddbmodel.ErrOtherEntity) {
		t.Fatalf("upsert over another entity's item: %v, want ErrOtherEntity", err)
	}
	got, err := m.others.Get(entity.Values{"id": "a1"}).Run(ctx, db)
	if err != nil || got.Data != "mine" {
		t.Fatalf("other entity's item after the upsert: %+v, %v", got, err)
	}
}

func TestUpsertNeedsEveryIndexComposite(t *testing.T) {
	t.Parallel()
	m := newUpModel(t)
	db := entity.NewDB(entitytest.NoRequests(t), "upsert")
	for name, v := range map[string]upAccount{
		"nick": {ID: "a1", Name: "Ana", Plan: "pro"}, // the sparse index's composite: the item may hold one
		"plan": {ID: "a1", Name: "Ana", Nick: "ana"}, // filled only by no default, so a put fails too
	} {
		_, err := m.accounts.Upsert(v).Run(context.Background(), db)
		var mc *ddbmodel.MissingCompositesError
		if !errors.As(err, &mc) || len(mc.Missing) != 1 || mc.Missing[0] != name {
			t.Errorf("upsert without %s: %v, want a MissingCompositesError naming it", name, err)
		}
	}
	_, err := m.accounts.Upsert(upAccount{ID: "a1", Plan: "pro", Nick: "ana"}).Run(context.Background(), db)
	var ve *ddbmodel.ValidationError
	if !errors.As(err, &ve) || ve.Attribute != "name" {
		t.Errorf("upsert without a required attribute: %v", err)
	}
}

func TestUpsertInTransaction(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	m := newUpModel(t)
	db := entitytest.NewDB(t, m.table)
	if _, err := m.accounts.Create(upAccount{ID: "a1", Name: "Ana", Plan: "free", Nick: "ana"}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	err := txn.Write(
		m.accounts.Upsert(upAccount{ID: "a1", Name: "Ana", Plan: "pro", Nick: "ana"}),
		m.accounts.Upsert(upAccount{ID: "a2", Name: "Bo", Plan: "free", Nick: "bo"}),
	).Run(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	for id, plan := range map[string]string{"a1": "pro", "a2": "free"} {
		key, _ := m.accounts.Key(entity.Values{"id": id})
		raw := rawItem(t, db, key)
		keysTrue(t, m.accounts, raw, upKeyAttrs...)
		if str(raw["plan"]) != plan {
			t.Errorf("%s plan = %v", id, raw["plan"])
		}
	}
	// A failed action cancels the upsert with it.
	err = txn.Write(
		m.accounts.Upsert(upAccount{ID: "a1", Name: "Changed", Plan: "pro", Nick: "ana"}),
		m.accounts.Create(upAccount{ID: "a2", Name: "Bo", Plan: "free", Nick: "bo"}),
	).Run(ctx, db)
	if !errors.Is(err, ddbmodel.ErrAlreadyExists) {
		t.Fatalf("transaction: %v, want ErrAlreadyExists", err)
	}
	key, _ := m.accounts.Key(entity.Values{"id": "a1"})
	if raw := rawItem(t, db, key); str(raw["name"]) != "Ana" {
		t.Errorf("canceled upsert wrote name %v", raw["name"])
	}
}
