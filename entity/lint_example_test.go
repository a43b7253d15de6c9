package entity_test

import (
	"fmt"

	"github.com/ddbmodel/ddbmodel/entity"
)

type lintVersion struct {
	DocID   string `dynamo:"docId"`
	Version int    `dynamo:"version"`
}

// Lint finds what Define accepts but is likely wrong: here a version number
// without a fixed width in a sort key (VERSION#10 sorts before VERSION#9),
// and an index nothing enters. An Allow with a reason marks a finding
// intended.
func ExampleTable_Lint() {
	table := &entity.Table{Name: "docs", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"),
		Indexes: []entity.Index{{Name: "GSI1", PartitionKey: entity.S("GSI1PK"), SortKey: entity.S("GSI1SK")}}}
	entity.MustDefine(table, entity.Config[lintVersion]{
		Name: "Version",
		Key:  entity.Key{Partition: "DOC#${docId}", Sort: "VERSION#${version}"},
	})
	for _, f := range table.Lint(entity.LintOptions{Allow: []entity.Allow{
		{Code: entity.LintUnusedIndex, Index: "GSI1", Reason: "the next release writes it"},
	}}) {
		fmt.Println(f)
	}
	// Output:
	// warning unused-index (index GSI1): no entity places items in index GSI1; it costs storage and nothing reads it [allowed: the next release writes it]
	// warning unpadded-number (table): Version's sort key SK renders the int version as free text, so 10 sorts before 9; write ${version:pad(W)} (or rev(W) for newest first)
}
