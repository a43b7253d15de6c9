package entity_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
)

// A table whose capacity and its global indexes' together exceed
// DynamoDB's default account quota of 80,000 units (which the quotas page
// says a table and all its GSIs must stay within) is a capacity-quota
// warning, though each stays within 40,000; within 80,000 it is not.
func TestLintCapacitySumAboveAccountQuota(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		p    *entity.Provisioned
		want int
	}{
		{&entity.Provisioned{Read: 30_000, Write: 10}, 1},     // 3 × 30,000 reads
		{&entity.Provisioned{Read: 10, Write: 26_667}, 1},     // 80,001 writes
		{&entity.Provisioned{Read: 26_666, Write: 26_666}, 0}, // 79,998
		{&entity.Provisioned{Read: 40_000, Write: 5, Indexes: map[string]entity.Throughput{"GSI1": {Read: 20_000, Write: 5}, "GSI2": {Read: 20_000, Write: 5}}}, 0}, // 80,000
	} {
		tbl := &entity.Table{Name: "sum", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"),
			Indexes:     []entity.Index{gsi("GSI1"), gsi("GSI2"), {Name: "LSI1", Local: true, SortKey: entity.S("LSI1SK")}},
			Provisioned: tc.p}
		got := findingsOf(tbl.Lint(entity.LintOptions{}), entity.LintCapacityQuota)
		if len(got) != tc.want {
			t.Errorf("%+v: %d capacity-quota findings, want %d: %v", tc.p, len(got), tc.want, got)
			continue
		}
		for _, f := range got {
			if f.Index != "" || f.Severity != entity.Warning || !strings.Contains(f.Message, "80000") || !strings.Contains(f.Message, "in all") {
				t.Errorf("finding %v", f)
			}
		}
	}
}

// An INCLUDE index projecting an attribute that no entity placed in it
// stores (a typo) is a projection-unstored warning with a "did you mean";
// the attribute spelled right, or a key attribute an entity writes, is
// not.
func TestLintProjectionUnstored(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		attrs []string
		want  []string // the unstored attributes reported
		hint  string
	}{
		{[]string{"ownr"}, []string{"ownr"}, `did you mean "owner"`},
		{[]string{"owner", "HSIPK", "score"}, nil, ""},
		{[]string{"rank", "nope", "version"}, []string{"nope"}, ""},
	} {
		tbl := &entity.Table{Name: "proj", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"), Indexes: []entity.Index{
			{Name: "GSI", PartitionKey: entity.S("GSIPK"), SortKey: entity.S("GSISK"), Projection: entity.Projection{Type: types.ProjectionTypeInclude, Attributes: tc.attrs}},
			gsi("HSI"),
		}}
		defDoc(tbl, "Doc", "DOC#${id}", "DOC", entity.IndexKey[lintDoc]{Index: "GSI", Partition: "O#${owner}", Sort: "D#${id}"},
			entity.IndexKey[lintDoc]{Index: "HSI", Partition: "O#${owner}", Sort: "H#${id}"})
		got := findingsOf(tbl.Lint(entity.LintOptions{}), entity.LintProjectionUnstored)
		var attrs []string
		for _, f := range got {
			if f.Index != "GSI" || f.Severity != entity.Warning || !slices.Equal(f.Entities, []string{"Doc"}) || !strings.Contains(f.Message, tc.hint) {
				t.Errorf("finding %v", f)
			}
			for _, a := range tc.attrs {
				if strings.Contains(f.Message, `"`+a+`"`) {
					attrs = append(attrs, a)
				}
			}
		}
		if !slices.Equal(attrs, tc.want) {
			t.Errorf("projection %q: reported %q, want %q", tc.attrs, attrs, tc.want)
		}
	}
}

// Two entities whose sort keys are both S#${status} in one partition are
// accepted when their statuses' Enum values are disjoint (neither renders
// a key of the other), and refused with ErrKeyOverlap when one value is
// in both.
func TestDefineDisjointEnumsDoNotOverlap(t *testing.T) {
	t.Parallel()
	def := func(tbl *entity.Table, name string, enum ...string) error {
		_, err := entity.Define(tbl, entity.Config[tlItem]{Name: name, Key: entity.Key{Partition: "P#${project}", Sort: "S#${status}"},
			Attributes: map[string]entity.Attribute{"status": {Enum: enum}}})
		return err
	}
	tbl := tlTable()
	if err := def(tbl, "Live", "open", "closed"); err != nil {
		t.Fatal(err)
	}
	if err := def(tbl, "Archived", "archived", "deleted"); err != nil {
		t.Errorf("disjoint Enum values: Define = %v, want nil", err)
	}
	tbl = tlTable()
	if err := def(tbl, "Live", "open", "closed"); err != nil {
		t.Fatal(err)
	}
	err := def(tbl, "Archived", "archived", "closed")
	var ko *ddbmodel.KeyOverlapError
	if !errors.Is(err, ddbmodel.ErrKeyOverlap) || !errors.As(err, &ko) || ko.Entity != "Archived" || ko.Other != "Live" {
		t.Errorf("Enum values sharing closed: Define = %v, want a *ddbmodel.KeyOverlapError of Archived and Live", err)
	}
}
