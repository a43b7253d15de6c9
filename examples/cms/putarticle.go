package cms

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
)

// ArticlePut is the request of PutArticle: replace the #METADATA item with
// a, only if the stored article still has a's status, exactly a's tags set
// and a's currentVersion. A put replaces the whole item, so without that
// condition it could change the status or the tags while the junction
// items (in GSI2, the public tag pages, only while the article is
// published) stay as they were, or move currentVersion off the newest
// version; with it, a put written from a stale read is refused
// (ddbmodel.ErrConditionFailed) and writes nothing. A missing article fails
// the condition too: a put never creates an article (CreateArticle does).
func ArticlePut(a Article) entity.PutOp[Article] {
	return Articles.Put(a).Ensure(append(sameStatusAndTags(a), ArticleCurVer.Eq(a.CurrentVersion))...)
}

// PutArticle replaces an article's metadata (title, slug, excerpt, author,
// ...) with a, keeping what the workflows own: its status (SetStatus), its
// tags (AddTag, RemoveTag), its currentVersion (PublishVersion), createdAt
// and publishedAt. A zero value of one of those keeps the stored one; any
// other value must equal it, or the put is refused with a
// *ddbmodel.ValidationError naming the attribute and the stored value, and
// nothing is written: a status change through PutArticle would leave the
// article's junction items in or out of the public tag pages against its
// status. updatedAt is set from the Store's clock.
//
// It reads the article first (strongly consistent) and sends ArticlePut,
// which holds only if the status, the tags and currentVersion are still
// those read; when they changed in between it reads again, up to a few
// times (then ErrStatusConflict). Errors: ErrArticleNotFound, a
// *ddbmodel.ValidationError. It returns the article as stored.
func (s *Store) PutArticle(ctx context.Context, a Article) (Article, error) {
	var err error
	for range statusRetries + 1 {
		var stored Article
		stored, err = s.articleConsistent(ctx, a.ArticleID)
		if err != nil {
			return Article{}, err
		}
		var put Article
		if put, err = keepOwned(a, stored); err != nil {
			return Article{}, err
		}
		put.UpdatedAt = stamp(s.now())
		if _, err = ArticlePut(put).Run(ctx, s.DB); err == nil {
			return put, nil
		}
		if !errors.Is(err, ddbmodel.ErrConditionFailed) {
			return Article{}, fmt.Errorf("cms: put article %s: %w", a.ArticleID, err)
		}
		// The status, the tags or currentVersion changed since the read:
		// read again.
	}
	return Article{}, fmt.Errorf("%w: put %s: %w", ErrStatusConflict, a.ArticleID, err)
}

// keepOwned returns a with the attributes the workflows own taken from
// stored where a leaves them zero, or a *ddbmodel.ValidationError naming
// the first one a sets to another value.
func keepOwned(a, stored Article) (Article, error) {
	a = normalize(a)
	a.Tags = slices.Compact(a.Tags)
	refuse := func(attr, got, want, owner string) error {
		return &ddbmodel.ValidationError{Entity: Articles.Name(), Attribute: attr,
			Reason: fmt.Sprintf("a put keeps the stored %s (%s, got %s); %s changes it", attr, want, got, owner)}
	}
	keepString := func(attr string, v *string, want, owner string) error {
		if *v == "" {
			*v = want
		} else if *v != want {
			return refuse(attr, fmt.Sprintf("%q", *v), fmt.Sprintf("%q", want), owner)
		}
		return nil
	}
	if err := keepString("status", &a.Status, stored.Status, "SetStatus, with the junction items,"); err != nil {
		return Article{}, err
	}
	switch {
	case len(a.Tags) == 0:
		a.Tags = stored.Tags
	case !slices.Equal(a.Tags, stored.Tags):
		return Article{}, refuse("tags", fmt.Sprint(a.Tags), fmt.Sprint(stored.Tags), "AddTag or RemoveTag, with the junction items,")
	}
	switch {
	case a.CurrentVersion == 0:
		a.CurrentVersion = stored.CurrentVersion
	case a.CurrentVersion != stored.CurrentVersion:
		return Article{}, refuse("currentVersion", fmt.Sprint(a.CurrentVersion), fmt.Sprint(stored.CurrentVersion), "PublishVersion")
	}
	if err := keepString("createdAt", &a.CreatedAt, stored.CreatedAt, "no workflow"); err != nil {
		return Article{}, err
	}
	if err := keepString("publishedAt", &a.PublishedAt, stored.PublishedAt, "SetStatus"); err != nil {
		return Article{}, err
	}
	return a, nil
}
