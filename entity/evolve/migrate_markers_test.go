package evolve_test

import (
	"errors"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/entity/evolve"
)

type mmPatronV1 struct {
	Branch string `dynamo:"branch"`
	Card   string `dynamo:"card"`
	Email  string `dynamo:"email"`
}

type mmPatron struct {
	Branch string `dynamo:"branch"`
	Card   string `dynamo:"card"`
	Email  string `dynamo:"email"`
	Tier   string `dynamo:"tier"`
}

var mmPatronKey = entity.Key{Partition: "BRANCH#${branch}", Sort: "PATRON#${card}"}

func mmLibrary() *entity.Table {
	return &entity.Table{Name: "library", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
}

// TestMigrationChangingAUniqueValueIsNotRepaired: a migration is one
// write of the item; when the upgraded value changes a unique value, the
// value's marker items would stay behind, and two items could hold one
// value (the attack round saw Repair return nil over a duplicate). Repair
// now refuses that item (ErrNotRepairable, counted in Failed) and migrates
// the ones whose unique values do not change.
func TestMigrationChangingAUniqueValueIsNotRepaired(t *testing.T) {
	t.Parallel()
	unique := map[string]entity.Attribute{"email": {Unique: true}}
	v1 := entity.MustDefine(mmLibrary(), entity.Config[mmPatronV1]{Name: "Patron", Key: mmPatronKey, Attributes: unique})
	v2 := entity.MustDefine(mmLibrary(), entity.Config[mmPatron]{Name: "Patron", Version: "2", Key: mmPatronKey, Attributes: unique,
		Upgrades: []entity.Upgrade[mmPatron]{entity.UpgradeFrom("1", func(o mmPatronV1) (mmPatron, error) {
			return mmPatron{Branch: o.Branch, Card: o.Card, Email: strings.ToLower(o.Email), Tier: "basic"}, nil
		})}})
	db := entitytest.NewDB(t, v2.Table())
	ctx := t.Context()
	for _, p := range []mmPatronV1{{"b1", "c1", "Ana@X.io"}, {"b1", "c2", "ana@x.io"}} {
		if _, err := v1.Create(p).Run(ctx, db); err != nil {
			t.Fatal(err)
		}
	}
	r, err := evolve.Entity(v2).Repair(ctx, db)
	if !errors.Is(err, evolve.ErrNotRepairable) || len(r.Failed) != 1 || r.Repaired != 1 {
		t.Fatalf("Repair: repaired %d, failed %d, err %v; want c2 migrated and c1 refused with ErrNotRepairable", r.Repaired, len(r.Failed), err)
	}
	if !strings.Contains(err.Error(), `changes "email"`) {
		t.Errorf("Repair error %q does not name the unique attribute", err)
	}
	after, err := evolve.Entity(v2).Verify(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	if after.Counts[evolve.DuplicateUniqueValue] != 0 || after.Counts[evolve.OldVersion] != 1 {
		t.Errorf("Verify after: %v; want no duplicate and c1 still at the old version", after.Counts)
	}
}

type mmLeaseV1 struct {
	Desk   string `dynamo:"desk"`
	Holder string `dynamo:"holder"`
	Until  int64  `dynamo:"until"`
}

type mmLease struct {
	Desk   string `dynamo:"desk"`
	Holder string `dynamo:"holder"`
	Until  int64  `dynamo:"until"`
	Note   string `dynamo:"note"`
}

// TestMigrationChangingTheTTLOfAUniqueHolderIsNotRepaired: marker items
// carry their holder's TTL; a migration moving the TTL alone would let the
// marker expire before its holder. Repair refuses it.
func TestMigrationChangingTheTTLOfAUniqueHolderIsNotRepaired(t *testing.T) {
	t.Parallel()
	table := func() *entity.Table {
		return &entity.Table{Name: "desks", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"), TTLAttribute: "until"}
	}
	key := entity.Key{Partition: "DESK#${desk}", Sort: "LEASE"}
	attrs := map[string]entity.Attribute{"holder": {Unique: true}}
	v1 := entity.MustDefine(table(), entity.Config[mmLeaseV1]{Name: "Lease", Key: key, Attributes: attrs})
	v2 := entity.MustDefine(table(), entity.Config[mmLease]{Name: "Lease", Version: "2", Key: key, Attributes: attrs,
		Upgrades: []entity.Upgrade[mmLease]{entity.UpgradeFrom("1", func(o mmLeaseV1) (mmLease, error) {
			return mmLease{Desk: o.Desk, Holder: o.Holder, Until: o.Until + 365*24*3600, Note: "extended"}, nil
		})}})
	db := entitytest.NewDB(t, v2.Table())
	ctx := t.Context()
	if _, err := v1.Create(mmLeaseV1{Desk: "d1", Holder: "ana", Until: time.Now().Add(2 * time.Hour).Unix()}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	r, err := evolve.Entity(v2).Repair(ctx, db)
	if !errors.Is(err, evolve.ErrNotRepairable) || len(r.Failed) != 1 || !strings.Contains(err.Error(), `changes "until"`) {
		t.Fatalf("Repair: repaired %d, failed %d, err %v; want the lease refused with ErrNotRepairable naming until", r.Repaired, len(r.Failed), err)
	}
	after, err := evolve.Entity(v2).Verify(ctx, db)
	if err != nil || after.Counts[evolve.StaleUniqueMarker] != 0 {
		t.Errorf("Verify after: %v, %v; want no stale marker", after.Counts, err)
	}
}

// TestRatesMustBeFinite: NaN and +Inf rates would make the limiter never
// wait; they are refused at Build like negative ones.
func TestRatesMustBeFinite(t *testing.T) {
	t.Parallel()
	e := entity.MustDefine(mmLibrary(), entity.Config[mmPatron]{Name: "Patron", Key: mmPatronKey})
	for _, r := range []float64{math.NaN(), math.Inf(1), math.Inf(-1), -1} {
		if _, err := evolve.Entity(e).ReadRate(r).Build(); err == nil {
			t.Errorf("ReadRate(%v): Build accepted it", r)
		}
		if _, err := evolve.Entity(e).WriteRate(r).Build(); err == nil {
			t.Errorf("WriteRate(%v): Build accepted it", r)
		}
	}
	if _, err := evolve.Entity(e).ReadRate(0).WriteRate(25.5).Build(); err != nil {
		t.Errorf("rates 0 and 25.5: %v", err)
	}
}
