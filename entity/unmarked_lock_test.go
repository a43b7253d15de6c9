package entity_test

import (
	"errors"
	"testing"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
)

type lockedBook struct {
	Shelf   string `dynamo:"shelf"`
	ID      string `dynamo:"id"`
	Title   string `dynamo:"title"`
	Version int64  `dynamo:"version"`
}

// An unmarked item has never been written by the entity: its lock version
// is 0 (it has no lock attribute). A put of version 0 (the value a get of
// it decodes) over it succeeds for an entity recognising unmarked items,
// writing version 1 and the markers; a second put of version 0, stale now,
// is a version conflict, as for any item. Without RecognizeUnmarked, the
// put is refused with ErrUnmarked and the item stays as it was.
func TestPutOverUnmarkedItemWithLock(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	for _, recognize := range []bool{true, false} {
		table := &entity.Table{Name: "locked", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
		books := entity.MustDefine(table, entity.Config[lockedBook]{
			Name: "Book", Key: entity.Key{Partition: "SHELF#${shelf}", Sort: "BOOK#${id}"},
			LockAttribute: "version", RecognizeUnmarked: recognize,
		})
		db := entitytest.NewDB(t, table)
		rawPut(t, db, rawBook("s1", "b1", "One", "ann", false))
		key := entity.Values{"shelf": "s1", "id": "b1"}
		if !recognize {
			_, err := books.Put(lockedBook{Shelf: "s1", ID: "b1", Title: "x"}).Run(ctx, db)
			if !errors.Is(err, ddbmodel.ErrUnmarked) {
				t.Errorf("without the option: put = %v, want ErrUnmarked", err)
			}
			if it := rawGet(t, db, "SHELF#s1", "BOOK#b1"); attrS(it, "title") != "One" || attrS(it, "__entity") != "" {
				t.Errorf("the item = %v, want it unchanged", it)
			}
			continue
		}
		b, err := books.Get(key).Run(ctx, db)
		if err != nil || b.Version != 0 {
			t.Fatalf("get = %+v, %v; want version 0", b, err)
		}
		stale := b
		b.Title = "Two"
		put, err := books.Put(b).Run(ctx, db)
		if err != nil || put.Version != 1 {
			t.Fatalf("put of version 0 over the unmarked item = %+v, %v; want version 1", put, err)
		}
		if it := rawGet(t, db, "SHELF#s1", "BOOK#b1"); attrS(it, "__entity") != "Book" || attrS(it, "title") != "Two" {
			t.Errorf("after the put the item = %v, want it marked with the new title", it)
		}
		if _, err := books.Put(stale).Run(ctx, db); !errors.Is(err, ddbmodel.ErrVersionConflict) {
			t.Errorf("second put of version 0 = %v, want ErrVersionConflict", err)
		}
		if got, err := books.Get(key).Run(ctx, db); err != nil || got.Title != "Two" || got.Version != 1 {
			t.Errorf("after the refused put: %+v, %v", got, err)
		}
	}
}
