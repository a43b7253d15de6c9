package entity_test

import (
	"context"
	"testing"
	"time"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
)

type filedDoc struct {
	ID        string    `dynamo:"id"`
	Title     string    `dynamo:"title,omitempty"`
	CreatedAt time.Time `dynamo:"createdAt"`
	UpdatedAt time.Time `dynamo:"updatedAt"`
}

// An update that moves an item keeps its creation time, and the keys
// built from it are the ones a put of the moved value writes: the move's
// create rendered them from the time of the move (helper-107 finding 1),
// so the item sorted under the wrong time on its index.
func TestAMoveRendersKeysFromTheKeptCreationTime(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	table := &entity.Table{Name: "moved-created", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"),
		Indexes: []entity.Index{{Name: "GSI1", PartitionKey: entity.S("GSI1PK"), SortKey: entity.S("GSI1SK")}}}
	created := time.Date(2023, 5, 1, 10, 0, 0, 0, time.UTC)
	clock := created
	docs := entity.MustDefine(table, entity.Config[filedDoc]{
		Name: "FiledDoc", Key: entity.Key{Partition: "DOC#${id}", Sort: "#D"},
		Timestamps: entity.Timestamps{Created: "createdAt", Updated: "updatedAt"},
		Indexes: []entity.IndexKey[filedDoc]{
			{Index: "GSI1", Partition: "DOCS", Sort: "C#${createdAt:time}#${id}"},
		},
		Now: func() time.Time { return clock },
	})
	db := entitytest.NewDB(t, table)
	if _, err := docs.Create(filedDoc{ID: "a", Title: "t"}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	clock = created.Add(48 * time.Hour)
	for _, c := range []struct {
		name string
		op   entity.UpdateOp[filedDoc]
		to   string
	}{
		{"ReadFirst", docs.Update(entity.Values{"id": "a"}).Set("id", "b").ReadFirst(), "b"},
		{"ReadFirst with another change", docs.Update(entity.Values{"id": "b"}).Set("id", "c").Set("title", "u").ReadFirst(), "c"},
	} {
		moved, err := c.op.Run(ctx, db)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if !moved.CreatedAt.Equal(created) || !moved.UpdatedAt.Equal(clock) {
			t.Errorf("%s: returned createdAt %v, updatedAt %v; want %v, %v", c.name, moved.CreatedAt, moved.UpdatedAt, created, clock)
		}
		key, err := docs.Key(entity.Values{"id": c.to})
		if err != nil {
			t.Fatal(err)
		}
		stored := rawItem(t, db, key)
		v, err := docs.Decode(stored)
		if err != nil {
			t.Fatal(err)
		}
		want, err := docs.Encode(v)
		if err != nil {
			t.Fatal(err)
		}
		for _, attr := range []string{"PK", "SK", "GSI1PK", "GSI1SK", "createdAt"} {
			if str(stored[attr]) != str(want[attr]) {
				t.Errorf("%s: stored %s = %q, a put of the stored value writes %q", c.name, attr, str(stored[attr]), str(want[attr]))
			}
		}
		if !v.CreatedAt.Equal(created) {
			t.Errorf("%s: stored createdAt %v, want %v", c.name, v.CreatedAt, created)
		}
	}
}
