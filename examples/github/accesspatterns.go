package github

import "github.com/ddbmodel/ddbmodel/entity"

// The design's reads, registered with Table with sample values, so that the
// generated design document lists each one's request and the lint knows
// which indexes are read.
func init() {
	Table.MustAddAccessPatterns(
		entity.GetPattern("user", "a user by name", UserGet("alice")),
		entity.GetPattern("organization", "an organization by name", OrgGet("acme")),
		entity.GetPattern("repository", "a repository", RepoGet("acme", "api")),
		entity.QueryPattern("repositories of an account", "an account's repositories", AccountReposQuery("acme")),
		entity.QueryPattern("forks", "the forks of a repository", ForksQuery("acme", "api")),
		entity.GetPattern("issue", "an issue by number", IssueGet("acme", "api", 7)),
		entity.QueryPattern("issues", "a repository's issues", RepoIssuesQuery("acme", "api")),
		entity.QueryPattern("open issues", "a repository's open issues", OpenIssuesQuery("acme", "api")),
		entity.QueryPattern("closed issues", "a repository's closed issues", ClosedIssuesQuery("acme", "api")),
		entity.GetPattern("pull request", "a pull request by number", PullRequestGet("acme", "api", 8)),
		entity.QueryPattern("pull requests", "a repository's pull requests", RepoPullRequestsQuery("acme", "api")),
		entity.QueryPattern("open pull requests", "a repository's open pull requests", OpenPullRequestsQuery("acme", "api")),
		entity.QueryPattern("closed pull requests", "a repository's closed pull requests", ClosedPullRequestsQuery("acme", "api")),
		entity.QueryPattern("starred repositories", "the repositories a user starred", StarredReposQuery("alice")),
		entity.QueryPattern("stargazers", "the users who starred a repository", StargazersQuery("acme", "api")),
		entity.GetPattern("star", "whether a user starred a repository", StarGet("alice", "acme", "api")),
		entity.QueryPattern("issue comments", "the comments of an issue", IssueCommentsQuery("acme", "api", 7)),
		entity.QueryPattern("pull request comments", "the comments of a pull request", PRCommentsQuery("acme", "api", 8)),
		entity.QueryPattern("reactions", "the reactions to an issue", ReactionsQuery("acme", "api", "ISSUE", 7)),
		entity.QueryPattern("organization members", "an organization's members", OrgMembersQuery("acme")),
		entity.QueryPattern("gists", "a user's gists", UserGistsQuery("alice")),
	)
}
