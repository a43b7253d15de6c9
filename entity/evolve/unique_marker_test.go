package evolve_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/google/go-cmp/cmp"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/entity/evolve"
)

// Member is an entity whose e-mail address became unique after items
// were stored.
type Member struct {
	ID    string `dynamo:"id"`
	Email string `dynamo:"email"`
}

func memberModel(unique bool) *entity.Entity[Member] {
	cfg := entity.Config[Member]{Name: "Member", Key: entity.Key{Partition: "MEMBER#${id}", Sort: "MEMBER"}}
	if unique {
		cfg.Attributes = map[string]entity.Attribute{"email": {Unique: true}}
	}
	return entity.MustDefine(newTable(), cfg)
}

func memberKey(id string) string { return "MEMBER#" + id + "/MEMBER" }

// members stores m1 and m2 (distinct values) and m3 and m4 (one value)
// before email was unique, and m5 after: only m5 has a marker.
func members(t *testing.T) (*entity.DB, *entity.Entity[Member]) {
	t.Helper()
	ctx := context.Background()
	v1, v2 := memberModel(false), memberModel(true)
	db := entitytest.NewDB(t, v2.Table())
	for _, m := range []Member{{"m1", "a@x"}, {"m2", "b@x"}, {"m3", "dup@x"}, {"m4", "dup@x"}} {
		if _, err := v1.Put(m).Run(ctx, db); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := v2.Create(Member{"m5", "c@x"}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	return db, v2
}

// holders lists, sorted, the keys a duplicate names.
func holders(d evolve.UniqueDiff) []string {
	var out []string
	for _, k := range d.Holders {
		out = append(out, keyText(k))
	}
	slices.Sort(out)
	return out
}

// Verify reports the values stored without a marker and the value two
// items hold; Repair writes the markers of the first and reports the
// second, which then keeps a new item from taking any of the values.
func TestRepairWritesMissingUniqueMarkers(t *testing.T) {
	ctx := context.Background()
	db, v2 := members(t)
	// Before: a new member may take a value stored without a marker.
	r, err := evolve.Entity(v2).Verify(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	// m1, m2 and the first of m3/m4 scanned lack a marker; the second of
	// m3/m4 is the duplicate.
	want := map[evolve.Kind]int64{evolve.MissingUniqueMarker: 3, evolve.DuplicateUniqueValue: 1}
	if diff := cmp.Diff(want, r.Counts); diff != "" || r.Findings != 4 || len(r.Failed) != 0 {
		t.Fatalf("Verify: findings %d, failed %v, counts (-want +got):\n%s", r.Findings, r.Failed, diff)
	}
	dup := r.Samples[evolve.DuplicateUniqueValue][0]
	if len(dup.Unique) != 1 || dup.Unique[0].Attribute != "email" {
		t.Fatalf("duplicate: %+v", dup.Unique)
	}
	if diff := cmp.Diff([]string{memberKey("m3"), memberKey("m4")}, holders(dup.Unique[0])); diff != "" {
		t.Errorf("duplicate holders (-want +got):\n%s", diff)
	}

	r, err = evolve.Entity(v2).Repair(ctx, db)
	if r.MarkersWritten != 3 || r.Repaired != 0 || len(r.Failed) != 1 {
		t.Fatalf("Repair: %d markers, %d repaired, failed %v; want 3 markers and the duplicate failed", r.MarkersWritten, r.Repaired, r.Failed)
	}
	var re *evolve.RepairError
	if !errors.As(err, &re) || !errors.Is(err, evolve.ErrDuplicateUnique) ||
		!strings.Contains(err.Error(), "MEMBER#m3") || !strings.Contains(err.Error(), "MEMBER#m4") {
		t.Errorf("Repair error %v: want ErrDuplicateUnique naming m3 and m4", err)
	}
	// Every value now has its marker: no new member takes one.
	for _, v := range []string{"a@x", "b@x", "c@x", "dup@x"} {
		_, err := v2.Create(Member{"new-" + v, v}).Run(ctx, db)
		var ue *ddbmodel.UniqueError
		if !errors.As(err, &ue) || ue.Attribute != "email" {
			t.Errorf("create with %s after Repair: %v; want a *ddbmodel.UniqueError", v, err)
		}
	}
	// Left: the duplicate, once.
	r, err = evolve.Entity(v2).Verify(ctx, db)
	want = map[evolve.Kind]int64{evolve.DuplicateUniqueValue: 1}
	if diff := cmp.Diff(want, r.Counts); err != nil || diff != "" || r.Findings != 1 {
		t.Fatalf("Verify after Repair: %v, findings %d, counts (-want +got):\n%s", err, r.Findings, diff)
	}
	// A dry run writes nothing.
	r, err = evolve.Entity(v2).DryRun().Repair(ctx, db)
	if err != nil || r.WouldWriteMarkers != 0 || r.MarkersWritten != 0 || len(r.Failed) != 1 {
		t.Errorf("dry run: %v, %+v", err, r)
	}
}

// The marker write is conditioned on the marker being absent or the
// item's: a marker naming another item holding the value is left alone,
// and the item is reported as a duplicate naming both.
func TestRepairLeavesAnotherHoldersMarker(t *testing.T) {
	ctx := context.Background()
	db, v2 := members(t)
	ownBy(t, db, v2, "m3", "dup@x")
	r, err := evolve.Entity(v2).Repair(ctx, db)
	if r.MarkersWritten != 2 || len(r.Failed) != 1 || !errors.Is(err, evolve.ErrDuplicateUnique) {
		t.Fatalf("Repair: %d markers, %v; want the markers of m1 and m2 and m4 reported", r.MarkersWritten, err)
	}
	if got := keyText(r.Failed[0].Key); got != memberKey("m4") {
		t.Errorf("failed item %s; want m4", got)
	}
	// m3 still holds the marker: a rename of m3 frees the value.
	if _, err := v2.Update(entity.Values{"id": "m3"}).Set("email", "m3@x").Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	if m := marker(t, db, "dup@x"); len(m) != 0 {
		t.Errorf("the marker of dup@x after m3 released it: %v; want none", m)
	}
	// m4 keeps the value without a marker until Repair runs again, as
	// the duplicate's error says.
	if !strings.Contains(err.Error(), "run Repair again") {
		t.Errorf("the duplicate's error %q does not say to run Repair again", err)
	}
	r, err = evolve.Entity(v2).Repair(ctx, db)
	if err != nil || r.MarkersWritten != 1 {
		t.Fatalf("Repair after the duplicate was resolved: %v, %d markers written; want m4's", err, r.MarkersWritten)
	}
	if got := owner(marker(t, db, "dup@x")); !strings.Contains(got, "MEMBER#m4") {
		t.Errorf("the marker of dup@x names %q; want m4", got)
	}
	if _, err := v2.Create(Member{"m9", "dup@x"}).Run(ctx, db); !errors.Is(err, ddbmodel.ErrUniqueTaken) {
		t.Errorf("create with dup@x after the second Repair: %v; want ErrUniqueTaken", err)
	}
}

// marker reads the marker item of Member's email value v.
func marker(t *testing.T, db *entity.DB, v string) map[string]types.AttributeValue {
	t.Helper()
	out, err := db.Client.GetItem(context.Background(), &dynamodb.GetItemInput{TableName: db.Table("evolve"), ConsistentRead: aws.Bool(true),
		Key: map[string]types.AttributeValue{"PK": str("UNIQUE#Member#email#" + v), "SK": str("UNIQUE")}})
	if err != nil {
		t.Fatal(err)
	}
	return out.Item
}

// owner is the key a marker item names as its owner ("" for none).
func owner(m map[string]types.AttributeValue) string {
	if s, ok := m["uniqueOwner"].(*types.AttributeValueMemberS); ok {
		return s.Value
	}
	return ""
}

// ownBy makes member id, which holds v without a marker, the owner of
// v's marker by two writes through the new model: a put keeping the
// value writes no marker.
func ownBy(t *testing.T, db *entity.DB, v2 *entity.Entity[Member], id, v string) {
	t.Helper()
	ctx := context.Background()
	for _, e := range []string{id + "-tmp@x", v} {
		if _, err := v2.Update(entity.Values{"id": id}).Set("email", e).Run(ctx, db); err != nil {
			t.Fatal(err)
		}
	}
	if got := owner(marker(t, db, v)); !strings.Contains(got, "MEMBER#"+id) {
		t.Fatalf("the marker of %s names %q; want %s", v, got, id)
	}
}
