package cms

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/txn"
)

// ErrStatusConflict reports a status change that kept meeting concurrent
// changes of the article's status or tags: nothing was written.
var ErrStatusConflict = errors.New("cms: the article changed during the status change")

// statusWriter is the Article entity once more, with status writable, on a
// second description of the same table (entity names are unique per
// description, and both send to the table named "cms" or to what the DB
// maps it to). Its items are Articles' items: the same name, keys and
// marker. It is unexported and only SetStatusTx writes through it, so the
// status changes only together with the junction items' GSI2 keys.
var statusWriter = entity.MustDefine(newTable(), articleConfig(false))

// Handles of the status writer, for SetStatusTx.
var (
	statusArticleByID = entity.ItemKeyOf[ArticleKey](statusWriter)
	statusStatus      = entity.StringOf(statusWriter, func(a *Article) *string { return &a.Status })
	statusUpdAt       = entity.StringOf(statusWriter, func(a *Article) *string { return &a.UpdatedAt })
	statusPubAt       = entity.StringOf(statusWriter, func(a *Article) *string { return &a.PublishedAt })
	statusTags        = entity.SetOf(statusWriter, func(a *Article) *[]string { return &a.Tags })
)

// SetStatusTx is the transaction of SetStatus for article a as read (its
// status and tags): set the metadata's status (and publishedAt, the first
// time it is published) only if the status and the tags set are still
// those of a, and update each of a's junction items so that it is in GSI2,
// the public tag pages, exactly when status is published (publishedTag set
// or removed; the library writes or removes gsi2pk and gsi2sk with it). So
// the tag pages always agree with the metadata's status. An article has at
// most 99 tags for this transaction (DynamoDB's 100 actions); more are
// refused before sending.
//
// It is the only write of an article's status: Articles keeps status
// read-only, and SetStatusTx writes it through an unexported definition of
// the same entity that allows it.
func SetStatusTx(a Article, status, at string) txn.WriteTx {
	set := []entity.Change[Article]{statusStatus.Set(status), statusUpdAt.Set(at)}
	if status == StatusPublished && a.PublishedAt == "" {
		set = append(set, statusPubAt.Set(at))
	}
	tx := txn.Write(statusArticleByID.Update(ArticleKey{a.ArticleID}).Apply(set...).Ensure(sameStatusAndTags(a)...))
	for _, tag := range a.Tags {
		change := LinkPublishedTag.Remove()
		if status == StatusPublished {
			change = LinkPublishedTag.Set(tag)
		}
		tx = tx.Add(TagArticleByKey.Update(TagArticleKey{tag, a.ArticleID}).Apply(change))
	}
	return tx
}

// sameStatusAndTags is the condition that the stored article still has
// a's status and exactly a's tags set, which its junction items follow.
func sameStatusAndTags(a Article) []entity.Cond[Article] {
	same := []entity.Cond[Article]{statusStatus.Eq(a.Status)}
	if len(a.Tags) == 0 {
		return append(same, statusTags.NotExists())
	}
	same = append(same, statusTags.SizeEq(len(a.Tags)))
	for _, tag := range a.Tags {
		same = append(same, statusTags.Contains(tag))
	}
	return same
}

// SetStatus changes an article's status (draft, published or archived):
// the metadata and the article's junction items change together in one
// transaction (SetStatusTx), so the article enters the public tag pages
// (AP6) when it is published and leaves them when it goes back to draft
// or is archived. It reads the article first (strongly consistent) and
// runs again when the status or tags changed in between, up to a few
// times (then ErrStatusConflict). Publishing sets publishedAt the first
// time. Setting the status an article has changes nothing. Errors:
// ErrArticleNotFound, ErrStatusConflict, a *ddbmodel.ValidationError for a
// status outside the enum (nothing sent). It returns the article as
// stored.
func (s *Store) SetStatus(ctx context.Context, articleID, status string) (Article, error) {
	if !slices.Contains([]string{StatusDraft, StatusPublished, StatusArchived}, status) {
		return Article{}, &ddbmodel.ValidationError{Entity: Articles.Name(), Attribute: "status",
			Reason: fmt.Sprintf("%q is not one of %s, %s, %s", status, StatusDraft, StatusPublished, StatusArchived)}
	}
	var err error
	for range statusRetries + 1 {
		var a Article
		a, err = s.articleConsistent(ctx, articleID)
		if err != nil {
			return Article{}, err
		}
		if a.Status == status {
			return a, nil
		}
		at := stamp(s.now())
		err = SetStatusTx(a, status, at).Run(ctx, s.DB)
		if err == nil {
			if status == StatusPublished && a.PublishedAt == "" {
				a.PublishedAt = at
			}
			a.Status, a.UpdatedAt = status, at
			return a, nil
		}
		if r, ok := reasonOf(err, Articles.Name()); ok && errors.Is(r.Err, ddbmodel.ErrNotFound) {
			return Article{}, fmt.Errorf("%w: %s: %w", ErrArticleNotFound, articleID, err)
		}
		if !errors.Is(err, ddbmodel.ErrConditionFailed) && !errors.Is(err, ddbmodel.ErrNotFound) {
			return Article{}, fmt.Errorf("cms: set status of %s to %s: %w", articleID, status, err)
		}
		// The status or the tags changed since the read (a junction item
		// of a tag removed meanwhile is not found): read again.
	}
	return Article{}, fmt.Errorf("%w: %s to %s: %w", ErrStatusConflict, articleID, status, err)
}

// articleConsistent reads an article's metadata strongly consistent.
func (s *Store) articleConsistent(ctx context.Context, articleID string) (Article, error) {
	a, err := ArticleGet(articleID).Consistent().Run(ctx, s.DB)
	if errors.Is(err, ddbmodel.ErrNotFound) {
		return Article{}, fmt.Errorf("%w: %s: %w", ErrArticleNotFound, articleID, err)
	}
	if err != nil {
		return Article{}, err
	}
	return normalize(a), nil
}
