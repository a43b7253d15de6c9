package papers

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/internal/exampletest"
)

// A paper whose paper item is gone while its membership and topic items
// remain is not left out silently by A3 and A4: whole or a page at a time,
// they return the papers read and a *MissingPapersError naming it. The
// papers are read strongly consistent.
func TestMissingPaperIsReported(t *testing.T) {
	t.Parallel()
	ctx, db, rec := exampletest.RecordedSample(t, Table, LoadSample)
	// The paper item alone is deleted; its partition keeps the memberships
	// and topic items, which stay in GSI1 and GSI2.
	if err := PaperByKey.Delete(PaperKey{ID: "wp-004"}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	missing := func(what string, err error) {
		t.Helper()
		var me *MissingPapersError
		if !errors.As(err, &me) || !errors.Is(err, ErrPaperNotFound) || !errors.Is(err, ddbmodel.ErrNotFound) {
			t.Errorf("%s: err = %v, want a *MissingPapersError (ErrPaperNotFound)", what, err)
			return
		}
		if diff := cmp.Diff([]string{"wp-004"}, me.IDs); diff != "" {
			t.Errorf("%s: missing ids (-want +got):\n%s", what, diff)
		}
	}

	jon, err := PapersByAuthor(ctx, db, "jon")
	missing("A3 jon", err)
	var ids []string
	for _, ap := range jon {
		ids = append(ids, ap.Paper.ID)
	}
	if diff := cmp.Diff([]string{"wp-001", "wp-002", "wp-006", "wp-007"}, ids); diff != "" {
		t.Errorf("A3 jon: papers read (-want +got):\n%s", diff)
	}
	if exampletest.ConsistentBatchGets(t, rec) == 0 {
		t.Errorf("A3 sent no BatchGetItem")
	}

	dyn, err := PapersWithTopic(ctx, db, "dynamodb")
	missing("A4 dynamodb", err)
	if diff := cmp.Diff([]string{"wp-002", "wp-007"}, paperIDs(dyn)); diff != "" {
		t.Errorf("A4 dynamodb: papers read (-want +got):\n%s", diff)
	}

	// Page by page: the page holding wp-004's membership reports it, with
	// its cursor, and the walk goes on to the last page.
	var pageIDs []string
	var reported []string
	cursor := ""
	for range 10 {
		p, err := PapersByAuthorPage(ctx, db, "jon", 2, cursor)
		var me *MissingPapersError
		if errors.As(err, &me) {
			reported = append(reported, me.IDs...)
		} else if err != nil {
			t.Fatal(err)
		}
		for _, ap := range p.Items {
			pageIDs = append(pageIDs, ap.Paper.ID)
		}
		if cursor = p.Cursor; cursor == "" {
			break
		}
	}
	if diff := cmp.Diff([]string{"wp-001", "wp-002", "wp-006", "wp-007"}, pageIDs); diff != "" {
		t.Errorf("A3 jon in pages of 2: papers (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"wp-004"}, reported); diff != "" {
		t.Errorf("A3 jon in pages of 2: reported missing (-want +got):\n%s", diff)
	}
	tp, err := PapersWithTopicPage(ctx, db, "dynamodb", 0, "")
	missing("A4 dynamodb, one page", err)
	if diff := cmp.Diff([]string{"wp-002", "wp-007"}, paperIDs(tp.Items)); diff != "" || tp.Cursor != "" {
		t.Errorf("A4 dynamodb, one page: cursor %q (-want +got):\n%s", tp.Cursor, diff)
	}

	// Where nothing is missing, nothing is reported.
	if _, err := PapersByAuthor(ctx, db, "guest"); err != nil {
		t.Errorf("A3 guest: %v", err)
	}
	if _, err := PapersWithTopic(ctx, db, "serverless"); err != nil {
		t.Errorf("A4 serverless: %v", err)
	}
}

// The error's text names the missing papers.
func TestMissingPapersErrorText(t *testing.T) {
	t.Parallel()
	err := error(&MissingPapersError{IDs: []string{"wp-004", "wp-009"}})
	want := "papers: paper not found: named by the index but not in the table: wp-004, wp-009"
	if err.Error() != want {
		t.Errorf("Error() = %q, want %q", err.Error(), want)
	}
	if missingPapers(nil) != nil {
		t.Errorf("missingPapers(nil) is not nil")
	}
}
