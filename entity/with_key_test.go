package entity_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
)

// Booking is a model of its own for With: a table key of two composites
// (the venue and the day), a sort key of the day and the seat, and an
// index keyed on the guest, which an update of the seat recomputes.
type Booking struct {
	Venue string `dynamo:"venue"`
	Day   string `dynamo:"day"`
	Seat  int    `dynamo:"seat"`
	Guest string `dynamo:"guest"`
	Note  string `dynamo:"note"`
}

func defineBookings() *entity.Entity[Booking] {
	table := &entity.Table{Name: "bookings", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"),
		Indexes: []entity.Index{{Name: "ByGuest", PartitionKey: entity.S("GSI1PK"), SortKey: entity.S("GSI1SK")}}}
	return entity.MustDefine(table, entity.Config[Booking]{
		Name: "Booking",
		Key:  entity.Key{Partition: "VENUE#${venue}", Sort: "DAY#${day}#SEAT#${seat:pad(4)}"},
		Indexes: []entity.IndexKey[Booking]{
			{Index: "ByGuest", Partition: "GUEST#${guest}", Sort: "DAY#${day}#SEAT#${seat:pad(4)}"},
		},
	})
}

// TestWithContradictingTheKeyIsRefused: a With value of a table key
// composite other than the key's own, or of a key or marker attribute,
// could only make the update's condition fail at DynamoDB; Build and Run
// refuse it before any request, naming the entity and the attribute.
func TestWithContradictingTheKeyIsRefused(t *testing.T) {
	t.Parallel()
	bookings := defineBookings()
	db := entity.NewDB(entitytest.NoRequests(t), "bookings")
	key := entity.Values{"venue": "opera", "day": "2026-12-01", "seat": 12}
	for _, c := range []struct {
		name string
		with entity.Values
		attr string
		says string
	}{
		{"a partition composite", entity.Values{"venue": "circus", "guest": "ana"}, "venue", "a value other than the key's"},
		{"a sort composite", entity.Values{"day": "2026-12-02", "guest": "ana"}, "day", "a value other than the key's"},
		{"a number composite", entity.Values{"seat": 13, "guest": "ana"}, "seat", "a value other than the key's"},
		{"the entity marker", entity.Values{"__entity": "Booking", "guest": "ana"}, "__entity", "key or marker attribute"},
		{"the table key attribute", entity.Values{"PK": "VENUE#opera", "guest": "ana"}, "PK", "key or marker attribute"},
		{"an index key attribute", entity.Values{"GSI1PK": "GUEST#ana", "guest": "ana"}, "GSI1PK", "key or marker attribute"},
	} {
		t.Run(c.name, func(t *testing.T) {
			op := bookings.Update(key).Set("note", "aisle").With(c.with)
			for how, run := range map[string]func() error{
				"Build": func() error { _, err := op.Build(); return err },
				"Run":   func() error { _, err := op.Run(context.Background(), db); return err },
			} {
				err := run()
				var ve *ddbmodel.ValidationError
				if !errors.As(err, &ve) {
					t.Fatalf("%s: error %v (%T), want a *ddbmodel.ValidationError", how, err, err)
				}
				if ve.Entity != "Booking" || ve.Attribute != c.attr || !strings.Contains(err.Error(), c.says) {
					t.Errorf("%s: error names entity %q, attribute %q: %v; want Booking, %s, %q", how, ve.Entity, ve.Attribute, err, c.attr, c.says)
				}
			}
		})
	}
}

// TestWithAgreeingWithTheKeyIsKept: a With value of a key composite equal
// to the key's (also written as another number type) is redundant, not
// wrong: it builds, and its condition holds on the item.
func TestWithAgreeingWithTheKeyIsKept(t *testing.T) {
	t.Parallel()
	bookings := defineBookings()
	db := entitytest.NewDB(t, bookings.Table())
	ctx := context.Background()
	b := Booking{Venue: "opera", Day: "2026-12-01", Seat: 12, Guest: "ana"}
	if _, err := bookings.Put(b).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	key := entity.Values{"venue": "opera", "day": "2026-12-01", "seat": 12}
	got, err := bookings.Update(key).Set("guest", "bo").With(entity.Values{"venue": "opera", "seat": int64(12), "day": "2026-12-01"}).Run(ctx, db)
	if err != nil {
		t.Fatalf("With agreeing with the key: %v", err)
	}
	if got.Guest != "bo" {
		t.Errorf("guest %q, want bo", got.Guest)
	}
}
