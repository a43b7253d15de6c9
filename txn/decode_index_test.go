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

type diBook struct {
	ISBN  string `dynamo:"isbn"`
	Title string `dynamo:"title"`
}

type diShelf struct {
	Room string `dynamo:"room"`
	No   int    `dynamo:"no"`
}

// TestDecodeRefusesAReadThatIsNotThere: Decode of a read index out of
// range, or with another entity than the read's, is a programming error:
// a *ddbmodel.ValidationError saying so, not ErrNotFound or a decoding
// error (a newcomer review found both misleading); Raw of an index out of
// range is nil, not a panic. Read transactions and batch gets alike.
func TestDecodeRefusesAReadThatIsNotThere(t *testing.T) {
	t.Parallel()
	tb := &entity.Table{Name: "shelves", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
	books := entity.MustDefine(tb, entity.Config[diBook]{Name: "Book", Key: entity.Key{Partition: "BOOK#${isbn}", Sort: "#B"}})
	shelves := entity.MustDefine(tb, entity.Config[diShelf]{Name: "Shelf", Key: entity.Key{Partition: "ROOM#${room}", Sort: "SHELF#${no}"}})
	db := entitytest.NewDB(t, tb)
	ctx := t.Context()
	if _, err := books.Put(diBook{ISBN: "978", Title: "Dune"}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	if _, err := shelves.Put(diShelf{Room: "a", No: 1}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	reads := []txn.ReadOp{books.Get(entity.Values{"isbn": "978"}), shelves.Get(entity.Values{"room": "a", "no": 1})}
	fromTx, err := txn.Get(reads...).Run(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	fromBatch, err := txn.BatchGet(ctx, db, txn.BatchOptions{}, reads...)
	if err != nil {
		t.Fatal(err)
	}
	for how, items := range map[string]txn.Items{"read transaction": fromTx, "batch get": fromBatch} {
		if b, err := txn.Decode(items, 0, books); err != nil || b.Title != "Dune" {
			t.Errorf("%s: Decode(0, Book) = %+v, %v", how, b, err)
		}
		for _, c := range []struct {
			name string
			err  error
			says string
		}{
			{"index past the reads", func() error { _, err := txn.Decode(items, 99, books); return err }(), "there is no read 99"},
			{"negative index", func() error { _, err := txn.Decode(items, -1, books); return err }(), "there is no read -1"},
			{"another entity than the read's", func() error { _, err := txn.Decode(items, 1, books); return err }(), "read 1 is of entity Shelf, not Book"},
		} {
			var ve *ddbmodel.ValidationError
			if !errors.As(c.err, &ve) || errors.Is(c.err, ddbmodel.ErrNotFound) || !strings.Contains(c.err.Error(), c.says) {
				t.Errorf("%s: %s: %v; want a *ddbmodel.ValidationError saying %q", how, c.name, c.err, c.says)
			}
		}
		if raw := items.Raw(5); raw != nil {
			t.Errorf("%s: Raw(5) = %v, want nil", how, raw)
		}
	}
}

// TestNegativeBatchOptionsAreRefused: zero takes a BatchOptions field's
// default; a negative one (silently taken as the default before) is
// refused before any request.
func TestNegativeBatchOptionsAreRefused(t *testing.T) {
	t.Parallel()
	tb := &entity.Table{Name: "shelves", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
	books := entity.MustDefine(tb, entity.Config[diBook]{Name: "Book", Key: entity.Key{Partition: "BOOK#${isbn}", Sort: "#B"}})
	db := entity.NewDB(entitytest.NoRequests(t), "shelves")
	for _, opts := range []txn.BatchOptions{{Concurrency: -1}, {MaxAttempts: -1}, {BaseDelay: -1}, {MaxDelay: -1}} {
		var ve *ddbmodel.ValidationError
		if err := txn.BatchWrite(t.Context(), db, opts, books.Put(diBook{ISBN: "1"})); !errors.As(err, &ve) {
			t.Errorf("BatchWrite with %+v: %v; want a *ddbmodel.ValidationError", opts, err)
		}
		if _, err := txn.BatchGet(t.Context(), db, opts, books.Get(entity.Values{"isbn": "1"})); !errors.As(err, &ve) {
			t.Errorf("BatchGet with %+v: %v; want a *ddbmodel.ValidationError", opts, err)
		}
		if _, err := txn.DeletePartition(books, entity.Values{"isbn": "1"}).Run(t.Context(), db, opts, ""); !errors.As(err, &ve) {
			t.Errorf("DeletePartition with %+v: %v; want a *ddbmodel.ValidationError", opts, err)
		}
	}
}
