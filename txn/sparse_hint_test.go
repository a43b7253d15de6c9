package txn_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
)

type hintTask struct {
	ID       string `dynamo:"id"`
	Assignee string `dynamo:"assignee,omitempty"`
}

// A put that cannot compute an index key because a composite is empty
// says that a Sparse placement would leave such items out of the index;
// with Sparse the item is put without the index key.
func TestPutMissingIndexCompositeHintsSparse(t *testing.T) {
	for _, sparse := range []bool{false, true} {
		table := &entity.Table{Name: "hint", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"),
			Indexes: []entity.Index{{Name: "ByAssignee", PartitionKey: entity.S("GSI1PK"), SortKey: entity.S("GSI1SK")}}}
		e := entity.MustDefine(table, entity.Config[hintTask]{Name: "Task", Key: entity.Key{Partition: "T#${id}", Sort: "#"},
			Indexes: []entity.IndexKey[hintTask]{{Index: "ByAssignee", Partition: "A#${assignee}", Sort: "T#${id}", Sparse: sparse}}})
		in, err := e.Put(hintTask{ID: "1"}).Build()
		if sparse {
			if err != nil {
				t.Fatalf("sparse: %v", err)
			}
			if _, ok := in.Item["GSI1PK"]; ok {
				t.Errorf("sparse: the item has GSI1PK")
			}
			continue
		}
		var m *ddbmodel.MissingCompositesError
		if !errors.As(err, &m) || m.NotSparse != "ByAssignee" || !errors.Is(err, ddbmodel.ErrInvalid) {
			t.Fatalf("err = %v, want a MissingCompositesError naming index ByAssignee", err)
		}
		if !strings.Contains(err.Error(), "set Sparse: true on the entity's IndexKey for it") || !strings.Contains(err.Error(), "missing assignee") {
			t.Errorf("text %q names neither the composite nor Sparse", err)
		}
	}
}

type hintAccount struct {
	Name string `dynamo:"name"`
}

// Two entities that both recognise unmarked items on one key layout are
// refused even when they name each other in SharesKeysWith, and the
// refusal does not advise SharesKeysWith.
func TestBothUnmarkedOverlapDoesNotAdviseSharesKeysWith(t *testing.T) {
	table := &entity.Table{Name: "shares", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
	key := entity.Key{Partition: "ACCOUNT#${name}", Sort: "META"}
	if _, err := entity.Define(table, entity.Config[hintAccount]{Name: "A", Key: key, RecognizeUnmarked: true, SharesKeysWith: []string{"B"}}); err != nil {
		t.Fatal(err)
	}
	_, err := entity.Define(table, entity.Config[hintAccount]{Name: "B", Key: key, RecognizeUnmarked: true, SharesKeysWith: []string{"A"}})
	var ko *ddbmodel.KeyOverlapError
	if !errors.As(err, &ko) || !ko.BothUnmarked || !errors.Is(err, ddbmodel.ErrKeyOverlap) {
		t.Fatalf("err = %v, want a KeyOverlapError with BothUnmarked", err)
	}
	if strings.Contains(err.Error(), "name the other in SharesKeysWith") || !strings.Contains(err.Error(), "SharesKeysWith does not apply") {
		t.Errorf("text %q advises SharesKeysWith", err)
	}
}
