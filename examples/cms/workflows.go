package cms

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/txn"
)

// ErrPublishConflict reports that another writer published a version of the
// article between this writer's read and its transaction: nothing was
// written, and the publish may be retried (it reads the new current version).
var ErrPublishConflict = errors.New("cms: concurrent publish")

// PublishConflictError is the typed form of ErrPublishConflict: the article
// and the version the writer tried to create.
type PublishConflictError struct {
	ArticleID string
	Version   int   // the version this writer tried to create
	Err       error // the canceled transaction (*ddbmodel.TxCanceledError)
}

// Error describes the conflict.
func (e *PublishConflictError) Error() string {
	return fmt.Sprintf("cms: article %s: version %d was published concurrently; retry: %v", e.ArticleID, e.Version, e.Err)
}

// Unwrap returns ErrPublishConflict and the transaction's error.
func (e *PublishConflictError) Unwrap() []error { return []error{ErrPublishConflict, e.Err} }

// ErrArticleExists reports creating an article whose ID is taken.
var ErrArticleExists = errors.New("cms: article already exists")

// ErrTagExists reports adding a tag the article already has.
var ErrTagExists = errors.New("cms: the article already has the tag")

// ErrTagNotFound reports removing a tag the article does not have.
var ErrTagNotFound = errors.New("cms: the article does not have the tag")

// reasonOf returns the outcome of the failed action of entity name in a
// canceled transaction (nil when that entity's actions did not fail).
func reasonOf(err error, name string) (ddbmodel.CancelReason, bool) {
	var tc *ddbmodel.TxCanceledError
	if !errors.As(err, &tc) {
		return ddbmodel.CancelReason{}, false
	}
	for _, r := range tc.Failed() {
		if r.Entity == name {
			return r, true
		}
	}
	return ddbmodel.CancelReason{}, false
}

// WordCount counts the words of a body.
func WordCount(body string) int { return len(strings.Fields(body)) }

var nonSlug = regexp.MustCompile(`[^a-z0-9]+`)

// Slugify derives a URL slug from a title: "DynamoDB Patterns" -> "dynamodb-patterns".
func Slugify(title string) string {
	return strings.Trim(nonSlug.ReplaceAllString(strings.ToLower(title), "-"), "-")
}

// CreateArticleTx is the transaction of CreateArticle: the metadata and
// version 1 created only if absent, and one TagArticle per tag, in GSI2
// (the public tag pages) when the article is published.
func CreateArticleTx(a Article, first ArticleVersion) txn.WriteTx {
	tx := txn.Write(Articles.Create(a), Versions.Create(first))
	for _, tag := range a.Tags {
		tx = tx.Add(TagArticles.Create(junction(tag, a.ArticleID, a.Status, a.CreatedAt)))
	}
	return tx
}

// junction is the TagArticle item of tag on an article of the given
// status: with publishedTag, so in GSI2, only when the article is
// published.
func junction(tag, articleID, status, taggedAt string) TagArticle {
	l := TagArticle{Tag: tag, ArticleID: articleID, TaggedAt: taggedAt}
	if status == StatusPublished {
		l.PublishedTag = tag
	}
	return l
}

// CreateArticle creates an article with its first version (body, by its
// author) and its tags, all in one transaction, so that VERSION#1 exists as
// soon as the metadata does and every tag in the article's set has its
// junction item; nothing is written when any part fails (ErrArticleExists,
// a *ddbmodel.ValidationError). An empty ArticleID gets a new ULID; any
// other ArticleID must be a ULID (AP5 and AP6 list newest first by ID
// order), or it is refused with a *ddbmodel.ValidationError on articleId
// before anything is sent. An empty Slug is derived from the title; status
// defaults to draft. It returns the article as stored.
func (s *Store) CreateArticle(ctx context.Context, a Article, body string) (Article, error) {
	now := s.now()
	if a.ArticleID == "" {
		newID := s.NewID
		if newID == nil {
			newID = newArticleIDs.At
		}
		id, err := newID(now)
		if err != nil {
			return Article{}, err
		}
		a.ArticleID = id
	}
	if a.Slug == "" {
		a.Slug = Slugify(a.Title)
	}
	if a.Status == "" {
		a.Status = StatusDraft
	}
	if a.Status == StatusPublished && a.PublishedAt == "" {
		a.PublishedAt = stamp(now)
	}
	a.Tags = slices.Compact(slices.Sorted(slices.Values(a.Tags)))
	if len(a.Tags) == 0 {
		a.Tags = nil
	}
	a.CurrentVersion = 1
	a.CreatedAt, a.UpdatedAt = stamp(now), stamp(now)
	first := ArticleVersion{ArticleID: a.ArticleID, Version: 1, Body: body, WordCount: WordCount(body), CreatedBy: a.AuthorID, CreatedAt: stamp(now)}
	if err := CreateArticleTx(a, first).Run(ctx, s.DB); err != nil {
		if r, ok := reasonOf(err, Articles.Name()); ok && errors.Is(r.Err, ddbmodel.ErrAlreadyExists) {
			return Article{}, fmt.Errorf("%w: %s: %w", ErrArticleExists, a.ArticleID, err)
		}
		return Article{}, fmt.Errorf("cms: create article %s: %w", a.ArticleID, err)
	}
	return a, nil
}

// PublishVersionTx is the transaction of AP8 for a writer that read
// currentVersion = v.Version-1: create VERSION#<v.Version> only if absent,
// and set the metadata's currentVersion to v.Version (and updatedAt) only if
// it still holds v.Version-1.
func PublishVersionTx(v ArticleVersion, updatedAt string) txn.WriteTx {
	return txn.Write(
		Versions.Create(v),
		ArticleByID.Update(ArticleKey{v.ArticleID}).
			Apply(ArticleCurVer.Set(v.Version), ArticleUpdAt.Set(updatedAt)).
			Ensure(ArticleCurVer.Eq(v.Version-1)),
	)
}

// publishResends is how many times PublishVersion resends its transaction
// after an error that says nothing about whether it was applied (a lost
// response, a 5xx, throttling).
const publishResends = 3

// publishToken returns the idempotency token of one PublishVersion call:
// derived from the article ID, the target version and a random nonce, so
// that resending the call's transaction is applied at most once, while
// another call (another writer, or a new attempt after a conflict) is a
// different request. DynamoDB keeps tokens for ten minutes.
func publishToken(articleID string, version int) string {
	var nonce [16]byte
	rand.Read(nonce[:]) // never fails (crypto/rand, Go 1.24+)
	h := sha256.Sum256(fmt.Appendf(nil, "%s#%d#%x", articleID, version, nonce))
	return hex.EncodeToString(h[:16]) // 32 characters, within DynamoDB's 36
}

// PublishVersion answers AP8, "publish a new version": it reads the
// article's currentVersion n (strongly consistent) and runs
// PublishVersionTx for version n+1 with body, written by authorID. The
// transaction carries an idempotency token, and an error that leaves its
// outcome unknown (ddbmodel.IsRetryable: a lost response, a 5xx,
// throttling) resends it with the same token, up to publishResends times,
// so a commit whose response was lost is published once, not again. When
// another writer published first, nothing is written and the error is a
// *PublishConflictError (errors.Is(err, ErrPublishConflict)), also when
// DynamoDB refused the transaction because another one held the items; call
// PublishVersion again to publish on top of the other version. A missing
// article is ErrArticleNotFound.
func (s *Store) PublishVersion(ctx context.Context, articleID, body, authorID string) (ArticleVersion, error) {
	a, err := ArticleGet(articleID).Consistent().Run(ctx, s.DB)
	if errors.Is(err, ddbmodel.ErrNotFound) {
		return ArticleVersion{}, fmt.Errorf("%w: %s: %w", ErrArticleNotFound, articleID, err)
	}
	if err != nil {
		return ArticleVersion{}, err
	}
	now := stamp(s.now())
	v := ArticleVersion{
		ArticleID: articleID, Version: a.CurrentVersion + 1, Body: body,
		WordCount: WordCount(body), CreatedBy: authorID, CreatedAt: now,
	}
	tx := PublishVersionTx(v, now).Token(publishToken(articleID, v.Version))
	err = tx.Run(ctx, s.DB)
	for attempt := 0; err != nil && attempt < publishResends && outcomeUnknown(err); attempt++ {
		if werr := sleep(ctx, time.Duration(50<<attempt)*time.Millisecond); werr != nil {
			return ArticleVersion{}, fmt.Errorf("cms: publish %s version %d: %w (after %w)", articleID, v.Version, werr, err)
		}
		err = tx.Run(ctx, s.DB)
	}
	if err == nil {
		return v, nil
	}
	if r, ok := reasonOf(err, Articles.Name()); ok && errors.Is(r.Err, ddbmodel.ErrNotFound) {
		return ArticleVersion{}, fmt.Errorf("%w: %s: %w", ErrArticleNotFound, articleID, err)
	}
	var tc *ddbmodel.TxCanceledError
	var busy *types.TransactionConflictException
	if errors.As(err, &tc) && (tc.Conflict() || errors.Is(err, ddbmodel.ErrConditionFailed)) || errors.As(err, &busy) {
		return ArticleVersion{}, &PublishConflictError{ArticleID: articleID, Version: v.Version, Err: err}
	}
	return ArticleVersion{}, fmt.Errorf("cms: publish %s version %d: %w", articleID, v.Version, err)
}

// outcomeUnknown reports an error of a transaction that may or may not have
// been applied and is worth resending with its token: retryable, and not a
// cancellation or a conflict (which DynamoDB decided, and PublishVersion
// reports).
func outcomeUnknown(err error) bool {
	var tc *ddbmodel.TxCanceledError
	var busy *types.TransactionConflictException
	return ddbmodel.IsRetryable(err) && !errors.As(err, &tc) && !errors.As(err, &busy)
}

// sleep waits for d or until ctx ends, returning ctx's error then.
func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// AddTagTx is the transaction of AddTag for an article read with the given
// status: create the TagArticle item only if absent (in GSI2 when status
// is published), and add the tag to the article's tags set only if the
// article exists, does not have the tag yet, and still has that status.
func AddTagTx(articleID, tag, status, taggedAt string) txn.WriteTx {
	return txn.Write(
		TagArticles.Create(junction(tag, articleID, status, taggedAt)),
		ArticleByID.Update(ArticleKey{articleID}).
			Apply(ArticleTags.Add(tag), ArticleUpdAt.Set(taggedAt)).
			Ensure(ArticleTags.Contains(tag).Not(), ArticleStatus.Eq(status)),
	)
}

// statusRetries is how many times AddTag and SetStatus run again when the
// article's status or tags changed between their read and their
// transaction.
const statusRetries = 3

// AddTag tags an article: the junction item (AP6, AP7) and the article's
// tags set (the card view) change together in one transaction, or neither
// does. It reads the article first (strongly consistent): the junction
// item of a published article goes into GSI2, the public tag page, and the
// transaction holds only if the status is still the one read (it runs again
// when not). Errors: ErrBadTag, ErrArticleNotFound, ErrTagExists.
func (s *Store) AddTag(ctx context.Context, articleID, tag string) error {
	if err := CheckTag(tag); err != nil {
		return err
	}
	for attempt := 0; ; attempt++ {
		a, err := ArticleGet(articleID).Consistent().Run(ctx, s.DB)
		if errors.Is(err, ddbmodel.ErrNotFound) {
			return fmt.Errorf("%w: %s: %w", ErrArticleNotFound, articleID, err)
		}
		if err != nil {
			return err
		}
		err = AddTagTx(articleID, tag, a.Status, stamp(s.now())).Run(ctx, s.DB)
		if err == nil {
			return nil
		}
		if r, ok := reasonOf(err, Articles.Name()); ok && errors.Is(r.Err, ddbmodel.ErrNotFound) {
			return fmt.Errorf("%w: %s: %w", ErrArticleNotFound, articleID, err)
		}
		if !errors.Is(err, ddbmodel.ErrConditionFailed) {
			return fmt.Errorf("cms: tag %s with %q: %w", articleID, tag, err)
		}
		if slices.Contains(a.Tags, tag) || attempt == statusRetries {
			return fmt.Errorf("%w: %s %q: %w", ErrTagExists, articleID, tag, err)
		}
		// The tag was absent when read: the status or the tags changed
		// meanwhile. Read again.
	}
}

// RemoveTagTx is the transaction of RemoveTag: delete the TagArticle item,
// which must exist, and remove the tag from the article's tags set, which
// must hold it.
func RemoveTagTx(articleID, tag, updatedAt string) txn.WriteTx {
	return txn.Write(
		TagArticleByKey.Delete(TagArticleKey{tag, articleID}).MustExist(),
		ArticleByID.Update(ArticleKey{articleID}).
			Apply(ArticleTags.DeleteFromSet(tag), ArticleUpdAt.Set(updatedAt)).
			Ensure(ArticleTags.Contains(tag)),
	)
}

// RemoveTag untags an article: the junction item and the tags set change
// together, or neither does. Errors: ErrBadTag, ErrArticleNotFound,
// ErrTagNotFound.
func (s *Store) RemoveTag(ctx context.Context, articleID, tag string) error {
	if err := CheckTag(tag); err != nil {
		return err
	}
	err := RemoveTagTx(articleID, tag, stamp(s.now())).Run(ctx, s.DB)
	if err == nil {
		return nil
	}
	if r, ok := reasonOf(err, Articles.Name()); ok && errors.Is(r.Err, ddbmodel.ErrNotFound) {
		return fmt.Errorf("%w: %s: %w", ErrArticleNotFound, articleID, err)
	}
	if errors.Is(err, ddbmodel.ErrConditionFailed) || errors.Is(err, ddbmodel.ErrNotFound) {
		return fmt.Errorf("%w: %s %q: %w", ErrTagNotFound, articleID, tag, err)
	}
	return fmt.Errorf("cms: untag %s %q: %w", articleID, tag, err)
}
