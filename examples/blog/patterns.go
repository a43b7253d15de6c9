package blog

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/query"
)

// Every access pattern has a function that returns the request it sends
// (a query builder or a get operation) and a function that runs it; the
// program prints the first and the tests call the second.

// LatestPostsQuery is the "latest posts" feed: published posts newest first
// from POSTS_BY_STATUS_CREATED_AT_2. limit is the page size (0: no limit).
func LatestPostsQuery(limit int) query.Query[Post] {
	return query.By(PostsByStatusCreated, WithStatus{Status: PostPublished}).Desc().Limit(limit)
}

// LatestPosts returns one page of published posts, newest first, starting at
// cursor ("" for the first page); the page's Cursor continues it.
func LatestPosts(ctx context.Context, db *entity.DB, limit int, cursor string) (query.Page[Post], error) {
	return postPage(ctx, db, LatestPostsQuery(limit), cursor)
}

// PopularPostsQuery is the "most popular posts" list: published posts by
// rating, highest first, from POSTS_BY_STATUS_RATING.
func PopularPostsQuery(limit int) query.Query[Post] {
	return query.By(PostsByStatusRating, WithStatus{Status: PostPublished}).Desc().Limit(limit)
}

// PopularPosts returns one page of published posts, highest rating first.
func PopularPosts(ctx context.Context, db *entity.DB, limit int, cursor string) (query.Page[Post], error) {
	return postPage(ctx, db, PopularPostsQuery(limit), cursor)
}

// PostBySlugQuery finds the post with a slug in POSTS_BY_SLUG.
func PostBySlugQuery(slug string) query.Query[Post] {
	return query.By(PostsBySlug, WithSlug{Slug: slug})
}

// PostBySlug returns the post with the slug, whatever its status (a public
// page shows it only when it is published). No such post is a
// *NotFoundError (ErrUnknownPost, ddbmodel.ErrNotFound).
func PostBySlug(ctx context.Context, db *entity.DB, slug string) (Post, error) {
	p, err := PostBySlugQuery(slug).One(ctx, db)
	if err != nil {
		return Post{}, lookupError(ErrUnknownPost, "slug "+slug, err)
	}
	normalizePost(&p)
	return p, nil
}

// PostsByAuthorQuery lists an author's posts with one status, newest first,
// from POSTS_BY_USER_STATUS_CREATED_AT_2.
func PostsByAuthorQuery(userID, status string, limit int) query.Query[Post] {
	return query.By(PostsByAuthorStatus, ByAuthorStatus{UserID: userID, Status: status}).Desc().Limit(limit)
}

// PostsByAuthor returns one page of an author's posts with the status, newest first.
func PostsByAuthor(ctx context.Context, db *entity.DB, userID, status string, limit int, cursor string) (query.Page[Post], error) {
	return postPage(ctx, db, PostsByAuthorQuery(userID, status, limit), cursor)
}

// TagsByPrefixQuery is tag autocomplete: tags whose name starts with prefix,
// in name order, from TAGS_BY_TYPE_NAME. An empty prefix lists every tag.
func TagsByPrefixQuery(prefix string, limit int) query.Query[PostTag] {
	q := query.New(PostTags).Index(IndexTagsByTypeName).Limit(limit)
	if prefix = strings.ToLower(strings.TrimSpace(prefix)); prefix != "" {
		q = q.BeginsWith(prefix)
	}
	return q
}

// TagsByPrefix returns up to limit tags (0: all) whose name starts with
// prefix, in name order.
func TagsByPrefix(ctx context.Context, db *entity.DB, prefix string, limit int) ([]PostTag, error) {
	p, err := TagsByPrefixQuery(prefix, limit).Page(ctx, db, "")
	return p.Items, err
}

// PopularTagsQuery lists tags by rating, highest first, from TAGS_BY_TYPE_RATING.
func PopularTagsQuery(limit int) query.Query[PostTag] {
	return query.New(PostTags).Index(IndexTagsByTypeRating).Desc().Limit(limit)
}

// PopularTags returns the limit (0: all) highest rated tags, highest first.
func PopularTags(ctx context.Context, db *entity.DB, limit int) ([]PostTag, error) {
	p, err := PopularTagsQuery(limit).Page(ctx, db, "")
	return p.Items, err
}

// UserEmailGet is the first read of the look-up by e-mail: the UserEmail
// item, strongly consistent.
func UserEmailGet(email string) entity.GetOp[UserEmail] {
	return UserEmailByKey.Get(UserEmailKey{Email: NormalizeEmail(email)}).Consistent()
}

// UserGet reads a user by id, strongly consistent.
func UserGet(userID string) entity.GetOp[User] {
	return UserByKey.Get(UserKey{UserID: userID}).Consistent()
}

// UserByEmail is the authentication look-up by e-mail: two strongly
// consistent reads of the base table (UserEmail, then User), so that a
// user who has just registered can sign in at once, which the GSI
// USERS_BY_EMAIL cannot promise. An unknown address is a *NotFoundError
// (ErrUnknownUser, ddbmodel.ErrNotFound).
func UserByEmail(ctx context.Context, db *entity.DB, email string) (User, error) {
	ue, err := UserEmailGet(email).Run(ctx, db)
	if err != nil {
		return User{}, lookupError(ErrUnknownUser, "e-mail "+NormalizeEmail(email), err)
	}
	u, err := UserGet(ue.UserID).Run(ctx, db)
	if err != nil {
		return User{}, lookupError(ErrUnknownUser, ue.UserID, err)
	}
	return u, nil
}

// UserByUsernameQuery finds a user by username in USERS_BY_USERNAME.
func UserByUsernameQuery(username string) query.Query[User] {
	return query.By(UsersByUsername, WithUsername{Username: username})
}

// UserByUsername returns the user with the username, for public profile
// pages (eventually consistent). No such user is a *NotFoundError.
func UserByUsername(ctx context.Context, db *entity.DB, username string) (User, error) {
	u, err := UserByUsernameQuery(username).One(ctx, db)
	if err != nil {
		return User{}, lookupError(ErrUnknownUser, "username "+username, err)
	}
	return u, nil
}

// ProviderUserGet is the first read of the look-up by provider identity:
// the ProviderUser item, strongly consistent.
func ProviderUserGet(provider, providerUserID string) entity.GetOp[ProviderUser] {
	return ProviderUserByKey.Get(ProviderUserKey{Provider: provider, ProviderUserID: providerUserID}).Consistent()
}

// UserByProvider is the authentication look-up by an external identity:
// ProviderUser, then User, both strongly consistent. An unknown identity
// is a *NotFoundError (ErrUnknownUser, ddbmodel.ErrNotFound).
func UserByProvider(ctx context.Context, db *entity.DB, provider, providerUserID string) (User, error) {
	pu, err := ProviderUserGet(provider, providerUserID).Run(ctx, db)
	if err != nil {
		return User{}, lookupError(ErrUnknownUser, provider+"/"+providerUserID, err)
	}
	u, err := UserGet(pu.UserID).Run(ctx, db)
	if err != nil {
		return User{}, lookupError(ErrUnknownUser, pu.UserID, err)
	}
	return u, nil
}

// UsersByStatusRatingQuery lists the users with a status by rating,
// highest first, from USERS_BY_STATUS_RATING (moderation, leaderboards).
func UsersByStatusRatingQuery(status string, limit int) query.Query[User] {
	return query.By(UsersWithStatusByRating, WithStatus{Status: status}).Desc().Limit(limit)
}

// UsersByStatusRating returns one page of the users with the status, highest rating first.
func UsersByStatusRating(ctx context.Context, db *entity.DB, status string, limit int, cursor string) (query.Page[User], error) {
	return UsersByStatusRatingQuery(status, limit).Page(ctx, db, cursor)
}

// UsersByStatusCreatedQuery lists the users with a status, latest
// registered first, from USERS_BY_STATUS_CREATED_AT_2.
func UsersByStatusCreatedQuery(status string, limit int) query.Query[User] {
	return query.By(UsersWithStatusByCreated, WithStatus{Status: status}).Desc().Limit(limit)
}

// UsersByStatusCreated returns one page of the users with the status, latest first.
func UsersByStatusCreated(ctx context.Context, db *entity.DB, status string, limit int, cursor string) (query.Page[User], error) {
	return UsersByStatusCreatedQuery(status, limit).Page(ctx, db, cursor)
}

// ContactMessagesQuery lists contact messages newest first from their
// partition CONTACT_MESSAGE#ALL.
func ContactMessagesQuery(limit int) query.Query[ContactMessage] {
	return query.New(ContactMessages).Desc().Limit(limit)
}

// LatestContactMessages returns one page of contact messages, newest first.
func LatestContactMessages(ctx context.Context, db *entity.DB, limit int, cursor string) (query.Page[ContactMessage], error) {
	return ContactMessagesQuery(limit).Page(ctx, db, cursor)
}

// ComboKey returns the combination key of a set of tags: the distinct
// names, lower case, sorted and joined by '+' ("aws+dynamodb").
func ComboKey(tags []string) string {
	norm := make([]string, 0, len(tags))
	for _, t := range tags {
		norm = append(norm, strings.ToLower(strings.TrimSpace(t)))
	}
	slices.Sort(norm)
	return strings.Join(slices.Compact(norm), "+")
}

// PostsByTagsQuery lists the published posts carrying every one of tags
// (one to MaxTagsPerPost of them), in post id order, from the partition
// POST_TAG_COMBO#<tags>.
func PostsByTagsQuery(tags []string, limit int) query.Query[PostTagCombo] {
	return query.By(PostTagCombosByCombo, InCombo{Combo: ComboKey(tags)}).Limit(limit)
}

// PostsByTags returns one page of the published posts carrying every one of tags.
func PostsByTags(ctx context.Context, db *entity.DB, tags []string, limit int, cursor string) (query.Page[PostTagCombo], error) {
	if n := len(tags); n == 0 || n > MaxTagsPerPost {
		return query.Page[PostTagCombo]{}, fmt.Errorf("blog: posts by tags: give 1 to %d tags, not %d", MaxTagsPerPost, n)
	}
	return PostsByTagsQuery(tags, limit).Page(ctx, db, cursor)
}

func postPage(ctx context.Context, db *entity.DB, q query.Query[Post], cursor string) (query.Page[Post], error) {
	p, err := q.Page(ctx, db, cursor)
	for i := range p.Items {
		normalizePost(&p.Items[i])
	}
	return p, err
}

// normalizePost sorts the tags: DynamoDB keeps a string set in no order.
func normalizePost(p *Post) {
	slices.Sort(p.Tags)
}
