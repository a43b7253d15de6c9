package entity_test

import (
	"testing"
	"time"

	"github.com/ddbmodel/ddbmodel/entity"
)

// lintMember has optional attributes for the membership checks: none of
// them is always stored unless a rule fills it in.
type lintMember struct {
	ID     string    `dynamo:"id"`
	Owner  string    `dynamo:"owner"`
	Status string    `dynamo:"status,omitempty"`
	Label  string    `dynamo:"label,omitempty"`
	At     time.Time `dynamo:"at,omitempty"`
	Lock   int       `dynamo:"lock,omitempty"`
}

func defMember(tb *entity.Table, cfg entity.Config[lintMember]) {
	cfg.Name = "Member"
	cfg.Key = entity.Key{Partition: "M#${id}", Sort: "M"}
	entity.MustDefine(tb, cfg)
}

// lintMoreCases are the models added when each check was broken on
// purpose and some breakage went unnoticed, and the membership checks.
var lintMoreCases = []lintCase{
	// sort-order: an entity the order names that is not on the index.
	{name: "order naming an entity not on the index", indexes: []entity.Index{gsi("GSI")}, want: entity.LintSortOrder, sev: entity.Error, entities: []string{"Fork"}, index: "GSI",
		opts: entity.LintOptions{Orders: []entity.SortOrder{{Index: "GSI", Entities: []string{"Repo", "Fork"}}}},
		build: func(tb *entity.Table) {
			defPart(tb, "Repo", "REPO#${id}", "#REPO", entity.IndexKey[lintPart]{Index: "GSI", Partition: "C#${id}", Sort: "R#${part}"})
			defPart(tb, "Fork", "REPO#${id}", "FORK#${part}")
		}},
	// sort-order: a computed sort key cannot be ordered by its literals.
	{name: "order of a computed sort key", indexes: []entity.Index{gsi("GSI")}, want: entity.LintSortOrder, sev: entity.Warning, entities: []string{"Repo", "Fork"}, index: "GSI",
		opts: entity.LintOptions{Orders: []entity.SortOrder{{Index: "GSI", Entities: []string{"Repo", "Fork"}}},
			Allow: []entity.Allow{{Code: entity.LintPrefixOverlap, Entity: "Repo", Index: "GSI", Reason: "a computed key can begin with anything"}}},
		build: func(tb *entity.Table) {
			defPart(tb, "Repo", "REPO#${id}", "#REPO", entity.IndexKey[lintPart]{Index: "GSI", Partition: "C#${id}", Sort: "A#${part}"})
			entity.MustDefine(tb, entity.Config[lintPart]{Name: "Fork", Key: entity.Key{Partition: "FORK#${id}", Sort: "FORK#${part}"},
				SharesKeysWith: []string{"Repo"}, // a computed key can render anything
				Indexes: []entity.IndexKey[lintPart]{{Index: "GSI", Partition: "C#${id}",
					SortFunc: func(p lintPart) (string, error) { return "B#" + p.Part, nil }, SortUses: []string{"part"}}}})
		}},
	// hot-partition: a table without a sort key holds one item per literal key.
	{name: "a singleton on a table without a sort key", noSortKey: true,
		build: func(tb *entity.Table) { defDoc(tb, "Config", "CONFIG", "") }},
	// sparse-always-in: a computed sort key may leave the item out.
	{name: "sparse with a computed sort key", indexes: []entity.Index{gsi("GSI")},
		build: func(tb *entity.Table) {
			defDoc(tb, "Doc", "DOC#${id}", "DOC", entity.IndexKey[lintDoc]{Index: "GSI", Partition: "O#${id}", Sparse: true,
				SortFunc: func(d lintDoc) (string, error) { return "D#" + d.ID, nil }, SortUses: []string{"id"}})
		}},
	// sparse-always-in: composites the library fills in on every write.
	{name: "sparse on an attribute with a Default", indexes: []entity.Index{gsi("GSI")}, want: entity.LintSparseAlwaysIn, sev: entity.Warning, entities: []string{"Member"}, index: "GSI",
		build: func(tb *entity.Table) {
			defMember(tb, entity.Config[lintMember]{Attributes: map[string]entity.Attribute{"status": {Default: "DRAFT"}},
				Indexes: []entity.IndexKey[lintMember]{{Index: "GSI", Partition: "ST#${status}", Sort: "M#${id}", Sparse: true}}})
		}},
	{name: "sparse on the Updated timestamp", indexes: []entity.Index{gsi("GSI")}, want: entity.LintSparseAlwaysIn, sev: entity.Warning, entities: []string{"Member"}, index: "GSI",
		build: func(tb *entity.Table) {
			defMember(tb, entity.Config[lintMember]{Timestamps: entity.Timestamps{Updated: "at"},
				Indexes: []entity.IndexKey[lintMember]{{Index: "GSI", Partition: "DAY#${at:date}", Sort: "M#${id}", Sparse: true}}})
		}},
	{name: "sparse on the Created timestamp", indexes: []entity.Index{gsi("GSI")}, want: entity.LintSparseAlwaysIn, sev: entity.Warning, entities: []string{"Member"}, index: "GSI",
		build: func(tb *entity.Table) {
			defMember(tb, entity.Config[lintMember]{Timestamps: entity.Timestamps{Created: "at"},
				Indexes: []entity.IndexKey[lintMember]{{Index: "GSI", Partition: "DAY#${at:date}", Sort: "M#${id}", Sparse: true}}})
		}},
	{name: "sparse on optional attributes no rule fills", indexes: []entity.Index{gsi("GSI")},
		build: func(tb *entity.Table) {
			defMember(tb, entity.Config[lintMember]{
				Indexes: []entity.IndexKey[lintMember]{{Index: "GSI", Partition: "ST#${status}", Sort: "L#${lock:pad(6)}#${at:date}", Sparse: true}}})
		}},
	// when-not-sparse: When is applied to sparse placements only.
	{name: "When on a placement that is not sparse", indexes: []entity.Index{gsi("GSI")}, want: entity.LintWhenNotSparse, sev: entity.Error, entities: []string{"Member"}, index: "GSI",
		build: func(tb *entity.Table) {
			defMember(tb, entity.Config[lintMember]{Indexes: []entity.IndexKey[lintMember]{{Index: "GSI", Partition: "O#${owner}", Sort: "M#${id}",
				When: func(m lintMember) bool { return m.Status == "OPEN" }}}})
		}},
	// sparse-no-way-in: every value the Enum allows is refused by the key.
	{name: "sparse on an enum the template refuses", indexes: []entity.Index{gsi("GSI")}, want: entity.LintSparseNoWayIn, sev: entity.Error, entities: []string{"Member"}, index: "GSI",
		build: func(tb *entity.Table) {
			defMember(tb, entity.Config[lintMember]{Attributes: map[string]entity.Attribute{"status": {Enum: []string{"OPEN#NEW", "OPEN#OLD"}}},
				Indexes: []entity.IndexKey[lintMember]{{Index: "GSI", Partition: "O#${owner}", Sort: "ST#${status}#${id}", Sparse: true}}})
		}},
	// enum-key-refused: one value the Enum allows is refused by the key (a
	// sparse placement with another value it accepts is not no-way-in).
	{name: "sparse on an enum with one value the template accepts", indexes: []entity.Index{gsi("GSI")}, want: entity.LintEnumKeyRefused, sev: entity.Warning, entities: []string{"Member"}, index: "GSI",
		build: func(tb *entity.Table) {
			defMember(tb, entity.Config[lintMember]{Attributes: map[string]entity.Attribute{"status": {Enum: []string{"OPEN#NEW", "CLOSED"}}},
				Indexes: []entity.IndexKey[lintMember]{{Index: "GSI", Partition: "O#${owner}", Sort: "ST#${status}#${id}", Sparse: true}}})
		}},
	{name: "sparse on an enum whose values the template all accepts", indexes: []entity.Index{gsi("GSI")},
		build: func(tb *entity.Table) {
			defMember(tb, entity.Config[lintMember]{Attributes: map[string]entity.Attribute{"status": {Enum: []string{"OPEN", "CLOSED"}}},
				Indexes: []entity.IndexKey[lintMember]{{Index: "GSI", Partition: "O#${owner}", Sort: "ST#${status}#${id}", Sparse: true}}})
		}},
}

// TestLintAllowIsPerIndex checks that an allowance names its index: the
// same code and entity on another index neither covers the finding nor
// goes unreported.
func TestLintAllowIsPerIndex(t *testing.T) {
	t.Parallel()
	tb := &entity.Table{Name: "lint", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"), Indexes: []entity.Index{gsi("GSI")}}
	defDoc(tb, "Doc", "DOC#ALL", "DOC#${id}", entity.IndexKey[lintDoc]{Index: "GSI", Partition: "O#${owner}", Sort: "D#${id}"})
	got := tb.Lint(entity.LintOptions{Allow: []entity.Allow{{Code: entity.LintHotPartition, Entity: "Doc", Index: "GSI", Reason: "few items"}}})
	if len(got) != 2 || got[0].Code != entity.LintHotPartition || got[0].Index != "" || got[0].Allowed != "" ||
		got[1].Code != entity.LintStaleAllow || got[1].Index != "GSI" {
		t.Errorf("an allowance on index G: got %v, want the table's hot partition open and the allowance stale", got)
	}
}
