package blog

import (
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/query"
)

// feeds reads every feed a post's status shows in.
type feeds struct {
	Latest, Popular, AuthorPublished, AuthorUnpublished []string
	TaggedGo, TaggedGoTesting                           []string
	AuthorCount, GoCount, GoTestingCount                int64
}

func readFeeds(t *testing.T, db *entity.DB, author string) feeds {
	t.Helper()
	ctx := context.Background()
	ids := func(p query.Page[Post], err error) []string {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, x := range p.Items {
			out = append(out, x.PostID)
		}
		return out
	}
	comboIDs := func(p query.Page[PostTagCombo], err error) []string {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, x := range p.Items {
			out = append(out, x.PostID)
		}
		return out
	}
	return feeds{
		Latest:            ids(LatestPosts(ctx, db, 0, "")),
		Popular:           ids(PopularPosts(ctx, db, 0, "")),
		AuthorPublished:   ids(PostsByAuthor(ctx, db, author, PostPublished, 0, "")),
		AuthorUnpublished: ids(PostsByAuthor(ctx, db, author, PostUnpublished, 0, "")),
		TaggedGo:          comboIDs(PostsByTags(ctx, db, []string{"go"}, 0, "")),
		TaggedGoTesting:   comboIDs(PostsByTags(ctx, db, []string{"go", "go-testing"}, 0, "")),
		AuthorCount:       must(t, db, UserGet(author)).PostCount,
		GoCount:           must(t, db, PostTags.Get(entity.Values{"tag_name": "go"})).PostCount,
		GoTestingCount:    must(t, db, PostTags.Get(entity.Values{"tag_name": "go-testing"})).PostCount,
	}
}

func TestPublishAndUnpublish(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := sampleDB(t)
	before := readFeeds(t, db, "u02")
	wantBefore := feeds{
		Latest:            latestPublished,
		Popular:           popularPublished,
		AuthorPublished:   []string{"p22", "p13", "p09", "p02"},
		AuthorUnpublished: []string{"p26", "p17", "p05"},
		TaggedGo:          []string{"p02", "p09", "p13", "p18", "p19", "p25"},
		TaggedGoTesting:   []string{"p13"},
		AuthorCount:       4, GoCount: 6, GoTestingCount: 2,
	}
	if diff := cmp.Diff(wantBefore, before); diff != "" {
		t.Fatalf("feeds before (-want +got):\n%s", diff)
	}

	// p05 (u02, tags go and go-testing, popularity 0) is published.
	p, err := PublishPost(ctx, db, "p05")
	if err != nil {
		t.Fatal(err)
	}
	if p.Status != PostPublished {
		t.Errorf("status %q", p.Status)
	}
	after := readFeeds(t, db, "u02")
	insert := func(list []string, before string, id string) []string {
		i := slices.Index(list, before)
		return slices.Insert(slices.Clone(list), i, id)
	}
	wantAfter := feeds{
		Latest:            insert(latestPublished, "p04", "p05"),
		Popular:           insert(popularPublished, "p03", "p05"), // popularity 0: among those, newest first
		AuthorPublished:   []string{"p22", "p13", "p09", "p05", "p02"},
		AuthorUnpublished: []string{"p26", "p17"},
		TaggedGo:          []string{"p02", "p05", "p09", "p13", "p18", "p19", "p25"},
		TaggedGoTesting:   []string{"p05", "p13"},
		AuthorCount:       5, GoCount: 7, GoTestingCount: 3,
	}
	if diff := cmp.Diff(wantAfter, after); diff != "" {
		t.Errorf("feeds after publishing p05 (-want +got):\n%s", diff)
	}

	_, err = PublishPost(ctx, db, "p05")
	var se *StatusError
	if !errors.As(err, &se) || !errors.Is(err, ErrAlreadyPublished) || se.Status != PostPublished {
		t.Errorf("publishing twice: %v, want a *StatusError for ErrAlreadyPublished", err)
	}
	if diff := cmp.Diff(wantAfter, readFeeds(t, db, "u02")); diff != "" {
		t.Errorf("feeds after publishing twice (-want +got):\n%s", diff)
	}

	// Unpublishing restores every feed and counter.
	if _, err := UnpublishPost(ctx, db, "p05"); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(wantBefore, readFeeds(t, db, "u02")); diff != "" {
		t.Errorf("feeds after unpublishing p05 (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(loadedPost(t, "p05"), must(t, db, Posts.Get(entity.Values{"post_id": "p05"})), cmp.Transformer("sortTags", func(p Post) Post { normalizePost(&p); return p })); diff != "" {
		t.Errorf("p05 after the round trip (-want +got):\n%s", diff)
	}
	if _, err := UnpublishPost(ctx, db, "p05"); !errors.As(err, &se) || !errors.Is(err, ErrNotPublished) {
		t.Errorf("unpublishing an unpublished post: %v, want ErrNotPublished", err)
	}
	_, err = PublishPost(ctx, db, "p99")
	wantNotFound(t, err, ErrUnknownPost, "p99")
	if !errors.Is(err, ddbmodel.ErrNotFound) {
		t.Errorf("unknown post: %v, want ddbmodel.ErrNotFound too", err)
	}
}

func TestPublishWritesNothingOnFailure(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := sampleDB(t)
	// p10 (u04, tag serverless) cannot be published once its tag is gone.
	if err := PostTags.Delete(entity.Values{"tag_name": "serverless"}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	_, err := PublishPost(ctx, db, "p10")
	wantNotFound(t, err, ErrUnknownTag, "serverless")
	if !errors.Is(err, ddbmodel.ErrTxCanceled) || !errors.Is(err, ddbmodel.ErrNotFound) {
		t.Errorf("%v: want ddbmodel.ErrTxCanceled and ErrNotFound", err)
	}
	if diff := cmp.Diff(loadedPost(t, "p10"), must(t, db, Posts.Get(entity.Values{"post_id": "p10"})), cmp.Transformer("sortTags", func(p Post) Post { normalizePost(&p); return p })); diff != "" {
		t.Errorf("p10 (-want +got):\n%s", diff)
	}
	if n := must(t, db, UserGet("u04")).PostCount; n != 4 {
		t.Errorf("u04 post_count %d, want 4", n)
	}
	absent(t, db, PostTagCombos.Get(entity.Values{"combo": "serverless", "post_id": "p10"}), "combo of p10")
	p, err := PostsByAuthor(ctx, db, "u04", PostPublished, 0, "")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(loadedPosts(t, "p27", "p19", "p15", "p06"), p.Items); diff != "" {
		t.Errorf("u04's published posts (-want +got):\n%s", diff)
	}

	// A post whose status changed after it was read is not published on
	// the stale read: the plan's condition fails and nothing is written.
	stale := loadedPost(t, "p17")
	if _, err := PublishPost(ctx, db, "p17"); err != nil {
		t.Fatal(err)
	}
	pl, err := statusPlan(stale, PostPublished)
	if err != nil {
		t.Fatal(err)
	}
	err = pl.run(ctx, db)
	if !errors.Is(err, ErrPostChanged) || !errors.Is(err, ddbmodel.ErrConditionFailed) {
		t.Errorf("publishing a stale read: %v, want ErrPostChanged", err)
	}
	if n := must(t, db, UserGet("u02")).PostCount; n != 5 {
		t.Errorf("u02 post_count %d after one publish and one refused, want 5", n)
	}
}

func TestRatingsMoveInIndexes(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := sampleDB(t)

	if _, err := SetTagRating(ctx, db, "google-cloud", 99); err != nil {
		t.Fatal(err)
	}
	tags, err := PopularTags(ctx, db, 0)
	if err != nil {
		t.Fatal(err)
	}
	wantTags := loadedTags(t, "google-cloud", "dynamodb", "go", "aws", "serverless", "python", "design", "go-testing")
	wantTags[0].Rating = 99
	if diff := cmp.Diff(wantTags, tags); diff != "" {
		t.Errorf("popular tags after rating google-cloud 99 (-want +got):\n%s", diff)
	}
	if _, err := SetTagRating(ctx, db, "rust", 1); !errors.Is(err, ErrUnknownTag) {
		t.Errorf("rating an unknown tag: %v", err)
	}

	if _, err := SetUserRating(ctx, db, "u07", 990); err != nil {
		t.Fatal(err)
	}
	// Moderation: the suspended u06 becomes active.
	if _, err := SetUserStatus(ctx, db, "u06", UserActive); err != nil {
		t.Fatal(err)
	}
	users, err := UsersByStatusRating(ctx, db, UserActive, 0, "")
	if err != nil {
		t.Fatal(err)
	}
	wantUsers := loadedUsers(t, "u07", "u01", "u03", "u02", "u04", "u06")
	wantUsers[0].Rating = 990
	wantUsers[5].Status = UserActive
	if diff := cmp.Diff(wantUsers, users.Items); diff != "" {
		t.Errorf("active users by rating (-want +got):\n%s", diff)
	}
	latest, err := UsersByStatusCreated(ctx, db, UserActive, 2, "")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]User{wantUsers[0], wantUsers[5]}, latest.Items); diff != "" {
		t.Errorf("latest active users (-want +got):\n%s", diff)
	}
	suspended, err := UsersByStatusRating(ctx, db, UserSuspended, 0, "")
	if err != nil {
		t.Fatal(err)
	}
	if len(suspended.Items) != 0 {
		t.Errorf("suspended users %+v, want none", suspended.Items)
	}
	if _, err := SetUserStatus(ctx, db, "u06", "deleted"); !errors.Is(err, ddbmodel.ErrInvalid) {
		t.Errorf("unknown status: %v, want ddbmodel.ErrInvalid", err)
	}
}

func TestChangePostSlug(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := sampleDB(t)
	p, err := ChangePostSlug(ctx, db, "p07", "gsi-overloading-explained")
	if err != nil {
		t.Fatal(err)
	}
	want := loadedPost(t, "p07")
	want.Slug = "gsi-overloading-explained"
	if diff := cmp.Diff(want, p); diff != "" {
		t.Errorf("returned post (-want +got):\n%s", diff)
	}
	got, err := PostBySlug(ctx, db, "gsi-overloading-explained")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("post by the new slug (-want +got):\n%s", diff)
	}
	if _, err := PostBySlug(ctx, db, "gsi-overloading"); !errors.Is(err, ErrUnknownPost) {
		t.Errorf("post by the old slug: %v, want ErrUnknownPost", err)
	}
	noMarker(t, db, "Post", "slug", "gsi-overloading")
	wantMarker(t, db, "Post", "slug", "gsi-overloading-explained", "POST#p07")

	// A slug in use: nothing changes.
	_, err = ChangePostSlug(ctx, db, "p07", "naming-things")
	wantTaken(t, err, ErrSlugTaken, "naming-things")
	got, err = PostBySlug(ctx, db, "gsi-overloading-explained")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("p07 after a refused change (-want +got):\n%s", diff)
	}
	wantMarker(t, db, "Post", "slug", "gsi-overloading-explained", "POST#p07")
	wantMarker(t, db, "Post", "slug", "naming-things", "POST#p08")

	// The old slug is free again.
	if _, err := ChangePostSlug(ctx, db, "p08", "gsi-overloading"); err != nil {
		t.Fatal(err)
	}
	got, err = PostBySlug(ctx, db, "gsi-overloading")
	if err != nil || got.PostID != "p08" {
		t.Errorf("post by the reused slug: %+v, %v", got, err)
	}
	if _, err := ChangePostSlug(ctx, db, "p08", "Not A Slug"); !errors.Is(err, ddbmodel.ErrInvalid) {
		t.Errorf("bad slug: %v, want ddbmodel.ErrInvalid", err)
	}
	_, err = ChangePostSlug(ctx, db, "p99", "anything")
	wantNotFound(t, err, ErrUnknownPost, "p99")
	noMarker(t, db, "Post", "slug", "anything")
}

func TestImpressionsCountOnce(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := sampleDB(t)
	for i, wantCounted := range []bool{true, false, false} {
		counted, err := RecordPostImpression(ctx, db, PostImpression{PostID: "p01", UserID: "u02", CreatedAt: SampleEpoch + int64(i)})
		if err != nil {
			t.Fatal(err)
		}
		if counted != wantCounted {
			t.Errorf("view %d: counted %v, want %v", i+1, counted, wantCounted)
		}
	}
	if n := must(t, db, Posts.Get(entity.Values{"post_id": "p01"})).Impressions; n != 1 {
		t.Errorf("p01 impressions %d, want 1", n)
	}
	if diff := cmp.Diff(PostImpression{PostID: "p01", UserID: "u02", CreatedAt: SampleEpoch}, must(t, db, PostImpressions.Get(entity.Values{"post_id": "p01", "user_id": "u02"}))); diff != "" {
		t.Errorf("impression item (-want +got):\n%s", diff)
	}
	// The sample's repeated views counted once too.
	if n := must(t, db, Posts.Get(entity.Values{"post_id": "p06"})).Impressions; n != 3 {
		t.Errorf("p06 impressions %d, want 3", n)
	}

	_, err := RecordPostImpression(ctx, db, PostImpression{PostID: "p99", UserID: "u02", CreatedAt: 1})
	wantNotFound(t, err, ErrUnknownPost, "p99")
	absent(t, db, PostImpressions.Get(entity.Values{"post_id": "p99", "user_id": "u02"}), "impression of an unknown post")
	_, err = RecordPostImpression(ctx, db, PostImpression{PostID: "p01", UserID: "u99", CreatedAt: 1})
	wantNotFound(t, err, ErrUnknownUser, "u99")
	absent(t, db, PostImpressions.Get(entity.Values{"post_id": "p01", "user_id": "u99"}), "impression of an unknown user")
	if n := must(t, db, Posts.Get(entity.Values{"post_id": "p01"})).Impressions; n != 1 {
		t.Errorf("p01 impressions %d after refused views, want 1", n)
	}

	for i, wantCounted := range []bool{true, false} {
		counted, err := RecordProfileImpression(ctx, db, UserImpression{UserID: "u04", ViewerID: "u01", CreatedAt: SampleEpoch + int64(i)})
		if err != nil {
			t.Fatal(err)
		}
		if counted != wantCounted {
			t.Errorf("profile view %d: counted %v, want %v", i+1, counted, wantCounted)
		}
	}
	if counted, err := RecordProfileImpression(ctx, db, UserImpression{UserID: "u04", ViewerID: "u04", CreatedAt: SampleEpoch}); err != nil || !counted {
		t.Errorf("own profile view: %v, %v", counted, err)
	}
	if n := must(t, db, UserGet("u04")).Impressions; n != 2 {
		t.Errorf("u04 impressions %d, want 2", n)
	}
	_, err = RecordProfileImpression(ctx, db, UserImpression{UserID: "u04", ViewerID: "u99", CreatedAt: 1})
	wantNotFound(t, err, ErrUnknownUser, "u99")
	absent(t, db, UserImpressions.Get(entity.Values{"user_id": "u04", "viewer_id": "u99"}), "profile impression of an unknown viewer")
	if n := must(t, db, UserGet("u01")).Impressions; n != 2 {
		t.Errorf("u01 impressions %d, want the sample's 2", n)
	}
}

func TestSubmitContactMessage(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := sampleDB(t)
	m := ContactMessage{MessageID: "m08", Name: "Sybil", Email: "sybil@example.org", Subject: "Hi", Body: "Hi.", CreatedAt: SampleEpoch + 40*day}
	if _, err := SubmitContactMessage(ctx, db, m); err != nil {
		t.Fatal(err)
	}
	if _, err := SubmitContactMessage(ctx, db, m); !errors.Is(err, ddbmodel.ErrAlreadyExists) {
		t.Errorf("the same message twice: %v, want ddbmodel.ErrAlreadyExists", err)
	}
	if _, err := SubmitContactMessage(ctx, db, ContactMessage{MessageID: "m09", CreatedAt: 1}); !errors.Is(err, ddbmodel.ErrInvalid) {
		t.Errorf("a message without e-mail and body: %v, want ddbmodel.ErrInvalid", err)
	}
	p, err := LatestContactMessages(ctx, db, 2, "")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(append([]ContactMessage{m}, loadedMessages(t, "m07")...), p.Items); diff != "" {
		t.Errorf("latest messages (-want +got):\n%s", diff)
	}
}
