package entity_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/query"
)

type ztEvent struct {
	ID      string     `dynamo:"id"`
	At      time.Time  `dynamo:"at,unixtime"`
	Plain   time.Time  `dynamo:"plain"`
	Ptr     *time.Time `dynamo:"ptr"`
	Deleted time.Time  `dynamo:"deleted,omitempty"`
}

func ztEntity(t *testing.T) *entity.Entity[ztEvent] {
	t.Helper()
	table := &entity.Table{Name: "zt", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"), Indexes: []entity.Index{
		{Name: "GSI1", PartitionKey: entity.S("GSI1PK"), SortKey: entity.S("GSI1SK")},
	}}
	return entity.MustDefine(table, entity.Config[ztEvent]{
		Name: "Event",
		Key:  entity.Key{Partition: "EVENT#${id}", Sort: "AT#${at}#${plain}#${ptr}"},
		Indexes: []entity.IndexKey[ztEvent]{
			{Index: "GSI1", Partition: "DELETED", Sort: "${deleted}", Sparse: true},
		},
	})
}

// zeroTimeErr checks err is a ValidationError for attr saying the time is
// zero, and no missing composite.
func zeroTimeErr(t *testing.T, what string, err error, attr string) {
	t.Helper()
	var ve *ddbmodel.ValidationError
	if !errors.As(err, &ve) || errors.Is(err, ddbmodel.ErrMissingComposites) || ve.Attribute != attr || !strings.Contains(err.Error(), "the time is zero") {
		t.Errorf("%s: err = %v (%T), want a ValidationError for %s saying the time is zero", what, err, err, attr)
	}
}

// A zero time.Time key composite is present but zero: every operation
// refuses it as such, never as a missing composite, and a sparse index
// leaves the item out.
func TestZeroTimeCompositeIsNotMissing(t *testing.T) {
	t.Parallel()
	e := ztEntity(t)
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	zero := time.Time{}
	good := ztEvent{ID: "e1", At: now, Plain: now, Ptr: &now}

	bad := good
	bad.At = zero // unixtime: a put stores nothing for it
	_, err := e.Put(bad).Build()
	zeroTimeErr(t, "put of a zero unixtime", err, "at")
	bad = good
	bad.Plain = zero // stored as "0001-01-01T00:00:00Z"
	_, err = e.Put(bad).Build()
	zeroTimeErr(t, "put of a zero time", err, "plain")
	bad = good
	bad.Ptr = &zero
	_, err = e.Create(bad).Build()
	zeroTimeErr(t, "create of a pointer to a zero time", err, "ptr")
	bad = good
	bad.Ptr = nil // absent, not zero
	if _, err = e.Put(bad).Build(); !errors.Is(err, ddbmodel.ErrMissingComposites) {
		t.Errorf("put with a nil time pointer: err = %v, want ErrMissingComposites", err)
	}

	key := entity.Values{"id": "e1", "at": now, "plain": now, "ptr": now}
	withZero := entity.Values{"id": "e1", "at": zero, "plain": now, "ptr": now}
	_, err = e.Get(withZero).Build()
	zeroTimeErr(t, "get", err, "at")
	_, err = query.New(e).Where(withZero).Build()
	zeroTimeErr(t, "query", err, "at")
	_, err = e.Update(key).Set("at", zero).Build()
	zeroTimeErr(t, "update setting a zero unixtime composite", err, "at")
	_, err = e.Update(key).Set("plain", zero).Build()
	zeroTimeErr(t, "update setting a zero time composite", err, "plain")

	// The sparse index: a zero deleted time leaves the item out, on a put
	// and on an update alike.
	in, err := e.Put(good).Build()
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := in.Item["GSI1SK"]; ok {
		t.Errorf("put with a zero time on a sparse index: item in the index: %v", in.Item["GSI1SK"])
	}
	up, err := e.Update(key).Set("deleted", zero).Build()
	if err != nil {
		t.Fatalf("update setting a sparse index's zero time: %v", err)
	}
	if !strings.Contains(*up.UpdateExpression, "REMOVE") {
		t.Errorf("update setting a sparse index's zero time: %s, want the index keys removed", *up.UpdateExpression)
	}
	withDeleted := good
	withDeleted.Deleted = now
	if in, err = e.Put(withDeleted).Build(); err != nil || in.Item["GSI1SK"] == nil {
		t.Errorf("put with a deleted time: err = %v, index key %v", err, in.Item["GSI1SK"])
	}
}

type ztLog struct {
	ID  string    `dynamo:"id"`
	At  time.Time `dynamo:"at"`
	Due time.Time `dynamo:"due"`
}

// A zero time rendered through a format (:time, :date) is refused by a put
// as by the operations that address the key: the put stored a key of
// 0001-01-01 that no get, update or delete could then address
// (helper-106 B1). A sparse index keyed on it leaves the item out.
func TestAZeroTimeInAFormattedCompositeIsRefusedByAPut(t *testing.T) {
	t.Parallel()
	table := &entity.Table{Name: "ztf", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"), Indexes: []entity.Index{
		{Name: "GSI1", PartitionKey: entity.S("GSI1PK"), SortKey: entity.S("GSI1SK")},
		{Name: "GSI2", PartitionKey: entity.S("GSI2PK"), SortKey: entity.S("GSI2SK")},
	}}
	logs := entity.MustDefine(table, entity.Config[ztLog]{
		Name: "Log",
		Key:  entity.Key{Partition: "LOG#${id}", Sort: "AT#${at:time}"},
		Indexes: []entity.IndexKey[ztLog]{
			{Index: "GSI1", Partition: "ALL", Sort: "AT#${at:date}#${id}"},
			{Index: "GSI2", Partition: "DUE", Sort: "${due:date}#${id}", Sparse: true},
		},
	})
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	_, err := logs.Put(ztLog{ID: "l1", Due: now}).Build()
	zeroTimeErr(t, "put of a zero :time composite", err, "at")
	_, err = logs.Create(ztLog{ID: "l1", Due: now}).Build()
	zeroTimeErr(t, "create of a zero :time composite", err, "at")
	_, err = logs.Get(entity.Values{"id": "l1", "at": time.Time{}}).Build()
	zeroTimeErr(t, "get of a zero :time composite", err, "at")
	in, err := logs.Put(ztLog{ID: "l1", At: now}).Build()
	if err != nil {
		t.Fatalf("put with a zero time in a sparse :date composite: %v", err)
	}
	if _, ok := in.Item["GSI2SK"]; ok {
		t.Errorf("put with a zero due date: the item is in the sparse index (%v)", in.Item["GSI2SK"])
	}
	if got := in.Item["GSI1SK"]; got == nil {
		t.Errorf("put: no GSI1SK")
	}
}

type ztZoned struct {
	ID   string     `dynamo:"id"`
	At   *time.Time `dynamo:"at"`
	Seen time.Time  `dynamo:"seen,unixtime"`
}

// The zero time of a zone west of UTC (whose offset has seconds, as local
// mean times do) is written as 0000-12-31 in UTC: a put refuses it as the
// zero time, on the reflection encoder too (helper-108 finding 3).
func TestAZonedZeroTimeIsRefusedByAPut(t *testing.T) {
	t.Parallel()
	table := &entity.Table{Name: "ztz", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
	for _, sk := range []string{"AT#${at}", "AT#${at:time}", "AT#${at:date}"} {
		zoned := entity.MustDefine(table, entity.Config[ztZoned]{
			Name: "Zoned" + strings.NewReplacer("#", "", "$", "", "{", "", "}", "", ":", "").Replace(sk),
			Key:  entity.Key{Partition: "Z#${id}", Sort: sk},
			// Each entity renders its own key space.
			SharesKeysWith: []string{"ZonedATat", "ZonedATattime", "ZonedATatdate"},
		})
		west := time.Time{}.In(time.FixedZone("LMT", -(4*3600 + 56*60 + 2)))
		_, err := zoned.Put(ztZoned{ID: "z1", At: &west, Seen: time.Unix(1, 0)}).Build()
		zeroTimeErr(t, "put of a zoned zero time in "+sk, err, "at")
		east := time.Time{}.In(time.FixedZone("E", 5*3600))
		_, err = zoned.Put(ztZoned{ID: "z1", At: &east, Seen: time.Unix(1, 0)}).Build()
		zeroTimeErr(t, "put of an eastern zero time in "+sk, err, "at")
	}
}
