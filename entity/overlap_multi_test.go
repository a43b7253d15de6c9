package entity_test

import (
	"errors"
	"slices"
	"testing"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
)

type moA struct {
	ID     string `dynamo:"id"`
	Tenant string `dynamo:"tenant"`
	Day    string `dynamo:"day"`
}

type moB struct {
	ID     string `dynamo:"id"`
	Tenant string `dynamo:"tenant"`
	Day    string `dynamo:"day"`
	Note   string `dynamo:"note"`
}

// Two entities placed on one multi-attribute index share its key space by
// construction (each item's key is its own values): Lint reports the
// overlap, and Define refuses it when one recognises unmarked items.
func TestMultiAttributeIndexOverlap(t *testing.T) {
	t.Parallel()
	table := func() *entity.Table {
		return &entity.Table{Name: "mo", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"), Indexes: []entity.Index{
			{Name: "ByDay", PartitionKeys: []entity.KeyAttribute{entity.S("tenant")}, SortKeys: []entity.KeyAttribute{entity.S("day")}},
		}}
	}
	defA := func(tb *entity.Table, unmarked bool) error {
		_, err := entity.Define(tb, entity.Config[moA]{Name: "A", Key: entity.Key{Partition: "A#${id}", Sort: "#A"},
			Indexes: []entity.IndexKey[moA]{{Index: "ByDay"}}, RecognizeUnmarked: unmarked})
		return err
	}
	defB := func(tb *entity.Table, placed bool) error {
		cfg := entity.Config[moB]{Name: "B", Key: entity.Key{Partition: "B#${id}", Sort: "#B"}}
		if placed {
			cfg.Indexes = []entity.IndexKey[moB]{{Index: "ByDay"}}
		}
		_, err := entity.Define(tb, cfg)
		return err
	}

	tb := table()
	if err := defA(tb, false); err != nil {
		t.Fatal(err)
	}
	if err := defB(tb, true); err != nil {
		t.Fatal(err)
	}
	fs := findingsOf(tb.Lint(entity.LintOptions{}), entity.LintIndexOverlap)
	if len(fs) != 1 || fs[0].Index != "ByDay" || !slices.Equal(fs[0].Entities, []string{"A", "B"}) {
		t.Errorf("index-overlap findings = %+v, want one on ByDay for A and B", fs)
	}

	tb = table()
	if err := defA(tb, true); err != nil {
		t.Fatal(err)
	}
	err := defB(tb, true)
	var ko *ddbmodel.KeyOverlapError
	if !errors.As(err, &ko) || ko.Entity != "B" || ko.Other != "A" || ko.Index != "ByDay" || !slices.Equal(ko.Attributes, []string{"tenant", "day"}) {
		t.Errorf("Define of B beside A recognising unmarked items on ByDay = %v, want a *ddbmodel.KeyOverlapError", err)
	}
}
