package entity_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

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

type unixStamped struct {
	ID      string    `dynamo:"id"`
	Text    string    `dynamo:"text,omitempty"`
	Created time.Time `dynamo:"created,unixtime"`
	Updated time.Time `dynamo:"updated,unixtime"`
}

// An updated timestamp stored as Unix seconds (a time.Time tagged
// unixtime) is set to now as the number a put stores, and a key built from
// it renders the put's text. Every update of such an entity was refused
// ("want time.Time (stored as N), got a string"): now was encoded without
// the field's tag options (helper-110).
func TestAnUpdateSetsAUnixtimeUpdatedTimestamp(t *testing.T) {
	t.Parallel()
	table := &entity.Table{Name: "unix-stamped", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"),
		Indexes: []entity.Index{{Name: "GSI1", PartitionKey: entity.S("GSI1PK"), SortKey: entity.S("GSI1SK")}}}
	clock := time.Date(2025, 3, 1, 9, 30, 0, 0, time.UTC)
	docs := entity.MustDefine(table, entity.Config[unixStamped]{
		Name: "UnixStamped", Key: entity.Key{Partition: "U#${id}", Sort: "#U"},
		Timestamps: entity.Timestamps{Created: "created", Updated: "updated"},
		Indexes: []entity.IndexKey[unixStamped]{
			{Index: "GSI1", Partition: "DAY#${updated:date}", Sort: "AT#${updated:time}#${id}"},
		},
		Now: func() time.Time { return clock },
	})
	in, err := docs.Update(entity.Values{"id": "a"}).Set("text", "x").Build()
	if err != nil {
		t.Fatalf("update: %v", err)
	}
	put, err := docs.Put(unixStamped{ID: "a", Text: "x", Created: clock}).Build()
	if err != nil {
		t.Fatalf("put: %v", err)
	}
	want := map[string]bool{}
	for _, attr := range []string{"updated", "GSI1PK", "GSI1SK"} {
		switch v := put.Item[attr].(type) {
		case *types.AttributeValueMemberN:
			want["N "+v.Value] = true
		case *types.AttributeValueMemberS:
			want["S "+v.Value] = true
		}
	}
	if !want["N 1740821400"] || !want["S DAY#2025-03-01"] {
		t.Fatalf("put item %v: want updated N 1740821400 and GSI1PK DAY#2025-03-01", put.Item)
	}
	for _, av := range in.ExpressionAttributeValues {
		switch v := av.(type) {
		case *types.AttributeValueMemberN:
			delete(want, "N "+v.Value)
		case *types.AttributeValueMemberS:
			delete(want, "S "+v.Value)
		}
	}
	if len(want) > 0 {
		t.Errorf("the update's values %v lack the put's %v", in.ExpressionAttributeValues, want)
	}
}
