package exampletest

import (
	"bytes"
	"context"
	"regexp"
	"strings"
	"testing"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/internal/exampleapp"
)

// Sample creates a fresh copy of table on the test binary's DynamoDB Local,
// fills it with load (an example's LoadSample) and returns the test's
// context and the DB.
func Sample(t *testing.T, table *entity.Table, load func(context.Context, *entity.DB) error) (context.Context, *entity.DB) {
	t.Helper()
	ctx := t.Context()
	db := entitytest.NewDB(t, table)
	if err := load(ctx, db); err != nil {
		t.Fatal(err)
	}
	return ctx, db
}

// RunTwice runs the program cfg describes twice with -endpoint set to the
// test server and -table set to table, and returns the first run's report.
// It fails the test when a run fails, or when the second run, on the data
// the first one left, prints another report: the programs can run again on
// the same table.
func RunTwice(t *testing.T, cfg exampleapp.Config, table string) string {
	t.Helper()
	args := []string{"-endpoint", entitytest.Endpoint(t), "-table", table}
	var reports [2]string
	for run := range reports {
		var out, errOut bytes.Buffer
		if err := exampleapp.Run(t.Context(), cfg, args, &out, &errOut); err != nil {
			t.Fatalf("run %d: %v\nstderr:\n%s", run+1, err, errOut.String())
		}
		reports[run] = out.String()
	}
	if reports[0] != reports[1] {
		t.Errorf("the second run's report differs from the first:\n%s\n----\n%s", reports[0], reports[1])
	}
	return reports[0]
}

// Contains fails the test for each of wants that report lacks, and then
// logs the report once.
func Contains(t *testing.T, report string, wants ...string) {
	t.Helper()
	failed := false
	for _, want := range wants {
		if !strings.Contains(report, want) {
			t.Errorf("the report lacks %q", want)
			failed = true
		}
	}
	if failed {
		t.Logf("report:\n%s", report)
	}
}

// Headers returns each header as a report line, "== ID: name\n", for
// Contains.
func Headers(headers ...string) []string {
	lines := make([]string, len(headers))
	for i, h := range headers {
		lines[i] = h + "\n"
	}
	return lines
}

// Section returns the report of the pattern whose header line starts with
// header ("== W2: "), up to the blank line that ends it, so that a test can
// assert one pattern's rows and cost line; it fails the test when the
// report has no such pattern.
func Section(t *testing.T, report, header string) string {
	t.Helper()
	i := strings.Index(report, header)
	if i < 0 {
		t.Fatalf("no %q in the report:\n%s", header, report)
	}
	s := report[i:]
	if j := strings.Index(s, "\n\n"); j >= 0 {
		s = s[:j]
	}
	return s
}

// Column returns the cells of column col (from 0) of a pattern's rows, as
// Section returns the pattern: the rows are the lines between the table's
// header (a line of upper-case column names) and the "(N rows)" line, and
// cells are separated by two spaces or more, as the report aligns them.
func Column(section string, col int) []string {
	var cells []string
	inRows := false
	for line := range strings.Lines(section) {
		line = strings.TrimSuffix(strings.TrimPrefix(line, "   "), "\n")
		switch {
		case !inRows:
			inRows = tableHeader.MatchString(line)
		case strings.HasPrefix(line, "(") && strings.HasSuffix(line, "row)") || strings.HasSuffix(line, "rows)"):
			return cells
		default:
			row := cellSep.Split(strings.TrimRight(line, " "), -1)
			if col < len(row) {
				cells = append(cells, row[col])
			} else {
				cells = append(cells, "")
			}
		}
	}
	return cells
}

var (
	tableHeader = regexp.MustCompile(`^[A-Z][A-Z_ ]*$`)
	cellSep     = regexp.MustCompile(` {2,}`)
)
