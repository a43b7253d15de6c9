package blog

import (
	"context"
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/query"
)

// absent checks that op finds nothing: what a failed workflow must leave.
func absent[T any](t *testing.T, db *entity.DB, op entity.GetOp[T], what string) {
	t.Helper()
	if v, err := op.Run(context.Background(), db); !errors.Is(err, ddbmodel.ErrNotFound) {
		t.Errorf("%s: got %+v, %v; want ddbmodel.ErrNotFound (nothing half written)", what, v, err)
	}
}

// must reads an item that must exist.
func must[T any](t *testing.T, db *entity.DB, op entity.GetOp[T]) T {
	t.Helper()
	v, err := op.Consistent().Run(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func wantTaken(t *testing.T, err, kind error, value string) {
	t.Helper()
	var te *TakenError
	if !errors.As(err, &te) || te.Kind != kind || te.Value != value {
		t.Fatalf("error %v, want a *TakenError{%v, %q}", err, kind, value)
	}
	// A username or slug is a unique attribute, refused by the library's
	// marker item; the other values by the create of an item of the blog.
	outcome := ddbmodel.ErrAlreadyExists
	if kind == ErrUsernameTaken || kind == ErrSlugTaken {
		outcome = ddbmodel.ErrUniqueTaken
		var ue *ddbmodel.UniqueError
		if !errors.As(err, &ue) || ue.Value != value {
			t.Errorf("error %v, want it to unwrap to a *ddbmodel.UniqueError for %q", err, value)
		}
	}
	if !errors.Is(err, kind) || !errors.Is(err, outcome) || !errors.Is(err, ddbmodel.ErrTxCanceled) {
		t.Errorf("error %v does not satisfy errors.Is with %v, %v and ddbmodel.ErrTxCanceled", err, kind, outcome)
	}
}

func wantNotFound(t *testing.T, err, kind error, id string) {
	t.Helper()
	var nf *NotFoundError
	if !errors.As(err, &nf) || nf.Kind != kind || nf.ID != id {
		t.Fatalf("error %v, want a *NotFoundError{%v, %q}", err, kind, id)
	}
	if !errors.Is(err, kind) {
		t.Errorf("error %v does not satisfy errors.Is(%v)", err, kind)
	}
}

var ivy = User{UserID: "u10", Email: "Ivy@Example.com", Username: "ivy", DisplayName: "Ivy Ito", Rating: 10, CreatedAt: SampleEpoch}

func TestRegisterUser(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := newDB(t)
	gh := ProviderUser{Provider: "github", ProviderUserID: "42"}
	got, err := RegisterUser(ctx, db, ivy, gh)
	if err != nil {
		t.Fatal(err)
	}
	want := ivy
	want.Email, want.Status = "ivy@example.com", UserActive
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("registered user (-want +got):\n%s", diff)
	}
	// Strongly consistent look-ups right after the registration.
	for name, lookup := range map[string]func() (User, error){
		"e-mail":   func() (User, error) { return UserByEmail(ctx, db, "IVY@example.com") },
		"provider": func() (User, error) { return UserByProvider(ctx, db, "github", "42") },
		"username": func() (User, error) { return UserByUsername(ctx, db, "ivy") },
	} {
		u, err := lookup()
		if err != nil {
			t.Fatalf("by %s: %v", name, err)
		}
		if diff := cmp.Diff(want, u); diff != "" {
			t.Errorf("by %s (-want +got):\n%s", name, diff)
		}
	}
	// USERS_BY_EMAIL is kept and holds the normalized address.
	byIndex, err := query.New(Users).Index(IndexUsersByEmail).Where(entity.Values{"email": "ivy@example.com"}).One(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, byIndex); diff != "" {
		t.Errorf("by USERS_BY_EMAIL (-want +got):\n%s", diff)
	}
	if _, err := Users.Put(User{UserID: "u13", Email: "Upper@Example.com", Username: "upper", CreatedAt: 1}).Build(); !errors.Is(err, ddbmodel.ErrInvalid) {
		t.Errorf("a user with an address not normalized: %v, want ddbmodel.ErrInvalid", err)
	}
	wantMarker(t, db, "User", "username", "ivy", "USER#u10")

	// Each unique value in use fails the whole registration.
	for _, c := range []struct {
		name  string
		user  User
		ids   []ProviderUser
		kind  error
		value string
	}{
		{"same e-mail in other case", User{UserID: "u11", Email: "IVY@EXAMPLE.COM", Username: "ivy2", CreatedAt: SampleEpoch},
			[]ProviderUser{{Provider: "google", ProviderUserID: "7"}}, ErrEmailTaken, "ivy@example.com"},
		{"same username", User{UserID: "u11", Email: "ivy2@example.com", Username: "ivy", CreatedAt: SampleEpoch},
			[]ProviderUser{{Provider: "google", ProviderUserID: "7"}}, ErrUsernameTaken, "ivy"},
		{"same identity", User{UserID: "u11", Email: "ivy2@example.com", Username: "ivy2", CreatedAt: SampleEpoch},
			[]ProviderUser{{Provider: "google", ProviderUserID: "7"}, gh}, ErrProviderLinked, "github/42"},
		{"same id", User{UserID: "u10", Email: "ivy2@example.com", Username: "ivy2", CreatedAt: SampleEpoch},
			[]ProviderUser{{Provider: "google", ProviderUserID: "7"}}, ErrUserExists, "u10"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := RegisterUser(ctx, db, c.user, c.ids...)
			wantTaken(t, err, c.kind, c.value)
			if c.kind != ErrUserExists {
				absent(t, db, UserGet("u11"), "user u11")
			}
			if c.kind != ErrEmailTaken {
				absent(t, db, UserEmailGet("ivy2@example.com"), "e-mail item")
			}
			if c.kind != ErrUsernameTaken {
				noMarker(t, db, "User", "username", c.user.Username)
			}
			absent(t, db, ProviderUserGet("google", "7"), "identity item")
		})
	}
	if diff := cmp.Diff(want, must(t, db, UserGet("u10"))); diff != "" {
		t.Errorf("the first user changed (-want +got):\n%s", diff)
	}

	if _, err := RegisterUser(ctx, db, User{UserID: "u12", Email: "no-at-sign", Username: "x", CreatedAt: 1}); !errors.Is(err, ddbmodel.ErrInvalid) {
		t.Errorf("bad e-mail: %v, want ddbmodel.ErrInvalid", err)
	}
	if _, err := RegisterUser(ctx, db, User{UserID: "u12", Email: "x@example.com", Username: "Bad Name", CreatedAt: 1}); !errors.Is(err, ddbmodel.ErrInvalid) {
		t.Errorf("bad username: %v, want ddbmodel.ErrInvalid", err)
	}
	absent(t, db, UserGet("u12"), "invalid user")
}

func TestLinkProvider(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := newDB(t)
	if _, err := RegisterUser(ctx, db, ivy); err != nil {
		t.Fatal(err)
	}
	if err := LinkProvider(ctx, db, ProviderUser{Provider: "cognito", ProviderUserID: "abc", UserID: "u10"}); err != nil {
		t.Fatal(err)
	}
	u, err := UserByProvider(ctx, db, "cognito", "abc")
	if err != nil || u.UserID != "u10" {
		t.Fatalf("user by the linked identity: %+v, %v", u, err)
	}
	err = LinkProvider(ctx, db, ProviderUser{Provider: "cognito", ProviderUserID: "abc", UserID: "u99"})
	wantTaken(t, err, ErrProviderLinked, "cognito/abc")
	err = LinkProvider(ctx, db, ProviderUser{Provider: "cognito", ProviderUserID: "def", UserID: "u99"})
	wantNotFound(t, err, ErrUnknownUser, "u99")
	absent(t, db, ProviderUserGet("cognito", "def"), "identity of an unknown user")
	if diff := cmp.Diff(ProviderUser{Provider: "cognito", ProviderUserID: "abc", UserID: "u10"}, must(t, db, ProviderUserGet("cognito", "abc"))); diff != "" {
		t.Errorf("identity (-want +got):\n%s", diff)
	}
}

func TestCreatePost(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := newDB(t)
	if _, err := RegisterUser(ctx, db, ivy); err != nil {
		t.Fatal(err)
	}
	for _, tag := range []string{"go", "aws"} {
		if _, err := CreateTag(ctx, db, PostTag{TagName: tag, Rating: 1}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := CreateTag(ctx, db, PostTag{TagName: "go"}); !errors.Is(err, ErrTagExists) || !errors.Is(err, ddbmodel.ErrAlreadyExists) {
		t.Errorf("second tag go: %v, want ErrTagExists", err)
	}

	draft := Post{PostID: "x1", UserID: "u10", Title: "Draft", Slug: "draft", Tags: []string{"Go", "aws"}, Rating: 5, CreatedAt: SampleEpoch}
	got, err := CreatePost(ctx, db, draft)
	if err != nil {
		t.Fatal(err)
	}
	want := draft
	want.Tags, want.Status = []string{"aws", "go"}, PostUnpublished
	want.Rating = draft.CreatedAt // the given rating is not kept: popularity 0, so the rank is the creation time
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("created post (-want +got):\n%s", diff)
	}
	wantMarker(t, db, "Post", "slug", "draft", "POST#x1")
	// An unpublished post counts nowhere and is in no combination.
	if n := must(t, db, UserGet("u10")).PostCount; n != 0 {
		t.Errorf("author post_count %d after an unpublished post, want 0", n)
	}
	absent(t, db, PostTagCombos.Get(entity.Values{"combo": "aws+go", "post_id": "x1"}), "combo of an unpublished post")

	published := Post{PostID: "x2", UserID: "u10", Title: "Out", Slug: "out", Status: PostPublished, Tags: []string{"go", "aws"}, Rating: 6, CreatedAt: SampleEpoch + 1}
	if _, err := CreatePost(ctx, db, published); err != nil {
		t.Fatal(err)
	}
	if n := must(t, db, UserGet("u10")).PostCount; n != 1 {
		t.Errorf("author post_count %d, want 1", n)
	}
	for _, tag := range []string{"go", "aws"} {
		if n := must(t, db, PostTags.Get(entity.Values{"tag_name": tag})).PostCount; n != 1 {
			t.Errorf("tag %s post_count %d, want 1", tag, n)
		}
	}
	for _, c := range []string{"aws", "go", "aws+go"} {
		must(t, db, PostTagCombos.Get(entity.Values{"combo": c, "post_id": "x2"}))
	}

	// Failures write nothing.
	for _, c := range []struct {
		name  string
		post  Post
		check func(t *testing.T, err error)
	}{
		{"slug taken", Post{PostID: "x3", UserID: "u10", Title: "T", Slug: "draft", Status: PostPublished, Tags: []string{"go"}, CreatedAt: 1},
			func(t *testing.T, err error) { wantTaken(t, err, ErrSlugTaken, "draft") }},
		{"id taken", Post{PostID: "x1", UserID: "u10", Title: "T", Slug: "x3-slug", CreatedAt: 1},
			func(t *testing.T, err error) { wantTaken(t, err, ErrPostExists, "x1") }},
		{"unknown tag, published", Post{PostID: "x3", UserID: "u10", Title: "T", Slug: "x3-slug", Status: PostPublished, Tags: []string{"go", "rust"}, CreatedAt: 1},
			func(t *testing.T, err error) { wantNotFound(t, err, ErrUnknownTag, "rust") }},
		{"unknown tag, unpublished", Post{PostID: "x3", UserID: "u10", Title: "T", Slug: "x3-slug", Tags: []string{"rust"}, CreatedAt: 1},
			func(t *testing.T, err error) { wantNotFound(t, err, ErrUnknownTag, "rust") }},
		{"unknown author", Post{PostID: "x3", UserID: "u99", Title: "T", Slug: "x3-slug", Status: PostPublished, Tags: []string{"go"}, CreatedAt: 1},
			func(t *testing.T, err error) { wantNotFound(t, err, ErrUnknownUser, "u99") }},
		{"four tags", Post{PostID: "x3", UserID: "u10", Title: "T", Slug: "x3-slug", Tags: []string{"a", "b", "c", "d"}, CreatedAt: 1},
			func(t *testing.T, err error) {
				if !errors.Is(err, ddbmodel.ErrInvalid) {
					t.Errorf("%v, want ddbmodel.ErrInvalid", err)
				}
			}},
		{"bad slug", Post{PostID: "x3", UserID: "u10", Title: "T", Slug: "Bad Slug", CreatedAt: 1},
			func(t *testing.T, err error) {
				if !errors.Is(err, ddbmodel.ErrInvalid) {
					t.Errorf("%v, want ddbmodel.ErrInvalid", err)
				}
			}},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := CreatePost(ctx, db, c.post)
			c.check(t, err)
			if c.post.PostID == "x3" {
				absent(t, db, Posts.Get(entity.Values{"post_id": "x3"}), "post x3")
			}
			if c.post.Slug == "x3-slug" {
				noMarker(t, db, "Post", "slug", "x3-slug")
			}
			absent(t, db, PostTagCombos.Get(entity.Values{"combo": "go", "post_id": "x3"}), "combo")
			if n := must(t, db, UserGet("u10")).PostCount; n != 1 {
				t.Errorf("author post_count %d, want 1", n)
			}
			if n := must(t, db, PostTags.Get(entity.Values{"tag_name": "go"})).PostCount; n != 1 {
				t.Errorf("tag go post_count %d, want 1", n)
			}
		})
	}
	if diff := cmp.Diff(want, must(t, db, Posts.Get(entity.Values{"post_id": "x1"})), cmp.Transformer("sortTags", func(p Post) Post { normalizePost(&p); return p })); diff != "" {
		t.Errorf("post x1 changed (-want +got):\n%s", diff)
	}
}
