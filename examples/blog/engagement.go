package blog

import (
	"context"
	"errors"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
)

// Engagement: the points each view, like and rating gives a post's
// popularity. A rating of s stars gives (s-3)*StarPoints, so that five
// stars raise a post, one star lowers it and three stars leave it.
//
// These weights are this example's own reading: the design ranks popular
// posts "by engagement metrics (views, likes, ratings)" and gives no
// weights. Read together, they say that one like counts as ten distinct
// viewers, a five-star rating as one like and a one-star rating as one
// like withdrawn (TestPopularityWeights and, on DynamoDB Local,
// TestPopularityOrdersTheFeed pin that order).
const (
	ViewPoints = 1  // per distinct viewer
	LikePoints = 10 // per like
	StarPoints = 5  // per star above (or below) three, per rating
)

// MaxPopularity bounds a post's popularity (either way), so that its rank
// stays within an int64.
const MaxPopularity = 900_000

// rankScale is the factor of the popularity in a rank: one more than the
// largest creation time a rank holds (13 digits of Unix milliseconds).
const rankScale int64 = 10_000_000_000_000

// maxEngageAttempts bounds the attempts of an engagement workflow whose
// post changed between its read and its write.
const maxEngageAttempts = 5

// PopularityOf returns the popularity p's counters give: Impressions
// times ViewPoints, plus Likes times LikePoints, plus StarPoints for each
// star above three of each rating (Stars-3*Raters), within ±MaxPopularity.
func PopularityOf(p Post) int64 {
	s := p.Impressions*ViewPoints + p.Likes*LikePoints + (p.Stars-3*p.Raters)*StarPoints
	return min(max(s, -MaxPopularity), MaxPopularity)
}

// Rank returns a post's rank in POSTS_BY_STATUS_RATING, the number its
// rating and rating_sk hold: the popularity times 10^13 plus the creation
// time in Unix milliseconds, so that posts order by popularity and, at
// equal popularity, newest first (the design's rating_sk packs a rating and
// a 13-digit timestamp the same way).
func Rank(popularity, createdAt int64) int64 { return popularity*rankScale + createdAt }

// validEngagement checks that a post's popularity and rank are those its
// counters and creation time give, so that no put writes a stale rating_sk.
func validEngagement(p *Post) error {
	if p.CreatedAt < 0 || p.CreatedAt >= rankScale {
		return fmt.Errorf("created_at %d: want Unix milliseconds of at most 13 digits", p.CreatedAt)
	}
	if want := PopularityOf(*p); p.Popularity != want {
		return fmt.Errorf("popularity %d, but the counters give %d", p.Popularity, want)
	}
	if want := Rank(p.Popularity, p.CreatedAt); p.Rating != want {
		return fmt.Errorf("rating %d, but popularity %d and created_at %d give %d", p.Rating, p.Popularity, p.CreatedAt, want)
	}
	return nil
}

func validStars(v any) error {
	if s, _ := v.(int64); s < 1 || s > 5 {
		return fmt.Errorf("stars %v: want 1 to 5", v)
	}
	return nil
}

// engagement is a change of a post's counters.
type engagement struct{ views, likes, raters, stars int64 }

// engagementUpdate returns the update that applies d to the counters of p
// (the post as read), with the popularity and rank they give, on the
// condition that the counters are still those read: the rank is computed
// from known values, so the library writes rating_sk with it in the same
// update, and a concurrent change fails the update (ErrPostChanged) instead
// of writing a rank from stale counters.
func engagementUpdate(p Post, d engagement) entity.UpdateOp[Post] {
	n := p
	n.Impressions += d.views
	n.Likes += d.likes
	n.Raters += d.raters
	n.Stars += d.stars
	n.Popularity = PopularityOf(n)
	n.Rating = Rank(n.Popularity, n.CreatedAt)
	return PostByKey.Update(PostKey{PostID: p.PostID}).
		Apply(
			PostImpressionCount.Set(n.Impressions), PostLikeCount.Set(n.Likes),
			PostRaters.Set(n.Raters), PostStars.Set(n.Stars),
			PostPopularity.Set(n.Popularity), PostRating.Set(n.Rating),
		).
		Ensure(
			PostImpressionCount.Eq(p.Impressions), PostLikeCount.Eq(p.Likes),
			PostRaters.Eq(p.Raters), PostStars.Eq(p.Stars), PostRating.Eq(p.Rating),
		)
}

// engage runs the transaction build makes from the post as read (strongly
// consistent), reading again and retrying when the post changed in between
// (at most maxEngageAttempts times).
func engage(ctx context.Context, db *entity.DB, postID string, build func(p Post) (*plan, error)) error {
	for attempt := 1; ; attempt++ {
		p, err := readPost(ctx, db, postID)
		if err != nil {
			return err
		}
		pl, err := build(p)
		if err != nil {
			return err
		}
		err = pl.run(ctx, db)
		if errors.Is(err, ErrPostChanged) && attempt < maxEngageAttempts {
			continue
		}
		return err
	}
}

// errNoChange marks an engagement that changes nothing: a second view or
// like of the same user, an unlike of a post not liked.
var errNoChange = errors.New("blog: nothing to change")

func noChange(error) error { return errNoChange }

func changedResult(err error) (bool, error) {
	switch {
	case err == nil:
		return true, nil
	case errors.Is(err, errNoChange):
		return false, nil
	default:
		return false, err
	}
}

// RecordPostImpression records that a user has seen a post and counts it,
// in one transaction: the PostImpression item is created only if absent,
// and the post's impressions, popularity and rank (rating, rating_sk) are
// rewritten, so the post moves in POSTS_BY_STATUS_RATING. counted is false
// when the user had seen the post before (nothing is written then). A zero
// CreatedAt is set to now. An unknown post or user is a *NotFoundError.
func RecordPostImpression(ctx context.Context, db *entity.DB, imp PostImpression) (counted bool, err error) {
	if imp.CreatedAt == 0 {
		imp.CreatedAt = nowMillis()
	}
	return changedResult(engage(ctx, db, imp.PostID, func(p Post) (*plan, error) {
		pl := &plan{name: "record impression of post " + imp.PostID}
		pl.add(PostImpressions.Create(imp), noChange)
		pl.add(UserByKey.Check(UserKey{UserID: imp.UserID}, UserID.Exists()), notFound(ErrUnknownUser, imp.UserID))
		pl.add(engagementUpdate(p, engagement{views: 1}), changed(p.PostID))
		return pl, nil
	}))
}

// HasSeenPostGet is the read of HasSeenPost: the PostImpression item,
// strongly consistent.
func HasSeenPostGet(postID, userID string) entity.GetOp[PostImpression] {
	return PostImpressionByKey.Get(PostImpressionKey{PostID: postID, UserID: userID}).Consistent()
}

// HasSeenPost reports whether a user has seen a post (whether
// RecordPostImpression recorded it): one GetItem of the PostImpression item.
func HasSeenPost(ctx context.Context, db *entity.DB, postID, userID string) (bool, error) {
	return exists(HasSeenPostGet(postID, userID).Run(ctx, db))
}

// LikePost records that a user likes a post, in one transaction: the
// PostLike item is created only if absent, and the post's likes,
// popularity and rank are rewritten. liked is false when the user liked
// the post already (nothing is written then). A zero CreatedAt is set to
// now. An unknown post or user is a *NotFoundError.
func LikePost(ctx context.Context, db *entity.DB, like PostLike) (liked bool, err error) {
	if like.CreatedAt == 0 {
		like.CreatedAt = nowMillis()
	}
	return changedResult(engage(ctx, db, like.PostID, func(p Post) (*plan, error) { return likePlan(p, like), nil }))
}

// LikePlan returns the transaction LikePost sends for p (the post as
// read), for display.
func LikePlan(p Post, like PostLike) (*dynamodb.TransactWriteItemsInput, error) {
	return likePlan(p, like).build()
}

func likePlan(p Post, like PostLike) *plan {
	like.PostID = p.PostID
	pl := &plan{name: "like post " + p.PostID}
	pl.add(PostLikes.Create(like), noChange)
	pl.add(UserByKey.Check(UserKey{UserID: like.UserID}, UserID.Exists()), notFound(ErrUnknownUser, like.UserID))
	pl.add(engagementUpdate(p, engagement{likes: 1}), changed(p.PostID))
	return pl
}

// UnlikePost withdraws a user's like, in one transaction: the PostLike item
// is deleted on the condition that it exists, and the post's likes,
// popularity and rank are rewritten. unliked is false when the user did
// not like the post (nothing is written then). An unknown post is a
// *NotFoundError.
func UnlikePost(ctx context.Context, db *entity.DB, postID, userID string) (unliked bool, err error) {
	return changedResult(engage(ctx, db, postID, func(p Post) (*plan, error) {
		pl := &plan{name: "unlike post " + postID}
		pl.add(PostLikeByKey.Delete(PostLikeKey{PostID: postID, UserID: userID}).Ensure(LikeUserID.Exists()), noChange)
		pl.add(engagementUpdate(p, engagement{likes: -1}), changed(postID))
		return pl, nil
	}))
}

// HasLikedPostGet is the read of HasLikedPost: the PostLike item, strongly
// consistent.
func HasLikedPostGet(postID, userID string) entity.GetOp[PostLike] {
	return PostLikeByKey.Get(PostLikeKey{PostID: postID, UserID: userID}).Consistent()
}

// HasLikedPost reports whether a user likes a post.
func HasLikedPost(ctx context.Context, db *entity.DB, postID, userID string) (bool, error) {
	return exists(HasLikedPostGet(postID, userID).Run(ctx, db))
}

// RatePost sets a user's rating of a post (1 to 5 stars), in one
// transaction: the StarRating item is created (or its stars changed, on the
// condition that they are those read), and the post's raters, stars,
// popularity and rank are rewritten. rated is false when the user had
// given the post these stars already (nothing is written then). A zero
// CreatedAt is set to now; a change keeps the first rating's. Stars out of
// 1 to 5 are a *ddbmodel.ValidationError, refused before anything is
// sent; an unknown post or user is a *NotFoundError.
func RatePost(ctx context.Context, db *entity.DB, r StarRating) (rated bool, err error) {
	if err := validStars(r.Stars); err != nil {
		return false, &ddbmodel.ValidationError{Entity: StarRatings.Name(), Attribute: "stars", Err: err}
	}
	if r.CreatedAt == 0 {
		r.CreatedAt = nowMillis()
	}
	key := StarRatingKey{PostID: r.PostID, UserID: r.UserID}
	return changedResult(engage(ctx, db, r.PostID, func(p Post) (*plan, error) {
		pl := &plan{name: "rate post " + r.PostID}
		old, err := StarRatingByKey.Get(key).Consistent().Run(ctx, db)
		switch {
		case errors.Is(err, ddbmodel.ErrNotFound):
			pl.add(StarRatings.Create(r), changed(p.PostID))
			pl.add(UserByKey.Check(UserKey{UserID: r.UserID}, UserID.Exists()), notFound(ErrUnknownUser, r.UserID))
			pl.add(engagementUpdate(p, engagement{raters: 1, stars: r.Stars}), changed(p.PostID))
		case err != nil:
			return nil, fmt.Errorf("blog: rate post %s: %w", r.PostID, err)
		case old.Stars == r.Stars:
			return nil, errNoChange
		default:
			pl.add(StarRatingByKey.Update(key).Apply(RatedStars.Set(r.Stars)).Ensure(RatedStars.Eq(old.Stars)), changed(p.PostID))
			pl.add(engagementUpdate(p, engagement{stars: r.Stars - old.Stars}), changed(p.PostID))
		}
		return pl, nil
	}))
}

// UnratePost withdraws a user's rating of a post, in one transaction: the
// StarRating item is deleted on the condition that it holds the stars
// read, and the post's raters, stars, popularity and rank are rewritten.
// unrated is false when the user had not rated the post (nothing is
// written then).
func UnratePost(ctx context.Context, db *entity.DB, postID, userID string) (unrated bool, err error) {
	key := StarRatingKey{PostID: postID, UserID: userID}
	return changedResult(engage(ctx, db, postID, func(p Post) (*plan, error) {
		old, err := StarRatingByKey.Get(key).Consistent().Run(ctx, db)
		switch {
		case errors.Is(err, ddbmodel.ErrNotFound):
			return nil, errNoChange
		case err != nil:
			return nil, fmt.Errorf("blog: unrate post %s: %w", postID, err)
		}
		pl := &plan{name: "unrate post " + postID}
		pl.add(StarRatingByKey.Delete(key).Ensure(RatedStars.Eq(old.Stars)), changed(postID))
		pl.add(engagementUpdate(p, engagement{raters: -1, stars: -old.Stars}), changed(postID))
		return pl, nil
	}))
}

// exists turns the outcome of a read into whether the item exists.
func exists[T any](_ T, err error) (bool, error) {
	switch {
	case err == nil:
		return true, nil
	case errors.Is(err, ddbmodel.ErrNotFound):
		return false, nil
	default:
		return false, fmt.Errorf("blog: %w", err)
	}
}
