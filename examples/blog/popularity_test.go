package blog

import (
	"context"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestPopularityWeights pins the weights that are this example's reading of
// the design's "engagement metrics (views, likes, ratings)": one like
// (LikePoints) outweighs every sample user's view (eight views,
// ViewPoints each), a five-star rating weighs as much as a like, a
// one-star rating cancels one, three stars count nothing, and posts of
// equal popularity are newest first.
func TestPopularityWeights(t *testing.T) {
	for _, c := range []struct {
		name string
		p    Post
		want int64
	}{
		{"one view", Post{Impressions: 1}, 1},
		{"one like", Post{Likes: 1}, 10},
		{"five stars", Post{Raters: 1, Stars: 5}, 10},
		{"three stars", Post{Raters: 1, Stars: 3}, 0},
		{"one star", Post{Raters: 1, Stars: 1}, -10},
		{"a like and one star", Post{Likes: 1, Raters: 1, Stars: 1}, 0},
		{"beyond the bound", Post{Likes: MaxPopularity}, MaxPopularity},
		{"below the bound", Post{Raters: MaxPopularity, Stars: MaxPopularity}, -MaxPopularity},
	} {
		if got := PopularityOf(c.p); got != c.want {
			t.Errorf("%s: PopularityOf = %d, want %d", c.name, got, c.want)
		}
	}
}

// TestPopularityOrdersTheFeed checks on DynamoDB Local that the popular
// feed (AP2) orders posts as the weights say, from posts that had no
// engagement: the workflows set each post's counters, popularity and
// rating_sk, and the query reads them in that order.
func TestPopularityOrdersTheFeed(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := sampleDB(t)
	users := []string{"u01", "u02", "u03", "u04", "u05", "u06", "u07", "u08"}
	view := func(post string, by ...string) {
		t.Helper()
		for _, u := range by {
			if ok, err := RecordPostImpression(ctx, db, PostImpression{PostID: post, UserID: u, CreatedAt: SampleEpoch}); err != nil || !ok {
				t.Fatalf("view of %s by %s: %v, %v", post, u, ok, err)
			}
		}
	}
	like := func(post, by string) {
		t.Helper()
		if ok, err := LikePost(ctx, db, PostLike{PostID: post, UserID: by, CreatedAt: SampleEpoch}); err != nil || !ok {
			t.Fatalf("like of %s by %s: %v, %v", post, by, ok, err)
		}
	}
	rate := func(post, by string, stars int64) {
		t.Helper()
		if ok, err := RatePost(ctx, db, StarRating{PostID: post, UserID: by, Stars: stars, CreatedAt: SampleEpoch}); err != nil || !ok {
			t.Fatalf("rating of %s by %s: %v, %v", post, by, ok, err)
		}
	}
	// Newest first, these posts start at popularity 0: p16, p15, p12,
	// p11, p08, p07, p03, p01.
	like("p11", "u01")
	view("p11", users[:5]...) // 10 + 5
	like("p03", "u02")        // 10
	rate("p01", "u03", 5)     // 10, older than p03
	view("p07", users...)     // 8: every user's view is less than one like
	rate("p15", "u01", 3)     // 0
	like("p08", "u04")
	rate("p08", "u05", 1) // 10 - 10 = 0, older than p15 and p12
	rate("p16", "u02", 2) // -5

	watched := []string{"p16", "p15", "p12", "p11", "p08", "p07", "p03", "p01"}
	var got []string
	for _, id := range popularIDs(t, db) {
		if slices.Contains(watched, id) {
			got = append(got, id)
		}
	}
	want := []string{"p11", "p03", "p01", "p07", "p15", "p12", "p08", "p16"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("popular feed (-want +got):\n%s", diff)
	}
	for id, pop := range map[string]int64{"p11": 15, "p03": 10, "p01": 10, "p07": 8, "p15": 0, "p12": 0, "p08": 0, "p16": -5} {
		wantStoredRank(t, db, id, pop)
	}
}
