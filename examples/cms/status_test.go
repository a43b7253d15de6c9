package cms

import (
	"errors"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/google/go-cmp/cmp"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
)

// checkJunctions checks an article's junction items as stored: one per tag
// of its set, each with keys equal to what a put of its value writes, and
// in GSI2 (gsi2pk and gsi2sk present) exactly when published.
func checkJunctions(t *testing.T, s *Store, articleID string, published bool) {
	t.Helper()
	ctx := t.Context()
	a, err := s.Article(ctx, articleID)
	if err != nil {
		t.Fatal(err)
	}
	for _, tag := range a.Tags {
		get := TagArticleByKey.Get(TagArticleKey{tag, articleID}).Consistent()
		in, err := get.Build()
		if err != nil {
			t.Fatal(err)
		}
		in.TableName = aws.String(s.DB.TableName)
		raw, err := s.DB.Client.GetItem(ctx, in)
		if err != nil || raw.Item == nil {
			t.Fatalf("junction %s/%s: %v, %v", tag, articleID, raw, err)
		}
		l, err := get.Run(ctx, s.DB)
		if err != nil {
			t.Fatal(err)
		}
		put, err := TagArticles.Put(l).Build()
		if err != nil {
			t.Fatal(err)
		}
		for _, attr := range []string{"pk", "sk", "gsi1pk", "gsi1sk", "gsi2pk", "gsi2sk"} {
			if diff := cmp.Diff(put.Item[attr], raw.Item[attr], entitytest.CmpOptions); diff != "" {
				t.Errorf("junction %s/%s: stored %s differs from a put of its value (-put +stored):\n%s", tag, articleID, attr, diff)
			}
		}
		if _, inGSI2 := raw.Item["gsi2pk"]; inGSI2 != published {
			t.Errorf("junction %s/%s: in GSI2 = %v, want %v (article %s)", tag, articleID, inGSI2, published, a.Status)
		}
	}
}

func TestSetStatus(t *testing.T) {
	t.Parallel()
	s, _ := newStore(t)
	ctx := t.Context()
	for _, a := range SampleData().Articles {
		checkJunctions(t, s, a.ArticleID, a.Status == StatusPublished)
	}
	tagPage := func(tag string, want ...string) {
		t.Helper()
		as, err := s.ArticlesByTag(ctx, tag)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(want, articleIDs(as)); diff != "" {
			t.Errorf("AP6 %s (-want +got):\n%s", tag, diff)
		}
	}
	tagPage("data-modeling", idMistakes)

	// Publishing the draft idManyToMany puts it on its tags' pages.
	a, err := s.SetStatus(ctx, idManyToMany, StatusPublished)
	if err != nil {
		t.Fatal(err)
	}
	want := sampleArticleByID(t, idManyToMany)
	want.Status, want.PublishedAt, want.UpdatedAt = StatusPublished, testStamp, testStamp
	if diff := cmp.Diff(want, a); diff != "" {
		t.Errorf("SetStatus result (-want +got):\n%s", diff)
	}
	if got, err := s.Article(ctx, idManyToMany); err != nil || !cmp.Equal(want, got) {
		t.Errorf("stored article after SetStatus: %v, %v; want %v", got, err, want)
	}
	checkJunctions(t, s, idManyToMany, true)
	tagPage("data-modeling", idMistakes, idManyToMany)
	tagPage("dynamodb", idOverloading, idMistakes, idManyToMany, idPatterns, idGettingStarted)

	// Archiving idPatterns takes it off its tags' pages; AP7 and the card
	// keep its tags.
	if _, err := s.SetStatus(ctx, idPatterns, StatusArchived); err != nil {
		t.Fatal(err)
	}
	checkJunctions(t, s, idPatterns, false)
	tagPage("dynamodb", idOverloading, idMistakes, idManyToMany, idGettingStarted)
	tagPage("aws", idOverloading, idPipelines, idGettingStarted)
	links, err := s.TagsOfArticle(ctx, idPatterns)
	if err != nil || !cmp.Equal([]string{"aws", "dynamodb"}, tagsOf(links)) {
		t.Errorf("AP7 of the archived article: %v, %v", tagsOf(links), err)
	}

	// A tag added to a draft stays off the tag page until it is published,
	// and publishing again keeps the first publishedAt.
	if _, err := s.SetStatus(ctx, idManyToMany, StatusDraft); err != nil {
		t.Fatal(err)
	}
	if err := s.AddTag(ctx, idManyToMany, "serverless"); err != nil {
		t.Fatal(err)
	}
	checkJunctions(t, s, idManyToMany, false)
	tagPage("serverless", idPipelines)
	s.Now = func() time.Time { return testNow.Add(time.Hour) }
	a, err = s.SetStatus(ctx, idManyToMany, StatusPublished)
	if err != nil {
		t.Fatal(err)
	}
	if a.PublishedAt != testStamp || a.UpdatedAt != "2024-06-01T13:00:00.000Z" {
		t.Errorf("republished: publishedAt %s, updatedAt %s; want %s and an hour later", a.PublishedAt, a.UpdatedAt, testStamp)
	}
	checkJunctions(t, s, idManyToMany, true)
	tagPage("serverless", idManyToMany, idPipelines)

	// The status it has already: nothing is written.
	if _, err := s.SetStatus(ctx, idManyToMany, StatusPublished); err != nil {
		t.Fatal(err)
	}
}

// TestSetStatusRetriesAfterATagChange: a tag added between SetStatus's read
// and its transaction fails the transaction (the tags set is not the one
// read); SetStatus reads again and moves the new junction item too.
func TestSetStatusRetriesAfterATagChange(t *testing.T) {
	t.Parallel()
	s, cc := newStore(t)
	ctx := t.Context()
	cc.beforeTx = func() {
		if err := s.AddTag(ctx, idManyToMany, "serverless"); err != nil {
			t.Error(err)
		}
	}
	if _, err := s.SetStatus(ctx, idManyToMany, StatusPublished); err != nil {
		t.Fatal(err)
	}
	if got := cc.reset()["TransactWriteItems"]; got != 3 {
		t.Errorf("%d transactions, want 3 (the failed status change, the tag, the status change again)", got)
	}
	checkJunctions(t, s, idManyToMany, true)
	as, err := s.ArticlesByTag(ctx, "serverless")
	if err != nil || !cmp.Equal([]string{idManyToMany, idPipelines}, articleIDs(as)) {
		t.Errorf("AP6 serverless: %v, %v", articleIDs(as), err)
	}
}

func TestSetStatusRefusals(t *testing.T) {
	t.Parallel()
	s := &Store{DB: entity.NewDB(entitytest.NoRequests(t), "cms")}
	_, err := s.SetStatus(t.Context(), idPatterns, "deleted")
	var ve *ddbmodel.ValidationError
	if !errors.As(err, &ve) || ve.Entity != "article" || ve.Attribute != "status" {
		t.Errorf("bad status: err = %v, want a ValidationError on article.status", err)
	}

	s2, _ := newStore(t)
	_, err = s2.SetStatus(t.Context(), "01HZZZZZZZZZZZZZZZZZZZZZZZ", StatusPublished)
	if !errors.Is(err, ErrArticleNotFound) {
		t.Errorf("missing article: err = %v, want ErrArticleNotFound", err)
	}
}

// TestArticleIDsAreULIDs: an article ID that is not a ULID would break the
// newest-first order of AP5 and AP6; it is refused before anything is sent.
func TestArticleIDsAreULIDs(t *testing.T) {
	t.Parallel()
	rec := entitytest.NewRecorder(nil)
	s := &Store{DB: entity.NewDB(rec, "cms"), Now: func() time.Time { return testNow }}
	for _, id := range []string{
		"article-1",
		"01hz9tqgg00000000000000000",  // lower case
		"01HZ9TQGG0000000000000000",   // 25 characters
		"81HZ9TQGG00000000000000000",  // a time past 48 bits
		"01HZ9TQGG0000000000000000U",  // U is not Crockford base 32
		"01HZ9TQGG00000000000000000X", // 27 characters
	} {
		_, err := s.CreateArticle(t.Context(), Article{ArticleID: id, Title: "T", AuthorID: "u_01"}, "body")
		var ve *ddbmodel.ValidationError
		if !errors.As(err, &ve) || ve.Entity != "article" || ve.Attribute != "articleId" {
			t.Errorf("ID %q: err = %v, want a ValidationError on article.articleId", id, err)
		}
		if _, err := TagArticles.Put(TagArticle{Tag: "aws", ArticleID: id}).Build(); !errors.As(err, &ve) || ve.Attribute != "articleId" {
			t.Errorf("junction of ID %q: err = %v, want a ValidationError on articleId", id, err)
		}
	}
	if n := rec.Count(); n != 0 {
		t.Errorf("%d requests sent for invalid IDs", n)
	}
}

// TestCreatePublishedArticle: an article created published is on its tags'
// pages at once, newest first; one created as a draft is not.
func TestCreatePublishedArticle(t *testing.T) {
	t.Parallel()
	s, _ := newStore(t)
	ctx := t.Context()
	pub, err := s.CreateArticle(ctx, Article{Title: "Fresh", AuthorID: "u_02", Status: StatusPublished, Tags: []string{"lambda"}}, "body")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.CreateArticle(ctx, Article{Title: "Unfinished", AuthorID: "u_02", Tags: []string{"lambda"}}, "body"); err != nil {
		t.Fatal(err)
	}
	checkJunctions(t, s, pub.ArticleID, true)
	as, err := s.ArticlesByTag(ctx, "lambda")
	if err != nil || !cmp.Equal([]string{pub.ArticleID}, articleIDs(as)) {
		t.Errorf("AP6 lambda: %v, %v; want only %s", articleIDs(as), err, pub.ArticleID)
	}
	if got := allTagged(t, s, "lambda"); len(got) != 3 {
		t.Errorf("junction items of lambda: %v, want 3", got)
	}
}

// TestAddTagRetriesAfterAStatusChange: an article published between
// AddTag's read (a draft) and its transaction fails the transaction (the
// status is not the one read); AddTag reads again and writes the junction
// item into GSI2.
func TestAddTagRetriesAfterAStatusChange(t *testing.T) {
	t.Parallel()
	s, cc := newStore(t)
	ctx := t.Context()
	cc.beforeTx = func() {
		if _, err := s.SetStatus(ctx, idManyToMany, StatusPublished); err != nil {
			t.Error(err)
		}
	}
	if err := s.AddTag(ctx, idManyToMany, "serverless"); err != nil {
		t.Fatal(err)
	}
	if got := cc.reset()["TransactWriteItems"]; got != 3 {
		t.Errorf("%d transactions, want 3 (the failed tag, the status change, the tag again)", got)
	}
	checkJunctions(t, s, idManyToMany, true)
	as, err := s.ArticlesByTag(ctx, "serverless")
	if err != nil || !cmp.Equal([]string{idManyToMany, idPipelines}, articleIDs(as)) {
		t.Errorf("AP6 serverless: %v, %v", articleIDs(as), err)
	}
}
