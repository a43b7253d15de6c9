// Package blog is a blog platform in one DynamoDB table: users with their
// e-mail, username and external (OAuth, Cognito) identities, posts with
// SEO-friendly slugs, tags with popularity ratings, per-user impressions,
// likes and star ratings of posts, impressions of profiles, and contact
// form messages. It serves the homepage feeds (latest posts, and most
// popular posts ranked by their views, likes and ratings), posts by slug,
// by author and by a combination of tags, tag autocomplete, sign-in
// look-ups, moderation lists of users, whether a user has seen or liked a
// post, and the contact inbox.
//
// It follows "DynamoDB Data Modeling: Blog Platform Example (case study)"
// by Oleksandr Andrushchenko: its table with pk and sk, the entities of its
// single-table overview, and the ten global secondary indexes of its
// CloudFormation resource with their attribute names and types, with the
// corrections listed under Deviations.
//
// # Table
//
// One table (default name "blog-dynamodb-table", as in the design's code)
// with the string keys pk and sk. Times are Unix milliseconds, as in the
// design.
//
//	Entity          pk                               sk                                    Indexes (key attributes)
//	User            USER#<user_id>                   META                                  USERS_BY_EMAIL (user_email_pk = <email>), USERS_BY_USERNAME (username),
//	                                                                                       USERS_BY_STATUS_RATING (user_status_pk = USER#STATUS#<status>, rating_sk = <rating>),
//	                                                                                       USERS_BY_STATUS_CREATED_AT_2 (user_status_pk, created_at)
//	UserEmail       USER_EMAIL#<email>               META                                  -
//	ProviderUser    PROVIDER_USER#<provider>#<id>    META                                  -
//	Post            POST#<post_id>                   META                                  POSTS_BY_STATUS_CREATED_AT_2 (post_status_pk = POST#STATUS#<status>, created_at),
//	                                                                                       POSTS_BY_STATUS_RATING (post_status_pk, rating_sk = <rating>, the post's rank),
//	                                                                                       POSTS_BY_USER_STATUS_CREATED_AT_2 (multi-attribute: user_id, status | created_at),
//	                                                                                       POSTS_BY_SLUG (post_slug = <slug>)
//	PostTag         POST_TAG#<tag_name>              META                                  TAGS_BY_TYPE_RATING (tag_type_pk = POST_TAG, rating_sk = <rating>),
//	                                                                                       TAGS_BY_TYPE_NAME (tag_type_pk, tag_name_sk = <tag_name>)
//	PostTagCombo    POST_TAG_COMBO#<tag>[+<tag>...]  POST#<post_id>                        -
//	UserImpression  USER#<user_id>                   REL#USER#<viewer_id>                  -
//	PostImpression  POST#<post_id>                   IMP#USER#<user_id>                    -
//	PostLike        POST#<post_id>                   LIKE#USER#<user_id>                   -
//	StarRating      POST#<post_id>                   RATE#USER#<user_id>                   -
//	ContactMessage  CONTACT_MESSAGE#ALL              <created_at, 13 digits>#<message_id>  -
//	(unique marker) UNIQUE#User#username#<username>  UNIQUE                                -
//	(unique marker) UNIQUE#Post#slug#<slug>          UNIQUE                                -
//
// rating_sk and created_at are number attributes; every other key attribute
// is a string. Statuses are lower case: a user is active, inactive or
// suspended, a post published or unpublished.
//
// # Access patterns
//
//	Pattern                                     Operation                          Index                              Key condition
//	AP1 Latest published posts                  Query, descending, paginated       POSTS_BY_STATUS_CREATED_AT_2       post_status_pk = POST#STATUS#published
//	AP2 Most popular published posts            Query, descending, paginated       POSTS_BY_STATUS_RATING             post_status_pk = POST#STATUS#published
//	AP3 Post by slug                            Query                              POSTS_BY_SLUG                      post_slug = <slug>
//	AP4 Author's posts by status, newest first  Query, descending, paginated       POSTS_BY_USER_STATUS_CREATED_AT_2  user_id = <user_id> AND status = <status>
//	AP5 Published posts carrying tags           Query, paginated                   table                              pk = POST_TAG_COMBO#<sorted tags> AND begins_with(sk, POST#)
//	AP6 Tag autocomplete by prefix              Query                              TAGS_BY_TYPE_NAME                  tag_type_pk = POST_TAG AND begins_with(tag_name_sk, <prefix>)
//	AP7 Popular tags                            Query, descending                  TAGS_BY_TYPE_RATING                tag_type_pk = POST_TAG
//	AP8 User by e-mail (sign-in)                GetItem, then GetItem; consistent  table                              pk = USER_EMAIL#<email>, sk = META; then pk = USER#<user_id>, sk = META
//	AP9 User by username (profile page)         Query                              USERS_BY_USERNAME                  username = <username>
//	AP10 User by provider identity (sign-in)    GetItem, then GetItem; consistent  table                              pk = PROVIDER_USER#<provider>#<id>, sk = META; then pk = USER#<user_id>, sk = META
//	AP11 Users by status, highest rating first  Query, descending, paginated       USERS_BY_STATUS_RATING             user_status_pk = USER#STATUS#<status>
//	AP12 Users by status, latest first          Query, descending, paginated       USERS_BY_STATUS_CREATED_AT_2       user_status_pk = USER#STATUS#<status>
//	AP13 Contact messages, newest first         Query, descending, paginated       table                              pk = CONTACT_MESSAGE#ALL
//	AP14 Has a user seen a post                 GetItem, consistent                table                              pk = POST#<post_id>, sk = IMP#USER#<user_id>
//	AP15 Does a user like a post                GetItem, consistent                table                              pk = POST#<post_id>, sk = LIKE#USER#<user_id>
//
// The functions, each with the function giving the request it sends: AP1
// [LatestPosts] ([LatestPostsQuery]); AP2 [PopularPosts]
// ([PopularPostsQuery]); AP3 [PostBySlug] ([PostBySlugQuery]); AP4
// [PostsByAuthor] ([PostsByAuthorQuery]); AP5 [PostsByTags]
// ([PostsByTagsQuery]); AP6 [TagsByPrefix] ([TagsByPrefixQuery]); AP7
// [PopularTags] ([PopularTagsQuery]); AP8 [UserByEmail] ([UserEmailGet],
// [UserGet]); AP9 [UserByUsername] ([UserByUsernameQuery]); AP10
// [UserByProvider] ([ProviderUserGet], [UserGet]); AP11
// [UsersByStatusRating] ([UsersByStatusRatingQuery]); AP12
// [UsersByStatusCreated] ([UsersByStatusCreatedQuery]); AP13
// [LatestContactMessages] ([ContactMessagesQuery]); AP14 [HasSeenPost]
// ([HasSeenPostGet]); AP15 [HasLikedPost] ([HasLikedPostGet]). The
// paginated ones take a page size and a cursor and return a page with the
// cursor of the next ("" after the last page).
//
// # Workflows
//
// Every workflow that touches several items is one transaction, so that
// either all of it is written or nothing; its failures are typed errors of
// this package that also unwrap to the library's (*ddbmodel.TxCanceledError,
// ddbmodel.ErrAlreadyExists, *ddbmodel.UniqueError, ddbmodel.ErrNotFound,
// ...):
//
//   - [RegisterUser]: the User with its UserEmail item and any ProviderUser
//     items, each created only if absent, and the library's unique marker
//     of the username; an e-mail, username or identity in use is a
//     *[TakenError] ([ErrEmailTaken], [ErrUsernameTaken] (which also
//     unwraps to a *ddbmodel.UniqueError, ddbmodel.ErrUniqueTaken),
//     [ErrProviderLinked]). [LinkProvider] adds an identity to an existing
//     user.
//   - [CreatePost]: the Post with the unique marker of its slug
//     ([ErrSlugTaken]), on the condition that the author and tags exist
//     (*[NotFoundError]); a post created published is also counted as by
//     PublishPost. Its counters start at zero, and so its popularity.
//   - [PublishPost] and [UnpublishPost]: the post's status, and with it its
//     keys in the three status indexes, the author's and tags' post_count,
//     and the post's PostTagCombo items; the post must still have the status
//     it was read with ([ErrPostChanged]); publishing twice is a
//     *[StatusError] ([ErrAlreadyPublished], [ErrNotPublished]).
//   - [ChangePostSlug]: one update of slug; the library deletes the old
//     slug's marker and creates the new one ([ErrSlugTaken]) in the same
//     transaction, and rewrites post_slug.
//   - Engagement, each one transaction from the post as read (strongly
//     consistent): [RecordPostImpression] (a view, counted once per user),
//     [LikePost] and [UnlikePost] (a like, once per user), [RatePost] and
//     [UnratePost] (1 to 5 stars, one rating per user, changeable). Each
//     creates, changes or deletes its item (PostImpression, PostLike,
//     StarRating) and sets the post's counters, its popularity
//     ([PopularityOf]: [ViewPoints] per view, [LikePoints] per like,
//     [StarPoints] per star above or below three of each rating) and its
//     rank ([Rank]: the popularity, then the creation time), on the
//     condition that the counters are those read; the library renders
//     rating_sk from the rank in the same update, so the post moves in
//     POSTS_BY_STATUS_RATING with every view, like and rating, and the key
//     is never computed from stale counters (a concurrent change fails the
//     transaction, and the workflow reads again and retries). A repeated
//     view or like, or an unlike of a post not liked, writes nothing and
//     reports false. A put of a post whose popularity or rank disagrees
//     with its counters is refused ([Posts] validates it).
//   - [RecordProfileImpression]: create the profile impression if absent
//     and increment the user's counter, once per viewer.
//   - [SetTagRating], [SetUserRating] and [SetUserStatus] are single
//     updates; the library rewrites rating_sk or the status keys in the
//     same write, so the item moves in the rating- and status-ordered
//     indexes.
//
// The program in cmd/blog (go run ./examples/blog/cmd/blog) loads the
// sample data and prints every access pattern's request and results in the
// order above, each item with its key attributes as read from the table;
// then the publish transaction of a post (published and unpublished again),
// a refused duplicate registration (a taken e-mail, a taken username and
// the username's marker item as stored), and likes and ratings moving a
// post in the popular feed, withdrawn again, so that the table ends as it
// was.
//
// [Sample] and [LoadSample] give deterministic sample data: eight users,
// four provider identities, eight tags, 28 posts (21 published) by five
// authors, impressions (repeated views among them), likes, star ratings
// and seven contact messages.
//
// # Attributes the library adds
//
//   - Every item carries __entity (the entity name: User, Post, PostLike,
//     ...) and __entity_version ("1"), which keep the entities sharing a
//     partition apart (a post, its impressions, likes and ratings share
//     POST#<post_id>; a user and its profile impressions share
//     USER#<user_id>) and condition every write.
//   - The index key attributes rendered from an item's values: on a user
//     user_email_pk, user_status_pk and rating_sk; on a post post_status_pk,
//     rating_sk and post_slug; on a tag tag_type_pk, rating_sk and
//     tag_name_sk. (username, created_at, and a post's user_id and status,
//     are index keys that are the item's own attributes.)
//   - Unique marker items, one per username and per slug in use: pk
//     UNIQUE#User#username#<username> or UNIQUE#Post#slug#<slug>, sk
//     UNIQUE, __entity UNIQUE#User#username or UNIQUE#Post#slug, and
//     uniqueOwner, the table key of the user or post holding the value
//     (see [ddbmodel.UniqueError]).
//
// # Deviations
//
// Tag combination keys. The design writes POST_TAG_COMBO#tag1#tag2; here the
// tags are joined by "+" (POST_TAG_COMBO#aws+dynamodb). A composite value
// may not contain its key's delimiter "#": a value that could would let one
// key forge a deeper level of another. Tag names are a-z, 0-9 and "-", so
// "+" cannot occur inside one.
//
// Strongly consistent sign-in. The design asks for strong consistency for
// authentication queries but serves the look-up by e-mail from the GSI
// USERS_BY_EMAIL, which can only be read eventually consistent. Here a
// UserEmail item keyed by the normalized e-mail (lower case, trimmed) points
// to the user and is read with a consistent GetItem, as is the ProviderUser
// item; the user is then read by its key, consistently too. USERS_BY_EMAIL
// is kept and filled (user_email_pk is the normalized e-mail) but sign-in
// does not use it.
//
// Uniqueness, and no Post Slug item. A GSI does not keep a value unique,
// and the design's post creation writes the post and its Post Slug item
// (POST_SLUG#<slug>) with two independent puts. Here username and slug
// are unique attributes of User and Post (entity.Attribute Unique): the
// library writes, moves and deletes their marker items (see Attributes
// the library adds) in the same transaction as the user or post, so a
// second user with the same username, or a second post with the same
// slug, fails with a typed error and writes nothing. The marker item takes
// the place of the design's Post Slug item, which served only to reserve
// the slug: a post is found by its slug through POSTS_BY_SLUG (AP3). The
// e-mail address keeps an item of the blog's own, UserEmail, created with
// attribute_not_exists in the registration transaction, because that item
// is also the strongly consistent sign-in look-up (it names the user),
// which a marker item is not.
//
// Index names and created_at. The overview table names the creation-time
// indexes POSTS_BY_STATUS_CREATED_AT, USERS_BY_STATUS_CREATED_AT and
// POSTS_BY_USER_STATUS_CREATED_AT with a sort key created_at_sk; the
// CloudFormation resource names them with a _2 suffix and sorts them on the
// number created_at. This example follows the CloudFormation resource,
// which is what would be deployed.
//
// Popularity and rating_sk. The design ranks popular posts "by engagement
// metrics (views, likes, ratings)" without saying how they combine, and
// has no items for likes or ratings. Here a like is a PostLike item and a
// rating a StarRating item, in the post's partition beside its
// impressions (sort keys LIKE#USER#<user_id> and RATE#USER#<user_id>,
// patterned on the design's IMP#USER#<user_id>), and the popularity is
// PopularityOf the post's counters. Its weights are this example's own
// reading, not the design's: ViewPoints (1) per distinct viewer,
// LikePoints (10) per like and StarPoints (5) per star above or below
// three of each rating, so one like counts as ten viewers, five stars as a
// like and one star as a like withdrawn. The design's sample value
// 10000001759086095241 packs a rating and a 13-digit timestamp into one
// number; a post's rating (its rank) does the same, popularity times 10^13
// plus created_at, so that posts of equal popularity are newest first.
// rating_sk is rendered from rating (a number key has one composite), and
// the engagement workflows set rating with the counters it is computed
// from, conditioned on the counters read. The popularity is kept within
// ±MaxPopularity so that the rank fits an int64. Tags and users keep a
// rating set by hand (SetTagRating, SetUserRating): the design names no
// engagement for them, and items of equal rating have no defined order in
// those indexes.
//
// Contact messages. With pk CONTACT_MESSAGE#<id> (the design's example
// "CONTACT_MESSAGE#1") the messages cannot be listed without a scan, and a
// bare millisecond timestamp as sk lets two messages of the same
// millisecond overwrite each other. Here all messages share the partition
// CONTACT_MESSAGE#ALL (a contact form is low volume), and the sort key is
// the timestamp zero-padded to 13 digits followed by #<message_id>, so that
// string order is time order and every message has its own key.
//
// Slugs. The post keeps its slug in the attribute slug and the library
// renders the index key post_slug from it, so that a slug change is an
// ordinary update of slug that rewrites post_slug in the same write (the
// library does not let an update set a key attribute directly).
//
// Key formats. The design writes the status keys inconsistently
// ("POST#STATUS#UNPUBLISHED", "POST#STATUS#published", "POST#published",
// "POST#1#published", "USER#active"). Here statuses are lower case and the
// keys are POST#STATUS#<status> and USER#STATUS#<status>. The post's
// user_id holds the plain id (the design's example stores "USER#123" but
// builds the key from 123). tag_type_pk is the design's constant POST_TAG.
//
// Multi-attribute key. The design's POSTS_BY_USER_STATUS_CREATED_AT_2 has
// the string partition key post_user_status_pk, which concatenates the
// author and the status (POST#USER#<user_id>#STATUS#<status>), and the sort
// key created_at. Here the index is declared with a multi-attribute key
// instead: its partition is the post's own attributes user_id and status
// (both strings, equality on both in every query) and its sort key
// created_at (a number). Nothing is rendered or stored twice, and a status
// change is an ordinary update of status. The exports under model/ declare
// it: CloudFormation lists the attributes in the index's KeySchema, and
// Terraform in key_schema blocks, which need the hashicorp/aws provider
// 6.30.0 or newer. A NoSQL Workbench data model cannot declare a
// multi-attribute key, so blog has no Workbench file (blog.md says so too).
// The old layout, for a table created from the design's CloudFormation,
// was:
//
//	Index:  {Name: IndexPostsByUserStatusCreateAt, PartitionKey: entity.S("post_user_status_pk"), SortKey: entity.N("created_at")}
//	Entity: {Index: IndexPostsByUserStatusCreateAt, Partition: "POST#USER#${user_id}#STATUS#${status}", Sort: "${created_at}"}
//
// Tag combinations. The design does not say how PostTagCombo items are
// kept. Here a published post is listed under every non-empty subset of its
// tags (at most three tags, so at most seven items), written and deleted in
// the transactions that publish and unpublish it, with the post's title,
// author and creation time, in post id order; tag names are lower case
// letters, digits and '-', so that '+' separates them unambiguously.
//
// Counters. The design mentions counters without defining them: here
// post_count on a user and on a tag counts published posts, impressions
// on a post and on a user counts distinct viewers, and a post's likes,
// raters and stars count its likes, its ratings and their stars.
// UserImpression is keyed by the viewed user (pk USER#<user_id>) and the
// viewer (sk REL#USER#<viewer_id>), so the viewed user's counter and its
// impressions share a partition.
//
// Keys and fields are named through the typed handles of fields.go: a key
// struct per entity key and per query ([UserByKey], [PostsByStatusCreated],
// ...), checked against the key templates when the package loads, and field
// handles for updates and conditions ([PostStatus], [TagPostCount], ...).
// The one string form left is With in the status change of PublishPost and
// UnpublishPost (the author's id, for the index key), which has no typed
// form.
package blog
