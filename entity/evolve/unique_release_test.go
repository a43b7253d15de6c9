package evolve_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/entity/evolve"
	"github.com/ddbmodel/ddbmodel/internal/expr"
	"github.com/ddbmodel/ddbmodel/txn"
)

// A delete, or an update moving the value away, of an item whose value's
// marker names another item holding the value too succeeds and leaves
// that marker to its owner; a marker naming an item that does not exist
// is dropped.
func TestReleaseOfAValueAnotherHolderKeeps(t *testing.T) {
	ctx := context.Background()
	db, v2 := members(t)
	if _, err := memberModel(false).Put(Member{"m6", "dup@x"}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	ownBy(t, db, v2, "m3", "dup@x")
	mine := owner(marker(t, db, "dup@x"))

	if err := v2.Delete(entity.Values{"id": "m4"}).Run(ctx, db); err != nil {
		t.Fatalf("delete of m4, which holds dup@x beside m3: %v", err)
	}
	if _, err := v2.Update(entity.Values{"id": "m6"}).Set("email", "m6@x").Run(ctx, db); err != nil {
		t.Fatalf("update of m6 moving dup@x away: %v", err)
	}
	if got := owner(marker(t, db, "dup@x")); got != mine {
		t.Errorf("the marker of dup@x names %q; want it kept for m3 (%q)", got, mine)
	}
	if got := owner(marker(t, db, "m6@x")); !strings.Contains(got, "MEMBER#m6") {
		t.Errorf("the marker of m6@x names %q; want m6", got)
	}
	// The same in a transaction of several items.
	if _, err := memberModel(false).Put(Member{"m7", "dup@x"}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	if err := txn.Write(v2.Delete(entity.Values{"id": "m7"}), v2.Create(Member{"m8", "d@x"})).Run(ctx, db); err != nil {
		t.Fatalf("transaction deleting m7: %v", err)
	}
	if got := owner(marker(t, db, "dup@x")); got != mine {
		t.Errorf("after the transaction the marker of dup@x names %q; want %q", got, mine)
	}
	// m3 still holds the value: no one else takes it.
	if _, err := v2.Create(Member{"m9", "dup@x"}).Run(ctx, db); !errors.Is(err, ddbmodel.ErrUniqueTaken) {
		t.Errorf("create with dup@x: %v; want ErrUniqueTaken", err)
	}

	// A marker naming an item that does not exist (orphaned): the
	// release of m2, which holds the value, drops it.
	ghost := map[string]types.AttributeValue{"PK": str("UNIQUE#Member#email#b@x"), "SK": str("UNIQUE"),
		v2.Table().EntityAttr(): str("UNIQUE#Member#email"), "uniqueOwner": str(expr.KeyID("", map[string]types.AttributeValue{"PK": str("MEMBER#ghost"), "SK": str("MEMBER")}))}
	if _, err := db.Client.PutItem(ctx, &dynamodb.PutItemInput{TableName: db.Table("evolve"), Item: ghost}); err != nil {
		t.Fatal(err)
	}
	if err := v2.Delete(entity.Values{"id": "m2"}).Run(ctx, db); err != nil {
		t.Errorf("delete of m2 under a marker naming a missing item: %v; want the orphaned marker dropped", err)
	}
	if m := marker(t, db, "b@x"); len(m) != 0 {
		t.Errorf("the marker of b@x after m2's delete: %v; want none", m)
	}
	if _, err := v2.Get(entity.Values{"id": "m2"}).Run(ctx, db); !errors.Is(err, ddbmodel.ErrNotFound) {
		t.Errorf("m2 after its delete: %v; want ErrNotFound", err)
	}
}

// An orphaned marker (it names an item that no longer holds the value:
// other code changed that item) does not strand the item that holds the
// value: its delete, its update moving the value away and its Repair
// succeed, each checking that the named item still does not hold the
// value. The reviewer's case: before, Repair refused it, the delete and
// the update failed with a *ddbmodel.UniqueOwnerError, and a later create
// took the value beside the holder.
func TestAnOrphanedMarkerDoesNotStrandTheHolder(t *testing.T) {
	ctx := context.Background()
	v1, v2 := memberModel(false), memberModel(true)
	db := entitytest.NewDB(t, v2.Table())
	// orphan makes the marker of v name m1, then m1 drop v and m2 hold
	// it, all written by code that does not keep markers.
	orphan := func(v string) {
		t.Helper()
		if _, err := v2.Put(Member{"m1", v}).Run(ctx, db); err != nil {
			t.Fatal(err)
		}
		for _, m := range []Member{{"m1", "z@x"}, {"m2", v}} {
			if _, err := v1.Put(m).Run(ctx, db); err != nil {
				t.Fatal(err)
			}
		}
		if got := owner(marker(t, db, v)); !strings.Contains(got, "MEMBER#m1") {
			t.Fatalf("the marker of %s names %q; want m1", v, got)
		}
	}

	orphan("a@x")
	r, err := evolve.Entity(v2).Repair(ctx, db)
	if err != nil || r.MarkersWritten != 2 || len(r.Failed) != 0 {
		t.Fatalf("Repair: %v, %d markers written, failed %v; want the markers of z@x (m1) and a@x (m2)", err, r.MarkersWritten, r.Failed)
	}
	if got := owner(marker(t, db, "a@x")); !strings.Contains(got, "MEMBER#m2") {
		t.Errorf("after Repair the marker of a@x names %q; want m2", got)
	}
	if _, err := v2.Create(Member{"m3", "a@x"}).Run(ctx, db); !errors.Is(err, ddbmodel.ErrUniqueTaken) {
		t.Errorf("create with a@x after Repair: %v; want ErrUniqueTaken", err)
	}
	if r, err := evolve.Entity(v2).Verify(ctx, db); err != nil || r.Findings != 0 {
		t.Errorf("Verify after Repair: %v, %d findings %v", err, r.Findings, r.Counts)
	}

	for _, tc := range []struct {
		name  string
		write func() error
	}{
		{"delete", func() error { return v2.Delete(entity.Values{"id": "m2"}).Run(ctx, db) }},
		{"update moving the value away", func() error {
			_, err := v2.Update(entity.Values{"id": "m2"}).Set("email", "q@x").Run(ctx, db)
			return err
		}},
		{"transaction", func() error {
			return txn.Write(v2.Delete(entity.Values{"id": "m2"}), v2.Create(Member{"m4", "d@x"})).Run(ctx, db)
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, v := range []string{"a@x", "q@x", "d@x"} {
				if _, err := db.Client.DeleteItem(ctx, &dynamodb.DeleteItemInput{TableName: db.Table("evolve"),
					Key: map[string]types.AttributeValue{"PK": str("UNIQUE#Member#email#" + v), "SK": str("UNIQUE")}}); err != nil {
					t.Fatal(err)
				}
			}
			if _, err := db.Client.DeleteItem(ctx, &dynamodb.DeleteItemInput{TableName: db.Table("evolve"),
				Key: map[string]types.AttributeValue{"PK": str("MEMBER#m4"), "SK": str("MEMBER")}}); err != nil {
				t.Fatal(err)
			}
			orphan("a@x")
			if err := tc.write(); err != nil {
				t.Fatalf("%s of m2, which holds a@x under a marker naming m1: %v", tc.name, err)
			}
			if m := marker(t, db, "a@x"); len(m) != 0 {
				t.Errorf("the marker of a@x after m2 released it: %v; want the orphaned marker dropped", m)
			}
			// The value is free again.
			if _, err := v2.Create(Member{"m5-" + strings.ReplaceAll(tc.name, " ", "-"), "a@x"}).Run(ctx, db); err != nil {
				t.Errorf("create with a@x after the release: %v", err)
			}
			if _, err := db.Client.DeleteItem(ctx, &dynamodb.DeleteItemInput{TableName: db.Table("evolve"),
				Key: map[string]types.AttributeValue{"PK": str("MEMBER#m5-" + strings.ReplaceAll(tc.name, " ", "-")), "SK": str("MEMBER")}}); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// orphanedMarker returns a table where the marker of a@x names m1, which
// holds z@x, and m2 holds a@x: both written by code that does not keep
// markers (v1, the model before email was unique).
func orphanedMarker(t *testing.T) (db *entity.DB, v1, v2 *entity.Entity[Member]) {
	t.Helper()
	ctx := context.Background()
	v1, v2 = memberModel(false), memberModel(true)
	db = entitytest.NewDB(t, v2.Table())
	if _, err := v2.Put(Member{"m1", "a@x"}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	for _, m := range []Member{{"m1", "z@x"}, {"m2", "a@x"}} {
		if _, err := v1.Put(m).Run(ctx, db); err != nil {
			t.Fatal(err)
		}
	}
	return db, v1, v2
}

// transactRaceClient runs before once, just before the TransactWriteItems
// call that when selects.
type transactRaceClient struct {
	entity.Client
	when   func(*dynamodb.TransactWriteItemsInput) bool
	before func(ctx context.Context)
	once   sync.Once
}

func (c *transactRaceClient) TransactWriteItems(ctx context.Context, in *dynamodb.TransactWriteItemsInput, opts ...func(*dynamodb.Options)) (*dynamodb.TransactWriteItemsOutput, error) {
	if c.when(in) {
		c.once.Do(func() { c.before(ctx) })
	}
	return c.Client.TransactWriteItems(ctx, in, opts...)
}

// The item an orphaned marker names takes the value back between the
// read and the write: Repair reports the two holders instead of taking
// the marker, and a release fails typed, leaving the marker to it.
func TestAnOrphanedMarkersOwnerTakingTheValueBackKeepsIt(t *testing.T) {
	ctx := context.Background()
	db, v1, v2 := orphanedMarker(t)
	takeBack := func(ctx context.Context) {
		if _, err := v1.Put(Member{"m1", "a@x"}).Run(ctx, db); err != nil {
			t.Error(err)
		}
	}
	// Repair's takeover is the only marker write of three actions.
	rdb := *db
	rdb.Client = &transactRaceClient{Client: db.Client, before: takeBack,
		when: func(in *dynamodb.TransactWriteItemsInput) bool { return len(in.TransactItems) == 3 }}
	r, err := evolve.Entity(v2).Repair(ctx, &rdb)
	if !errors.Is(err, evolve.ErrDuplicateUnique) || len(r.Failed) != 1 || keyText(r.Failed[0].Key) != memberKey("m2") {
		t.Fatalf("Repair raced by m1 taking a@x back: %v, failed %v; want m2 reported as a duplicate", err, r.Failed)
	}
	if got := owner(marker(t, db, "a@x")); !strings.Contains(got, "MEMBER#m1") {
		t.Errorf("the marker of a@x names %q; want m1 kept", got)
	}

	// The same race against m2's delete: the release's second try
	// (drop the orphaned marker) finds m1 holding the value.
	if _, err := v1.Put(Member{"m1", "z@x"}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	sends := 0
	rdb.Client = &transactRaceClient{Client: db.Client, before: takeBack,
		when: func(*dynamodb.TransactWriteItemsInput) bool { sends++; return sends == 2 }}
	err = v2.Delete(entity.Values{"id": "m2"}).Run(ctx, &rdb)
	var oe *ddbmodel.UniqueOwnerError
	if !errors.As(err, &oe) || oe.Attribute != "email" || oe.Value != "a@x" || !strings.Contains(oe.Owner, "MEMBER#m1") {
		t.Fatalf("delete of m2 raced by m1 taking a@x back: %v; want a *ddbmodel.UniqueOwnerError naming m1", err)
	}
	if got := owner(marker(t, db, "a@x")); !strings.Contains(got, "MEMBER#m1") {
		t.Errorf("the marker of a@x names %q; want m1 kept", got)
	}
	if _, err := v2.Get(entity.Values{"id": "m2"}).Run(ctx, db); err != nil {
		t.Errorf("m2 after the refused delete: %v; want it kept", err)
	}
}
