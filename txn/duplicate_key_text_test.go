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

// Two reads of one item in a transaction, and two writes of one item in a
// batch, are refused before anything is sent with an error that names the
// item's key, as two writes of one item in a transaction are.
func TestDuplicateItemErrorsNameTheKey(t *testing.T) {
	t.Parallel()
	table := &entity.Table{Name: "duplicates", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
	notes := entity.MustDefine(table, entity.Config[prefixNote]{Name: "Note", Key: entity.Key{Partition: "NOTE#${id}", Sort: "N"}})
	rec := entitytest.NewRecorder(nil)
	db := entity.NewDB(rec, "duplicates")
	for what, run := range map[string]func() error{
		"txn.Get": func() error {
			_, err := txn.Get(notes.Get(entity.Values{"id": "n1"}), notes.Get(entity.Values{"id": "n1"})).Build()
			return err
		},
		"txn.BatchWrite": func() error {
			return txn.BatchWrite(t.Context(), db, txn.BatchOptions{}, notes.Put(prefixNote{ID: "n1", Text: "a"}), notes.Put(prefixNote{ID: "n1", Text: "b"}))
		},
	} {
		err := run()
		var ve *ddbmodel.ValidationError
		if !errors.As(err, &ve) || !strings.Contains(err.Error(), "same item (PK=NOTE#n1,SK=N)") {
			t.Errorf("%s: %v; want a ValidationError naming the key PK=NOTE#n1,SK=N", what, err)
		}
	}
	if rec.Count() != 0 {
		t.Errorf("%d requests sent", rec.Count())
	}
}
