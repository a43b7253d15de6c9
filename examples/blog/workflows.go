package blog

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/txn"
)

// plan is a workflow's write transaction: its actions and, for each, what a
// failed condition of that action means to the blog (nil: nothing more than
// the library's error says).
type plan struct {
	name string
	ops  []entity.WriteOp
	why  []func(error) error
}

func (p *plan) add(op entity.WriteOp, why func(error) error) {
	p.ops = append(p.ops, op)
	p.why = append(p.why, why)
}

func (p *plan) build() (*dynamodb.TransactWriteItemsInput, error) {
	return txn.Write(p.ops...).Build()
}

// run sends the transaction. When DynamoDB cancels it, the first failed
// action (in the order of the actions) with a meaning names the error.
func (p *plan) run(ctx context.Context, db *entity.DB) error {
	err := txn.Write(p.ops...).Run(ctx, db)
	if err == nil {
		return nil
	}
	var tce *ddbmodel.TxCanceledError
	if errors.As(err, &tce) {
		for _, r := range tce.Failed() {
			if r.Err != nil && r.Index < len(p.why) && p.why[r.Index] != nil {
				return p.why[r.Index](err)
			}
			// The library's marker actions of unique attributes follow the
			// plan's own actions.
			var ue *ddbmodel.UniqueError
			if errors.As(r.Err, &ue) {
				return uniqueTaken(ue, err)
			}
		}
	}
	return fmt.Errorf("blog: %s: %w", p.name, err)
}

// uniqueTaken turns the library's refusal of a taken unique value (a
// username, a slug) into a *TakenError; cause is the canceled
// transaction, which the library's *ddbmodel.UniqueError unwraps to.
func uniqueTaken(ue *ddbmodel.UniqueError, cause error) error {
	var kind error
	switch {
	case ue.Entity == Users.Name() && ue.Attribute == "username":
		kind = ErrUsernameTaken
	case ue.Entity == Posts.Name() && ue.Attribute == "slug":
		kind = ErrSlugTaken
	default:
		return fmt.Errorf("blog: %w", ue)
	}
	c := *ue
	if c.Cause == nil {
		c.Cause = cause
	}
	return &TakenError{Kind: kind, Value: c.Value, Err: &c}
}

func nowMillis() int64 { return time.Now().UnixMilli() }

// RegisterUser creates a user in one transaction with the item that keeps
// its e-mail address unique (UserEmail), those of its provider identities
// (ProviderUser) and the library's unique marker of its username, so that
// either all of them are written or none. The e-mail address is stored normalized (see
// NormalizeEmail); a zero CreatedAt is set to now; the counters start at 0.
// An address, username, identity or id in use is a *TakenError
// (ErrEmailTaken, ErrUsernameTaken, ErrProviderLinked, ErrUserExists).
func RegisterUser(ctx context.Context, db *entity.DB, u User, identities ...ProviderUser) (User, error) {
	p, u, err := registerPlan(u, identities)
	if err != nil {
		return User{}, err
	}
	if err := p.run(ctx, db); err != nil {
		return User{}, err
	}
	return u, nil
}

// RegisterPlan returns the transaction RegisterUser sends, for display.
func RegisterPlan(u User, identities ...ProviderUser) (*dynamodb.TransactWriteItemsInput, error) {
	p, _, err := registerPlan(u, identities)
	if err != nil {
		return nil, err
	}
	return p.build()
}

func registerPlan(u User, identities []ProviderUser) (*plan, User, error) {
	u.Email = NormalizeEmail(u.Email)
	if err := checkEmail(u.Email); err != nil {
		return nil, User{}, &ddbmodel.ValidationError{Entity: Users.Name(), Attribute: "email", Err: err}
	}
	if u.CreatedAt == 0 {
		u.CreatedAt = nowMillis()
	}
	if u.Status == "" {
		u.Status = UserActive
	}
	u.PostCount, u.Impressions = 0, 0
	p := &plan{name: "register user " + u.UserID}
	p.add(Users.Create(u), taken(ErrUserExists, u.UserID))
	p.add(UserEmails.Create(UserEmail{Email: u.Email, UserID: u.UserID}), taken(ErrEmailTaken, u.Email))
	for _, id := range identities {
		id.UserID = u.UserID
		p.add(ProviderUsers.Create(id), taken(ErrProviderLinked, id.Provider+"/"+id.ProviderUserID))
	}
	return p, u, nil
}

// LinkProvider links an external identity to an existing user: the
// ProviderUser item is created on the condition that the user exists. An
// identity already linked is a *TakenError (ErrProviderLinked); an unknown
// user a *NotFoundError (ErrUnknownUser).
func LinkProvider(ctx context.Context, db *entity.DB, id ProviderUser) error {
	p := &plan{name: "link provider identity"}
	p.add(ProviderUsers.Create(id), taken(ErrProviderLinked, id.Provider+"/"+id.ProviderUserID))
	p.add(UserByKey.Check(UserKey{UserID: id.UserID}, UserID.Exists()), notFound(ErrUnknownUser, id.UserID))
	return p.run(ctx, db)
}

// SetUserStatus changes a user's status (moderation); the user moves to
// the new status's partition of USERS_BY_STATUS_RATING and
// USERS_BY_STATUS_CREATED_AT_2 in the same write.
func SetUserStatus(ctx context.Context, db *entity.DB, userID, status string) (User, error) {
	u, err := UserByKey.Update(UserKey{UserID: userID}).Apply(UserStatus.Set(status)).Run(ctx, db)
	if err != nil {
		return User{}, lookupError(ErrUnknownUser, userID, err)
	}
	return u, nil
}

// SetUserRating changes a user's rating; rating_sk follows in the same write.
func SetUserRating(ctx context.Context, db *entity.DB, userID string, rating int64) (User, error) {
	u, err := UserByKey.Update(UserKey{UserID: userID}).Apply(UserRating.Set(rating)).Run(ctx, db)
	if err != nil {
		return User{}, lookupError(ErrUnknownUser, userID, err)
	}
	return u, nil
}

// CreateTag creates a tag with no posts. A tag that exists is a
// *TakenError (ErrTagExists).
func CreateTag(ctx context.Context, db *entity.DB, t PostTag) (PostTag, error) {
	t.TagName = strings.ToLower(strings.TrimSpace(t.TagName))
	t.PostCount = 0
	out, err := PostTags.Create(t).Run(ctx, db)
	if errors.Is(err, ddbmodel.ErrAlreadyExists) {
		return PostTag{}, &TakenError{Kind: ErrTagExists, Value: t.TagName, Err: err}
	}
	if err != nil {
		return PostTag{}, fmt.Errorf("blog: create tag %s: %w", t.TagName, err)
	}
	return out, nil
}

// SetTagRating changes a tag's rating; it moves in TAGS_BY_TYPE_RATING in
// the same write.
func SetTagRating(ctx context.Context, db *entity.DB, tag string, rating int64) (PostTag, error) {
	t, err := PostTagByKey.Update(PostTagKey{TagName: tag}).Apply(TagRating.Set(rating)).Run(ctx, db)
	if err != nil {
		return PostTag{}, lookupError(ErrUnknownTag, tag, err)
	}
	return t, nil
}

// CreatePost creates a post and the library's unique marker of its slug in
// one transaction, on the condition that the author and every tag exist. A
// post created published also counts in its author's and tags' post_count
// and gets its PostTagCombo items, in the same transaction. Tags are
// normalized (lower case, sorted); a zero CreatedAt is set to now; the
// status defaults to unpublished; the engagement counters start at zero,
// and so the popularity (the rank is the creation time). A slug or id in
// use is a *TakenError (ErrSlugTaken, ErrPostExists); an unknown author or
// tag a *NotFoundError (ErrUnknownUser, ErrUnknownTag).
func CreatePost(ctx context.Context, db *entity.DB, p Post) (Post, error) {
	pl, p, err := createPostPlan(p)
	if err != nil {
		return Post{}, err
	}
	if err := pl.run(ctx, db); err != nil {
		return Post{}, err
	}
	return p, nil
}

func createPostPlan(p Post) (*plan, Post, error) {
	p.Tags = normalizeTags(p.Tags)
	if p.CreatedAt == 0 {
		p.CreatedAt = nowMillis()
	}
	if p.Status == "" {
		p.Status = PostUnpublished
	}
	p.Impressions, p.Likes, p.Raters, p.Stars = 0, 0, 0, 0
	p.Popularity = PopularityOf(p)
	p.Rating = Rank(p.Popularity, p.CreatedAt)
	// Validation before anything is sent: a Post has a unique slug, so its
	// create is built as the transaction that writes the slug's marker.
	if _, err := txn.Write(Posts.Create(p)).Build(); err != nil {
		return nil, Post{}, err
	}
	pl := &plan{name: "create post " + p.PostID}
	pl.add(Posts.Create(p), taken(ErrPostExists, p.PostID))
	if p.Status == PostPublished {
		addCounters(pl, p, +1)
	} else {
		pl.add(UserByKey.Check(UserKey{UserID: p.UserID}, UserID.Exists()), notFound(ErrUnknownUser, p.UserID))
		for _, t := range p.Tags {
			pl.add(PostTagByKey.Check(PostTagKey{TagName: t}, TagName.Exists()), notFound(ErrUnknownTag, t))
		}
	}
	return pl, p, nil
}

// addCounters adds to pl what publishing (delta +1) or unpublishing (-1) p
// changes besides the post: the author's and tags' post_count and the
// post's PostTagCombo items.
func addCounters(pl *plan, p Post, delta int64) {
	pl.add(UserByKey.Update(UserKey{UserID: p.UserID}).Apply(UserPostCount.Add(delta)), notFound(ErrUnknownUser, p.UserID))
	for _, t := range p.Tags {
		pl.add(PostTagByKey.Update(PostTagKey{TagName: t}).Apply(TagPostCount.Add(delta)), notFound(ErrUnknownTag, t))
	}
	for _, c := range Combos(p.Tags) {
		if delta > 0 {
			pl.add(PostTagCombos.Put(PostTagCombo{Combo: c, PostID: p.PostID, UserID: p.UserID, Title: p.Title, CreatedAt: p.CreatedAt}), nil)
		} else {
			pl.add(PostTagComboByKey.Delete(PostTagComboKey{Combo: c, PostID: p.PostID}), nil)
		}
	}
}

// PublishPost publishes an unpublished post in one transaction: the post's
// status and its keys in POSTS_BY_STATUS_CREATED_AT_2,
// POSTS_BY_STATUS_RATING and POSTS_BY_USER_STATUS_CREATED_AT_2, the
// author's and tags' post_count, and the PostTagCombo items. A published
// post is a *StatusError (ErrAlreadyPublished); an unknown post, author or
// tag a *NotFoundError; a post changed meanwhile ErrPostChanged.
func PublishPost(ctx context.Context, db *entity.DB, postID string) (Post, error) {
	return setPostStatus(ctx, db, postID, PostPublished)
}

// UnpublishPost is the reverse of PublishPost. A post that is not
// published is a *StatusError (ErrNotPublished).
func UnpublishPost(ctx context.Context, db *entity.DB, postID string) (Post, error) {
	return setPostStatus(ctx, db, postID, PostUnpublished)
}

func setPostStatus(ctx context.Context, db *entity.DB, postID, to string) (Post, error) {
	p, err := readPost(ctx, db, postID)
	if err != nil {
		return Post{}, err
	}
	pl, err := statusPlan(p, to)
	if err != nil {
		return Post{}, err
	}
	if err := pl.run(ctx, db); err != nil {
		return Post{}, err
	}
	p.Status = to
	return p, nil
}

// PublishPlan returns the transaction that PublishPost sends for p (the
// post as read), for display.
func PublishPlan(p Post) (*dynamodb.TransactWriteItemsInput, error) {
	pl, err := statusPlan(p, PostPublished)
	if err != nil {
		return nil, err
	}
	return pl.build()
}

func statusPlan(p Post, to string) (*plan, error) {
	if p.Status == to {
		kind := ErrAlreadyPublished
		if to == PostUnpublished {
			kind = ErrNotPublished
		}
		return nil, &StatusError{PostID: p.PostID, Status: p.Status, Kind: kind}
	}
	delta := int64(1)
	if to == PostUnpublished {
		delta = -1
	}
	pl := &plan{name: "set status of post " + p.PostID}
	pl.add(PostByKey.Update(PostKey{PostID: p.PostID}).Apply(PostStatus.Set(to)).
		With(entity.Values{"user_id": p.UserID}). // With has no typed form: the author's id for the index key
		Ensure(PostStatus.Eq(p.Status)), changed(p.PostID))
	addCounters(pl, p, delta)
	return pl, nil
}

func changed(postID string) func(error) error {
	return func(err error) error { return fmt.Errorf("blog: post %s: %w: %w", postID, ErrPostChanged, err) }
}

func readPost(ctx context.Context, db *entity.DB, postID string) (Post, error) {
	p, err := PostByKey.Get(PostKey{PostID: postID}).Consistent().Run(ctx, db)
	if err != nil {
		return Post{}, lookupError(ErrUnknownPost, postID, err)
	}
	normalizePost(&p)
	return p, nil
}

// ChangePostSlug gives a post a new slug: one update of slug, which the
// library sends as a transaction with the unique markers of the slug (the
// old one deleted, the new one created on the condition that no other post
// holds it) and with post_slug, the post's POSTS_BY_SLUG key, rewritten.
// A slug in use is a *TakenError (ErrSlugTaken, ddbmodel.ErrUniqueTaken);
// an unknown post a *NotFoundError (ErrUnknownPost).
func ChangePostSlug(ctx context.Context, db *entity.DB, postID, slug string) (Post, error) {
	if err := checkName("slug", slug); err != nil {
		return Post{}, &ddbmodel.ValidationError{Entity: Posts.Name(), Attribute: "slug", Err: err}
	}
	p, err := PostByKey.Update(PostKey{PostID: postID}).Apply(PostSlugField.Set(slug)).Run(ctx, db)
	var ue *ddbmodel.UniqueError
	switch {
	case errors.As(err, &ue):
		return Post{}, uniqueTaken(ue, nil)
	case errors.Is(err, ddbmodel.ErrConditionFailed) && !errors.Is(err, ddbmodel.ErrNotFound):
		return Post{}, changed(postID)(err)
	case err != nil:
		return Post{}, lookupError(ErrUnknownPost, postID, err)
	}
	normalizePost(&p)
	return p, nil
}

// RecordProfileImpression records that a user (ViewerID) has viewed another
// user's profile (UserID) and counts it in that user's impressions, once
// per viewer, like RecordPostImpression.
func RecordProfileImpression(ctx context.Context, db *entity.DB, imp UserImpression) (counted bool, err error) {
	if imp.CreatedAt == 0 {
		imp.CreatedAt = nowMillis()
	}
	pl := &plan{name: "record impression of user " + imp.UserID}
	pl.add(UserByKey.Update(UserKey{UserID: imp.UserID}).Apply(UserImpressionCount.Add(1)), notFound(ErrUnknownUser, imp.UserID))
	if imp.ViewerID != imp.UserID {
		pl.add(UserByKey.Check(UserKey{UserID: imp.ViewerID}, UserID.Exists()), notFound(ErrUnknownUser, imp.ViewerID))
	}
	pl.add(UserImpressions.Create(imp), noChange)
	return changedResult(pl.run(ctx, db))
}

// SubmitContactMessage stores a contact form message. A zero CreatedAt is
// set to now.
func SubmitContactMessage(ctx context.Context, db *entity.DB, m ContactMessage) (ContactMessage, error) {
	if m.CreatedAt == 0 {
		m.CreatedAt = nowMillis()
	}
	out, err := ContactMessages.Create(m).Run(ctx, db)
	if err != nil {
		return ContactMessage{}, fmt.Errorf("blog: submit contact message %s: %w", m.MessageID, err)
	}
	return out, nil
}

// Combos returns the combination keys a post with tags is listed under:
// one per non-empty subset of the tags (see ComboKey).
func Combos(tags []string) []string {
	tags = normalizeTags(tags)
	var out []string
	for mask := 1; mask < 1<<len(tags); mask++ {
		var sub []string
		for i, t := range tags {
			if mask&(1<<i) != 0 {
				sub = append(sub, t)
			}
		}
		out = append(out, ComboKey(sub))
	}
	slices.Sort(out)
	return out
}

func normalizeTags(tags []string) []string {
	if len(tags) == 0 {
		return nil
	}
	out := make([]string, 0, len(tags))
	for _, t := range tags {
		out = append(out, strings.ToLower(strings.TrimSpace(t)))
	}
	slices.Sort(out)
	return slices.Compact(out)
}
