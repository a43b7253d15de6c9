package entity_test

import (
	"context"
	"reflect"
	"testing"
	"time"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
)

type stampReading struct {
	ID      string    `dynamo:"id"`
	Created time.Time `dynamo:"created,unixtime"`
	Updated time.Time `dynamo:"updated"`
}

// The timestamps a create or put sets are returned as written: what a get
// of the item gives, to the nanosecond and the location (a time.Time
// stored as Unix seconds was returned with its nanoseconds and a
// monotonic reading; helper-113).
func TestTimestampsAreReturnedAsWritten(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	table := &entity.Table{Name: "stamps", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
	readings := entity.MustDefine(table, entity.Config[stampReading]{
		Name: "Reading", Key: entity.Key{Partition: "R#${id}", Sort: "#R"},
		Timestamps: entity.Timestamps{Created: "created", Updated: "updated"},
		// A clock in another zone, with nanoseconds.
		Now: func() time.Time { return time.Now().In(time.FixedZone("X", 5*3600+1800)) },
	})
	db := entitytest.NewDB(t, table)
	for _, c := range []struct {
		name string
		run  func() (stampReading, error)
	}{
		{"create", func() (stampReading, error) { return readings.Create(stampReading{ID: "r1"}).Run(ctx, db) }},
		{"put", func() (stampReading, error) { return readings.Put(stampReading{ID: "r2"}).Run(ctx, db) }},
	} {
		written, err := c.run()
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		got, err := readings.Get(entity.Values{"id": written.ID}).Run(ctx, db)
		if err != nil {
			t.Fatalf("%s: get: %v", c.name, err)
		}
		if !reflect.DeepEqual(written, got) {
			t.Errorf("%s returned %#v\nget gives      %#v", c.name, written, got)
		}
		if written.Created.Nanosecond() != 0 || written.Updated.Location() != time.UTC {
			t.Errorf("%s: created %v (want whole seconds), updated %v (want UTC)", c.name, written.Created, written.Updated)
		}
	}
}
