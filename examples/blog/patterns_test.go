package blog

import (
	"context"
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/query"
)

// Expected orders, written out from the sample data.
var (
	latestPublished = []string{"p28", "p27", "p25", "p24", "p22", "p21", "p19", "p18", "p16", "p15", "p13",
		"p12", "p11", "p09", "p08", "p07", "p06", "p04", "p03", "p02", "p01"}
	// By popularity (see wantPopularity), then newest first.
	popularPublished = []string{"p27", "p13", "p21", "p06", "p02", "p24", "p09",
		"p28", "p25", "p22", "p19", "p18", "p16", "p15", "p12", "p11", "p08", "p07", "p03", "p01", "p04"}
)

// allPages follows cursors from "" to the end and returns the items of
// every page and the number of pages; every page holds at most limit items.
func allPages[T any](t *testing.T, limit int, page func(cursor string) (query.Page[T], error)) ([]T, int) {
	t.Helper()
	var all []T
	cursor := ""
	for n := 1; ; n++ {
		p, err := page(cursor)
		if err != nil {
			t.Fatalf("page %d: %v", n, err)
		}
		if len(p.Items) > limit {
			t.Errorf("page %d holds %d items, over the limit %d", n, len(p.Items), limit)
		}
		all = append(all, p.Items...)
		if p.Cursor == "" {
			return all, n
		}
		if n > 50 {
			t.Fatal("no end after 50 pages")
		}
		cursor = p.Cursor
	}
}

func combosOf(t *testing.T, combo string, ids ...string) []PostTagCombo {
	t.Helper()
	var out []PostTagCombo
	for _, p := range loadedPosts(t, ids...) {
		out = append(out, PostTagCombo{Combo: combo, PostID: p.PostID, UserID: p.UserID, Title: p.Title, CreatedAt: p.CreatedAt})
	}
	return out
}

func TestAccessPatterns(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := sampleDB(t)

	t.Run("LatestPosts", func(t *testing.T) {
		p, err := LatestPosts(ctx, db, 0, "")
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(loadedPosts(t, latestPublished...), p.Items); diff != "" {
			t.Errorf("latest posts (-want +got):\n%s", diff)
		}
		if p.Cursor != "" {
			t.Errorf("cursor %q after an unlimited query", p.Cursor)
		}
		got, pages := allPages(t, 5, func(c string) (query.Page[Post], error) { return LatestPosts(ctx, db, 5, c) })
		if diff := cmp.Diff(loadedPosts(t, latestPublished...), got); diff != "" {
			t.Errorf("latest posts in pages of 5 (-want +got):\n%s", diff)
		}
		if pages != 5 {
			t.Errorf("%d pages, want 5", pages)
		}
	})

	t.Run("PopularPosts", func(t *testing.T) {
		p, err := PopularPosts(ctx, db, 3, "")
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(loadedPosts(t, "p27", "p13", "p21"), p.Items); diff != "" {
			t.Errorf("top 3 (-want +got):\n%s", diff)
		}
		got, _ := allPages(t, 4, func(c string) (query.Page[Post], error) { return PopularPosts(ctx, db, 4, c) })
		if diff := cmp.Diff(loadedPosts(t, popularPublished...), got); diff != "" {
			t.Errorf("popular posts in pages of 4 (-want +got):\n%s", diff)
		}
	})

	t.Run("PostBySlug", func(t *testing.T) {
		for slug, id := range map[string]string{"gsi-overloading": "p07", "api-versioning": "p14", "on-demand-capacity": "p27"} {
			got, err := PostBySlug(ctx, db, slug)
			if err != nil {
				t.Fatalf("%s: %v", slug, err)
			}
			if diff := cmp.Diff(loadedPost(t, id), got); diff != "" {
				t.Errorf("post by slug %s (-want +got):\n%s", slug, diff)
			}
		}
		_, err := PostBySlug(ctx, db, "no-such-post")
		var nf *NotFoundError
		if !errors.As(err, &nf) || !errors.Is(err, ErrUnknownPost) || !errors.Is(err, ddbmodel.ErrNotFound) {
			t.Errorf("unknown slug: %v, want a *NotFoundError for ErrUnknownPost and ddbmodel.ErrNotFound", err)
		}
	})

	t.Run("PostsByAuthor", func(t *testing.T) {
		for _, c := range []struct {
			user, status string
			want         []string
		}{
			{"u01", PostPublished, []string{"p25", "p21", "p18", "p11", "p07", "p03", "p01"}},
			{"u01", PostUnpublished, []string{"p14"}},
			{"u02", PostUnpublished, []string{"p26", "p17", "p05"}},
			{"u04", PostPublished, []string{"p27", "p19", "p15", "p06"}},
			{"u06", PostPublished, nil},
		} {
			p, err := PostsByAuthor(ctx, db, c.user, c.status, 0, "")
			if err != nil {
				t.Fatal(err)
			}
			want := loadedPosts(t, c.want...)
			if diff := cmp.Diff(want, p.Items); diff != "" {
				t.Errorf("%s %s (-want +got):\n%s", c.user, c.status, diff)
			}
		}
		got, pages := allPages(t, 3, func(c string) (query.Page[Post], error) {
			return PostsByAuthor(ctx, db, "u01", PostPublished, 3, c)
		})
		if diff := cmp.Diff(loadedPosts(t, "p25", "p21", "p18", "p11", "p07", "p03", "p01"), got); diff != "" {
			t.Errorf("u01 published in pages of 3 (-want +got):\n%s", diff)
		}
		if pages != 3 {
			t.Errorf("%d pages, want 3", pages)
		}
	})

	t.Run("TagsByPrefix", func(t *testing.T) {
		for _, c := range []struct {
			prefix string
			limit  int
			want   []string
		}{
			{"go", 0, []string{"go", "go-testing", "google-cloud"}},
			{"GO", 0, []string{"go", "go-testing", "google-cloud"}},
			{"go-", 0, []string{"go-testing"}},
			{"d", 0, []string{"design", "dynamodb"}},
			{"x", 0, nil},
			{"", 0, []string{"aws", "design", "dynamodb", "go", "go-testing", "google-cloud", "python", "serverless"}},
			{"", 2, []string{"aws", "design"}},
		} {
			got, err := TagsByPrefix(ctx, db, c.prefix, c.limit)
			if err != nil {
				t.Fatal(err)
			}
			want := loadedTags(t, c.want...)
			if len(want) == 0 {
				want = []PostTag{}
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("prefix %q limit %d (-want +got):\n%s", c.prefix, c.limit, diff)
			}
		}
	})

	t.Run("PopularTags", func(t *testing.T) {
		got, err := PopularTags(ctx, db, 0)
		if err != nil {
			t.Fatal(err)
		}
		want := loadedTags(t, "dynamodb", "go", "aws", "serverless", "python", "design", "go-testing", "google-cloud")
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("popular tags (-want +got):\n%s", diff)
		}
		got, err = PopularTags(ctx, db, 3)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(want[:3], got); diff != "" {
			t.Errorf("top 3 tags (-want +got):\n%s", diff)
		}
	})

	t.Run("UserByEmail", func(t *testing.T) {
		for _, email := range []string{"carol@example.com", "  Carol@Example.COM "} {
			got, err := UserByEmail(ctx, db, email)
			if err != nil {
				t.Fatalf("%q: %v", email, err)
			}
			if diff := cmp.Diff(loadedUser(t, "u03"), got); diff != "" {
				t.Errorf("user by e-mail %q (-want +got):\n%s", email, diff)
			}
		}
		_, err := UserByEmail(ctx, db, "nobody@example.com")
		var nf *NotFoundError
		if !errors.As(err, &nf) || !errors.Is(err, ErrUnknownUser) || !errors.Is(err, ddbmodel.ErrNotFound) {
			t.Errorf("unknown e-mail: %v", err)
		}
		in, err := UserEmailGet("carol@example.com").Build()
		if err != nil || in.ConsistentRead == nil || !*in.ConsistentRead {
			t.Errorf("the e-mail look-up is not a consistent read: %+v, %v", in, err)
		}
	})

	t.Run("UserByUsername", func(t *testing.T) {
		got, err := UserByUsername(ctx, db, "dave")
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(loadedUser(t, "u04"), got); diff != "" {
			t.Errorf("user by username (-want +got):\n%s", diff)
		}
		if _, err := UserByUsername(ctx, db, "nobody"); !errors.Is(err, ErrUnknownUser) || !errors.Is(err, ddbmodel.ErrNotFound) {
			t.Errorf("unknown username: %v", err)
		}
	})

	t.Run("UserByProvider", func(t *testing.T) {
		for _, c := range []struct{ provider, id, user string }{
			{"cognito", "1", "u01"}, {"github", "583231", "u02"}, {"google", "107691503500061507151", "u03"}, {"github", "1024025", "u04"},
		} {
			got, err := UserByProvider(ctx, db, c.provider, c.id)
			if err != nil {
				t.Fatalf("%s/%s: %v", c.provider, c.id, err)
			}
			if diff := cmp.Diff(loadedUser(t, c.user), got); diff != "" {
				t.Errorf("user by %s/%s (-want +got):\n%s", c.provider, c.id, diff)
			}
		}
		if _, err := UserByProvider(ctx, db, "github", "1"); !errors.Is(err, ErrUnknownUser) || !errors.Is(err, ddbmodel.ErrNotFound) {
			t.Errorf("unknown identity: %v", err)
		}
	})

	t.Run("UsersByStatusRating", func(t *testing.T) {
		for status, ids := range map[string][]string{
			UserActive:    {"u01", "u03", "u02", "u04", "u07"},
			UserInactive:  {"u08", "u05"},
			UserSuspended: {"u06"},
		} {
			p, err := UsersByStatusRating(ctx, db, status, 0, "")
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(loadedUsers(t, ids...), p.Items); diff != "" {
				t.Errorf("%s users by rating (-want +got):\n%s", status, diff)
			}
		}
		got, pages := allPages(t, 2, func(c string) (query.Page[User], error) {
			return UsersByStatusRating(ctx, db, UserActive, 2, c)
		})
		if diff := cmp.Diff(loadedUsers(t, "u01", "u03", "u02", "u04", "u07"), got); diff != "" {
			t.Errorf("active users by rating in pages of 2 (-want +got):\n%s", diff)
		}
		if pages != 3 {
			t.Errorf("%d pages, want 3", pages)
		}
	})

	t.Run("UsersByStatusCreated", func(t *testing.T) {
		for status, ids := range map[string][]string{
			UserActive:   {"u07", "u04", "u03", "u02", "u01"},
			UserInactive: {"u08", "u05"},
		} {
			p, err := UsersByStatusCreated(ctx, db, status, 0, "")
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(loadedUsers(t, ids...), p.Items); diff != "" {
				t.Errorf("%s users, latest first (-want +got):\n%s", status, diff)
			}
		}
		got, _ := allPages(t, 4, func(c string) (query.Page[User], error) {
			return UsersByStatusCreated(ctx, db, UserActive, 4, c)
		})
		if diff := cmp.Diff(loadedUsers(t, "u07", "u04", "u03", "u02", "u01"), got); diff != "" {
			t.Errorf("active users in pages of 4 (-want +got):\n%s", diff)
		}
	})

	t.Run("LatestContactMessages", func(t *testing.T) {
		want := loadedMessages(t, "m07", "m06", "m05", "m04", "m03", "m02", "m01")
		p, err := LatestContactMessages(ctx, db, 0, "")
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(want, p.Items); diff != "" {
			t.Errorf("contact messages (-want +got):\n%s", diff)
		}
		got, pages := allPages(t, 3, func(c string) (query.Page[ContactMessage], error) {
			return LatestContactMessages(ctx, db, 3, c)
		})
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("contact messages in pages of 3 (-want +got):\n%s", diff)
		}
		if pages != 3 {
			t.Errorf("%d pages, want 3", pages)
		}
	})

	t.Run("PostsByTags", func(t *testing.T) {
		for _, c := range []struct {
			tags []string
			want []string
		}{
			{[]string{"aws", "dynamodb"}, []string{"p01", "p09", "p11", "p21", "p27"}},
			{[]string{"DynamoDB", "aws"}, []string{"p01", "p09", "p11", "p21", "p27"}},
			{[]string{"go"}, []string{"p02", "p09", "p13", "p18", "p19", "p25"}},
			{[]string{"go", "dynamodb"}, []string{"p09", "p18"}},
			{[]string{"aws", "dynamodb", "serverless"}, []string{"p11"}},
			{[]string{"python", "go"}, nil},
		} {
			p, err := PostsByTags(ctx, db, c.tags, 0, "")
			if err != nil {
				t.Fatal(err)
			}
			want := combosOf(t, ComboKey(c.tags), c.want...)
			if want == nil {
				want = []PostTagCombo{}
			}
			if diff := cmp.Diff(want, p.Items); diff != "" {
				t.Errorf("posts tagged %v (-want +got):\n%s", c.tags, diff)
			}
		}
		got, pages := allPages(t, 2, func(c string) (query.Page[PostTagCombo], error) {
			return PostsByTags(ctx, db, []string{"dynamodb"}, 2, c)
		})
		want := combosOf(t, "dynamodb", "p01", "p03", "p07", "p09", "p11", "p15", "p18", "p21", "p27")
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("posts tagged dynamodb in pages of 2 (-want +got):\n%s", diff)
		}
		if pages != 5 {
			t.Errorf("%d pages, want 5", pages)
		}
		if _, err := PostsByTags(ctx, db, nil, 0, ""); err == nil {
			t.Error("posts by no tags: no error")
		}
	})
}
