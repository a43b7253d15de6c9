package txn_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/txn"
)

// Every batch write refused for a condition it cannot carry is a
// *ddbmodel.ValidationError naming the entity, the item's key, the
// condition and the single-item call to use instead, whatever the cause:
// a lock, a create, an If, a delete that must find its item, or an entity
// recognising unmarked items. Nothing is sent.
func TestBatchWriteRefusalsNameTheKeyAndWhatToUse(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	table := &entity.Table{Name: "library", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
	locked := entity.MustDefine(table, entity.Config[lockedBook]{
		Name: "Book", Key: entity.Key{Partition: "SHELF#${shelf}", Sort: "BOOK#${id}"}, LockAttribute: "ver",
	})
	_, plain := umModel(false)
	_, recognizing := umModel(true)
	key := entity.Values{"shelf": "s1", "id": "b1"}
	v := umBook{Shelf: "s1", ID: "b1", Author: "ann"}
	cases := []struct {
		name string
		op   entity.BatchWriter
		want []string
	}{
		{"locked put", locked.Put(lockedBook{Shelf: "s1", ID: "b1"}), []string{"a batch put of PK=SHELF#s1,SK=BOOK#b1", "LockAttribute ver", "use Put"}},
		{"locked delete", locked.Delete(key).IfVersion(3), []string{"a batch delete of PK=SHELF#s1,SK=BOOK#b1", "IfVersion", "use Delete"}},
		{"create", plain.Create(v), []string{"a batch create of PK=SHELF#s1,SK=BOOK#b1", "key is free", "use Create"}},
		{"put with If", plain.Put(v).If(entity.Attr("author").Exists()), []string{"a batch put of PK=SHELF#s1,SK=BOOK#b1", "If condition", "use Put"}},
		{"delete that must exist", plain.Delete(key).MustExist(), []string{"a batch delete of PK=SHELF#s1,SK=BOOK#b1", "item exists", "use Delete"}},
		{"recognizing put", recognizing.Put(v), []string{"a batch put of PK=SHELF#s1,SK=BOOK#b1", "use Put or Delete"}},
	}
	rec := entitytest.NewRecorder(entitytest.NoRequests(t))
	db := entity.NewDB(rec, "library")
	for _, c := range cases {
		err := txn.BatchWrite(ctx, db, txn.BatchOptions{}, c.op)
		var ve *ddbmodel.ValidationError
		if !errors.As(err, &ve) || ve.Entity != "Book" {
			t.Errorf("%s: %v, want a *ddbmodel.ValidationError of Book", c.name, err)
			continue
		}
		for _, w := range c.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%s: %q lacks %q", c.name, err.Error(), w)
			}
		}
	}
	if n := rec.Count(); n != 0 {
		t.Errorf("%d requests sent, want none", n)
	}
}
