package github

import "github.com/ddbmodel/ddbmodel/entity"

// Typed keys: one struct per entity key (and per index queried), checked
// when declared to hold exactly the key's composites.

// RepoKey identifies a repository.
type RepoKey struct {
	Owner    string `dynamo:"owner"`
	RepoName string `dynamo:"repo_name"`
}

// IssueKey identifies an issue.
type IssueKey struct {
	Owner       string `dynamo:"owner"`
	RepoName    string `dynamo:"repo_name"`
	IssueNumber int    `dynamo:"issue_number"`
}

// PullRequestKey identifies a pull request.
type PullRequestKey struct {
	Owner    string `dynamo:"owner"`
	RepoName string `dynamo:"repo_name"`
	PRNumber int    `dynamo:"pr_number"`
}

// StarKey identifies a user's star of a repository.
type StarKey struct {
	UserName  string `dynamo:"user_name"`
	RepoOwner string `dynamo:"repo_owner"`
	RepoName  string `dynamo:"repo_name"`
}

// InRepo is the partition of a repository's issues or pull requests on
// GSI1 and GSI4.
type InRepo struct {
	Owner    string `dynamo:"owner"`
	RepoName string `dynamo:"repo_name"`
}

// Keys and typed field handles, resolved once.
var (
	RepoByKey        = entity.KeyOf[RepoKey](Repos)
	IssueByKey       = entity.KeyOf[IssueKey](Issues)
	PullRequestByKey = entity.KeyOf[PullRequestKey](PullRequests)
	StarByKey        = entity.KeyOf[StarKey](Stars)

	IssuesByNumber = entity.QueryKeyOf[InRepo](Issues, "GSI1")
	IssuesByStatus = entity.QueryKeyOf[InRepo](Issues, "GSI4")
	PRsByNumber    = entity.QueryKeyOf[InRepo](PullRequests, "GSI1")
	PRsByStatus    = entity.QueryKeyOf[InRepo](PullRequests, "GSI4")

	RepoOwner   = entity.StringOf(Repos, func(r *Repo) *string { return &r.Owner })
	RepoStars   = entity.NumberOf(Repos, func(r *Repo) *int { return &r.Stars })
	IssueStatus = entity.StringOf(Issues, func(i *Issue) *string { return &i.Status })
	PRStatus    = entity.StringOf(PullRequests, func(p *PullRequest) *string { return &p.Status })
)
