package entity_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/keys"
)

type Note struct {
	NoteID string `dynamo:"noteId"`
	Text   string `dynamo:"text"`
}

func noteModel() (*entity.Table, *entity.Entity[Note]) {
	table := &entity.Table{Name: "notes", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
	notes := entity.MustDefine(table, entity.Config[Note]{
		Name:       "Note",
		Key:        entity.Key{Partition: "NOTES", Sort: "NOTE#${noteId}"},
		Attributes: map[string]entity.Attribute{"noteId": {Default: entity.NewID}},
	})
	return table, notes
}

// TestNewIDAsDefaultGivesCreationOrder puts notes without IDs and reads
// them back by the sort key: the default IDs are ULIDs, in creation order.
func TestNewIDAsDefaultGivesCreationOrder(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	table, notes := noteModel()
	db := entitytest.NewDB(t, table)
	var made []string
	for i := range 20 {
		n, err := notes.Put(Note{Text: fmt.Sprint(i)}).Run(ctx, db)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := keys.ULIDTime(n.NoteID); err != nil {
			t.Fatalf("default ID %q: %v", n.NoteID, err)
		}
		made = append(made, n.NoteID)
	}
	if !slices.IsSorted(made) || len(slices.Compact(slices.Clone(made))) != len(made) {
		t.Fatalf("IDs not strictly increasing: %v", made)
	}
	got, err := notes.Get(entity.Values{"noteId": made[7]}).Run(ctx, db)
	if err != nil || got.Text != "7" {
		t.Errorf("Get(%s) = %+v, %v; want note 7", made[7], got, err)
	}
	// A given ID is kept.
	n, err := notes.Put(Note{NoteID: "mine", Text: "x"}).Run(ctx, db)
	if err != nil || n.NoteID != "mine" {
		t.Errorf("put with an ID = %+v, %v", n, err)
	}
}
