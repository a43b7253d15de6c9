package github

import (
	"time"

	"github.com/ddbmodel/ddbmodel/entity"
)

// Typed keys: one struct per entity key (and per index queried), checked
// when declared to hold exactly the key's composites.

// RepoKey identifies a repository.
type RepoKey struct {
	Owner    string `dynamo:"owner"`
	RepoName string `dynamo:"repo_name"`
}

// UserKey identifies a user account.
type UserKey struct {
	Username string `dynamo:"username"`
}

// OrgKey identifies an organization account.
type OrgKey struct {
	OrgName string `dynamo:"org_name"`
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

// ForkKey identifies a fork link.
type ForkKey struct {
	Owner     string `dynamo:"owner"`
	RepoName  string `dynamo:"repo_name"`
	ForkOwner string `dynamo:"fork_owner"`
}

// OfAccount is the partition of an account's repositories on GSI3.
type OfAccount struct {
	Owner string `dynamo:"owner"`
}

// StarredBy is the partition of a user's stars.
type StarredBy struct {
	UserName string `dynamo:"user_name"`
}

// StarsOf is the partition of a repository's stars on GSI1.
type StarsOf struct {
	RepoOwner string `dynamo:"repo_owner"`
	RepoName  string `dynamo:"repo_name"`
}

// ReactionTarget is the partition of one target's reactions on GSI1.
type ReactionTarget struct {
	Owner      string `dynamo:"owner"`
	RepoName   string `dynamo:"repo_name"`
	TargetType string `dynamo:"target_type"`
	TargetID   int    `dynamo:"target_id"`
}

// OfOrg is the partition of an organization's memberships.
type OfOrg struct {
	OrgName string `dynamo:"org_name"`
}

// GistsOf is the partition of a user's gists.
type GistsOf struct {
	Username string `dynamo:"username"`
}

// InRepo is the partition of a repository's issues or pull requests on
// GSI1 and GSI4.
type InRepo struct {
	Owner    string `dynamo:"owner"`
	RepoName string `dynamo:"repo_name"`
}

// Keys and typed field handles, resolved once.
var (
	RepoByKey        = entity.ItemKeyOf[RepoKey](Repos)
	IssueByKey       = entity.ItemKeyOf[IssueKey](Issues)
	PullRequestByKey = entity.ItemKeyOf[PullRequestKey](PullRequests)
	StarByKey        = entity.ItemKeyOf[StarKey](Stars)
	ForkByKey        = entity.ItemKeyOf[ForkKey](Forks)

	IssuesByNumber = entity.QueryKeyOf[InRepo](Issues, "GSI1")
	IssuesByStatus = entity.QueryKeyOf[InRepo](Issues, "GSI4")
	PRsByNumber    = entity.QueryKeyOf[InRepo](PullRequests, "GSI1")
	PRsByStatus    = entity.QueryKeyOf[InRepo](PullRequests, "GSI4")

	ReposOfAccount    = entity.QueryKeyOf[OfAccount](Repos, "GSI3")
	ForksOfRepo       = entity.QueryKeyOf[InRepo](Forks, "GSI2")
	StarsOfUser       = entity.QueryKeyOf[StarredBy](Stars, "")
	StarsOfRepo       = entity.QueryKeyOf[StarsOf](Stars, "GSI1")
	CommentsOnIssue   = entity.QueryKeyOf[IssueKey](IssueComments, "")    // an issue's key is its comments' partition
	CommentsOnPR      = entity.QueryKeyOf[PullRequestKey](PRComments, "") // a pull request's key is its comments' partition
	ReactionsOnTarget = entity.QueryKeyOf[ReactionTarget](Reactions, "GSI1")
	MembersOfOrg      = entity.QueryKeyOf[OfOrg](Memberships, "")
	GistsOfUser       = entity.QueryKeyOf[GistsOf](Gists, "")

	UserByName = entity.ItemKeyOf[UserKey](Users)
	OrgByName  = entity.ItemKeyOf[OrgKey](Organizations)

	RepoOwner       = entity.StringOf(Repos, func(r *Repo) *string { return &r.Owner })
	RepoStars       = entity.NumberOf(Repos, func(r *Repo) *int { return &r.Stars })
	RepoUpdatedAt   = entity.FieldOf(Repos, func(r *Repo) *time.Time { return &r.UpdatedAt })
	RepoDescription = entity.StringOf(Repos, func(r *Repo) *string { return &r.Description })
	RepoLanguage    = entity.StringOf(Repos, func(r *Repo) *string { return &r.Language })
	RepoIsPrivate   = entity.FieldOf(Repos, func(r *Repo) *bool { return &r.IsPrivate })
	IssueStatus     = entity.StringOf(Issues, func(i *Issue) *string { return &i.Status })
	PRStatus        = entity.StringOf(PullRequests, func(p *PullRequest) *string { return &p.Status })
)

// UserEmail is a user's e-mail address, a unique attribute.
var UserEmail = entity.StringOf(Users, func(u *User) *string { return &u.Email })
