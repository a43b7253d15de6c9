package entity_test

import (
	"strings"
	"testing"

	"github.com/ddbmodel/ddbmodel/entity"
)

// A literal sort key equal to another template's leading literal (I# and
// I#${part}) is a proper prefix of every key the other renders, since a
// composite renders at least one byte: the declared order is decided
// (clean when the literal comes first, an Error when it comes last), not
// "depends on the values".
func TestLintSortOrderOfALiteralEqualToALeadingLiteral(t *testing.T) {
	t.Parallel()
	build := func(tb *entity.Table) {
		defPart(tb, "Repo", "REPO#${id}", "I#")
		defPart(tb, "Fork", "REPO#${id}", "I#${part}")
	}
	// A query of Fork with no part, begins_with(SK, "I#"), reads Repo's item.
	overlap := []entity.Allow{{Code: entity.LintPrefixOverlap, Entity: "Fork", Reason: "a repository is read with its forks"}}
	runLintCases(t, []lintCase{
		{name: "literal first", build: build,
			opts: entity.LintOptions{Allow: overlap, Orders: []entity.SortOrder{{Entities: []string{"Repo", "Fork"}}}}},
		{name: "literal last", build: build, want: entity.LintSortOrder, sev: entity.Error, entities: []string{"Fork", "Repo"},
			opts: entity.LintOptions{Allow: overlap, Orders: []entity.SortOrder{{Entities: []string{"Fork", "Repo"}}}}},
	})
	tb := &entity.Table{Name: "lint", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
	build(tb)
	for _, f := range tb.Lint(entity.LintOptions{Orders: []entity.SortOrder{{Entities: []string{"Fork", "Repo"}}}}) {
		if f.Code == entity.LintSortOrder && !strings.Contains(f.Message, `one sort key "I#" is a prefix of all of Fork's`) {
			t.Errorf("message %q, want it to say Repo's one key is a prefix of all of Fork's", f.Message)
		}
	}
}

// The unpadded-number and unpadded-time lints still report a sort key
// whose composite the partition uses only through a shard or a date part:
// many values of it share a partition, and the sort key orders them. A
// partition that renders the composite whole still silences them.
func TestLintUnpaddedThroughAShardOrADatePartition(t *testing.T) {
	t.Parallel()
	runLintCases(t, []lintCase{
		{name: "int sharded in the partition", want: entity.LintUnpaddedNumber, sev: entity.Warning, entities: []string{"Doc"},
			build: func(tb *entity.Table) { defDoc(tb, "Doc", "DOC#${version:shard(4)}", "V#${version}") }},
		{name: "time by date in the partition", want: entity.LintUnpaddedTime, sev: entity.Warning, entities: []string{"Doc"},
			build: func(tb *entity.Table) { defDoc(tb, "Doc", "DAY#${at:date}", "AT#${at}#${id}") }},
		{name: "time sharded in an index partition", indexes: []entity.Index{gsi("GSI")}, want: entity.LintUnpaddedTime, sev: entity.Warning, entities: []string{"Doc"}, index: "GSI",
			build: func(tb *entity.Table) {
				defDoc(tb, "Doc", "DOC#${id}", "DOC", entity.IndexKey[lintDoc]{Index: "GSI", Partition: "ALL#${at:shard(8)}", Sort: "AT#${at}#${id}"})
			}},
		{name: "int whole in the partition", build: func(tb *entity.Table) { defDoc(tb, "Doc", "DOC#${id}#${version:pad(4)}", "V#${version}") }},
	})
}
