package entity_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
)

// Two entities that share keys (SharesKeysWith) and both recognise
// unmarked items would both take one unmarked item as their own: Define
// refuses the second, naming both, with the overlap's sample key. One of
// them recognising unmarked items, or two with keys apart, is accepted.
func TestDefineRefusesTwoRecognizersOfOneKey(t *testing.T) {
	t.Parallel()
	define := func(bookRecognizes, markRecognizes bool, markKey entity.Key) error {
		table := &entity.Table{Name: "library", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
		if _, err := entity.Define(table, entity.Config[Book]{
			Name: "Book", Key: entity.Key{Partition: "SHELF#${shelf}", Sort: "BOOK#${id}"},
			RecognizeUnmarked: bookRecognizes, SharesKeysWith: []string{"Bookmark"},
		}); err != nil {
			t.Fatal(err)
		}
		_, err := entity.Define(table, entity.Config[Bookmark]{
			Name: "Bookmark", Key: markKey, RecognizeUnmarked: markRecognizes, SharesKeysWith: []string{"Book"},
		})
		return err
	}
	shared := entity.Key{Partition: "SHELF#${shelf}", Sort: "BOOK#${id}"}
	err := define(true, true, shared)
	var ko *ddbmodel.KeyOverlapError
	if !errors.As(err, &ko) || !errors.Is(err, ddbmodel.ErrKeyOverlap) || ko.Entity != "Bookmark" || ko.Other != "Book" ||
		!strings.Contains(err.Error(), "RecognizeUnmarked") {
		t.Errorf("both recognise unmarked items: %v; want a *KeyOverlapError naming Bookmark and Book", err)
	}
	for _, c := range []struct {
		book, mark bool
		key        entity.Key
	}{{true, false, shared}, {false, true, shared}, {true, true, entity.Key{Partition: "MARK#${shelf}", Sort: "BOOK#${id}"}}} {
		if err := define(c.book, c.mark, c.key); err != nil {
			t.Errorf("Book %v, Bookmark %v, %v: %v", c.book, c.mark, c.key, err)
		}
	}
}
