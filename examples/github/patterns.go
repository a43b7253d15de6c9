package github

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/query"
)

// Store runs the access patterns and workflows against one table.
type Store struct {
	// DB is the client and table name requests go to.
	DB *entity.DB
	// PageTokenKey, when not empty, signs the page tokens of
	// AccountReposPage with HMAC-SHA256, so that a client cannot forge or
	// alter one (base64 alone, which the design relies on, does not stop that).
	PageTokenKey []byte
	// Now is the clock for stars and forks made without a time; nil means time.Now.
	Now func() time.Time
}

// NewStore returns a Store sending requests through db.
func NewStore(db *entity.DB) *Store { return &Store{DB: db} }

func (s *Store) now() time.Time {
	if s.Now != nil {
		return s.Now().UTC()
	}
	return time.Now().UTC()
}

// ---- Accounts ----

// UserGet is the GetItem of User: ACCOUNT#<username> as PK and SK.
func UserGet(username string) entity.GetOp[User] { return UserByName.Get(UserKey{username}) }

// User gets a user account (ddbmodel.ErrNotFound when there is none, also
// when the name is an organization's).
func (s *Store) User(ctx context.Context, username string) (User, error) {
	return UserGet(username).Run(ctx, s.DB)
}

// OrgGet is the GetItem of Organization: ACCOUNT#<org name> as PK and SK.
func OrgGet(orgName string) entity.GetOp[Organization] { return OrgByName.Get(OrgKey{orgName}) }

// Organization gets an organization account (ddbmodel.ErrNotFound when
// there is none, also when the name is a user's).
func (s *Store) Organization(ctx context.Context, orgName string) (Organization, error) {
	return OrgGet(orgName).Run(ctx, s.DB)
}

// Account is the account of a name: a user or an organization, exactly
// one of the two set.
type Account struct {
	User         *User
	Organization *Organization
}

// Account looks up the user or organization named name (a repository's
// owner is either) in one GetItem: users and organizations share the key
// ACCOUNT#<name>, and the item's entity marker says which kind it is. A
// name with no account is ddbmodel.ErrNotFound. The design lists account
// lookups under GSI3, but the account's own key finds it in one read, so
// GSI3 holds only repositories here.
func (s *Store) Account(ctx context.Context, name string) (Account, error) {
	in, err := UserGet(name).Build() // the key of either kind
	if err != nil {
		return Account{}, err
	}
	in.TableName = s.DB.Table(Table.Name)
	// Sent through entity.Send, as the library sends its own requests, so
	// that an Observer of s.DB sees (and counts) it.
	out, err := entity.Send(ctx, s.DB, s.DB.Client.GetItem, in, entity.Request{Entities: []string{Users.Name(), Organizations.Name()}})
	if err != nil {
		return Account{}, fmt.Errorf("github: account %q: %w", name, err)
	}
	switch {
	case Users.Is(out.Item):
		u, err := Users.Decode(out.Item)
		return Account{User: &u}, err
	case Organizations.Is(out.Item):
		o, err := Organizations.Decode(out.Item)
		return Account{Organization: &o}, err
	default:
		return Account{}, fmt.Errorf("github: account %q: %w", name, ddbmodel.ErrNotFound)
	}
}

// ---- Repositories ----

// RepoGet is the GetItem of Repo: REPO#<owner>#<name> as PK and SK.
func RepoGet(owner, repoName string) entity.GetOp[Repo] {
	return RepoByKey.Get(RepoKey{owner, repoName})
}

// Repo gets a repository by owner and name; a missing one is an error
// satisfying errors.Is(err, ddbmodel.ErrNotFound).
func (s *Store) Repo(ctx context.Context, owner, repoName string) (Repo, error) {
	return RepoGet(owner, repoName).Run(ctx, s.DB)
}

// AccountReposQuery is the query of an account's repositories, most
// recently updated first: GSI3, GSI3PK = ACCOUNT#<account> and
// begins_with(GSI3SK, "#"), descending.
func AccountReposQuery(account string) query.Query[Repo] {
	return query.By(ReposOfAccount, OfAccount{account}).Desc()
}

// AccountRepos lists every repository an account (user or organization)
// owns, most recently updated first.
func (s *Store) AccountRepos(ctx context.Context, account string) ([]Repo, error) {
	return AccountReposQuery(account).Collect(ctx, s.DB)
}

// RepoPage is one page of an account's repositories.
type RepoPage struct {
	Repos []Repo
	// NextPageToken continues the listing; "" on the last page.
	NextPageToken string
}

// AccountReposPage is the design's listReposPaginated and getNextPage in
// one: it returns up to pageSize of an account's repositories, most recently
// updated first, starting after pageToken ("" for the first page). The token
// is the library's cursor: opaque, URL-safe, bound to this query (a token of
// another account or query is refused with ddbmodel.ErrInvalidCursor) and
// signed when PageTokenKey is set.
func (s *Store) AccountReposPage(ctx context.Context, account string, pageSize int, pageToken string) (RepoPage, error) {
	if pageSize <= 0 {
		return RepoPage{}, &ddbmodel.ValidationError{Entity: Repos.Name(), Reason: fmt.Sprintf("page size %d is not positive", pageSize)}
	}
	p, err := page(ctx, s, AccountReposQuery(account).Limit(pageSize), pageToken)
	return RepoPage{Repos: p.Items, NextPageToken: p.Cursor}, err
}

// ForksQuery is the query of a repository's forks: GSI2,
// GSI2PK = REPO#<owner>#<name> and begins_with(GSI2SK, "FORK#").
func ForksQuery(owner, repoName string) query.Query[Fork] {
	return query.By(ForksOfRepo, InRepo{owner, repoName})
}

// RepoForks lists the forks of a repository by fork owner.
func (s *Store) RepoForks(ctx context.Context, owner, repoName string) ([]Fork, error) {
	return ForksQuery(owner, repoName).Collect(ctx, s.DB)
}

// ---- Issues ----

// IssueGet is the GetItem of Issue: ISSUE#<owner>#<name>#<number padded to 8> as PK and SK.
func IssueGet(owner, repoName string, number int) entity.GetOp[Issue] {
	return IssueByKey.Get(IssueKey{owner, repoName, number})
}

// Issue gets an issue by repository and number (ddbmodel.ErrNotFound when absent).
func (s *Store) Issue(ctx context.Context, owner, repoName string, number int) (Issue, error) {
	return IssueGet(owner, repoName, number).Run(ctx, s.DB)
}

// The design's page sizes: its getIssuesForRepo reads up to 50 issues per
// request and its getOpenIssues up to 20. They are the Limit of
// RepoIssuesQuery and OpenIssuesQuery, so RepoIssuesPage and OpenIssuesPage
// return pages of that size, and RepoIssues and OpenIssues read every page.
const (
	RepoIssuesPageSize = 50
	OpenIssuesPageSize = 20
)

// RepoIssuesQuery is the query of all of a repository's issues by number:
// GSI1, GSI1PK = ISSUE#<owner>#<name> and begins_with(GSI1SK, "ISSUE#"),
// RepoIssuesPageSize issues per request.
func RepoIssuesQuery(owner, repoName string) query.Query[Issue] {
	return query.By(IssuesByNumber, InRepo{owner, repoName}).Limit(RepoIssuesPageSize)
}

// RepoIssues lists all of a repository's issues, open and closed, in
// ascending number order, reading every page.
func (s *Store) RepoIssues(ctx context.Context, owner, repoName string) ([]Issue, error) {
	return RepoIssuesQuery(owner, repoName).Collect(ctx, s.DB)
}

// IssuePage is one page of issues.
type IssuePage struct {
	Issues []Issue
	// NextPageToken continues the listing; "" on the last page.
	NextPageToken string
}

// RepoIssuesPage is the design's getIssuesForRepo: up to RepoIssuesPageSize
// of a repository's issues in number order, starting after pageToken (""
// for the first page). Tokens are bound and signed as in AccountReposPage.
func (s *Store) RepoIssuesPage(ctx context.Context, owner, repoName, pageToken string) (IssuePage, error) {
	return s.issuePage(ctx, RepoIssuesQuery(owner, repoName), pageToken)
}

// OpenIssuesPage is the design's getOpenIssues: up to OpenIssuesPageSize of
// a repository's open issues, newest first, starting after pageToken.
func (s *Store) OpenIssuesPage(ctx context.Context, owner, repoName, pageToken string) (IssuePage, error) {
	return s.issuePage(ctx, OpenIssuesQuery(owner, repoName), pageToken)
}

func (s *Store) issuePage(ctx context.Context, q query.Query[Issue], pageToken string) (IssuePage, error) {
	p, err := page(ctx, s, q, pageToken)
	return IssuePage{Issues: p.Items, NextPageToken: p.Cursor}, err
}

// page reads one page of q after pageToken, with cursors signed when the
// Store has a PageTokenKey. On error the page is empty.
func page[T any](ctx context.Context, s *Store, q query.Query[T], pageToken string) (query.Page[T], error) {
	if len(s.PageTokenKey) > 0 {
		q = q.SignCursors(s.PageTokenKey)
	}
	p, err := q.Page(ctx, s.DB, pageToken)
	if err != nil {
		return query.Page[T]{}, err
	}
	return p, nil
}

// OpenIssuesQuery is the query of a repository's open issues, newest
// (highest number) first: GSI4, GSI4PK = ISSUE#<owner>#<name> and
// begins_with(GSI4SK, "ISSUE#OPEN#"), OpenIssuesPageSize issues per
// request; the reversed numbers make ascending key order newest first.
func OpenIssuesQuery(owner, repoName string) query.Query[Issue] {
	return query.By(IssuesByStatus, InRepo{owner, repoName}).BeginsWith(openIssuesPrefix).Limit(OpenIssuesPageSize)
}

// OpenIssues lists a repository's open issues, newest first, reading every page.
func (s *Store) OpenIssues(ctx context.Context, owner, repoName string) ([]Issue, error) {
	return OpenIssuesQuery(owner, repoName).Collect(ctx, s.DB)
}

// ClosedIssuesQuery is the query of a repository's closed issues in
// ascending number order: GSI4, GSI4PK = ISSUE#<owner>#<name> and
// begins_with(GSI4SK, "~ISSUE#CLOSED#").
func ClosedIssuesQuery(owner, repoName string) query.Query[Issue] {
	return query.By(IssuesByStatus, InRepo{owner, repoName}).BeginsWith(closedIssuesPrefix)
}

// ClosedIssues lists a repository's closed issues in ascending number order.
func (s *Store) ClosedIssues(ctx context.Context, owner, repoName string) ([]Issue, error) {
	return ClosedIssuesQuery(owner, repoName).Collect(ctx, s.DB)
}

// ---- Pull requests ----

// PullRequestGet is the GetItem of PullRequest: PR#<owner>#<name>#<number padded to 8> as PK and SK.
func PullRequestGet(owner, repoName string, number int) entity.GetOp[PullRequest] {
	return PullRequestByKey.Get(PullRequestKey{owner, repoName, number})
}

// PullRequest gets a pull request by repository and number (ddbmodel.ErrNotFound when absent).
func (s *Store) PullRequest(ctx context.Context, owner, repoName string, number int) (PullRequest, error) {
	return PullRequestGet(owner, repoName, number).Run(ctx, s.DB)
}

// RepoPullRequestsQuery is the query of all of a repository's pull requests
// by number: GSI1, GSI1PK = PR#<owner>#<name> and begins_with(GSI1SK, "PR#").
func RepoPullRequestsQuery(owner, repoName string) query.Query[PullRequest] {
	return query.By(PRsByNumber, InRepo{owner, repoName})
}

// RepoPullRequests lists all of a repository's pull requests in ascending number order.
func (s *Store) RepoPullRequests(ctx context.Context, owner, repoName string) ([]PullRequest, error) {
	return RepoPullRequestsQuery(owner, repoName).Collect(ctx, s.DB)
}

// OpenPullRequestsQuery is the query of a repository's open pull requests,
// newest first: GSI4, GSI4PK = PR#<owner>#<name> and begins_with(GSI4SK, "PR#OPEN#").
func OpenPullRequestsQuery(owner, repoName string) query.Query[PullRequest] {
	return query.By(PRsByStatus, InRepo{owner, repoName}).BeginsWith(openPRsPrefix)
}

// OpenPullRequests lists a repository's open pull requests, newest first.
func (s *Store) OpenPullRequests(ctx context.Context, owner, repoName string) ([]PullRequest, error) {
	return OpenPullRequestsQuery(owner, repoName).Collect(ctx, s.DB)
}

// ClosedPullRequestsQuery is the query of a repository's closed and merged
// pull requests in ascending number order: GSI4, GSI4PK = PR#<owner>#<name>
// and begins_with(GSI4SK, "~PR#CLOSED#").
func ClosedPullRequestsQuery(owner, repoName string) query.Query[PullRequest] {
	return query.By(PRsByStatus, InRepo{owner, repoName}).BeginsWith(closedPRsPrefix)
}

// ClosedPullRequests lists a repository's closed and merged pull requests in ascending number order.
func (s *Store) ClosedPullRequests(ctx context.Context, owner, repoName string) ([]PullRequest, error) {
	return ClosedPullRequestsQuery(owner, repoName).Collect(ctx, s.DB)
}

// ---- Stars ----

// StarredReposQuery is the query of the repositories a user starred: the
// table, PK = ACCOUNT#<user> and begins_with(SK, "STAR#"); in order of
// repository owner and name.
func StarredReposQuery(userName string) query.Query[Star] {
	return query.By(StarsOfUser, StarredBy{userName})
}

// StarredRepos lists the stars of a user, by repository owner and name.
func (s *Store) StarredRepos(ctx context.Context, userName string) ([]Star, error) {
	return StarredReposQuery(userName).Collect(ctx, s.DB)
}

// StargazersQuery is the query of the users who starred a repository: GSI1,
// GSI1PK = REPO#<owner>#<name> and begins_with(GSI1SK, "STAR#"); in order of
// user name.
func StargazersQuery(owner, repoName string) query.Query[Star] {
	return query.By(StarsOfRepo, StarsOf{owner, repoName})
}

// Stargazers lists the stars of a repository, by user name.
func (s *Store) Stargazers(ctx context.Context, owner, repoName string) ([]Star, error) {
	return StargazersQuery(owner, repoName).Collect(ctx, s.DB)
}

// StarGet is the GetItem of Star: PK = ACCOUNT#<user>, SK = STAR#<owner>#<name>.
func StarGet(userName, owner, repoName string) entity.GetOp[Star] {
	return StarByKey.Get(StarKey{userName, owner, repoName})
}

// HasStarred reports whether a user starred a repository, with one GetItem.
// The design puts starred_at into the star's sort key
// (STAR#<owner>#<name>#<starred_at>), which a caller asking this question
// does not know, so the design's "direct get" could only be a query; here
// the sort key is STAR#<owner>#<name>, the key of the one star a user can
// give a repository, and starred_at stays an attribute (and part of GSI1SK).
func (s *Store) HasStarred(ctx context.Context, userName, owner, repoName string) (bool, error) {
	_, err := StarGet(userName, owner, repoName).Run(ctx, s.DB)
	switch {
	case err == nil:
		return true, nil
	case errors.Is(err, ddbmodel.ErrNotFound):
		return false, nil
	default:
		return false, err
	}
}

// ---- Comments and reactions ----

// IssueCommentsQuery is the query of an issue's comments in the order they
// were written: the table, PK = ISSUECOMMENT#<owner>#<name>#<issue number>
// and begins_with(SK, "ISSUECOMMENT#").
func IssueCommentsQuery(owner, repoName string, issueNumber int) query.Query[IssueComment] {
	return query.By(CommentsOnIssue, IssueKey{owner, repoName, issueNumber})
}

// IssueComments lists an issue's comments, oldest first.
func (s *Store) IssueComments(ctx context.Context, owner, repoName string, issueNumber int) ([]IssueComment, error) {
	return IssueCommentsQuery(owner, repoName, issueNumber).Collect(ctx, s.DB)
}

// PRCommentsQuery is the query of a pull request's comments in the order
// they were written: the table, PK = PRCOMMENT#<owner>#<name>#<pr number>
// and begins_with(SK, "PRCOMMENT#").
func PRCommentsQuery(owner, repoName string, prNumber int) query.Query[PRComment] {
	return query.By(CommentsOnPR, PullRequestKey{owner, repoName, prNumber})
}

// PRComments lists a pull request's comments, oldest first.
func (s *Store) PRComments(ctx context.Context, owner, repoName string, prNumber int) ([]PRComment, error) {
	return PRCommentsQuery(owner, repoName, prNumber).Collect(ctx, s.DB)
}

// ReactionsQuery is the query of the reactions on one target (an issue, a
// pull request or a comment, see TargetIssue and the other Target
// constants): GSI1, GSI1PK = REACTION#<owner>#<name>#<target type>#<target id>
// and begins_with(GSI1SK, "REACTION#"); in order of reaction type, then user.
func ReactionsQuery(owner, repoName, targetType string, targetID int) query.Query[Reaction] {
	return query.By(ReactionsOnTarget, ReactionTarget{owner, repoName, targetType, targetID})
}

// TargetReactions lists the reactions on one target, by type and user.
func (s *Store) TargetReactions(ctx context.Context, owner, repoName, targetType string, targetID int) ([]Reaction, error) {
	return ReactionsQuery(owner, repoName, targetType, targetID).Collect(ctx, s.DB)
}

// ---- Accounts ----

// OrgMembersQuery is the query of an organization's members: the table,
// PK = ACCOUNT#<org> and begins_with(SK, "MEMBERSHIP#"); by user name.
func OrgMembersQuery(orgName string) query.Query[Membership] {
	return query.By(MembersOfOrg, OfOrg{orgName})
}

// OrgMembers lists the memberships of an organization, by user name.
func (s *Store) OrgMembers(ctx context.Context, orgName string) ([]Membership, error) {
	return OrgMembersQuery(orgName).Collect(ctx, s.DB)
}

// UserGistsQuery is the query of a user's gists: the table,
// PK = ACCOUNT#<user> and begins_with(SK, "GIST#"); by gist id.
func UserGistsQuery(userName string) query.Query[Gist] {
	return query.By(GistsOfUser, GistsOf{userName})
}

// UserGists lists a user's gists by gist id.
func (s *Store) UserGists(ctx context.Context, userName string) ([]Gist, error) {
	return UserGistsQuery(userName).Collect(ctx, s.DB)
}
