package entity_test

import (
	"context"
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
)

type lpPerson struct {
	ID    string `dynamo:"id"`
	Name  string `dynamo:"name"`
	Badge string `dynamo:"badge,omitempty"`
	Ver   int    `dynamo:"ver"`
}

// A put of an entity with a LockAttribute (expecting version 0) over
// another entity's item under the same key is ErrOtherEntity, as every
// other write reports it, with unique attributes or without: it was a
// plain ErrConditionFailed, as if a race had been lost (helper-112 H3).
func TestALockedPutOverAnotherEntitysItemIsErrOtherEntity(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	table := &entity.Table{Name: "lp", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
	key := entity.Key{Partition: "P#${id}", Sort: "#P"}
	drivers := entity.MustDefine(table, entity.Config[lpPerson]{Name: "Driver", Key: key, SharesKeysWith: []string{"Mechanic", "Clerk"},
		LockAttribute: "ver", Attributes: map[string]entity.Attribute{"badge": {Unique: true}}})
	clerks := entity.MustDefine(table, entity.Config[lpPerson]{Name: "Clerk", Key: key, SharesKeysWith: []string{"Mechanic", "Driver"}, LockAttribute: "ver"})
	mechanics := entity.MustDefine(table, entity.Config[lpPerson]{Name: "Mechanic", Key: key, SharesKeysWith: []string{"Driver", "Clerk"}})
	db := entitytest.NewDB(t, table)
	if _, err := mechanics.Create(lpPerson{ID: "m", Name: "mech"}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	before := rawGet(t, db, "P#m", "#P")
	for _, c := range []struct {
		name string
		put  func() error
	}{
		{"with a unique value", func() error {
			_, err := drivers.Put(lpPerson{ID: "m", Name: "x", Badge: "B9"}).Run(ctx, db)
			return err
		}},
		{"without unique values", func() error { _, err := drivers.Put(lpPerson{ID: "m", Name: "x"}).Run(ctx, db); return err }},
		{"of an entity without unique attributes", func() error { _, err := clerks.Put(lpPerson{ID: "m", Name: "x"}).Run(ctx, db); return err }},
	} {
		err := c.put()
		var ce *ddbmodel.ConditionError
		if !errors.As(err, &ce) || !errors.Is(err, ddbmodel.ErrOtherEntity) {
			t.Errorf("put %s: err = %v, want a ConditionError with ErrOtherEntity", c.name, err)
		}
	}
	if diff := cmp.Diff(before, rawGet(t, db, "P#m", "#P"), entitytest.CmpOptions...); diff != "" {
		t.Errorf("the mechanic's item changed (-before +after):\n%s", diff)
	}
}
