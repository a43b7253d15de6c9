package github

import (
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/ddbmodel/ddbmodel"
)

func TestIssuePagesOfDesignSize(t *testing.T) {
	t.Parallel()
	s, d := newStore(t, true)
	ctx := t.Context()
	for _, tc := range []struct {
		name string
		size int
		want []Issue
		page func(token string) (IssuePage, error)
	}{
		{"RepoIssuesPage", RepoIssuesPageSize, issuesOf(d, SampleOwner, SampleRepo, func(Issue) bool { return true }),
			func(token string) (IssuePage, error) { return s.RepoIssuesPage(ctx, SampleOwner, SampleRepo, token) }},
		{"OpenIssuesPage", OpenIssuesPageSize, reversed(issuesOf(d, SampleOwner, SampleRepo, func(i Issue) bool { return i.Status == StatusOpen })),
			func(token string) (IssuePage, error) { return s.OpenIssuesPage(ctx, SampleOwner, SampleRepo, token) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got []Issue
			token := ""
			for pages := 1; ; pages++ {
				p, err := tc.page(token)
				if err != nil {
					t.Fatalf("page %d: %v", pages, err)
				}
				// Every page but the last is full: the design's limit is the page size.
				wantLen := min(tc.size, len(tc.want)-len(got))
				if len(p.Issues) != wantLen {
					t.Fatalf("page %d: %d issues, want %d", pages, len(p.Issues), wantLen)
				}
				got = append(got, p.Issues...)
				if p.NextPageToken == "" {
					break
				}
				token = p.NextPageToken
			}
			if d := diff(tc.want, got); d != "" {
				t.Errorf("pages (-want +got):\n%s", d)
			}
		})
	}
	// The queries carry the design's limits.
	for name, q := range map[string]int{"RepoIssuesQuery": 50, "OpenIssuesQuery": 20} {
		build := RepoIssuesQuery
		if name == "OpenIssuesQuery" {
			build = OpenIssuesQuery
		}
		in, err := build(SampleOwner, SampleRepo).Build()
		if err != nil {
			t.Fatal(err)
		}
		if in.Limit == nil || int(*in.Limit) != q {
			t.Errorf("%s: Limit %v, want %d", name, in.Limit, q)
		}
	}
}

func reversed[T any](s []T) []T {
	slices.Reverse(s)
	return s
}

func TestAccountLookup(t *testing.T) {
	t.Parallel()
	s, d := newStore(t, true)
	ctx := t.Context()

	u, err := s.User(ctx, "alice")
	if err != nil {
		t.Fatalf("User(alice): %v", err)
	}
	if u.Username != "alice" || u.Email == "" {
		t.Errorf("User(alice) = %+v", u)
	}
	o, err := s.Organization(ctx, "aws")
	if err != nil {
		t.Fatalf("Organization(aws): %v", err)
	}
	if d := diff(d.Organizations[0], o); d != "" {
		t.Errorf("Organization(aws) (-want +got):\n%s", d)
	}
	// Users and organizations share ACCOUNT#<name>: each get finds only its own kind.
	if _, err := s.User(ctx, "aws"); !errors.Is(err, ddbmodel.ErrNotFound) {
		t.Errorf("User(aws), an organization: %v, want ErrNotFound", err)
	}
	if _, err := s.Organization(ctx, "alice"); !errors.Is(err, ddbmodel.ErrNotFound) {
		t.Errorf("Organization(alice), a user: %v, want ErrNotFound", err)
	}

	// Account finds either kind in one query, and nothing else of the
	// partition (alice's stars and gists share it).
	a, err := s.Account(ctx, "alice")
	if err != nil || a.User == nil || a.Organization != nil || a.User.Username != "alice" {
		t.Errorf("Account(alice) = %+v, %v; want the user", a, err)
	}
	a, err = s.Account(ctx, "aws")
	if err != nil || a.Organization == nil || a.User != nil || a.Organization.OrgName != "aws" {
		t.Errorf("Account(aws) = %+v, %v; want the organization", a, err)
	}
	if _, err := s.Account(ctx, "nobody"); !errors.Is(err, ddbmodel.ErrNotFound) {
		t.Errorf("Account(nobody): %v, want ErrNotFound", err)
	}
}

func TestPushAndSettingsReorderAccountRepos(t *testing.T) {
	t.Parallel()
	s, _ := newStore(t, true)
	ctx := t.Context()
	names := func() []string {
		t.Helper()
		repos, err := s.AccountRepos(ctx, "aws")
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, r := range repos {
			out = append(out, r.Owner+"/"+r.RepoName)
		}
		return out
	}
	before := names()
	if before[len(before)-1] != "aws/docs.internal" {
		t.Fatalf("test data: the least recently updated aws repository is %s", before[len(before)-1])
	}

	// A push to the oldest repository makes it the most recently updated.
	at := time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)
	s.Now = func() time.Time { return at }
	r, err := s.PushRepo(ctx, "aws", "docs.internal")
	if err != nil {
		t.Fatalf("PushRepo: %v", err)
	}
	if !r.UpdatedAt.Equal(at) {
		t.Errorf("PushRepo returned updatedAt %v, want %v", r.UpdatedAt, at)
	}
	want := append([]string{"aws/docs.internal"}, before[:len(before)-1]...)
	if d := diff(want, names()); d != "" {
		t.Errorf("after a push (-want +got):\n%s", d)
	}
	// The stored GSI3SK is what a put of the repository writes.
	item := rawItem(t, s, mustBuild(t, RepoGet("aws", "docs.internal").Build))
	put, err := Repos.Put(r).Build()
	if err != nil {
		t.Fatal(err)
	}
	if got, want := stringAttr(item, "GSI3SK"), stringAttr(put.Item, "GSI3SK"); got != want {
		t.Errorf("GSI3SK after push %q, a put writes %q", got, want)
	}

	// A settings change of another repository moves it to the front, and
	// the settings are stored; "" removes an omitempty attribute.
	s.Now = func() time.Time { return at.Add(time.Hour) }
	desc, lang, private := "CDK", "", true
	r, err = s.UpdateRepoSettings(ctx, "aws", "aws-cdk", RepoSettings{Description: &desc, Language: &lang, IsPrivate: &private})
	if err != nil {
		t.Fatalf("UpdateRepoSettings: %v", err)
	}
	if r.Description != "CDK" || r.Language != "" || !r.IsPrivate {
		t.Errorf("settings as written: %+v", r)
	}
	item = rawItem(t, s, mustBuild(t, RepoGet("aws", "aws-cdk").Build))
	if _, ok := item["language"]; ok {
		t.Errorf("language still stored after setting it to \"\": %v", item["language"])
	}
	if got := names(); len(got) < 2 || got[0] != "aws/aws-cdk" || got[1] != "aws/docs.internal" {
		t.Errorf("after a settings change: %v, want aws/aws-cdk then aws/docs.internal first", got)
	}

	// Nothing to change is refused before sending; a missing repository is ErrNotFound.
	var verr *ddbmodel.ValidationError
	if _, err := s.UpdateRepoSettings(ctx, "aws", "aws-cdk", RepoSettings{}); !errors.As(err, &verr) {
		t.Errorf("empty settings: %v, want a ValidationError", err)
	}
	if _, err := s.PushRepo(ctx, "aws", "missing"); !errors.Is(err, ddbmodel.ErrNotFound) {
		t.Errorf("push to a missing repository: %v, want ErrNotFound", err)
	}
}

func mustBuild[In any](t *testing.T, build func() (In, error)) In {
	t.Helper()
	in, err := build()
	if err != nil {
		t.Fatal(err)
	}
	return in
}
