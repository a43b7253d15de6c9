package blog

import "github.com/ddbmodel/ddbmodel/entity"

// Typed keys: one struct per entity key (and per index queried), checked
// when declared to hold exactly the key's composites.

// UserKey identifies a user.
type UserKey struct {
	UserID string `dynamo:"user_id"`
}

// UserEmailKey identifies the item reserving an e-mail address.
type UserEmailKey struct {
	Email string `dynamo:"email"`
}

// ProviderUserKey identifies an external identity.
type ProviderUserKey struct {
	Provider       string `dynamo:"provider"`
	ProviderUserID string `dynamo:"provider_user_id"`
}

// PostKey identifies a post.
type PostKey struct {
	PostID string `dynamo:"post_id"`
}

// PostTagKey identifies a tag.
type PostTagKey struct {
	TagName string `dynamo:"tag_name"`
}

// PostImpressionKey identifies the record of a user having seen a post.
type PostImpressionKey struct {
	PostID string `dynamo:"post_id"`
	UserID string `dynamo:"user_id"`
}

// PostLikeKey identifies a user's like of a post.
type PostLikeKey struct {
	PostID string `dynamo:"post_id"`
	UserID string `dynamo:"user_id"`
}

// StarRatingKey identifies a user's rating of a post.
type StarRatingKey struct {
	PostID string `dynamo:"post_id"`
	UserID string `dynamo:"user_id"`
}

// PostTagComboKey identifies a post's item in a tag combination.
type PostTagComboKey struct {
	Combo  string `dynamo:"combo"`
	PostID string `dynamo:"post_id"`
}

// WithStatus is the partition of the users or posts with a status on the
// status indexes.
type WithStatus struct {
	Status string `dynamo:"status"`
}

// WithSlug is the partition of POSTS_BY_SLUG.
type WithSlug struct {
	Slug string `dynamo:"slug"`
}

// WithUsername is the partition of USERS_BY_USERNAME.
type WithUsername struct {
	Username string `dynamo:"username"`
}

// ByAuthorStatus is the partition of an author's posts with a status on
// POSTS_BY_USER_STATUS_CREATED_AT_2.
type ByAuthorStatus struct {
	UserID string `dynamo:"user_id"`
	Status string `dynamo:"status"`
}

// InCombo is the partition of a tag combination.
type InCombo struct {
	Combo string `dynamo:"combo"`
}

// Keys, resolved once.
var (
	UserByKey         = entity.ItemKeyOf[UserKey](Users)
	UserEmailByKey    = entity.ItemKeyOf[UserEmailKey](UserEmails)
	ProviderUserByKey = entity.ItemKeyOf[ProviderUserKey](ProviderUsers)
	PostByKey         = entity.ItemKeyOf[PostKey](Posts)
	PostTagByKey      = entity.ItemKeyOf[PostTagKey](PostTags)
	PostTagComboByKey = entity.ItemKeyOf[PostTagComboKey](PostTagCombos)

	PostImpressionByKey = entity.ItemKeyOf[PostImpressionKey](PostImpressions)
	PostLikeByKey       = entity.ItemKeyOf[PostLikeKey](PostLikes)
	StarRatingByKey     = entity.ItemKeyOf[StarRatingKey](StarRatings)

	PostsByStatusCreated     = entity.QueryKeyOf[WithStatus](Posts, IndexPostsByStatusCreatedAt)
	PostsByStatusRating      = entity.QueryKeyOf[WithStatus](Posts, IndexPostsByStatusRating)
	PostsBySlug              = entity.QueryKeyOf[WithSlug](Posts, IndexPostsBySlug)
	PostsByAuthorStatus      = entity.QueryKeyOf[ByAuthorStatus](Posts, IndexPostsByUserStatusCreateAt)
	UsersByUsername          = entity.QueryKeyOf[WithUsername](Users, IndexUsersByUsername)
	UsersWithStatusByRating  = entity.QueryKeyOf[WithStatus](Users, IndexUsersByStatusRating)
	UsersWithStatusByCreated = entity.QueryKeyOf[WithStatus](Users, IndexUsersByStatusCreatedAt)
	PostTagCombosByCombo     = entity.QueryKeyOf[InCombo](PostTagCombos, "")
)

// Typed field handles, resolved once.
var (
	UserID  = entity.StringOf(Users, func(u *User) *string { return &u.UserID })
	TagName = entity.StringOf(PostTags, func(t *PostTag) *string { return &t.TagName })

	UserStatus          = entity.StringOf(Users, func(u *User) *string { return &u.Status })
	UserRating          = entity.NumberOf(Users, func(u *User) *int64 { return &u.Rating })
	UserPostCount       = entity.NumberOf(Users, func(u *User) *int64 { return &u.PostCount })
	UserImpressionCount = entity.NumberOf(Users, func(u *User) *int64 { return &u.Impressions })

	PostStatus          = entity.StringOf(Posts, func(p *Post) *string { return &p.Status })
	PostRating          = entity.NumberOf(Posts, func(p *Post) *int64 { return &p.Rating })
	PostSlugField       = entity.StringOf(Posts, func(p *Post) *string { return &p.Slug })
	PostImpressionCount = entity.NumberOf(Posts, func(p *Post) *int64 { return &p.Impressions })
	PostLikeCount       = entity.NumberOf(Posts, func(p *Post) *int64 { return &p.Likes })
	PostRaters          = entity.NumberOf(Posts, func(p *Post) *int64 { return &p.Raters })
	PostStars           = entity.NumberOf(Posts, func(p *Post) *int64 { return &p.Stars })
	PostPopularity      = entity.NumberOf(Posts, func(p *Post) *int64 { return &p.Popularity })

	LikeUserID = entity.StringOf(PostLikes, func(l *PostLike) *string { return &l.UserID })
	RatedStars = entity.NumberOf(StarRatings, func(r *StarRating) *int64 { return &r.Stars })

	TagRating    = entity.NumberOf(PostTags, func(t *PostTag) *int64 { return &t.Rating })
	TagPostCount = entity.NumberOf(PostTags, func(t *PostTag) *int64 { return &t.PostCount })
)
