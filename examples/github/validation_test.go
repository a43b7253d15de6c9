package github

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/txn"
)

func TestValidation(t *testing.T) {
	t.Parallel()
	okRepo := Repo{Owner: "aws", RepoName: "dynamodb-toolbox", UpdatedAt: Sample().Repos[0].UpdatedAt}
	okIssue := Issue{Owner: "aws", RepoName: "dynamodb-toolbox", IssueNumber: 1, Title: "t", Author: "alice"}
	title255 := strings.Repeat("é", 255)

	cases := []struct {
		name     string
		build    func() error
		attr     string // "" when valid
		sentinel error
	}{
		{"valid repo", func() error { _, err := Repos.Put(okRepo).Build(); return err }, "", nil},
		{"repo name with dots", func() error {
			r := okRepo
			r.RepoName = "docs.aws_v2-x"
			_, err := Repos.Put(r).Build()
			return err
		}, "", nil},
		{"owner with a space", func() error {
			r := okRepo
			r.Owner = "a ws"
			_, err := Repos.Put(r).Build()
			return err
		}, "owner", ErrInvalidName},
		{"owner with a dot", func() error {
			r := okRepo
			r.Owner = "a.ws"
			_, err := Repos.Put(r).Build()
			return err
		}, "owner", ErrInvalidName},
		{"repo name with a slash", func() error {
			r := okRepo
			r.RepoName = "a/b"
			_, err := Repos.Put(r).Build()
			return err
		}, "repo_name", ErrInvalidName},
		{"repo name with a hash", func() error {
			r := okRepo
			r.RepoName = "a#b"
			_, err := Repos.Put(r).Build()
			return err
		}, "repo_name", ErrInvalidName},
		{"repo without update time", func() error {
			r := okRepo
			r.UpdatedAt = time.Time{}
			_, err := Repos.Put(r).Build()
			return err
		}, "updatedAt", nil},
		{"title of 255 characters", func() error {
			i := okIssue
			i.Title = title255
			_, err := Issues.Put(i).Build()
			return err
		}, "", nil},
		{"title of 256 characters", func() error {
			i := okIssue
			i.Title = title255 + "x"
			_, err := Issues.Put(i).Build()
			return err
		}, "title", ErrTitleTooLong},
		{"issue number 0", func() error {
			i := okIssue
			i.IssueNumber = 0
			_, err := Issues.Put(i).Build()
			return err
		}, "issue_number", ErrInvalidNumber},
		{"issue number over eight digits", func() error {
			i := okIssue
			i.IssueNumber = MaxNumber + 1
			_, err := Issues.Put(i).Build()
			return err
		}, "issue_number", ErrInvalidNumber},
		{"unknown issue status", func() error {
			i := okIssue
			i.Status = "wontfix"
			_, err := Issues.Put(i).Build()
			return err
		}, "status", nil},
		{"closing to an unknown status", func() error {
			_, err := IssueStatusUpdate("aws", "dynamodb-toolbox", 1, StatusOpen, "done").Build()
			return err
		}, "status", nil},
		{"pull request title of 256 characters", func() error {
			_, err := PullRequests.Put(PullRequest{Owner: "aws", RepoName: "x", PRNumber: 1, Title: title255 + "x", Author: "bob"}).Build()
			return err
		}, "title", ErrTitleTooLong},
		{"valid user", func() error {
			// A user's e-mail is unique: a create builds as the transaction
			// that writes the e-mail's marker (the put's own Build is refused).
			_, err := txn.Write(Users.Create(User{Username: "alice", Email: "alice@example.com"})).Build()
			return err
		}, "", nil},
		{"e-mail without a domain dot", func() error {
			_, err := Users.Put(User{Username: "alice", Email: "alice@example"}).Build()
			return err
		}, "email", ErrInvalidEmail},
		{"e-mail with a space", func() error {
			_, err := Users.Put(User{Username: "alice", Email: "al ice@example.com"}).Build()
			return err
		}, "email", ErrInvalidEmail},
		{"user without e-mail", func() error {
			_, err := Users.Put(User{Username: "alice"}).Build()
			return err
		}, "email", nil},
		{"organization name", func() error {
			_, err := Organizations.Put(Organization{OrgName: "my org"}).Build()
			return err
		}, "org_name", ErrInvalidName},
		{"unknown reaction", func() error {
			_, err := Reactions.Put(Reaction{Owner: "aws", RepoName: "x", TargetType: TargetIssue, TargetID: 1, UserName: "bob", ReactionType: "thumbsup"}).Build()
			return err
		}, "reaction_type", nil},
		{"star without time", func() error {
			_, err := Stars.Put(Star{UserName: "bob", RepoOwner: "aws", RepoName: "x"}).Build()
			return err
		}, "starred_at", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := c.build()
			if c.attr == "" {
				if err != nil {
					t.Fatalf("want valid, got %v", err)
				}
				return
			}
			var ve *ddbmodel.ValidationError
			if !errors.As(err, &ve) {
				t.Fatalf("err = %v, want a *ddbmodel.ValidationError", err)
			}
			if ve.Attribute != c.attr {
				t.Errorf("attribute = %q, want %q (%v)", ve.Attribute, c.attr, err)
			}
			if !errors.Is(err, ddbmodel.ErrInvalid) {
				t.Errorf("err = %v does not satisfy ddbmodel.ErrInvalid", err)
			}
			if c.sentinel != nil && !errors.Is(err, c.sentinel) {
				t.Errorf("err = %v, want errors.Is %v", err, c.sentinel)
			}
		})
	}
}

// TestKeysArePadded checks the keys the library renders for numbers that
// sort wrongly without padding.
func TestKeysArePadded(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		n            int
		pk, gsi1sk   string
		open, closed string
	}{
		{9, "ISSUE#aws#r#00000009", "ISSUE#00000009", "ISSUE#OPEN#99999990", "~ISSUE#CLOSED#00000009"},
		{10, "ISSUE#aws#r#00000010", "ISSUE#00000010", "ISSUE#OPEN#99999989", "~ISSUE#CLOSED#00000010"},
		{100, "ISSUE#aws#r#00000100", "ISSUE#00000100", "ISSUE#OPEN#99999899", "~ISSUE#CLOSED#00000100"},
	} {
		for _, status := range []string{StatusOpen, StatusClosed} {
			in, err := Issues.Put(Issue{Owner: "aws", RepoName: "r", IssueNumber: c.n, Title: "t", Author: "a", Status: status}).Build()
			if err != nil {
				t.Fatal(err)
			}
			want := map[string]string{"PK": c.pk, "SK": c.pk, "GSI1SK": c.gsi1sk, "GSI4SK": c.open}
			if status == StatusClosed {
				want["GSI4SK"] = c.closed
			}
			got := map[string]string{}
			for k := range want {
				got[k] = stringAttr(in.Item, k)
			}
			if d := diff(want, got); d != "" {
				t.Errorf("issue %d (%s) keys (-want +got):\n%s", c.n, status, d)
			}
		}
	}
	if _, err := StatusSortKey("ISSUE", StatusOpen, 0); !errors.Is(err, ErrInvalidNumber) {
		t.Errorf("StatusSortKey(0): err = %v", err)
	}
}
