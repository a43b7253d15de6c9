package main

import (
	"testing"

	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/examples/papers"
	"github.com/ddbmodel/ddbmodel/internal/exampletest"
)

// TestProgram runs the program twice on one table: every pattern is
// printed, and the second run prints the same report.
func TestProgram(t *testing.T) {
	t.Parallel()
	table := entitytest.NewTable(t, papers.Table.CreateTableInput())
	report := exampletest.RunTwice(t, config(), table)
	exampletest.Contains(t, report, exampletest.Headers(
		"== A1: Get a paper by id",
		"== Figure 1: A paper and its author memberships in one query",
		"== A2: List papers in a collection, newest first",
		"== A3: List papers by author",
		"== A4: List papers carrying a topic",
		"== A5: Get an author profile",
		"== Q3: Supersede a draft: it expires after 30 days",
	)...)
	exampletest.Contains(t, report,
		`Query `+table+`: PK = "PAPER#wp-002"; filter: attribute_not_exists(expiresAt) OR NOT attribute_type(expiresAt, "N") OR expiresAt > <now>`+"\n", // Figure 1: the whole partition
		`GSI1PK = "COLLECTION#Data & Storage" AND begins_with(GSI1SK, "DATE#"); filter: attribute_not_exists(expiresAt) OR NOT attribute_type(expiresAt, "N") OR expiresAt > <now>; descending`,
		`Query `+table+`/GSI2: GSI2PK = "TOPIC#serverless"`,
		"(5 rows)", // A3: jon's five papers over three pages
		`SET status = "superseded", supersededBy = "wp-012", expiresAt = <now + 30 days>; if (__entity = "paper") AND (status = "draft")`,
		`SK = "TOPIC#security"; SET expiresAt = <now + 30 days>`, // the draft's partition expires with it
		"wp-006  0.9      superseded  wp-012         in 30 days\n",
	)
}
