package entity_test

import (
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
)

// An item stored before its attribute became unique may hold a value too
// long for a marker item's key: it never had a marker, so a write
// replacing the value or deleting the item releases none, and succeeds
// (each failed with the value's length error after reading the item).
func TestAValueTooLongForAMarkerStoredBeforeItWasUniqueCanBeReplaced(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	seatTable := func() *entity.Table {
		return &entity.Table{Name: "seats", PartitionKey: entity.S("pk"), SortKey: entity.S("sk")}
	}
	cfg := entity.Config[seat]{Name: "Seat", Key: entity.Key{Partition: "VENUE#${venue}", Sort: "ROW#${row}"}}
	before := entity.MustDefine(seatTable(), cfg) // tag not yet unique
	cfg.Attributes = map[string]entity.Attribute{"tag": {Unique: true}}
	seats := entity.MustDefine(seatTable(), cfg)
	db := entitytest.NewDB(t, seats.Table())
	long := strings.Repeat("t", 2100)
	key := entity.Values{"venue": "v", "row": "r1"}
	rawKey := map[string]types.AttributeValue{"pk": s("VENUE#v"), "sk": s("ROW#r1")}
	store := func() {
		t.Helper()
		if _, err := before.Put(seat{Venue: "v", Row: "r1", Tag: long, Label: "A"}).Run(ctx, db); err != nil {
			t.Fatal(err)
		}
	}
	store()
	if _, err := seats.Update(key).Set("tag", "T1").Run(ctx, db); err != nil {
		t.Errorf("Update.Set of a short tag over the long one: %v", err)
	} else if got := attrS(rawItem(t, db, rawKey), "tag"); got != "T1" {
		t.Errorf("tag = %q after the update, want T1", got)
	}
	store()
	if _, err := seats.Put(seat{Venue: "v", Row: "r1", Tag: "T2", Label: "A"}).Run(ctx, db); err != nil {
		t.Errorf("Put of a short tag over the long one: %v", err)
	}
	store()
	if err := seats.Delete(key).Run(ctx, db); err != nil {
		t.Errorf("Delete of the item holding the long tag: %v", err)
	} else if item := rawItem(t, db, rawKey); len(item) != 0 {
		t.Errorf("the item is still there: %v", item)
	}
}
