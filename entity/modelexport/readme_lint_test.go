package modelexport_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/examples/blog"
	"github.com/ddbmodel/ddbmodel/examples/github"
)

// The README's Lint example works as written: its lines are in README.md,
// each Allow covers a finding of the blog model (the index finding through
// its Index) so none is reported stale, and the declared order holds in the
// github model.
func TestReadmeLintExampleWorksAsWritten(t *testing.T) {
	t.Parallel()
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range []string{
		`findings := blog.Table.Lint(entity.LintOptions{Allow: []entity.Allow{`,
		`{Code: entity.LintHotPartition, Entity: "ContactMessage", Reason: "low volume"}, // on the table: no Index`,
		`{Code: entity.LintHotPartition, Entity: "PostTag", Index: blog.IndexTagsByTypeRating, Reason: "tags are few"},`,
		`findings = github.Table.Lint(entity.LintOptions{`,
		`Orders: []entity.SortOrder{{Entities: []string{"Fork", "Repository"}}}, // FORK# sorts before REPO#`,
	} {
		if !strings.Contains(string(readme), line) {
			t.Errorf("README.md's Lint example lacks the line %s", line)
		}
	}
	allows := []entity.Allow{
		{Code: entity.LintHotPartition, Entity: "ContactMessage", Reason: "low volume"},
		{Code: entity.LintHotPartition, Entity: "PostTag", Index: blog.IndexTagsByTypeRating, Reason: "tags are few"},
	}
	covered := map[string]bool{}
	for _, f := range blog.Table.Lint(entity.LintOptions{Allow: allows}) {
		if f.Code == entity.LintStaleAllow {
			t.Errorf("blog: %v", f)
		}
		if f.Allowed != "" {
			covered[f.Entities[0]+" "+f.Index] = true
		}
	}
	if !covered["ContactMessage "] || !covered["PostTag "+blog.IndexTagsByTypeRating] {
		t.Errorf("blog: the README's allowances covered %v, want ContactMessage's table finding and PostTag's on %s", covered, blog.IndexTagsByTypeRating)
	}
	for _, f := range github.Table.Lint(entity.LintOptions{Orders: []entity.SortOrder{{Entities: []string{"Fork", "Repository"}}}}) {
		if f.Code == entity.LintSortOrder {
			t.Errorf("github: %v", f)
		}
	}
}
