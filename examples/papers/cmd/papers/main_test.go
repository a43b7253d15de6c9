package main

import (
	"regexp"
	"slices"
	"strings"
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
		`Query `+table+`: PK = "PAPER#wp-002"; filter: attribute_not_exists(expiresAt) OR NOT attribute_type(expiresAt, "N") OR expiresAt > <now> OR expiresAt < <now - 5 years>`+"\n", // Figure 1: the whole partition
		`GSI1PK = "COLLECTION#Data & Storage" AND begins_with(GSI1SK, "DATE#"); filter: attribute_not_exists(expiresAt) OR NOT attribute_type(expiresAt, "N") OR expiresAt > <now> OR expiresAt < <now - 5 years>; descending`,
		`Query `+table+`/GSI2: GSI2PK = "TOPIC#serverless"`,
		"(5 rows)", // A3: jon's five papers over three pages
		`SET status = "superseded", supersededBy = "wp-012", expiresAt = <now + 30 days>; if (__entity = "paper") AND (status = "draft")`,
		`SK = "TOPIC#security"; SET expiresAt = <now + 30 days>`, // the draft's partition expires with it
		"wp-006  0.9      superseded  wp-012         in 30 days\n",
	)
	// Each pattern's rows, in order.
	for _, c := range []struct {
		header string
		ids    []string
		more   []string
	}{
		{"== A1: ", []string{"wp-002"}, []string{
			`SK = "PAPER#wp-002" (skipping an expired item)`, // A1 is a get with SkipExpired
			"wp-002  A Single-Table DynamoDB Model  0.3      draft   Data & Storage  2026-03-10T00:00:00Z\n"}},
		{"== A2: ", []string{"wp-007", "wp-002", "wp-004", "wp-001"}, []string{ // newest first: wp-004's +02:00 date is before wp-002's
			"wp-004  Migrating Keys Without Downtime   0.9      draft      Data & Storage  2026-03-10T01:00:00+02:00\n"}},
		{"== A3: ", []string{"wp-001", "wp-002", "wp-004", "wp-006", "wp-007"}, []string{
			`GSI1PK = "AUTHOR#jon" AND begins_with(GSI1SK, "PAPER#"); filter: attribute_not_exists(expiresAt) OR NOT attribute_type(expiresAt, "N") OR expiresAt > <now> OR expiresAt < <now - 5 years>; limit 2`,
			"2     wp-006  Least-Privilege IAM for Small Teams  contributor  2026-02-27T16:45:00Z\n"}},
		{"== A4: ", []string{"wp-001", "wp-003", "wp-005", "wp-008"}, []string{
			`GSI2PK = "TOPIC#serverless" AND begins_with(GSI2SK, "PAPER#"); filter: attribute_not_exists(expiresAt) OR NOT attribute_type(expiresAt, "N") OR expiresAt > <now> OR expiresAt < <now - 5 years>; limit 3`,
			"2     wp-008  Structured Logs on a Budget   1.0      published  Infrastructure  2026-05-06T11:00:00Z\n"}},
		{"== A5: ", nil, []string{"jon     Jon   Prosyon Research\n   (1 row)"}},
		{"== Figure 1: ", nil, []string{ // the stored sort keys, paper first, then memberships and topics
			"paper       PAPER#wp-002         A Single-Table DynamoDB Model (v0.3, draft)\n" +
				"   membership  AUTHOR#guest         role=contributor\n" +
				"   membership  AUTHOR#jon           role=author\n" +
				"   paperTopic  TOPIC#cost           \n" +
				"   paperTopic  TOPIC#data-modeling  \n" +
				"   paperTopic  TOPIC#dynamodb       \n" +
				"   (6 rows)"}},
	} {
		sec := exampletest.Section(t, report, c.header)
		var ids []string
		for _, m := range rowID.FindAllStringSubmatch(sec, -1) {
			ids = append(ids, m[1])
		}
		if c.ids != nil && !slices.Equal(ids, c.ids) {
			t.Errorf("%s rows %v, want %v:\n%s", c.header, ids, c.ids, sec)
		}
		for _, want := range c.more {
			if !strings.Contains(sec+"\n", want) {
				t.Errorf("%s lacks %q:\n%s", c.header, want, sec)
			}
		}
	}
}

// rowID is a paper row's id, after the page number of A3 and A4.
var rowID = regexp.MustCompile(`(?m)^   (?:\d+ +)?(wp-\d+) `)
