package blog

import (
	"context"
	"errors"
	"strconv"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/google/go-cmp/cmp"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/txn"
)

// popularIDs reads the whole popular feed.
func popularIDs(t *testing.T, db *entity.DB) []string {
	t.Helper()
	p, err := PopularPosts(context.Background(), db, 0, "")
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, x := range p.Items {
		ids = append(ids, x.PostID)
	}
	return ids
}

// wantStoredRank checks, on the item as stored, that rating_sk (the key of
// POSTS_BY_STATUS_RATING) equals the rank popularity gives: the key a put
// of the post would write.
func wantStoredRank(t *testing.T, db *entity.DB, postID string, popularity int64) {
	t.Helper()
	out, err := db.Client.GetItem(context.Background(), &dynamodb.GetItemInput{
		TableName: &db.TableName, ConsistentRead: aws.Bool(true),
		Key: map[string]types.AttributeValue{
			"pk": &types.AttributeValueMemberS{Value: "POST#" + postID},
			"sk": &types.AttributeValueMemberS{Value: "META"},
		},
	}, db.Options...)
	if err != nil {
		t.Fatal(err)
	}
	p, err := Posts.Decode(out.Item)
	if err != nil {
		t.Fatal(err)
	}
	want := Rank(popularity, p.CreatedAt)
	for _, attr := range []string{"rating_sk", "rating"} {
		n, _ := out.Item[attr].(*types.AttributeValueMemberN)
		if n == nil || n.Value != strconv.FormatInt(want, 10) {
			t.Errorf("%s stored %s %v, want %d", postID, attr, out.Item[attr], want)
		}
	}
	if p.Popularity != popularity || p.Popularity != PopularityOf(p) {
		t.Errorf("%s popularity %d (counters give %d), want %d", postID, p.Popularity, PopularityOf(p), popularity)
	}
}

func TestEngagementMovesPopularPosts(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := sampleDB(t)
	if diff := cmp.Diff(popularPublished, popularIDs(t, db)); diff != "" {
		t.Fatalf("popular posts as loaded (-want +got):\n%s", diff)
	}

	// p25 (popularity 0) gets four likes, one of them repeated.
	for _, u := range []string{"u01", "u02", "u03", "u04", "u01"} {
		if _, err := LikePost(ctx, db, PostLike{PostID: "p25", UserID: u, CreatedAt: SampleEpoch}); err != nil {
			t.Fatal(err)
		}
	}
	if liked, err := LikePost(ctx, db, PostLike{PostID: "p25", UserID: "u01"}); err != nil || liked {
		t.Errorf("a second like of u01: liked %v, %v; want false, nil", liked, err)
	}
	if n := must(t, db, PostByKey.Get(PostKey{PostID: "p25"})).Likes; n != 4 {
		t.Errorf("p25 likes %d, want 4", n)
	}
	// p27 loses three of its likes; an unlike of a post not liked changes nothing.
	for _, u := range []string{"u02", "u03", "u04"} {
		if unliked, err := UnlikePost(ctx, db, "p27", u); err != nil || !unliked {
			t.Fatalf("unlike p27 by %s: %v, %v", u, unliked, err)
		}
	}
	if unliked, err := UnlikePost(ctx, db, "p27", "u05"); err != nil || unliked {
		t.Errorf("unlike of a post not liked: unliked %v, %v; want false, nil", unliked, err)
	}
	// p01 (popularity 0) is seen by five users and rated five stars.
	for _, u := range []string{"u01", "u02", "u03", "u04", "u05"} {
		if _, err := RecordPostImpression(ctx, db, PostImpression{PostID: "p01", UserID: u, CreatedAt: SampleEpoch}); err != nil {
			t.Fatal(err)
		}
	}
	if rated, err := RatePost(ctx, db, StarRating{PostID: "p01", UserID: "u02", Stars: 5}); err != nil || !rated {
		t.Fatalf("rate p01: %v, %v", rated, err)
	}

	wantStoredRank(t, db, "p25", 40)
	wantStoredRank(t, db, "p27", 1)
	wantStoredRank(t, db, "p01", 15)
	want := []string{"p25", "p13", "p21", "p01", "p06", "p02", "p27", "p24", "p09",
		"p28", "p22", "p19", "p18", "p16", "p15", "p12", "p11", "p08", "p07", "p03", "p04"}
	if diff := cmp.Diff(want, popularIDs(t, db)); diff != "" {
		t.Errorf("popular posts after likes, unlikes, views and a rating (-want +got):\n%s", diff)
	}

	// A changed rating moves the post again: five stars to one is -20.
	if rated, err := RatePost(ctx, db, StarRating{PostID: "p01", UserID: "u02", Stars: 1}); err != nil || !rated {
		t.Fatalf("re-rate p01: %v, %v", rated, err)
	}
	if rated, err := RatePost(ctx, db, StarRating{PostID: "p01", UserID: "u02", Stars: 1}); err != nil || rated {
		t.Errorf("the same rating again: rated %v, %v; want false, nil", rated, err)
	}
	wantStoredRank(t, db, "p01", -5)
	if r := must(t, db, StarRatingByKey.Get(StarRatingKey{PostID: "p01", UserID: "u02"})); r.Stars != 1 {
		t.Errorf("u02's rating of p01: %d stars, want 1", r.Stars)
	}
	want = []string{"p25", "p13", "p21", "p06", "p02", "p27", "p24", "p09",
		"p28", "p22", "p19", "p18", "p16", "p15", "p12", "p11", "p08", "p07", "p03", "p01", "p04"}
	if diff := cmp.Diff(want, popularIDs(t, db)); diff != "" {
		t.Errorf("popular posts after p01's rating fell to one star (-want +got):\n%s", diff)
	}

	// Withdrawing the rating gives p01 back its five views alone.
	if unrated, err := UnratePost(ctx, db, "p01", "u02"); err != nil || !unrated {
		t.Fatalf("unrate p01: %v, %v", unrated, err)
	}
	if unrated, err := UnratePost(ctx, db, "p01", "u02"); err != nil || unrated {
		t.Errorf("unrate again: unrated %v, %v; want false, nil", unrated, err)
	}
	absent(t, db, StarRatingByKey.Get(StarRatingKey{PostID: "p01", UserID: "u02"}), "withdrawn rating")
	wantStoredRank(t, db, "p01", 5)

	// Unknown posts and users write nothing.
	_, err := LikePost(ctx, db, PostLike{PostID: "p99", UserID: "u01"})
	wantNotFound(t, err, ErrUnknownPost, "p99")
	_, err = LikePost(ctx, db, PostLike{PostID: "p03", UserID: "u99"})
	wantNotFound(t, err, ErrUnknownUser, "u99")
	absent(t, db, HasLikedPostGet("p03", "u99"), "like of an unknown user")
	_, err = RatePost(ctx, db, StarRating{PostID: "p03", UserID: "u99", Stars: 4})
	wantNotFound(t, err, ErrUnknownUser, "u99")
	absent(t, db, StarRatingByKey.Get(StarRatingKey{PostID: "p03", UserID: "u99"}), "rating of an unknown user")
	wantStoredRank(t, db, "p03", 0)
}

func TestLikes(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := sampleDB(t)
	for _, c := range []struct {
		post, user string
		want       bool
	}{{"p27", "u02", true}, {"p27", "u01", false}, {"p01", "u02", false}} {
		got, err := HasLikedPost(ctx, db, c.post, c.user)
		if err != nil || got != c.want {
			t.Errorf("HasLikedPost(%s, %s) = %v, %v; want %v", c.post, c.user, got, err, c.want)
		}
	}
	if liked, err := LikePost(ctx, db, PostLike{PostID: "p01", UserID: "u02", CreatedAt: SampleEpoch}); err != nil || !liked {
		t.Fatalf("like: %v, %v", liked, err)
	}
	if diff := cmp.Diff(PostLike{PostID: "p01", UserID: "u02", CreatedAt: SampleEpoch}, must(t, db, HasLikedPostGet("p01", "u02"))); diff != "" {
		t.Errorf("like item (-want +got):\n%s", diff)
	}
	if unliked, err := UnlikePost(ctx, db, "p01", "u02"); err != nil || !unliked {
		t.Fatalf("unlike: %v, %v", unliked, err)
	}
	if got, err := HasLikedPost(ctx, db, "p01", "u02"); err != nil || got {
		t.Errorf("HasLikedPost after the unlike: %v, %v", got, err)
	}
	wantStoredRank(t, db, "p01", 0)
}

// A post that changed after it was read fails the engagement transaction
// (the counters are conditioned on the values read), and nothing of it is
// written; the workflows read again and retry.
func TestEngagementOnStaleReadWritesNothing(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := sampleDB(t)
	stale, err := readPost(ctx, db, "p13")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := LikePost(ctx, db, PostLike{PostID: "p13", UserID: "u05"}); err != nil {
		t.Fatal(err)
	}
	pl := &plan{name: "stale like"}
	pl.add(PostLikes.Create(PostLike{PostID: "p13", UserID: "u06", CreatedAt: 1}), noChange)
	pl.add(engagementUpdate(stale, engagement{likes: 1}), changed("p13"))
	err = pl.run(ctx, db)
	if !errors.Is(err, ErrPostChanged) || !errors.Is(err, ddbmodel.ErrTxCanceled) {
		t.Fatalf("like from a stale read: %v, want ErrPostChanged", err)
	}
	absent(t, db, HasLikedPostGet("p13", "u06"), "like of the stale transaction")
	if n := must(t, db, PostByKey.Get(PostKey{PostID: "p13"})).Likes; n != 2 {
		t.Errorf("p13 likes %d, want 2 (the sample's and u05's)", n)
	}
	wantStoredRank(t, db, "p13", wantPopularity["p13"]+LikePoints)
}

func TestHasSeenPost(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := sampleDB(t)
	for _, c := range []struct {
		post, user string
		want       bool
	}{{"p02", "u01", true}, {"p06", "u05", true}, {"p02", "u02", false}, {"p99", "u01", false}} {
		got, err := HasSeenPost(ctx, db, c.post, c.user)
		if err != nil || got != c.want {
			t.Errorf("HasSeenPost(%s, %s) = %v, %v; want %v", c.post, c.user, got, err, c.want)
		}
	}
	if _, err := RecordPostImpression(ctx, db, PostImpression{PostID: "p02", UserID: "u02"}); err != nil {
		t.Fatal(err)
	}
	if got, err := HasSeenPost(ctx, db, "p02", "u02"); err != nil || !got {
		t.Errorf("HasSeenPost after the view: %v, %v; want true", got, err)
	}
	wantStoredRank(t, db, "p02", wantPopularity["p02"]+ViewPoints)
}

// Stars out of 1 to 5 are refused before any request is sent.
func TestRatePostRefusesBadStars(t *testing.T) {
	t.Parallel()
	db := entity.NewDB(entitytest.NoRequests(t), "blog")
	for _, stars := range []int64{0, 6, -1} {
		_, err := RatePost(context.Background(), db, StarRating{PostID: "p01", UserID: "u01", Stars: stars})
		var ve *ddbmodel.ValidationError
		if !errors.As(err, &ve) || ve.Entity != "StarRating" || ve.Attribute != "stars" {
			t.Errorf("%d stars: %v, want a *ddbmodel.ValidationError for StarRating stars", stars, err)
		}
	}
	// A put of a post whose rank is not the one its counters give is refused too.
	p := Post{PostID: "x", UserID: "u01", Title: "T", Slug: "x", CreatedAt: 1, Likes: 1, Popularity: LikePoints, Rating: 5}
	if _, err := txn.Write(Posts.Create(p)).Build(); !errors.Is(err, ddbmodel.ErrInvalid) {
		t.Errorf("a post with a stale rank: %v, want ddbmodel.ErrInvalid", err)
	}
	p.Rating = Rank(p.Popularity, p.CreatedAt)
	if _, err := txn.Write(Posts.Create(p)).Build(); err != nil {
		t.Errorf("a post with its rank: %v", err)
	}
}

// Concurrent likes of one post conflict on its counters: each loser reads
// the post again and retries, so every like is counted once and the rank
// is the one the final counters give.
func TestConcurrentLikesAllCount(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := sampleDB(t)
	users := []string{"u01", "u02", "u03", "u04"} // at most 3 losses each, within maxEngageAttempts
	errs := make(chan error, len(users))
	for _, u := range users {
		go func() {
			liked, err := LikePost(ctx, db, PostLike{PostID: "p01", UserID: u, CreatedAt: SampleEpoch})
			if err == nil && !liked {
				err = errors.New("like of " + u + " not counted")
			}
			errs <- err
		}()
	}
	for range users {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
	if n := must(t, db, PostByKey.Get(PostKey{PostID: "p01"})).Likes; n != int64(len(users)) {
		t.Errorf("p01 likes %d, want %d", n, len(users))
	}
	wantStoredRank(t, db, "p01", int64(len(users))*LikePoints)
}
