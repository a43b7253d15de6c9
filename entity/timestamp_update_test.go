package entity_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
)

type stampedNote struct {
	ID      string    `dynamo:"id"`
	Text    string    `dynamo:"text,omitempty"`
	Created time.Time `dynamo:"created"`
	Updated int64     `dynamo:"updated"` // Unix seconds
}

// The entity maintains its timestamps as it maintains the lock attribute:
// an update's own action on either is refused before anything is sent,
// naming the attribute (a Set of the updated timestamp used to win over
// now, and a Set of the created one rewrote when the item was created),
// and every update sets the updated timestamp to now.
func TestAnUpdateOfATimestampIsRefused(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	table := &entity.Table{Name: "stamped", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
	clock := time.Date(2025, 3, 1, 9, 0, 0, 0, time.UTC)
	notes := entity.MustDefine(table, entity.Config[stampedNote]{
		Name: "Note", Key: entity.Key{Partition: "NOTE#${id}", Sort: "#N"},
		Timestamps: entity.Timestamps{Created: "created", Updated: "updated"},
		Now:        func() time.Time { return clock },
	})
	created := entity.TimeOf(notes, func(n *stampedNote) *time.Time { return &n.Created })
	updated := entity.NumberOf(notes, func(n *stampedNote) *int64 { return &n.Updated })
	key := entity.Values{"id": "n1"}
	past := time.Date(2001, 1, 1, 0, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		name string
		op   entity.UpdateOp[stampedNote]
		attr string
	}{
		{"Set created", notes.Update(key).Set("created", past), "created"},
		{"Remove created", notes.Update(key).Set("text", "x").Remove("created"), "created"},
		{"SetIfNotExists created", notes.Update(key).SetIfNotExists("created", past), "created"},
		{"created handle", notes.Update(key).Apply(created.Set(past)), "created"},
		{"Set updated", notes.Update(key).Set("updated", past.Unix()), "updated"},
		{"Add updated", notes.Update(key).Add("updated", 5), "updated"},
		{"updated handle", notes.Update(key).Apply(updated.Set(1)), "updated"},
	} {
		_, err := c.op.Build()
		var ve *ddbmodel.ValidationError
		if !errors.As(err, &ve) || ve.Entity != "Note" || ve.Attribute != c.attr || !strings.Contains(ve.Reason, "timestamp is maintained") {
			t.Errorf("%s: err = %v, want a ValidationError for Note.%s saying the timestamp is maintained", c.name, err, c.attr)
		}
	}

	// Any other update sets the updated timestamp to now and leaves the
	// created one.
	db := entitytest.NewDB(t, table)
	if _, err := notes.Create(stampedNote{ID: "n1"}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	clock = clock.Add(time.Hour)
	in, err := notes.Update(key).Set("text", "hello").Build()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(*in.UpdateExpression, "#updated = ") {
		t.Errorf("update expression %q sets no updated timestamp", *in.UpdateExpression)
	}
	got, err := notes.Update(key).Set("text", "hello").Run(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	if !got.Created.Equal(clock.Add(-time.Hour)) || got.Updated != clock.Unix() {
		t.Errorf("after the update: created %v, updated %d; want %v, %d", got.Created, got.Updated, clock.Add(-time.Hour), clock.Unix())
	}
}
