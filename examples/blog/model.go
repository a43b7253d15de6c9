package blog

import (
	"github.com/ddbmodel/ddbmodel/entity"
)

// TableName is the design's table name, the default of the program's -table flag.
const TableName = "blog-dynamodb-table"

// The global secondary indexes, named as in the design's CloudFormation resource.
const (
	IndexUsersByEmail              = "USERS_BY_EMAIL"
	IndexUsersByUsername           = "USERS_BY_USERNAME"
	IndexUsersByStatusRating       = "USERS_BY_STATUS_RATING"
	IndexUsersByStatusCreatedAt    = "USERS_BY_STATUS_CREATED_AT_2"
	IndexPostsByStatusCreatedAt    = "POSTS_BY_STATUS_CREATED_AT_2"
	IndexPostsByStatusRating       = "POSTS_BY_STATUS_RATING"
	IndexPostsByUserStatusCreateAt = "POSTS_BY_USER_STATUS_CREATED_AT_2"
	IndexPostsBySlug               = "POSTS_BY_SLUG"
	IndexTagsByTypeRating          = "TAGS_BY_TYPE_RATING"
	IndexTagsByTypeName            = "TAGS_BY_TYPE_NAME"
)

// User statuses.
const (
	UserActive    = "active"
	UserInactive  = "inactive"
	UserSuspended = "suspended"
)

// Post statuses.
const (
	PostPublished   = "published"
	PostUnpublished = "unpublished"
)

// TagType is the only tag type of the design, the partition of both tag indexes.
const TagType = "POST_TAG"

// MaxTagsPerPost bounds the tags of a post: a published post writes one
// PostTagCombo item per non-empty subset of its tags (2^n-1 items), all in
// the transaction that publishes it.
const MaxTagsPerPost = 3

// Table is the blog's single table: pk and sk, and the ten global secondary
// indexes of the design. rating_sk and created_at are numbers.
var Table = &entity.Table{
	Name:         TableName,
	PartitionKey: entity.S("pk"),
	SortKey:      entity.S("sk"),
	Indexes: []entity.Index{
		{Name: IndexUsersByEmail, PartitionKey: entity.S("user_email_pk")},
		{Name: IndexUsersByUsername, PartitionKey: entity.S("username")},
		{Name: IndexUsersByStatusRating, PartitionKey: entity.S("user_status_pk"), SortKey: entity.N("rating_sk")},
		{Name: IndexPostsByStatusCreatedAt, PartitionKey: entity.S("post_status_pk"), SortKey: entity.N("created_at")},
		{Name: IndexPostsBySlug, PartitionKey: entity.S("post_slug")},
		{Name: IndexTagsByTypeRating, PartitionKey: entity.S("tag_type_pk"), SortKey: entity.N("rating_sk")},
		{Name: IndexPostsByStatusRating, PartitionKey: entity.S("post_status_pk"), SortKey: entity.N("rating_sk")},
		{Name: IndexTagsByTypeName, PartitionKey: entity.S("tag_type_pk"), SortKey: entity.S("tag_name_sk")},
		{Name: IndexUsersByStatusCreatedAt, PartitionKey: entity.S("user_status_pk"), SortKey: entity.N("created_at")},
		// A multi-attribute key: the post's own user_id and status, then
		// created_at (the design's post_user_status_pk concatenated them).
		{Name: IndexPostsByUserStatusCreateAt,
			PartitionKeys: []entity.KeyAttribute{entity.S("user_id"), entity.S("status")},
			SortKeys:      []entity.KeyAttribute{entity.N("created_at")}},
	},
}

// User is a registered user: profile, authentication data and counters.
// Its item also carries the index keys user_email_pk, user_status_pk and
// rating_sk; username and created_at are index keys themselves.
type User struct {
	UserID      string `dynamo:"user_id"`
	Email       string `dynamo:"email"`
	Username    string `dynamo:"username"`
	DisplayName string `dynamo:"display_name"`
	Status      string `dynamo:"status"`
	Rating      int64  `dynamo:"rating"`
	CreatedAt   int64  `dynamo:"created_at"` // Unix milliseconds, as in the design
	PostCount   int64  `dynamo:"post_count"` // published posts
	Impressions int64  `dynamo:"impressions"`
}

// Users is the User entity: pk USER#<user_id>, sk META.
var Users = entity.MustDefine(Table, entity.Config[User]{
	Name: "User",
	Key:  entity.Key{Partition: "USER#${user_id}", Sort: "META"},
	Indexes: []entity.IndexKey[User]{
		{Index: IndexUsersByEmail, Partition: "${email}"},
		{Index: IndexUsersByUsername, Partition: "${username}"},
		{Index: IndexUsersByStatusRating, Partition: "USER#STATUS#${status}", Sort: "${rating}"},
		{Index: IndexUsersByStatusCreatedAt, Partition: "USER#STATUS#${status}", Sort: "${created_at}"},
		// A user item holds user_id, status and created_at, the multi-attribute
		// key of the posts-by-user index, so it is in that index; Define
		// refuses to leave that unsaid. Its status values are not a post's,
		// so no query of posts reads a user there.
		{Index: IndexPostsByUserStatusCreateAt},
	},
	Attributes: map[string]entity.Attribute{
		"user_id":    {Required: true},
		"email":      {Required: true, Validate: validEmail},
		"username":   {Required: true, Validate: validName("username"), Unique: true},
		"status":     {Default: UserActive, Enum: []string{UserActive, UserInactive, UserSuspended}},
		"created_at": {Required: true},
	},
	// The sample item of Table.Sample: a generated e-mail address
	// (email-1) is no address, which validEmail refuses.
	Sample: func() User {
		return User{UserID: "u1", Email: "ada@example.com", Username: "ada", DisplayName: "Ada", CreatedAt: sampleCreatedAt}
	},
})

// sampleCreatedAt is the creation time of the model's sample items
// (Table.Sample), in Unix milliseconds: 2024-06-01T12:00:00Z.
const sampleCreatedAt = 1717243200000

// UserEmail reserves an e-mail address for one user and answers the
// strongly consistent look-up by e-mail: pk USER_EMAIL#<email>, sk META.
type UserEmail struct {
	Email  string `dynamo:"email"`
	UserID string `dynamo:"user_id"`
}

// UserEmails is the UserEmail entity.
var UserEmails = entity.MustDefine(Table, entity.Config[UserEmail]{
	Name:       "UserEmail",
	Key:        entity.Key{Partition: "USER_EMAIL#${email}", Sort: "META"},
	Attributes: map[string]entity.Attribute{"user_id": {Required: true}},
})

// ProviderUser maps an identity of an external provider (OAuth, Cognito, ...)
// to a user: pk PROVIDER_USER#<provider>#<provider_user_id>, sk META.
type ProviderUser struct {
	Provider       string `dynamo:"provider"`
	ProviderUserID string `dynamo:"provider_user_id"`
	UserID         string `dynamo:"user_id"`
}

// ProviderUsers is the ProviderUser entity.
var ProviderUsers = entity.MustDefine(Table, entity.Config[ProviderUser]{
	Name:       "ProviderUser",
	Key:        entity.Key{Partition: "PROVIDER_USER#${provider}#${provider_user_id}", Sort: "META"},
	Attributes: map[string]entity.Attribute{"user_id": {Required: true}},
})

// Post is a blog post. Its item carries the index keys post_status_pk,
// rating_sk and post_slug (rendered from slug); created_at is an index key
// itself, and user_id, status and created_at are the multi-attribute key of
// POSTS_BY_USER_STATUS_CREATED_AT_2.
//
// The engagement counters (Impressions, Likes, Raters, Stars) are kept by
// the workflows that record views, likes and ratings; Popularity is the
// score they give (see PopularityOf) and Rating the post's rank in
// POSTS_BY_STATUS_RATING (see Rank), both rewritten with the counters.
type Post struct {
	PostID      string   `dynamo:"post_id"`
	UserID      string   `dynamo:"user_id"` // the author
	Title       string   `dynamo:"title"`
	Content     string   `dynamo:"content"`
	Slug        string   `dynamo:"slug"`
	Status      string   `dynamo:"status"`
	Tags        []string `dynamo:"tags,set"`
	Rating      int64    `dynamo:"rating"`      // Rank(Popularity, CreatedAt), the source of rating_sk
	CreatedAt   int64    `dynamo:"created_at"`  // Unix milliseconds
	Impressions int64    `dynamo:"impressions"` // distinct viewers
	Likes       int64    `dynamo:"likes"`       // users who like the post
	Raters      int64    `dynamo:"raters"`      // users who rated the post
	Stars       int64    `dynamo:"stars"`       // the sum of their ratings, 1 to 5 stars each
	Popularity  int64    `dynamo:"popularity"`  // PopularityOf the counters
}

// Posts is the Post entity: pk POST#<post_id>, sk META.
var Posts = entity.MustDefine(Table, entity.Config[Post]{
	Name: "Post",
	Key:  entity.Key{Partition: "POST#${post_id}", Sort: "META"},
	Indexes: []entity.IndexKey[Post]{
		{Index: IndexPostsByStatusCreatedAt, Partition: "POST#STATUS#${status}", Sort: "${created_at}"},
		{Index: IndexPostsByStatusRating, Partition: "POST#STATUS#${status}", Sort: "${rating}"},
		{Index: IndexPostsByUserStatusCreateAt}, // the item's user_id, status, created_at
		{Index: IndexPostsBySlug, Partition: "${slug}"},
	},
	Attributes: map[string]entity.Attribute{
		"post_id":    {Required: true},
		"user_id":    {Required: true},
		"title":      {Required: true},
		"slug":       {Required: true, Validate: validName("slug"), Unique: true},
		"status":     {Default: PostUnpublished, Enum: []string{PostPublished, PostUnpublished}},
		"created_at": {Required: true},
	},
	Validate: func(p *Post) error {
		if err := validTags(p.Tags); err != nil {
			return err
		}
		return validEngagement(p)
	},
	// The sample item of Table.Sample: its rating is the Rank its
	// counters and creation time give, which validEngagement checks (the
	// generated value's counters are all 7), and its slug and tag are
	// valid names.
	Sample: func() Post {
		p := Post{PostID: "p1", UserID: "u1", Title: "Hello", Content: "First post.", Slug: "hello",
			Tags: []string{"go"}, CreatedAt: sampleCreatedAt, Impressions: 10}
		p.Popularity = PopularityOf(p)
		p.Rating = Rank(p.Popularity, p.CreatedAt)
		return p
	},
})

// PostTag is a tag with its popularity: pk POST_TAG#<tag_name>, sk META. It
// is in both tag indexes under the partition POST_TAG.
type PostTag struct {
	TagName   string `dynamo:"tag_name"`
	Rating    int64  `dynamo:"rating"`
	PostCount int64  `dynamo:"post_count"` // published posts carrying the tag
}

// PostTags is the PostTag entity.
var PostTags = entity.MustDefine(Table, entity.Config[PostTag]{
	Name: "PostTag",
	Key:  entity.Key{Partition: "POST_TAG#${tag_name}", Sort: "META"},
	Indexes: []entity.IndexKey[PostTag]{
		{Index: IndexTagsByTypeRating, Partition: TagType, Sort: "${rating}"},
		{Index: IndexTagsByTypeName, Partition: TagType, Sort: "${tag_name}"},
	},
	Attributes: map[string]entity.Attribute{
		"tag_name": {Required: true, Validate: validName("tag")},
	},
	// The sample item of Table.Sample: a valid tag name (the generated
	// tag_name-1 holds an underscore).
	Sample: func() PostTag { return PostTag{TagName: "go", Rating: 7, PostCount: 1} },
})

// PostTagCombo lists a published post under one combination of its tags:
// pk POST_TAG_COMBO#<tag1>+<tag2>..., sk POST#<post_id>; the tags of the
// combination are sorted. A post with tags a, b and c is listed under a,
// b, c, a+b, a+c, b+c and a+b+c.
type PostTagCombo struct {
	Combo     string `dynamo:"combo"`
	PostID    string `dynamo:"post_id"`
	UserID    string `dynamo:"user_id"`
	Title     string `dynamo:"title"`
	CreatedAt int64  `dynamo:"created_at"`
}

// PostTagCombos is the PostTagCombo entity.
var PostTagCombos = entity.MustDefine(Table, entity.Config[PostTagCombo]{
	Name: "PostTagCombo",
	Key:  entity.Key{Partition: "POST_TAG_COMBO#${combo}", Sort: "POST#${post_id}"},
})

// UserImpression records that a user viewed another user's profile:
// pk USER#<user_id> (the profile), sk REL#USER#<viewer_id>.
type UserImpression struct {
	UserID    string `dynamo:"user_id"`
	ViewerID  string `dynamo:"viewer_id"`
	CreatedAt int64  `dynamo:"created_at"`
}

// UserImpressions is the UserImpression entity.
var UserImpressions = entity.MustDefine(Table, entity.Config[UserImpression]{
	Name: "UserImpression",
	Key:  entity.Key{Partition: "USER#${user_id}", Sort: "REL#USER#${viewer_id}"},
})

// PostImpression records that a user has seen a post:
// pk POST#<post_id>, sk IMP#USER#<user_id>.
type PostImpression struct {
	PostID    string `dynamo:"post_id"`
	UserID    string `dynamo:"user_id"`
	CreatedAt int64  `dynamo:"created_at"`
}

// PostImpressions is the PostImpression entity.
var PostImpressions = entity.MustDefine(Table, entity.Config[PostImpression]{
	Name: "PostImpression",
	Key:  entity.Key{Partition: "POST#${post_id}", Sort: "IMP#USER#${user_id}"},
})

// PostLike records that a user likes a post: pk POST#<post_id>,
// sk LIKE#USER#<user_id>. A user likes a post once; unliking deletes it.
type PostLike struct {
	PostID    string `dynamo:"post_id"`
	UserID    string `dynamo:"user_id"`
	CreatedAt int64  `dynamo:"created_at"`
}

// PostLikes is the PostLike entity.
var PostLikes = entity.MustDefine(Table, entity.Config[PostLike]{
	Name: "PostLike",
	Key:  entity.Key{Partition: "POST#${post_id}", Sort: "LIKE#USER#${user_id}"},
})

// StarRating is a user's rating of a post, 1 to 5 stars: pk POST#<post_id>,
// sk RATE#USER#<user_id>. A user has one rating per post and may change it.
type StarRating struct {
	PostID    string `dynamo:"post_id"`
	UserID    string `dynamo:"user_id"`
	Stars     int64  `dynamo:"stars"`
	CreatedAt int64  `dynamo:"created_at"` // the first rating
}

// StarRatings is the StarRating entity.
var StarRatings = entity.MustDefine(Table, entity.Config[StarRating]{
	Name:       "StarRating",
	Key:        entity.Key{Partition: "POST#${post_id}", Sort: "RATE#USER#${user_id}"},
	Attributes: map[string]entity.Attribute{"stars": {Validate: validStars}},
	// The sample item of Table.Sample: 1 to 5 stars (the generated
	// value's number is 7).
	Sample: func() StarRating {
		return StarRating{PostID: "p1", UserID: "u1", Stars: 5, CreatedAt: sampleCreatedAt}
	},
})

// ContactMessage is a message sent through the contact form:
// pk CONTACT_MESSAGE#ALL, sk <created_at, 13 digits>#<message_id>.
type ContactMessage struct {
	MessageID string `dynamo:"message_id"`
	Name      string `dynamo:"name"`
	Email     string `dynamo:"email"`
	Subject   string `dynamo:"subject"`
	Body      string `dynamo:"body"`
	CreatedAt int64  `dynamo:"created_at"` // Unix milliseconds
}

// ContactMessages is the ContactMessage entity.
var ContactMessages = entity.MustDefine(Table, entity.Config[ContactMessage]{
	Name: "ContactMessage",
	Key:  entity.Key{Partition: "CONTACT_MESSAGE#ALL", Sort: "${created_at:pad(13)}#${message_id}"},
	Attributes: map[string]entity.Attribute{
		"message_id": {Required: true},
		"email":      {Required: true},
		"body":       {Required: true},
		"created_at": {Required: true},
	},
})
