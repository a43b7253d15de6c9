package cms

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/keys"
	"github.com/ddbmodel/ddbmodel/query"
)

// Store runs the CMS's access patterns and workflows against one table.
type Store struct {
	// DB is the client and table name requests go to.
	DB *entity.DB
	// Now is the clock for createdAt, updatedAt and taggedAt; default time.Now.
	Now func() time.Time
	// NewID returns the ID of an article created at t; default a ULID
	// from one process-wide keys.ULIDs generator (random bits from
	// crypto/rand, monotonic within a millisecond).
	NewID func(t time.Time) (string, error)
}

// NewStore returns a Store on db with the wall clock and random ULIDs.
func NewStore(db *entity.DB) *Store { return &Store{DB: db} }

// newArticleIDs makes the article IDs of stores without NewID: one generator,
// so two articles created in one millisecond still get IDs in creation
// order.
var newArticleIDs keys.ULIDs

func (s *Store) now() time.Time {
	if s.Now != nil {
		return s.Now().UTC()
	}
	return time.Now().UTC()
}

// stamp formats a time the way every timestamp of the CMS is stored: UTC,
// fixed width, so that string order is time order.
func stamp(t time.Time) string { return t.UTC().Format(entity.TimeFormat) }

// ErrArticleNotFound reports an article that does not exist.
var ErrArticleNotFound = errors.New("cms: article not found")

// ErrVersionNotFound reports a version an article does not have.
var ErrVersionNotFound = errors.New("cms: version not found")

// normalize puts an article's tag set in a stable (sorted) order: DynamoDB
// does not keep the order of set elements.
func normalize(a Article) Article {
	if len(a.Tags) > 0 {
		a.Tags = slices.Sorted(slices.Values(a.Tags))
	}
	return a
}

// ArticleGet is the request of AP1: GetItem ARTICLE#<articleId> / #METADATA.
func ArticleGet(articleID string) entity.GetOp[Article] {
	return ArticleByID.Get(ArticleKey{articleID})
}

// Article answers AP1, "get article metadata": title, status, author and
// tags, without the body. A missing article is ErrArticleNotFound (and
// ddbmodel.ErrNotFound).
func (s *Store) Article(ctx context.Context, articleID string) (Article, error) {
	a, err := ArticleGet(articleID).Run(ctx, s.DB)
	if errors.Is(err, ddbmodel.ErrNotFound) {
		return Article{}, fmt.Errorf("%w: %s: %w", ErrArticleNotFound, articleID, err)
	}
	if err != nil {
		return Article{}, err
	}
	return normalize(a), nil
}

// ArticleWithBody is an article's metadata and the body of its current version.
type ArticleWithBody struct {
	Article Article
	Current ArticleVersion
}

// CurrentVersionGet is the second request of AP2: GetItem
// ARTICLE#<articleId> / VERSION#<currentVersion> for the version a's
// metadata names. It is strongly consistent, so that a version published an
// instant ago (in the transaction that also set currentVersion) is found.
func CurrentVersionGet(a Article) entity.GetOp[ArticleVersion] {
	return VersionGet(a.ArticleID, a.CurrentVersion).Consistent()
}

// ArticleWithCurrentBody answers AP2, "get article with latest version
// content": the metadata (ArticleGet), then the one version item it names
// (CurrentVersionGet). Two single-item reads: the other versions are never
// read. A query cannot do this in one request: #METADATA sorts before every
// VERSION# key, so a query returning the metadata first would read every
// version after it, and a descending query with Limit 1 reaches the newest
// version but not the metadata. A transactional or batch get cannot either:
// the version to read is known only from the metadata.
func (s *Store) ArticleWithCurrentBody(ctx context.Context, articleID string) (ArticleWithBody, error) {
	a, err := s.Article(ctx, articleID)
	if err != nil {
		return ArticleWithBody{}, err
	}
	v, err := CurrentVersionGet(a).Run(ctx, s.DB)
	if err != nil {
		return ArticleWithBody{}, fmt.Errorf("cms: article %s: current version %d: %w", articleID, a.CurrentVersion, err)
	}
	return ArticleWithBody{Article: a, Current: v}, nil
}

// VersionGet is the request of AP3: GetItem ARTICLE#<articleId> /
// VERSION#<version, zero-padded>.
func VersionGet(articleID string, version int) entity.GetOp[ArticleVersion] {
	return VersionByKey.Get(VersionKey{articleID, version})
}

// Version answers AP3, "get a specific version of an article", body
// included. A missing version is ErrVersionNotFound (and ddbmodel.ErrNotFound).
func (s *Store) Version(ctx context.Context, articleID string, version int) (ArticleVersion, error) {
	v, err := VersionGet(articleID, version).Run(ctx, s.DB)
	if errors.Is(err, ddbmodel.ErrNotFound) {
		return ArticleVersion{}, fmt.Errorf("%w: %s version %d: %w", ErrVersionNotFound, articleID, version, err)
	}
	return v, err
}

// VersionSummaryFields are the fields the version history reads:
// everything but the body.
var VersionSummaryFields = []entity.AnyField[ArticleVersion]{
	VersionArticleID, VersionNumber, VersionWordCount, VersionCreatedBy, VersionCreatedAt,
}

// VersionsQuery is the request of AP4: Query pk = ARTICLE#<articleId> AND
// begins_with(sk, "VERSION#"), oldest first, projecting away the body.
func VersionsQuery(articleID string) query.Query[ArticleVersion] {
	return query.By(ArticleVersions, ArticleKey{articleID}).ProjectFields(VersionSummaryFields...)
}

// Versions answers AP4, "list all versions of an article": the version
// history in version order (1, 2, ..., 9, 10, ...), without bodies. The
// projection saves transfer; DynamoDB still charges reading whole items.
func (s *Store) Versions(ctx context.Context, articleID string) ([]ArticleVersion, error) {
	return VersionsQuery(articleID).Collect(ctx, s.DB)
}

// ArticlesByAuthorQuery is the request of AP5: Query GSI1 gsi1pk =
// AUTHOR#<authorId> AND begins_with(gsi1sk, "ARTICLE#"), descending. The sort
// key holds the article's ULID, whose order is creation order, so descending
// is newest first.
func ArticlesByAuthorQuery(authorID string) query.Query[Article] {
	return query.By(AuthorArticles, ByAuthor{authorID}).Desc()
}

// ArticlesByAuthor answers AP5, "list articles by author (newest first)":
// the author dashboard, metadata only.
func (s *Store) ArticlesByAuthor(ctx context.Context, authorID string) ([]Article, error) {
	as, err := ArticlesByAuthorQuery(authorID).Collect(ctx, s.DB)
	return normalizeAll(as), err
}

// ArticlesByAuthorPage is AP5 one page at a time: at most limit articles
// from cursor ("" for the first page); the page's Cursor is "" after the last.
func (s *Store) ArticlesByAuthorPage(ctx context.Context, authorID string, limit int, cursor string) (query.Page[Article], error) {
	p, err := ArticlesByAuthorQuery(authorID).Limit(limit).Page(ctx, s.DB, cursor)
	p.Items = normalizeAll(p.Items)
	return p, err
}

func normalizeAll(as []Article) []Article {
	for i := range as {
		as[i] = normalize(as[i])
	}
	return as
}

// ArticlesByTagQuery is the request of AP6: Query GSI2 gsi2pk = TAG#<tag>
// AND begins_with(gsi2sk, "ARTICLE#"), descending: the junction items of
// the tag's published articles, newest article first (the sort key holds
// the article's ULID). Junction items of draft and archived articles are
// not in GSI2 (they have no publishedTag), so the query neither returns
// nor reads them.
func ArticlesByTagQuery(tag string) query.Query[TagArticle] {
	return query.By(PublishedLinks, OfPublishedTag{tag}).Desc()
}

// AllArticlesByTagQuery is the editors' view of a tag: Query pk = TAG#<tag>
// AND begins_with(sk, "ARTICLE#"), descending: the junction items of every
// article of the tag, drafts and archived ones included, newest first.
func AllArticlesByTagQuery(tag string) query.Query[TagArticle] {
	return query.By(TagLinks, OfTag{tag}).Desc()
}

// ArticlesByTag answers AP6, "list articles by tag" (the public tag page):
// the junction items of the tag's published articles (ArticlesByTagQuery),
// then the metadata of those articles in one BatchGetItem, newest first. No
// body is read, and no draft or archived article is listed. An article a
// junction item names but the table does not hold is a
// *MissingArticlesError, returned with the articles that were read.
func (s *Store) ArticlesByTag(ctx context.Context, tag string) ([]Article, error) {
	links, err := ArticlesByTagQuery(tag).Collect(ctx, s.DB)
	if err != nil {
		return nil, err
	}
	as, err := s.articlesOf(ctx, links)
	return publishedOnly(as), err
}

// publishedOnly drops articles that are not published: GSI2 is updated
// asynchronously, so for a moment after SetStatus it may still name an
// article whose metadata already says draft or archived.
func publishedOnly(as []Article) []Article {
	return slices.DeleteFunc(as, func(a Article) bool { return a.Status != StatusPublished })
}

// ArticlesByTagPage is AP6 one page at a time: at most limit published
// articles from cursor ("" for the first page); the page's Cursor is ""
// after the last. A *MissingArticlesError comes with the page and its
// cursor, as for ArticlesByTag.
func (s *Store) ArticlesByTagPage(ctx context.Context, tag string, limit int, cursor string) (query.Page[Article], error) {
	p, err := ArticlesByTagQuery(tag).Limit(limit).Page(ctx, s.DB, cursor)
	if err != nil {
		return query.Page[Article]{}, err
	}
	as, err := s.articlesOf(ctx, p.Items)
	return query.Page[Article]{Items: publishedOnly(as), Cursor: p.Cursor}, err
}

// TagsOfArticleQuery is the request of AP7: Query GSI1 gsi1pk =
// ARTICLE#<articleId> AND begins_with(gsi1sk, "TAG#"), the inverted junction.
func TagsOfArticleQuery(articleID string) query.Query[TagArticle] {
	return query.By(ArticleTagLinks, ArticleKey{articleID})
}

// TagsOfArticle answers AP7, "list all tags on an article" (the article
// sidebar), in tag order.
func (s *Store) TagsOfArticle(ctx context.Context, articleID string) ([]TagArticle, error) {
	return TagsOfArticleQuery(articleID).Collect(ctx, s.DB)
}
