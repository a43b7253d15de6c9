package github

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/txn"
)

// SampleData is a small, deterministic GitHub: fixed names, numbers and
// timestamps, so that tests and the program can show exact results.
type SampleData struct {
	Users         []User
	Organizations []Organization
	Memberships   []Membership
	Repos         []Repo // repositories that are not forks
	Issues        []Issue
	PullRequests  []PullRequest
	IssueComments []IssueComment
	PRComments    []PRComment
	Reactions     []Reaction
	Gists         []Gist
	Forks         []Fork // forks to make with ForkRepo (Owner/RepoName forked by ForkOwner at ForkedAt)
	Stars         []Star // stars to give with StarRepo
}

// The sample repository with many issues and pull requests.
const (
	SampleOwner = "aws"
	SampleRepo  = "dynamodb-toolbox"
)

func at(s string) time.Time {
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		panic(err)
	}
	return t
}

// issueTopics give the generated issues their titles.
var issueTopics = []string{
	"Query builder drops the sort key condition",
	"Support transactions across entities",
	"Document the schema API",
	"Type error with optional sets",
	"Pagination token is not URL safe",
	"Add TypeScript support",
	"Batch writes retry unprocessed items forever",
}

var sampleUsers = []string{"alice", "bob", "carol", "john"}

// Sample returns the sample data. Its big repository, aws/dynamodb-toolbox,
// numbers issues and pull requests from one sequence 1..120 as GitHub does:
// every eighth number is a pull request (15 of them), the rest are issues
// (105 of them, so numbers pass 9 and 99); every third issue is closed.
func Sample() SampleData {
	var d SampleData
	d.Users = []User{
		{Username: "alice", Email: "alice@example.com", Bio: "Maintainer", PaymentPlanID: "pro"},
		{Username: "bob", Email: "bob@example.com"},
		{Username: "carol", Email: "carol@example.org", Bio: "Go and DynamoDB"},
		{Username: "john", Email: "john@example.net", PaymentPlanID: "free"},
	}
	d.Organizations = []Organization{{OrgName: "aws", Description: "Amazon Web Services", PaymentPlanID: "enterprise"}}
	d.Memberships = []Membership{
		{OrgName: "aws", Username: "john", Role: "member", JoinedAt: at("2022-03-01T09:00:00Z")},
		{OrgName: "aws", Username: "alice", Role: "admin", JoinedAt: at("2020-06-15T12:00:00Z")},
		{OrgName: "aws", Username: "bob", Role: "member", JoinedAt: at("2021-11-30T17:45:00Z")},
	}
	d.Repos = []Repo{
		{Owner: "aws", RepoName: "dynamodb-toolbox", Description: "A set of tools for working with DynamoDB", Language: "TypeScript",
			CreatedAt: at("2024-01-15T08:00:00Z"), UpdatedAt: at("2024-12-24T10:30:00Z")},
		{Owner: "aws", RepoName: "aws-sdk-go-v2", Description: "AWS SDK for the Go programming language", Language: "Go",
			CreatedAt: at("2017-09-29T17:00:00Z"), UpdatedAt: at("2024-12-20T16:00:00Z")},
		{Owner: "aws", RepoName: "aws-cdk", Description: "The AWS Cloud Development Kit", Language: "TypeScript",
			CreatedAt: at("2018-05-01T10:00:00Z"), UpdatedAt: at("2024-12-22T08:15:00Z")},
		{Owner: "aws", RepoName: "aws-cli", Description: "Universal Command Line Interface for AWS", Language: "Python",
			CreatedAt: at("2012-11-01T12:00:00Z"), UpdatedAt: at("2024-11-30T23:59:59Z")},
		{Owner: "aws", RepoName: "docs.internal", Description: "Internal documentation", IsPrivate: true,
			CreatedAt: at("2023-02-02T02:02:02Z"), UpdatedAt: at("2024-10-01T00:00:00Z")},
		{Owner: "alice", RepoName: "dotfiles", Description: "My configuration", Language: "Shell",
			CreatedAt: at("2019-04-04T04:04:04Z"), UpdatedAt: at("2024-09-12T19:30:00Z")},
		{Owner: "john", RepoName: "notes", Language: "Markdown",
			CreatedAt: at("2024-07-01T07:00:00Z"), UpdatedAt: at("2024-08-01T07:00:00Z")},
	}

	base := at("2024-02-01T00:00:00Z")
	for n := 1; n <= 120; n++ {
		author := sampleUsers[n%len(sampleUsers)]
		if n%8 == 0 {
			author := sampleUsers[(n/8)%len(sampleUsers)]
			status := StatusOpen
			switch {
			case n%3 == 0:
				status = StatusMerged
			case n%5 == 0:
				status = StatusClosed
			}
			d.PullRequests = append(d.PullRequests, PullRequest{
				Owner: SampleOwner, RepoName: SampleRepo, PRNumber: n,
				Title:  fmt.Sprintf("Fix: %s", issueTopics[n%len(issueTopics)]),
				Status: status, Author: author, HeadBranch: fmt.Sprintf("%s/fix-%d", author, n), BaseBranch: "main",
			})
			continue
		}
		status := StatusOpen
		if n%3 == 0 {
			status = StatusClosed
		}
		is := Issue{
			Owner: SampleOwner, RepoName: SampleRepo, IssueNumber: n,
			Title:  issueTopics[n%len(issueTopics)],
			Body:   fmt.Sprintf("Reported on %s.", base.Add(time.Duration(n)*24*time.Hour).Format(time.DateOnly)),
			Status: status, Author: author,
		}
		if n%4 == 1 {
			is.Labels = []string{"bug"}
		}
		if n%10 == 2 {
			is.Labels = []string{"enhancement", "typescript"}
			is.Assignees = []string{"alice"}
		}
		d.Issues = append(d.Issues, is)
	}
	d.Issues = append(d.Issues,
		Issue{Owner: "aws", RepoName: "aws-sdk-go-v2", IssueNumber: 1, Title: "Retry on throttling", Status: StatusClosed, Author: "carol"},
		Issue{Owner: "aws", RepoName: "aws-sdk-go-v2", IssueNumber: 2, Title: "Context cancellation leaks a goroutine", Status: StatusOpen, Author: "john"},
		Issue{Owner: "aws", RepoName: "aws-sdk-go-v2", IssueNumber: 3, Title: "Document the endpoint resolver", Status: StatusOpen, Author: "bob"},
		Issue{Owner: "aws", RepoName: "aws-sdk-go-v2", IssueNumber: 4, Title: "Paginator skips the last page", Status: StatusClosed, Author: "carol"},
		Issue{Owner: "alice", RepoName: "dotfiles", IssueNumber: 1, Title: "Support zsh", Status: StatusOpen, Author: "bob"},
	)
	d.PullRequests = append(d.PullRequests,
		PullRequest{Owner: "aws", RepoName: "aws-sdk-go-v2", PRNumber: 5, Title: "Fix paginator", Status: StatusMerged, Author: "carol", HeadBranch: "carol/paginator", BaseBranch: "main"},
		PullRequest{Owner: "aws", RepoName: "aws-sdk-go-v2", PRNumber: 6, Title: "Close idle connections", Status: StatusOpen, Author: "john", HeadBranch: "john/idle", BaseBranch: "main"},
	)

	// Comment ids are unique and grow with time; issue 42's pass 9 and 99.
	d.IssueComments = []IssueComment{
		{Owner: SampleOwner, RepoName: SampleRepo, IssueNumber: 42, CommentID: 8, Author: "alice", Body: "Can you share a reproduction?", CreatedAt: at("2024-03-14T09:00:00Z")},
		{Owner: SampleOwner, RepoName: SampleRepo, IssueNumber: 42, CommentID: 9, Author: "john", Body: "Here it is.", CreatedAt: at("2024-03-14T10:00:00Z")},
		{Owner: SampleOwner, RepoName: SampleRepo, IssueNumber: 42, CommentID: 10, Author: "bob", Body: "Same here.", CreatedAt: at("2024-03-15T08:30:00Z")},
		{Owner: SampleOwner, RepoName: SampleRepo, IssueNumber: 42, CommentID: 99, Author: "alice", Body: "Fixed in the next release.", CreatedAt: at("2024-04-01T12:00:00Z")},
		{Owner: SampleOwner, RepoName: SampleRepo, IssueNumber: 42, CommentID: 100, Author: "john", Body: "Thanks!", CreatedAt: at("2024-04-01T13:00:00Z")},
		{Owner: SampleOwner, RepoName: SampleRepo, IssueNumber: 101, CommentID: 101, Author: "carol", Body: "Still happens on v2.", CreatedAt: at("2024-05-10T10:00:00Z")},
	}
	d.PRComments = []PRComment{
		{Owner: SampleOwner, RepoName: SampleRepo, PRNumber: 104, CommentID: 7, Author: "alice", Body: "Please add a test.", CreatedAt: at("2024-05-20T08:00:00Z")},
		{Owner: SampleOwner, RepoName: SampleRepo, PRNumber: 104, CommentID: 11, Author: "carol", Body: "Test added.", CreatedAt: at("2024-05-20T09:00:00Z")},
		{Owner: SampleOwner, RepoName: SampleRepo, PRNumber: 104, CommentID: 102, Author: "alice", Body: "LGTM", CreatedAt: at("2024-05-21T10:00:00Z")},
	}
	d.Reactions = []Reaction{
		{Owner: SampleOwner, RepoName: SampleRepo, TargetType: TargetIssue, TargetID: 42, UserName: "john", ReactionType: "heart", CreatedAt: at("2024-03-14T11:00:00Z")},
		{Owner: SampleOwner, RepoName: SampleRepo, TargetType: TargetIssue, TargetID: 42, UserName: "bob", ReactionType: "+1", CreatedAt: at("2024-03-14T11:05:00Z")},
		{Owner: SampleOwner, RepoName: SampleRepo, TargetType: TargetIssue, TargetID: 42, UserName: "alice", ReactionType: "+1", CreatedAt: at("2024-03-14T12:00:00Z")},
		{Owner: SampleOwner, RepoName: SampleRepo, TargetType: TargetIssue, TargetID: 42, UserName: "john", ReactionType: "+1", CreatedAt: at("2024-03-14T11:01:00Z")},
		{Owner: SampleOwner, RepoName: SampleRepo, TargetType: TargetIssue, TargetID: 4, UserName: "carol", ReactionType: "eyes", CreatedAt: at("2024-02-05T10:00:00Z")},
		{Owner: SampleOwner, RepoName: SampleRepo, TargetType: TargetIssueComment, TargetID: 10, UserName: "carol", ReactionType: "laugh", CreatedAt: at("2024-03-15T09:00:00Z")},
		{Owner: SampleOwner, RepoName: SampleRepo, TargetType: TargetPullRequest, TargetID: 104, UserName: "alice", ReactionType: "rocket", CreatedAt: at("2024-05-21T10:01:00Z")},
		{Owner: SampleOwner, RepoName: SampleRepo, TargetType: TargetPRComment, TargetID: 102, UserName: "carol", ReactionType: "hooray", CreatedAt: at("2024-05-21T10:02:00Z")},
	}
	d.Gists = []Gist{
		{Username: "alice", GistID: "7b21de", Description: "zshrc snippets", IsPublic: true, CreatedAt: at("2023-05-05T05:05:05Z")},
		{Username: "alice", GistID: "0f3a9c", Description: "DynamoDB single-table cheat sheet", IsPublic: true, CreatedAt: at("2024-01-01T10:00:00Z")},
		{Username: "alice", GistID: "a1c4e0", Description: "Private notes", CreatedAt: at("2024-06-06T06:06:06Z")},
		{Username: "john", GistID: "5e6f70", Description: "Go generics example", IsPublic: true, CreatedAt: at("2024-02-02T02:02:02Z")},
	}
	d.Forks = []Fork{
		{Owner: "aws", RepoName: "dynamodb-toolbox", ForkOwner: "alice", ForkedAt: at("2024-12-01T09:00:00Z")},
		{Owner: "aws", RepoName: "dynamodb-toolbox", ForkOwner: "bob", ForkedAt: at("2024-12-02T09:00:00Z")},
		{Owner: "aws", RepoName: "dynamodb-toolbox", ForkOwner: "john", ForkedAt: at("2024-12-05T14:00:00Z")},
		{Owner: "aws", RepoName: "aws-sdk-go-v2", ForkOwner: "carol", ForkedAt: at("2024-12-03T18:30:00Z")},
	}
	d.Stars = []Star{
		{UserName: "john", RepoOwner: "aws", RepoName: "dynamodb-toolbox", StarredAt: at("2024-12-01T10:00:00Z")},
		{UserName: "john", RepoOwner: "aws", RepoName: "aws-sdk-go-v2", StarredAt: at("2024-06-01T08:00:00Z")},
		{UserName: "alice", RepoOwner: "aws", RepoName: "dynamodb-toolbox", StarredAt: at("2024-02-10T12:00:00Z")},
		{UserName: "bob", RepoOwner: "aws", RepoName: "dynamodb-toolbox", StarredAt: at("2024-03-03T03:03:03Z")},
		{UserName: "carol", RepoOwner: "aws", RepoName: "dynamodb-toolbox", StarredAt: at("2024-11-11T11:11:11Z")},
		{UserName: "carol", RepoOwner: "john", RepoName: "notes", StarredAt: at("2024-08-02T09:00:00Z")},
		{UserName: "alice", RepoOwner: "alice", RepoName: "dotfiles", StarredAt: at("2019-04-05T00:00:00Z")},
	}
	return d
}

// LoadSample writes the sample data: the organizations, memberships,
// issues, pull requests, comments, reactions and gists in batches; the
// users one by one with Put (each with its e-mail marker); the
// repositories one by one with
// Create; then the forks through ForkRepo and the stars through StarRepo, so
// that fork links and star counts come from the workflows themselves.
//
// It can run again on a table that holds the sample: repositories that exist
// keep their star counts, and forks and stars that exist are left alone
// (ErrAlreadyForked and ErrAlreadyStarred are expected then), so the counts
// stay in step with the Star items. Issues and pull requests are written
// back with their sample status.
func (s *Store) LoadSample(ctx context.Context, d SampleData) error {
	var ops []entity.BatchWriter
	for _, v := range d.Memberships {
		ops = append(ops, Memberships.Put(v))
	}
	for _, v := range d.Issues {
		ops = append(ops, Issues.Put(v))
	}
	for _, v := range d.PullRequests {
		ops = append(ops, PullRequests.Put(v))
	}
	for _, v := range d.IssueComments {
		ops = append(ops, IssueComments.Put(v))
	}
	for _, v := range d.PRComments {
		ops = append(ops, PRComments.Put(v))
	}
	for _, v := range d.Reactions {
		ops = append(ops, Reactions.Put(v))
	}
	for _, v := range d.Gists {
		ops = append(ops, Gists.Put(v))
	}
	if err := txn.BatchWrite(ctx, s.DB, txn.BatchOptions{}, ops...); err != nil {
		return fmt.Errorf("github: load sample: %w", err)
	}
	// Organizations are put one by one: they share their table keys with
	// users (SharesKeysWith), and only a put checks the entity marker, so
	// that an organization never replaces a user of the same name (a batch
	// write is refused for them).
	for _, o := range d.Organizations {
		if _, err := Organizations.Put(o).Run(ctx, s.DB); err != nil {
			return fmt.Errorf("github: load sample: organization %s: %w", o.OrgName, err)
		}
	}
	// Users are put one by one: a put of a user writes the marker item of
	// its unique e-mail address in the same transaction, which a batch
	// write cannot do. Put again, a user keeps its own marker.
	for _, u := range d.Users {
		if _, err := Users.Put(u).Run(ctx, s.DB); err != nil {
			return fmt.Errorf("github: load sample: user %s: %w", u.Username, err)
		}
	}
	for _, r := range d.Repos {
		if _, err := Repos.Create(r).Run(ctx, s.DB); err != nil && !errors.Is(err, ddbmodel.ErrAlreadyExists) {
			return fmt.Errorf("github: load sample: repository %s/%s: %w", r.Owner, r.RepoName, err)
		}
	}
	for _, f := range d.Forks {
		if _, err := s.ForkRepo(ctx, f.Owner, f.RepoName, f.ForkOwner, f.ForkedAt); err != nil && !errors.Is(err, ErrAlreadyForked) {
			return fmt.Errorf("github: load sample: fork %s/%s for %s: %w", f.Owner, f.RepoName, f.ForkOwner, err)
		}
	}
	for _, st := range d.Stars {
		if _, err := s.StarRepo(ctx, st); err != nil && !errors.Is(err, ErrAlreadyStarred) {
			return fmt.Errorf("github: load sample: star: %w", err)
		}
	}
	return nil
}
