package entity

import (
	"errors"
	"math"
	"reflect"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/ddbmodel/ddbmodel"
)

// slotted is an entity whose keys take composites of every kind the fast
// encoder gives slots to. (A bool, which it gives none, is no composite:
// Define refuses it, since no key can be rendered from it.)
type slotted struct {
	ID     string    `dynamo:"id"`
	Owner  string    `dynamo:"owner"`
	Rank   int       `dynamo:"rank,omitempty"`
	Size   uint16    `dynamo:"size"`
	Score  float64   `dynamo:"score"`
	At     time.Time `dynamo:"at"`
	Open   bool      `dynamo:"open"`
	Labels []string  `dynamo:"labels,set"`
}

func defineSlotted(name string) *Entity[slotted] {
	table := &Table{Name: name, PartitionKey: S("PK"), SortKey: S("SK"), Indexes: []Index{
		{Name: "GSI1", PartitionKey: S("GSI1PK"), SortKey: S("GSI1SK")},
		{Name: "GSI2", PartitionKey: S("GSI2PK"), SortKey: N("GSI2SK")},
		{Name: "GSI3", PartitionKey: S("GSI3PK"), SortKey: S("GSI3SK")},
	}}
	return MustDefine(table, Config[slotted]{
		Name: "Slotted",
		Key:  Key{Partition: "ID#${id}", Sort: "AT#${at:time}#${size:pad(5)}"},
		Indexes: []IndexKey[slotted]{
			{Index: "GSI1", Partition: "OWNER#${owner}", Sort: "RANK#${rank:rev(6)}#${id}", Sparse: true},
			{Index: "GSI2", Partition: "SCORES", Sort: "${score}"},
			{Index: "GSI3", Partition: "OPEN", Sort: "${id}#${owner}", Sparse: true},
		},
	})
}

// FuzzSlottedKeysMatchLookup checks that a put's keys rendered from the
// encoder's slots are exactly the keys (or the errors) that looking each
// composite up in the item gives.
func FuzzSlottedKeysMatchLookup(f *testing.F) {
	f.Add("i1", "ana", 3, uint16(7), 1.5, int64(1700000000), true)
	f.Add("i#2", "", 0, uint16(0), math.Copysign(0, -1), int64(0), false)
	f.Add("", "b", 1234567, uint16(65535), 1e300, int64(-62135596800), true)
	withSlots, withLookup := defineSlotted("a"), defineSlotted("b")
	if withSlots.pk.slots == nil || withSlots.indexes[0].sk.slots == nil {
		f.Fatal("slots are not assigned as expected")
	}
	for _, d := range withLookup.allKeys {
		d.slots = nil
	}
	f.Fuzz(func(t *testing.T, id, owner string, rank int, size uint16, score float64, sec int64, open bool) {
		v := slotted{ID: id, Owner: owner, Rank: rank, Size: size, Score: score, At: time.Unix(sec, 0).UTC(), Open: open}
		a, b := v, v
		got, gotErr := withSlots.encode(&a, false, new(putStore))
		want, wantErr := withLookup.encode(&b, false, nil)
		if (gotErr == nil) != (wantErr == nil) {
			t.Fatalf("slots: %v; lookup: %v", gotErr, wantErr)
		}
		if wantErr != nil {
			if reflect.TypeOf(gotErr) != reflect.TypeOf(wantErr) || gotErr.Error() != wantErr.Error() {
				t.Fatalf("slots: %v; lookup: %v", gotErr, wantErr)
			}
			var me *ddbmodel.MissingCompositesError
			if errors.As(wantErr, &me) != errors.As(gotErr, &me) {
				t.Fatalf("slots: %v; lookup: %v", gotErr, wantErr)
			}
			return
		}
		if diff := cmp.Diff(want, got, testKit.CmpOptions); diff != "" {
			t.Fatalf("slotted keys differ (-lookup +slots):\n%s", diff)
		}
	})
}
