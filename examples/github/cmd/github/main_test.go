package main

import (
	"testing"

	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/examples/github"
	"github.com/ddbmodel/ddbmodel/internal/exampletest"
)

// TestProgram runs the program twice on one table: every pattern and
// workflow is printed, and the second run (on the data the first one left)
// prints the same report.
func TestProgram(t *testing.T) {
	t.Parallel()
	table := entitytest.NewTable(t, github.Table.CreateTableInput())
	report := exampletest.RunTwice(t, config(), table)
	exampletest.Contains(t, report, exampletest.Headers(
		"== AP1: Get a repository by owner and name",
		"== AP2: List all repositories of an account, newest update first",
		"== AP3: List an account's repositories a page at a time (page token)",
		"== AP4: Find the forks of a repository",
		"== AP5: Get an issue by repository and number",
		"== AP6: List all issues of a repository",
		"== AP7: List open issues of a repository, newest first",
		"== AP8: List closed issues of a repository",
		"== AP9: Get a pull request by repository and number",
		"== AP10: List all pull requests of a repository",
		"== AP11: List open pull requests of a repository, newest first",
		"== AP12: List closed and merged pull requests of a repository",
		"== AP13: List the repositories a user starred",
		"== AP14: List the users who starred a repository",
		"== AP15: Check whether a user starred a repository",
		"== AP16: List an issue's comments in order",
		"== AP17: List a pull request's comments in order",
		"== AP18: List the reactions on an issue",
		"== AP19: List an organization's members",
		"== AP20: List a user's gists",
		"== AP21: Look up an account (a user or an organization) by name",
		"== W1: Close an issue (status and GSI4SK in one update)",
		"== W2: Reopen an issue",
		"== W3: Star a repository (star item and star count in one transaction)",
		"== W4: Unstar a repository",
		"== W5: Fork a repository (fork repository and fork link in one transaction)",
		"== W6: Push to a repository (updatedAt and GSI3SK in one update)",
		"== W7: An e-mail address belongs to one user (unique attribute, marker items in the user's transaction)",
	)...)
	exampletest.Contains(t, report,
		`begins_with(GSI4SK, "ISSUE#OPEN#")`,    // AP7
		`begins_with(GSI4SK, "~ISSUE#CLOSED#")`, // AP8
		"(105 rows)",                            // AP6
		"(70 rows)",                             // AP7
		"(35 rows)",                             // AP8
		`SK = "STAR#aws#dynamodb-toolbox"`,      // AP15 is a GetItem on the full key
		"~ISSUE#CLOSED#00000101",                // W1 moved issue 101
		"ErrAlreadyStarred",                     // W3
		"ErrAlreadyForked",                      // W5
		"docs.internal, dynamodb-toolbox, aws-cdk, aws-sdk-go-v2, aws-cli",                            // W6: the pushed repository first
		"Organization  Amazon Web Services",                                                           // AP21
		"(1 row)\n   cost: 0.5 read units, 0 write units in 1 request\n",                              // AP1: one eventually consistent GetItem
		"cost: 0 read units, 5 write units in 1 request",                                              // W6: the push's update only
		"nobody  (none)        \n   (3 rows)\n   cost: 1.5 read units, 0 write units in 3 requests\n", // AP21: three GetItems, observed
		"create dave with alice@example.com  ErrEmailTaken  UNIQUE#User#email#alice@example.com -> ",  // W7: the marker as read
		"(none)                                                                                  UNIQUE#User#email#alice@example.org -> ",
	)
}
