package entity_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
)

type mkPallet struct {
	ID      string    `dynamo:"id"`
	Hub     string    `dynamo:"hub"`
	Ver     int       `dynamo:"ver"`
	At      time.Time `dynamo:"at"`
	Created time.Time `dynamo:"created"`
}

// Define refuses what the entity maintains where it would break a key: the
// lock version in a key (every write increments it and no update rewrote
// the key, so an index key built from it went stale; helper-112 H1), the
// updated timestamp in the table key (every update failed; helper-113),
// and one attribute named for two maintained roles.
func TestDefineRefusesMaintainedAttributesThatWouldBreakAKey(t *testing.T) {
	t.Parallel()
	table := func(cfg entity.Config[mkPallet]) *entity.Table {
		t := &entity.Table{Name: "mk", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"),
			Indexes: []entity.Index{{Name: "GSI1", PartitionKey: entity.S("GSI1PK"), SortKey: entity.S("GSI1SK")}}}
		for _, ix := range cfg.Indexes {
			if ix.Index == "ver" { // an index keyed by the fields themselves
				t.Indexes = append(t.Indexes, entity.Index{Name: "ver", PartitionKey: entity.S("hub"), SortKey: entity.N("ver")})
			}
		}
		return t
	}
	for _, c := range []struct {
		name, attr, says string
		cfg              entity.Config[mkPallet]
	}{
		{"the lock version in an index key", "ver", "every write increments", entity.Config[mkPallet]{
			Key:     entity.Key{Partition: "PAL#${id}", Sort: "#P"},
			Indexes: []entity.IndexKey[mkPallet]{{Index: "GSI1", Partition: "HUB#${hub}", Sort: "V#${ver:pad(6)}"}}, LockAttribute: "ver"}},
		{"the lock version in the table key", "ver", "every write increments", entity.Config[mkPallet]{
			Key: entity.Key{Partition: "PAL#${id}", Sort: "V#${ver}"}, LockAttribute: "ver"}},
		{"the updated timestamp in the table key", "at", "every update would move the item", entity.Config[mkPallet]{
			Key: entity.Key{Partition: "PAL#${id}", Sort: "AT#${at:time}"}, Timestamps: entity.Timestamps{Updated: "at"}}},
		{"one attribute for both timestamps", "at", "each needs an attribute of its own", entity.Config[mkPallet]{
			Key: entity.Key{Partition: "PAL#${id}", Sort: "#P"}, Timestamps: entity.Timestamps{Created: "at", Updated: "at"}}},
	} {
		c.cfg.Name = "Pallet"
		_, err := entity.Define(table(c.cfg), c.cfg)
		var ve *ddbmodel.ValidationError
		if !errors.As(err, &ve) || ve.Entity != "Pallet" || ve.Attribute != c.attr || !strings.Contains(err.Error(), c.says) {
			t.Errorf("%s: Define = %v, want a ValidationError naming %s saying %q", c.name, err, c.attr, c.says)
		}
	}
	// Still accepted: the updated timestamp in an index key (an update
	// recomputes it), the created timestamp in the table key, and the lock
	// field as an index key attribute of its own (the stored version).
	for _, cfg := range []entity.Config[mkPallet]{
		{Key: entity.Key{Partition: "PAL#${id}", Sort: "#P"}, Timestamps: entity.Timestamps{Updated: "at", Created: "created"},
			Indexes: []entity.IndexKey[mkPallet]{{Index: "GSI1", Partition: "HUB#${hub}", Sort: "AT#${at:time}"}}},
		{Key: entity.Key{Partition: "PAL#${id}", Sort: "C#${created:time}"}, Timestamps: entity.Timestamps{Created: "created"}},
		{Key: entity.Key{Partition: "PAL#${id}", Sort: "#P"}, LockAttribute: "ver",
			Indexes: []entity.IndexKey[mkPallet]{{Index: "ver", Partition: "${hub}", Sort: "${ver}"}}},
	} {
		cfg.Name = "Pallet"
		if _, err := entity.Define(table(cfg), cfg); err != nil {
			t.Errorf("Define(%+v): %v", cfg, err)
		}
	}
}
