package cms

import (
	"errors"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/internal/exampletest"
)

// An article whose metadata item is gone while its junction items remain
// is not left out silently by AP6: whole or a page at a time, it returns
// the articles read and a *MissingArticlesError naming it. The metadata is
// read strongly consistent.
func TestMissingArticleIsReported(t *testing.T) {
	t.Parallel()
	ctx, db, rec := exampletest.RecordedSample(t, Table, LoadSample)
	s := &Store{DB: db, Now: func() time.Time { return testNow }}
	// The metadata item alone is deleted; the published junction items of
	// its tags stay in GSI2.
	if err := ArticleByID.Delete(ArticleKey{idPatterns}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	missing := func(what string, err error) {
		t.Helper()
		var me *MissingArticlesError
		if !errors.As(err, &me) || !errors.Is(err, ErrArticleNotFound) || !errors.Is(err, ddbmodel.ErrNotFound) {
			t.Errorf("%s: err = %v, want a *MissingArticlesError (ErrArticleNotFound)", what, err)
			return
		}
		if diff := cmp.Diff(&MissingArticlesError{Tag: "dynamodb", IDs: []string{idPatterns}}, me); diff != "" {
			t.Errorf("%s: error (-want +got):\n%s", what, diff)
		}
	}
	want := []string{idOverloading, idMistakes, idGettingStarted}

	got, err := s.ArticlesByTag(ctx, "dynamodb")
	missing("AP6 dynamodb", err)
	if diff := cmp.Diff(want, articleIDs(got)); diff != "" {
		t.Errorf("AP6 dynamodb: articles read (-want +got):\n%s", diff)
	}
	if exampletest.ConsistentBatchGets(t, rec) == 0 {
		t.Errorf("AP6 sent no BatchGetItem")
	}

	// Page by page (3 junction items a page): the page holding the missing
	// article reports it with its cursor, and the walk goes on.
	var ids []string
	reports := 0
	cursor := ""
	for range 10 {
		p, err := s.ArticlesByTagPage(ctx, "dynamodb", 3, cursor)
		if errors.As(err, new(*MissingArticlesError)) {
			missing("AP6 dynamodb, a page", err)
			reports++
		} else if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, articleIDs(p.Items)...)
		if cursor = p.Cursor; cursor == "" {
			break
		}
	}
	if diff := cmp.Diff(want, ids); diff != "" || reports != 1 {
		t.Errorf("AP6 dynamodb in pages of 3: %d reports, want 1 (-want +got):\n%s", reports, diff)
	}

	// Where nothing is missing, nothing is reported.
	if _, err := s.ArticlesByTag(ctx, "serverless"); err != nil {
		t.Errorf("AP6 serverless: %v", err)
	}
}
