package evolve_test

import (
	"context"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/entity/evolve"
)

// Between Repair's read of a member holding a value without a marker and
// its marker write, the member is deleted and a visitor (a Guest), another
// entity with the same keys (SharesKeysWith), is put at its key with the
// same email. The marker write is conditioned on the item still being
// the member's, so no marker names the visitor's item as the value's
// holder (it would keep the value from every member until a reclaim read
// it).
func TestRepairWritesNoMarkerForAnItemThatBecameAnotherEntitys(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	v1, v2 := memberModel(false), memberModel(true)
	guests := entity.MustDefine(v2.Table(), entity.Config[Guest]{Name: "Visitor", Key: entity.Key{Partition: "MEMBER#${id}", Sort: "MEMBER"}, SharesKeysWith: []string{"Member"}})
	db := entitytest.NewDB(t, v2.Table())
	if _, err := v1.Put(Member{"m1", "a@x"}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	raced := false
	rdb := *db
	rdb.Client = &txRaceClient{Client: db.Client, before: func(ctx context.Context) {
		if err := v1.Delete(entity.Values{"id": "m1"}).Run(ctx, db); err != nil {
			t.Errorf("delete: %v", err)
		}
		if _, err := guests.Put(Guest{ID: "m1", Email: "a@x"}).Run(ctx, db); err != nil {
			t.Errorf("visitor put: %v", err)
		}
		raced = true
	}}
	r, err := evolve.Entity(v2).Repair(ctx, &rdb)
	if !raced {
		t.Fatalf("repair: %v; no marker write was tried", err)
	}
	if err != nil || r.MarkersWritten != 0 || r.SkippedChanged != 1 {
		t.Errorf("repair: %v, %d markers written, %d skipped as changed; want no error, no marker and the item skipped: it is a visitor's now", err, r.MarkersWritten, r.SkippedChanged)
	}
	// No item but the visitor's is left: the table holds no marker item.
	out, err := db.Client.Scan(ctx, &dynamodb.ScanInput{TableName: db.Table(v2.Table().Name)})
	if err != nil {
		t.Fatal(err)
	}
	for _, it := range out.Items {
		if e, _ := it["__entity"].(*types.AttributeValueMemberS); e == nil || e.Value != "Visitor" {
			t.Errorf("item left besides the visitor: %v", it)
		}
	}
}
