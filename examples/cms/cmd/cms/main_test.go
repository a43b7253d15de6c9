package main

import (
	"testing"

	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/examples/cms"
	"github.com/ddbmodel/ddbmodel/internal/exampletest"
)

// TestProgram runs the program twice on one table: every pattern is
// printed, and the second run (on the data the first one changed) prints
// the same report.
func TestProgram(t *testing.T) {
	t.Parallel()
	table := entitytest.NewTable(t, cms.Table.CreateTableInput())
	report := exampletest.RunTwice(t, config(), table)
	exampletest.Contains(t, report, exampletest.Headers(
		"== AP1: Get article metadata",
		"== AP2: Get article with latest version content",
		"== AP3: Get a specific version of an article",
		"== AP4: List all versions of an article",
		"== AP5: List articles by author (newest first)",
		"== AP6: List articles by tag",
		"== AP7: List all tags on an article",
		"== AP8: Publish a new version",
		"== Status: Publish a draft: it joins its tags' pages",
		"== Edit: Put an article's metadata; a status change by put is refused",
	)...)
	exampletest.Contains(t, report,
		`sk = "VERSION#000003"; consistent read`, // AP2 reads exactly the current version
		"(12 rows)",                              // AP4: twelve versions
		"if (__entity = \"article\") AND (currentVersion = 3)", // AP8's guard
		`Query `+table+`/GSI2: gsi2pk = "TAG#dynamodb"`,        // AP6: the published articles' index
		"(4 rows)", // AP6: four published articles tagged dynamodb
		`SET gsi2pk = "TAG#data-modeling", gsi2sk = "ARTICLE#01HWW7MWQ0K45BDZSGPH3PRJWQ", publishedTag = "data-modeling"`,
		"TAG#data-modeling  ARTICLE#01HWW7MWQ0K45BDZSGPH3PRJWQ\n", // read from GSI2 after publishing
		// Edit: the put holds only on the status, tags and version read,
		// and a status change by put is refused.
		`((status = "published") AND (size(tags) = 2) AND (contains(tags, "aws")) AND (contains(tags, "dynamodb")) AND (currentVersion = 4))`,
		"title            stored: DynamoDB Patterns, Revised (published)\n",
		`status archived  refused, nothing written: ddbmodel: invalid article attribute status: a put keeps the stored status ("published", got "archived")`,
	)
}
