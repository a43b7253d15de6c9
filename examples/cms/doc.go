// Package cms is a headless content management system in one DynamoDB
// table: articles with their metadata, a full version history of their
// bodies, and tags, many-to-many with articles.
//
// It follows "DynamoDB Single-Table Pattern: Content Management (CMS)" by
// Tejovanth N (pattern #7 of the SingleTable pattern library): its table
// layout, key templates, ElectroDB attribute names and access patterns,
// with the corrections listed under Deviations.
//
// # Table
//
// One table (default name "cms", the design's ElectroDB service) with the
// design's lower-case key attributes pk and sk, the design's overloaded
// global index GSI1 (gsi1pk, gsi1sk) and a sparse global index GSI2
// (gsi2pk, gsi2sk) for the public tag pages:
//
//	Entity          pk                   sk                   gsi1pk               gsi1sk               gsi2pk                  gsi2sk
//	Article         ARTICLE#<articleId>  #METADATA            AUTHOR#<authorId>    ARTICLE#<articleId>  -                       -
//	ArticleVersion  ARTICLE#<articleId>  VERSION#<version>    -                    -                    -                       -
//	TagArticle      TAG#<tag>            ARTICLE#<articleId>  ARTICLE#<articleId>  TAG#<tag>            TAG#<publishedTag>      ARTICLE#<articleId>
//
// <version> is zero-padded to six digits (VERSION#000010); <articleId> is a
// ULID (see keys.ULIDs), and an article ID that is not one is refused
// (*ddbmodel.ValidationError on articleId, before anything is sent).
// publishedTag is the junction item's tag while its article is published,
// and absent otherwise: only junction items of published articles have
// GSI2 keys.
//
// The metadata and the bodies are separate items, so no list view ever
// reads a body; every version is its own item, so history never approaches
// the 400 KB item limit. The Article's tags set repeats the TagArticle items
// for the article card; the junction items are what AP6 and AP7 query.
// The table's TAG#<tag> partition holds every article of a tag, drafts and
// archived ones included ([AllArticlesByTagQuery], the editors' view);
// GSI2's holds the published ones, the public tag page.
//
// # Access patterns
//
//	Pattern                                    Operation                      Index  Key condition
//	AP1 Get article metadata                   GetItem                        table  pk = ARTICLE#<id>, sk = #METADATA
//	AP2 Get article with latest version        GetItem, then GetItem          table  pk = ARTICLE#<id>, sk = #METADATA; then sk = VERSION#<currentVersion>
//	AP3 Get a specific version                 GetItem                        table  pk = ARTICLE#<id>, sk = VERSION#<version>
//	AP4 List all versions of an article        Query                          table  pk = ARTICLE#<id> AND begins_with(sk, VERSION#)
//	AP5 List articles by author, newest first  Query, descending              GSI1   gsi1pk = AUTHOR#<authorId> AND begins_with(gsi1sk, ARTICLE#)
//	AP6 List articles by tag (published)       Query, descending; BatchGet    GSI2   gsi2pk = TAG#<tag> AND begins_with(gsi2sk, ARTICLE#)
//	AP7 List all tags on an article            Query                          GSI1   gsi1pk = ARTICLE#<id> AND begins_with(gsi1sk, TAG#)
//	AP8 Publish a new version                  TransactWriteItems             table  Put VERSION#<n+1> if absent; Update #METADATA if currentVersion = n
//
// The functions: AP1 [Store.Article] ([ArticleGet]); AP2
// [Store.ArticleWithCurrentBody] ([ArticleGet], [CurrentVersionGet]); AP3
// [Store.Version] ([VersionGet]); AP4 [Store.Versions] ([VersionsQuery]);
// AP5 [Store.ArticlesByAuthor] and [Store.ArticlesByAuthorPage]
// ([ArticlesByAuthorQuery]); AP6 [Store.ArticlesByTag] and
// [Store.ArticlesByTagPage] ([ArticlesByTagQuery]); AP7
// [Store.TagsOfArticle] ([TagsOfArticleQuery]); AP8 [Store.PublishVersion]
// ([PublishVersionTx]). The write workflows are [Store.CreateArticle]
// ([CreateArticleTx]), [Store.PutArticle] ([ArticlePut]), [Store.SetStatus] ([SetStatusTx]), [Store.AddTag]
// ([AddTagTx]) and [Store.RemoveTag] ([RemoveTagTx]). [SampleData] and [LoadSample] give a deterministic data
// set.
//
// AP2 reads the metadata, then exactly the version it names: two
// single-item reads, and the other versions are never read. One query
// cannot do it: #METADATA sorts before every VERSION# key, so a query that
// returns the metadata first goes on through every version, and the
// design's descending Limit 1 query returns the newest version without the
// metadata. A transactional or batch get cannot either, because the
// version to read is known only from the metadata. The version read is
// strongly consistent, so a version published a moment ago (in the same
// transaction that moved currentVersion) is always found.
//
// AP5 and AP6 are newest first because an article ID is a ULID: ten
// characters of millisecond time, then randomness, all in one alphabet of
// ascending characters, so that the sort key ARTICLE#<ULID> sorts by
// creation time. The sample IDs are ULIDs of their articles' createdAt
// (tests check it). Two articles created in the same millisecond sort by
// their random part.
//
// AP8 is one transaction for a writer that read currentVersion n: create
// VERSION#<n+1> only if absent, and set currentVersion to n+1 only if it is
// still n. Of two writers publishing at once, one wins; the other's
// transaction is canceled, nothing of it is written, and it gets a
// *[PublishConflictError] (errors.Is(err, [ErrPublishConflict])), after
// which it may read again and retry. So versions are always 1..currentVersion
// with no gap and no overwrite. The transaction carries an idempotency token,
// one per PublishVersion call, and is resent with it when its outcome is
// unknown (a lost response, a 5xx): a commit whose response was lost is not
// published a second time.
//
// Adding or removing a tag changes the TagArticle item and the article's
// tags set in one transaction, each action conditioned on the other side's
// state (the junction item absent or present, the set lacking or holding the
// tag), so AP6 and AP7 always agree with the card, and a failed change
// ([ErrTagExists], [ErrTagNotFound], [ErrArticleNotFound]) changes neither.
//
// AP6 is the public tag page, so it lists published articles only, and
// does so at no extra read cost: a junction item is in GSI2 only while its
// article is published, so the query reads no draft or archived article
// (a filter would read and pay for them, and return short pages). The
// junction item carries publishedTag (the tag) exactly then.
// [Store.SetStatus] changes the metadata's status and sets or removes
// publishedTag on every junction item of the article in one transaction,
// conditioned on the status and the tags set read, so the tag pages always
// agree with the status; [Store.AddTag] gives a new junction item
// publishedTag when the article is published, conditioned on the status it
// read. SetStatus is the only way to change an article's status: status
// is read-only on [Articles], so any other update of it through the
// library (typed or by name, alone, in a transaction or with ReadFirst) is
// refused with a *ddbmodel.ValidationError naming article and status
// before anything is sent; SetStatusTx writes it through an unexported
// definition of the same entity. A put replaces a whole article, status
// and tags included, and the rule does not bind it, so the Store's put,
// [Store.PutArticle] ([ArticlePut]), which edits an article's metadata,
// keeps what the workflows own: a status, tags or currentVersion other
// than the stored ones is refused with a *ddbmodel.ValidationError naming
// the attribute before any write, and the put is conditioned on the
// status, the tags set and currentVersion it read, so a put from a stale
// read (an article published meanwhile) fails and writes nothing. The
// Store's other puts write a consistent article with its junction items
// (CreateArticleTx, LoadSample); a raw Articles.Put or Upsert outside the
// Store is not guarded that way.
// GSI2 is updated
// asynchronously, so AP6 also drops, from the metadata it reads, an article
// unpublished a moment ago.
//
// # Deviations from the design
//
//   - Version numbers are zero-padded in the sort key (VERSION#000010, not
//     VERSION#10). Unpadded, VERSION#10 sorts before VERSION#2, which breaks
//     the version history's order and the design's "descending, Limit 1"
//     read of the latest version as soon as an article has ten versions.
//   - AP2 is two GetItems (metadata, then VERSION#<currentVersion>), not a
//     Query: see above. It uses the design's own alternative, the
//     currentVersion field, for the body.
//   - AP8's transaction is conditioned. The design's publishVersion has no
//     conditions: two concurrent publishers both compute currentVersion+1,
//     and the second Put silently replaces the first writer's version.
//     The metadata is also read strongly consistent before publishing.
//   - Creating an article writes its metadata and VERSION#1 (and its
//     TagArticle items) in one transaction: the design's currentVersion
//     defaults to 1, and AP2 needs that version to exist.
//   - AP6 returns the articles, not only the junction items the design
//     queries: the query gives the article IDs, newest first, and one
//     strongly consistent BatchGetItem reads their metadata (no bodies). An
//     article a junction item names but whose metadata is gone is not left
//     out silently: the articles read come back with a
//     [*MissingArticlesError] naming the missing IDs.
//   - AP6 queries a second, sparse index, GSI2, instead of the table's
//     TAG#<tag> partition, which holds drafts and archived articles too (the
//     design's query lists them on the public tag page). The design has one
//     GSI; GSI2 costs a write for published articles' junction items only,
//     and the read stays one query. Junction items gain publishedTag,
//     gsi2pk and gsi2sk, and the status change workflow (SetStatus), which
//     the design leaves out, keeps them in step; status is read-only on
//     Articles, so no other update can change it.
//   - Article IDs must be ULIDs (the design's comment says they are):
//     newest first in AP5 and AP6 is ID order, so any other ID is refused
//     on every write of an article or junction item.
//   - Items store their key composites as attributes (articleId and version
//     on versions, tag and articleId on junction items, besides the design's
//     body, wordCount, createdBy and taggedAt). Versions also record
//     createdAt.
//   - Attributes the library adds: every item carries __entity (the entity
//     name: article, articleVersion or tagArticle) and __entity_version
//     ("1"), which keep the three entities apart in the shared ARTICLE#
//     partitions and condition every write; articles carry gsi1pk and
//     gsi1sk, junction items gsi1pk and gsi1sk and, while published, gsi2pk
//     and gsi2sk. The table has no TTL attribute, no optimistic-lock
//     attribute and no unique-value marker items.
//   - Timestamps are written by the workflows from the Store's clock
//     ([Store.Now]) rather than by attribute defaults, in the design's
//     format (UTC, millisecond ISO 8601, e.g. 2024-04-25T10:30:00.000Z), so
//     that sample data and tests are exact.
//   - The design's sample article ID is elided (01HW...); the sample uses
//     full ULIDs, the sample's tags were added when the article was
//     created, and its version bodies are the design's abbreviated ones with
//     the design's word counts.
//
// Keys and fields are named through the typed handles of fields.go: a key
// struct per entity key and per query ([ArticleByID], [AuthorArticles],
// ...), checked against the key templates when the package loads, and field
// handles for updates, conditions and projections ([ArticleTags],
// [VersionSummaryFields], ...).
package cms
