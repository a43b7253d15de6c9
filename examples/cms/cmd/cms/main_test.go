package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/ddbmodel/ddbmodel/examples/cms"
	"github.com/ddbmodel/ddbmodel/internal/exampleapp"
	"github.com/ddbmodel/ddbmodel/internal/testenv"
)

func TestMain(m *testing.M) { testenv.Main(m) }

// TestProgram runs the program twice on one table: every pattern is
// printed, and the second run (on the data the first one changed) prints
// the same report.
func TestProgram(t *testing.T) {
	table := testenv.NewTable(t, cms.Table.CreateTableInput())
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
		"== AP1: Get article metadata",
		"== AP2: Get article with latest version content",
		"== AP3: Get a specific version of an article",
		"== AP4: List all versions of an article",
		"== AP5: List articles by author (newest first)",
		"== AP6: List articles by tag",
		"== AP7: List all tags on an article",
		"== AP8: Publish a new version",
	} {
		if !strings.Contains(report, header+"\n") {
			t.Errorf("report lacks %q", header)
		}
	}
	for _, want := range []string{
		`sk = "VERSION#000003"; consistent read`,             // AP2 reads exactly the current version
		"(12 rows)",                                          // AP4: twelve versions
		"if (attribute_exists(pk)) AND (currentVersion = 3)", // AP8's guard
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
