package entity_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
)

// An update or upsert of an entity whose sparse index has a When needs the
// whole item, which With cannot give: the error says what does (ReadFirst
// for an update; Put, or an Update with ReadFirst, for an upsert) instead
// of "give their current values with With" (helper-106).
func TestAWhenIndexErrorSaysWhatGivesTheWholeItem(t *testing.T) {
	t.Parallel()
	table := &entity.Table{Name: "when-hint", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"),
		Indexes: []entity.Index{{Name: "GSI1", PartitionKey: entity.S("GSI1PK"), SortKey: entity.S("GSI1SK")}}}
	docs := entity.MustDefine(table, entity.Config[lintDoc]{
		Name: "Doc", Key: entity.Key{Partition: "DOC#${id}", Sort: "#D"},
		Indexes: []entity.IndexKey[lintDoc]{{Index: "GSI1", Partition: "RANKED", Sort: "${rank:pad(6)}#${id}", Sparse: true,
			When: func(d lintDoc) bool { return d.Rank > 0 }}},
	})
	for _, c := range []struct {
		name      string
		err       error
		want, not string
	}{
		{"update", func() error { _, err := docs.Update(entity.Values{"id": "d1"}).Set("owner", "o").Build(); return err }(), "use ReadFirst", "With"},
		{"upsert", func() error { _, err := docs.Upsert(lintDoc{ID: "d1", Rank: 2}).Build(); return err }(), "Put, or change the item with an Update with ReadFirst", "give a value for each"},
	} {
		var me *ddbmodel.MissingCompositesError
		if !errors.As(c.err, &me) || !strings.Contains(c.err.Error(), c.want) || strings.Contains(c.err.Error(), c.not) {
			t.Errorf("%s of an entity with a When index: %v, want a MissingCompositesError saying %q, not %q", c.name, c.err, c.want, c.not)
		}
	}
}
