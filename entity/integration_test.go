package entity_test

import (
	"context"
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
)

func TestSingleItemLifecycle(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	table := newTable()
	articles := defineArticles(t, table)
	db := entitytest.NewDB(t, table)

	a, err := articles.Create(Article{ArticleID: "a1", Title: "Hello", AuthorID: "u1"}).Run(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	if a.Status != "draft" || a.Revision != 1 {
		t.Fatalf("created = %+v, want default status and revision 1", a)
	}
	_, err = articles.Create(Article{ArticleID: "a1", Title: "Again", AuthorID: "u1"}).Run(ctx, db)
	if !errors.Is(err, ddbmodel.ErrAlreadyExists) || !ddbmodel.IsConditionFailed(err) {
		t.Fatalf("second create: err = %v, want ErrAlreadyExists", err)
	}
	got, err := articles.Get(entity.Values{"articleId": "a1"}).Run(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(a, got); diff != "" {
		t.Fatalf("get (-created +got):\n%s", diff)
	}
	// Status feeds GSI1SK: the update recomputes it from the key and the new status.
	up, err := articles.Update(entity.Values{"articleId": "a1"}).Set("status", "published").With(entity.Values{"authorId": "u1"}).IfVersion(1).Run(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	if up.Status != "published" || up.Revision != 2 {
		t.Fatalf("updated = %+v", up)
	}
	in := mustGet(t, articles, "a1")
	in.TableName = &db.TableName
	raw, err := db.Client.GetItem(ctx, in)
	if err != nil {
		t.Fatal(err)
	}
	if s := raw.Item["GSI1SK"]; s == nil || str(s) != "STATUS#published#ARTICLE#a1" {
		t.Fatalf("GSI1SK = %v", raw.Item["GSI1SK"])
	}
	// Without authorId the update cannot compute GSI1PK... but GSI1PK does not use status, GSI1SK does and needs articleId (in the key) only.
	_, err = articles.Update(entity.Values{"articleId": "a1"}).Set("authorId", "u2").Run(ctx, db)
	if err != nil {
		t.Fatalf("moving author: %v", err)
	}
	// Stale version.
	_, err = articles.Update(entity.Values{"articleId": "a1"}).Set("title", "x").IfVersion(1).Run(ctx, db)
	if !errors.Is(err, ddbmodel.ErrVersionConflict) {
		t.Fatalf("stale update: err = %v, want ErrVersionConflict", err)
	}
	// Update of a missing item.
	_, err = articles.Update(entity.Values{"articleId": "nope"}).Set("title", "x").Run(ctx, db)
	if !errors.Is(err, ddbmodel.ErrNotFound) {
		t.Fatalf("update missing: err = %v, want ErrNotFound", err)
	}
	// Enum violation is caught before sending.
	_, err = articles.Update(entity.Values{"articleId": "a1"}).Set("status", "bogus").Run(ctx, db)
	var ve *ddbmodel.ValidationError
	if !errors.As(err, &ve) || ve.Attribute != "status" {
		t.Fatalf("bad enum: err = %v", err)
	}
	if err := articles.Delete(entity.Values{"articleId": "a1"}).IfVersion(3).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	_, err = articles.Get(entity.Values{"articleId": "a1"}).Run(ctx, db)
	if !errors.Is(err, ddbmodel.ErrNotFound) {
		t.Fatalf("after delete: err = %v", err)
	}
}
