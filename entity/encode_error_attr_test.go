package entity_test

import (
	"errors"
	"testing"
	"time"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
)

// slowEvent has a pointer field, so its puts go through guregu/dynamo's
// encoder rather than the fast one.
type slowEvent struct {
	ID   string     `dynamo:"id"`
	At   time.Time  `dynamo:"at"`
	Seen *time.Time `dynamo:"seen"`
	Note *string    `dynamo:"note"`
}

// A value the encoder refuses names its attribute on either encoder: the
// guregu/dynamo path said only "encoding" with no attribute (attack round
// of stop 38).
func TestEncodingErrorNamesTheAttribute(t *testing.T) {
	t.Parallel()
	tb := &entity.Table{Name: "events", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
	events := entity.MustDefine(tb, entity.Config[slowEvent]{Name: "Event", Key: entity.Key{Partition: "E#${id}", Sort: "E"}})
	bad := time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC)
	for name, c := range map[string]struct {
		v    slowEvent
		attr string
	}{
		"time field":            {slowEvent{ID: "e", At: bad}, "at"},
		"pointer to time field": {slowEvent{ID: "e", Seen: &bad}, "seen"},
	} {
		_, err := events.Put(c.v).Build()
		var ve *ddbmodel.ValidationError
		if !errors.As(err, &ve) || ve.Entity != "Event" || ve.Attribute != c.attr || !errors.Is(err, ddbmodel.ErrInvalid) {
			t.Errorf("%s: err = %v (%#v), want a *ddbmodel.ValidationError of Event naming %q", name, err, ve, c.attr)
		}
	}
}
