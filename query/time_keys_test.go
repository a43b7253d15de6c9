package query_test

import (
	"context"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/query"
)

type Reading struct {
	Sensor string    `dynamo:"sensor"`
	At     time.Time `dynamo:"at"`
	Seen   time.Time `dynamo:"seen,unixtime"`
	ID     string    `dynamo:"id"`
}

// A query given a time composite as RFC 3339 text in another zone, or as a
// time.Time for a field stored as Unix seconds, renders the key a put of
// the same time rendered, on the table and on an index, in Where and in
// range bounds.
func TestQueryTimeCompositesRenderAsPuts(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	table := &entity.Table{
		Name: "readings", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"),
		Indexes: []entity.Index{{Name: "GSI1", PartitionKey: entity.S("GSI1PK"), SortKey: entity.S("GSI1SK")}},
	}
	readings := entity.MustDefine(table, entity.Config[Reading]{
		Name: "Reading",
		Key:  entity.Key{Partition: "SENSOR#${sensor}", Sort: "AT#${at}#${id}"},
		Indexes: []entity.IndexKey[Reading]{
			{Index: "GSI1", Partition: "SEEN#${seen}", Sort: "${id}"},
		},
	})
	db := entitytest.NewDB(t, table)
	at := time.Date(2024, 5, 1, 10, 0, 0, 0, time.UTC)
	r := Reading{Sensor: "s1", At: at, Seen: at, ID: "r1"}
	if _, err := readings.Put(r).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	cest := time.FixedZone("CEST", 2*3600)
	text := "2024-05-01T12:00:00+02:00" // at, in another zone
	inZone := at.In(cest)
	before, after := "2024-05-01T11:59:59+02:00", "2024-05-01T12:00:01+02:00"
	base := query.New(readings).Where(entity.Values{"sensor": "s1"})
	for _, tc := range []struct {
		name string
		q    query.Query[Reading]
	}{
		{"where text in another zone", base.Where(entity.Values{"at": text})},
		{"where the whole key, text", base.Where(entity.Values{"at": text, "id": "r1"})},
		{"where a time in another zone", base.Where(entity.Values{"at": inZone})},
		{"between texts", base.Between(entity.Values{"at": text}, entity.Values{"at": text})},
		{"ge text", base.Ge(entity.Values{"at": text})},
		{"le text", base.Le(entity.Values{"at": text})},
		{"gt an earlier text", base.Gt(entity.Values{"at": before})},
		{"lt a later text", base.Lt(entity.Values{"at": after})},
		{"unixtime partition from a time", query.New(readings).Index("GSI1").Where(entity.Values{"seen": inZone})},
		{"unixtime partition from text", query.New(readings).Index("GSI1").Where(entity.Values{"seen": text})},
		{"unixtime partition from seconds", query.New(readings).Index("GSI1").Where(entity.Values{"seen": at.Unix()})},
	} {
		got, err := tc.q.Collect(ctx, db)
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if diff := cmp.Diff([]Reading{r}, got); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tc.name, diff)
		}
	}
	// A bound just past the time stays exact: the normalised key sorts as
	// the time does.
	got, err := base.Gt(entity.Values{"at": text}).Collect(ctx, db)
	if err != nil || len(got) != 0 {
		t.Errorf("gt the time itself = %v, %v; want nothing", got, err)
	}
}
