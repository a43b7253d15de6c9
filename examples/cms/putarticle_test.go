package cms

import (
	"errors"
	"slices"
	"testing"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
)

// TestPutArticleKeepsStatusAndTags checks that PutArticle never changes
// what the junction items follow: a put that changes the status (either
// way), the tags or currentVersion is refused with a
// *ddbmodel.ValidationError naming the article and the attribute, no write
// is sent, and the article and its junction items stay as they were; a put
// that leaves them zero edits the rest and keeps them.
func TestPutArticleKeepsStatusAndTags(t *testing.T) {
	t.Parallel()
	s, _ := newStore(t)
	ctx := t.Context()
	rec := entitytest.NewRecorder(s.DB.Client)
	rs := &Store{DB: entity.NewDB(rec, s.DB.TableName), Now: s.Now}

	for _, c := range []struct {
		id        string
		published bool
		edit      func(*Article)
		attribute string
	}{
		{idManyToMany, false, func(a *Article) { a.Status = StatusPublished }, "status"},
		{idPatterns, true, func(a *Article) { a.Status = StatusDraft }, "status"},
		{idPatterns, true, func(a *Article) { a.Status = StatusArchived }, "status"},
		{idManyToMany, false, func(a *Article) { a.Tags = append(a.Tags, "serverless") }, "tags"},
		{idManyToMany, false, func(a *Article) { a.Tags = a.Tags[1:] }, "tags"},
		{idPatterns, true, func(a *Article) { a.CurrentVersion++ }, "currentVersion"},
		{idPatterns, true, func(a *Article) { a.CreatedAt = testStamp }, "createdAt"},
	} {
		a, err := s.Article(ctx, c.id)
		if err != nil {
			t.Fatal(err)
		}
		want := a
		a.Title = "Edited"
		c.edit(&a)
		rec.Reset()
		_, err = rs.PutArticle(ctx, a)
		var ve *ddbmodel.ValidationError
		if !errors.As(err, &ve) || ve.Entity != Articles.Name() || ve.Attribute != c.attribute {
			t.Errorf("put of %s changing %s: got %v, want a *ddbmodel.ValidationError of article's %s", c.id, c.attribute, err, c.attribute)
		}
		if n := rec.Count(entitytest.PutItem, entitytest.UpdateItem, entitytest.TransactWriteItems); n != 0 {
			t.Errorf("refused put of %s sent %d writes: %v", c.id, n, rec.Requests())
		}
		if got, err := s.Article(ctx, c.id); err != nil || got.Title != want.Title || got.Status != want.Status {
			t.Errorf("%s after a refused put: %+v, %v; want %+v", c.id, got, err, want)
		}
		checkJunctions(t, s, c.id, c.published)
	}

	// Zero status, tags and currentVersion keep the stored ones.
	got, err := s.PutArticle(ctx, Article{ArticleID: idManyToMany, Title: "Many to many, edited", Slug: "m2m", AuthorID: "u_02"})
	if err != nil {
		t.Fatal(err)
	}
	stored, err := s.Article(ctx, idManyToMany)
	if err != nil {
		t.Fatal(err)
	}
	before := sampleArticleByID(t, idManyToMany)
	if stored.Title != "Many to many, edited" || stored.Status != StatusDraft || !slices.Equal(stored.Tags, normalize(before).Tags) ||
		stored.CurrentVersion != before.CurrentVersion || stored.CreatedAt != before.CreatedAt || stored.UpdatedAt != testStamp || stored.Excerpt != "" {
		t.Errorf("after the put: %+v; want the edit with the sample's status, tags, currentVersion and createdAt", stored)
	}
	if got.Title != stored.Title || got.Status != stored.Status || got.UpdatedAt != stored.UpdatedAt {
		t.Errorf("PutArticle returned %+v, stored %+v", got, stored)
	}
	checkJunctions(t, s, idManyToMany, false)

	if _, err := s.PutArticle(ctx, Article{ArticleID: "01HZZZZZZZZZZZZZZZZZZZZZZZ", Title: "x", Slug: "x", AuthorID: "u"}); !errors.Is(err, ErrArticleNotFound) {
		t.Errorf("put of a missing article: %v, want ErrArticleNotFound", err)
	}
}

// TestArticlePutAfterAStatusChange checks ArticlePut's condition: a put
// built from an article read before a status change is refused by
// DynamoDB (ddbmodel.ErrConditionFailed) and writes nothing, so the
// published article is not turned back into a draft while its junction
// items stay on the public tag pages.
func TestArticlePutAfterAStatusChange(t *testing.T) {
	t.Parallel()
	s, _ := newStore(t)
	ctx := t.Context()
	read, err := s.Article(ctx, idManyToMany) // a draft
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.SetStatus(ctx, idManyToMany, StatusPublished); err != nil {
		t.Fatal(err)
	}
	read.Title = "Stale edit"
	if _, err := ArticlePut(read).Run(ctx, s.DB); !errors.Is(err, ddbmodel.ErrConditionFailed) {
		t.Fatalf("stale put: %v, want ddbmodel.ErrConditionFailed", err)
	}
	a, err := s.Article(ctx, idManyToMany)
	if err != nil || a.Status != StatusPublished || a.Title == "Stale edit" {
		t.Errorf("after the stale put: %+v, %v; want it published and unchanged", a, err)
	}
	checkJunctions(t, s, idManyToMany, true)

	// Read again, the put goes through and keeps the status.
	if _, err := s.PutArticle(ctx, Article{ArticleID: idManyToMany, Title: "Fresh edit", Slug: "fresh", AuthorID: a.AuthorID}); err != nil {
		t.Fatal(err)
	}
	if a, err = s.Article(ctx, idManyToMany); err != nil || a.Status != StatusPublished || a.Title != "Fresh edit" {
		t.Errorf("after the fresh put: %+v, %v", a, err)
	}
	checkJunctions(t, s, idManyToMany, true)
}
