package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/ddbmodel/ddbmodel/examples/papers"
	"github.com/ddbmodel/ddbmodel/internal/exampleapp"
	"github.com/ddbmodel/ddbmodel/internal/testenv"
)

func TestMain(m *testing.M) { testenv.Main(m) }

// TestProgram runs the program twice on one table: every pattern is
// printed, and the second run prints the same report.
func TestProgram(t *testing.T) {
	table := testenv.NewTable(t, papers.Table.CreateTableInput())
	args := []string{"-endpoint", testenv.Endpoint(t), "-table", table}
	var reports []string
	for run := 1; run <= 2; run++ {
		var out, errOut bytes.Buffer
		if err := exampleapp.Run(t.Context(), config(), args, &out, &errOut); err != nil {
			t.Fatalf("run %d: %v\nstderr:\n%s", run, err, errOut.String())
		}
		reports = append(reports, out.String())
	}
	report := reports[0]
	for _, header := range []string{
		"== A1: Get a paper by id",
		"== Figure 1: A paper and its author memberships in one query",
		"== A2: List papers in a collection, newest first",
		"== A3: List papers by author",
		"== A4: List papers carrying a topic",
		"== A5: Get an author profile",
	} {
		if !strings.Contains(report, header+"\n") {
			t.Errorf("report lacks %q", header)
		}
	}
	for _, want := range []string{
		`Query ` + table + `: PK = "PAPER#wp-002"` + "\n", // Figure 1: the whole partition
		`GSI1PK = "COLLECTION#Data & Storage" AND begins_with(GSI1SK, "DATE#"); descending`,
		`Query ` + table + `/GSI2: GSI2PK = "TOPIC#serverless"`,
		"(5 rows)", // A3: jon's five papers over three pages
	} {
		if !strings.Contains(report, want) {
			t.Errorf("report lacks %q", want)
		}
	}
	if reports[0] != reports[1] {
		t.Errorf("second run differs:\n%s\n----\n%s", reports[0], reports[1])
	}
	if t.Failed() {
		t.Logf("report:\n%s", report)
	}
}
