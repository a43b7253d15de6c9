package entity_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/txn"
)

type tlVehicle struct {
	ID       string `dynamo:"id"`
	Name     string `dynamo:"name"`
	Firmware []byte `dynamo:"firmware"`
}

// An item too large is refused before sending with a LimitError that
// names its largest attribute and satisfies ErrInvalid, the test for
// "nothing was sent", as well as ErrLimitExceeded (helper-112 L4): through
// a put, an update and a batch write.
func TestAnItemTooLargeNamesItsLargestAttributeAndIsInvalid(t *testing.T) {
	t.Parallel()
	table := &entity.Table{Name: "tl", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
	vehicles := entity.MustDefine(table, entity.Config[tlVehicle]{Name: "Vehicle", Key: entity.Key{Partition: "V#${id}", Sort: "#V"}})
	big := tlVehicle{ID: "v1", Name: "van", Firmware: make([]byte, 500_000)}
	rec := entitytest.NewRecorder(nil)
	db := entity.NewDB(rec, "tl")
	ctx := context.Background()
	for _, c := range []struct {
		name string
		run  func() error
	}{
		{"put", func() error { _, err := vehicles.Put(big).Run(ctx, db); return err }},
		{"update", func() error {
			_, err := vehicles.Update(entity.Values{"id": "v1"}).Set("firmware", big.Firmware).Run(ctx, db)
			return err
		}},
		{"batch write", func() error { return txn.BatchWrite(ctx, db, txn.BatchOptions{}, vehicles.Put(big)) }},
	} {
		err := c.run()
		var le *ddbmodel.LimitError
		if !errors.As(err, &le) || le.Entity != "Vehicle" || le.Attribute != "firmware" || le.AttributeSize < 500_000 ||
			!errors.Is(err, ddbmodel.ErrInvalid) || !errors.Is(err, ddbmodel.ErrLimitExceeded) || !strings.Contains(err.Error(), "firmware") {
			t.Errorf("%s: err = %v, want a LimitError naming firmware, ErrInvalid and ErrLimitExceeded", c.name, err)
		}
	}
	if rec.Count() != 0 {
		t.Errorf("%d requests sent", rec.Count())
	}
}
