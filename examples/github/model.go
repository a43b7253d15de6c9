package github

import (
	"errors"
	"fmt"
	"regexp"
	"time"
	"unicode/utf8"

	"github.com/ddbmodel/ddbmodel/entity"
)

// TableName is the design's table name, the default of the program's -table flag.
const TableName = "GitHubTable"

// Table is the one table every entity lives in: PK/SK and four overloaded
// global secondary indexes GSI1 to GSI4, each with a GSIxPK/GSIxSK string key.
var Table = &entity.Table{
	Name:         TableName,
	PartitionKey: entity.S("PK"),
	SortKey:      entity.S("SK"),
	Indexes: []entity.Index{
		{Name: "GSI1", PartitionKey: entity.S("GSI1PK"), SortKey: entity.S("GSI1SK")},
		{Name: "GSI2", PartitionKey: entity.S("GSI2PK"), SortKey: entity.S("GSI2SK")},
		{Name: "GSI3", PartitionKey: entity.S("GSI3PK"), SortKey: entity.S("GSI3SK")},
		{Name: "GSI4", PartitionKey: entity.S("GSI4PK"), SortKey: entity.S("GSI4SK")},
	},
}

// Issue and pull request states.
const (
	StatusOpen   = "open"
	StatusClosed = "closed"
	StatusMerged = "merged" // pull requests only; listed with the closed ones
)

// Reaction targets (Reaction.TargetType).
const (
	TargetIssue        = "ISSUE"
	TargetPullRequest  = "PR"
	TargetIssueComment = "ISSUECOMMENT"
	TargetPRComment    = "PRCOMMENT"
)

// ReactionTypes are the reactions GitHub offers, as stored in reaction_type.
var ReactionTypes = []string{"+1", "-1", "laugh", "confused", "heart", "hooray", "rocket", "eyes"}

// MaxNumber is the largest issue or pull request number: numbers are stored
// in sort keys zero-padded to eight digits, and open ones reversed as
// 99999999 minus the number.
const MaxNumber = 99999999

// Validation errors. The entities report them inside a
// *ddbmodel.ValidationError (its Err), so both errors.As with
// *ddbmodel.ValidationError and errors.Is with these sentinels work.
var (
	ErrInvalidName   = errors.New("github: invalid account or repository name")
	ErrTitleTooLong  = errors.New("github: title longer than 255 characters")
	ErrInvalidEmail  = errors.New("github: invalid e-mail address")
	ErrInvalidNumber = errors.New("github: issue or pull request number out of range")
)

var (
	ownerPattern    = regexp.MustCompile(`^[a-zA-Z0-9_-]+$`)
	repoNamePattern = regexp.MustCompile(`^[a-zA-Z0-9_.-]+$`)
	emailPattern    = regexp.MustCompile(`^[^\s@]+@[^\s@]+\.[^\s@]+$`)
)

// validOwner checks an account name (user, organization, repository owner)
// against the design's pattern ^[a-zA-Z0-9_-]+$.
func validOwner(v any) error {
	if s, _ := v.(string); !ownerPattern.MatchString(s) {
		return fmt.Errorf("%w: %q does not match %s", ErrInvalidName, s, ownerPattern)
	}
	return nil
}

// validRepoName checks a repository name against ^[a-zA-Z0-9_.-]+$.
func validRepoName(v any) error {
	if s, _ := v.(string); !repoNamePattern.MatchString(s) {
		return fmt.Errorf("%w: %q does not match %s", ErrInvalidName, s, repoNamePattern)
	}
	return nil
}

// validTitle allows at most 255 characters (runes, not bytes).
func validTitle(v any) error {
	if s, _ := v.(string); utf8.RuneCountInString(s) > 255 {
		return fmt.Errorf("%w: %d characters", ErrTitleTooLong, utf8.RuneCountInString(s))
	}
	return nil
}

// validEmail checks the design's pattern ^[^\s@]+@[^\s@]+\.[^\s@]+$.
func validEmail(v any) error {
	if s, _ := v.(string); !emailPattern.MatchString(s) {
		return fmt.Errorf("%w: %q", ErrInvalidEmail, s)
	}
	return nil
}

// validNumber allows 1..MaxNumber.
func validNumber(v any) error {
	if n, _ := v.(int); n < 1 || n > MaxNumber {
		return fmt.Errorf("%w: %v (1..%d)", ErrInvalidNumber, v, MaxNumber)
	}
	return nil
}

var (
	ownerRule = entity.Attribute{Required: true, Validate: validOwner}
	repoRule  = entity.Attribute{Required: true, Validate: validRepoName}
)

// Repo is a repository, owned by a user or an organization.
type Repo struct {
	Owner       string    `dynamo:"owner"`
	RepoName    string    `dynamo:"repo_name"`
	Description string    `dynamo:"description,omitempty"`
	IsPrivate   bool      `dynamo:"is_private"`
	Language    string    `dynamo:"language,omitempty"`
	Stars       int       `dynamo:"stars"`                 // kept in step with the Star items by StarRepo and UnstarRepo
	ForkedFrom  string    `dynamo:"forked_from,omitempty"` // "owner/name" of the parent, for forks
	CreatedAt   time.Time `dynamo:"createdAt,omitempty"`
	UpdatedAt   time.Time `dynamo:"updatedAt,omitempty"` // GSI3SK: an account's repositories by update time
}

// Repos is the Repo entity. Key: REPO#<owner>#<name> twice; GSI1 and GSI2
// repeat it (so stars and forks share the repository's index partitions);
// GSI3 groups an account's repositories by update time.
var Repos = entity.MustDefine(Table, entity.Config[Repo]{
	Name: "Repository",
	Key:  entity.Key{Partition: "REPO#${owner}#${repo_name}", Sort: "REPO#${owner}#${repo_name}"},
	Indexes: []entity.IndexKey[Repo]{
		{Index: "GSI1", Partition: "REPO#${owner}#${repo_name}", Sort: "REPO#${owner}#${repo_name}"},
		{Index: "GSI2", Partition: "REPO#${owner}#${repo_name}", Sort: "REPO#${owner}#${repo_name}"},
		{Index: "GSI3", Partition: "ACCOUNT#${owner}", Sort: "#${updatedAt:time}"},
	},
	Attributes: map[string]entity.Attribute{
		"owner":     ownerRule,
		"repo_name": repoRule,
		"updatedAt": {Required: true},
	},
})

// Issue is an issue of a repository.
type Issue struct {
	Owner       string   `dynamo:"owner"`
	RepoName    string   `dynamo:"repo_name"`
	IssueNumber int      `dynamo:"issue_number"`
	Title       string   `dynamo:"title"`
	Body        string   `dynamo:"body,omitempty"`
	Status      string   `dynamo:"status"` // open or closed
	Author      string   `dynamo:"author"`
	Assignees   []string `dynamo:"assignees,set,omitempty"`
	Labels      []string `dynamo:"labels,set,omitempty"`
}

// Issues is the Issue entity. Key: ISSUE#<owner>#<name>#<number padded to 8>
// twice; GSI1 lists a repository's issues by number; GSI4 splits them into
// an open range (newest first) and a closed range, see IssueStatusSortKey.
var Issues = entity.MustDefine(Table, entity.Config[Issue]{
	Name: "Issue",
	Key: entity.Key{
		Partition: "ISSUE#${owner}#${repo_name}#${issue_number:pad(8)}",
		Sort:      "ISSUE#${owner}#${repo_name}#${issue_number:pad(8)}",
	},
	Indexes: []entity.IndexKey[Issue]{
		{Index: "GSI1", Partition: "ISSUE#${owner}#${repo_name}", Sort: "ISSUE#${issue_number:pad(8)}"},
		{Index: "GSI4", Partition: "ISSUE#${owner}#${repo_name}",
			SortFunc: func(i Issue) (string, error) { return StatusSortKey("ISSUE", i.Status, i.IssueNumber) },
			SortUses: []string{"status", "issue_number"}},
	},
	Attributes: map[string]entity.Attribute{
		"owner":        ownerRule,
		"repo_name":    repoRule,
		"issue_number": {Required: true, Validate: validNumber},
		"title":        {Required: true, Validate: validTitle},
		"status":       {Default: StatusOpen, Enum: []string{StatusOpen, StatusClosed}},
		"author":       {Required: true, Validate: validOwner},
	},
})

// PullRequest is a pull request of a repository.
type PullRequest struct {
	Owner      string   `dynamo:"owner"`
	RepoName   string   `dynamo:"repo_name"`
	PRNumber   int      `dynamo:"pr_number"`
	Title      string   `dynamo:"title"`
	Body       string   `dynamo:"body,omitempty"`
	Status     string   `dynamo:"status"` // open, closed or merged
	Author     string   `dynamo:"author"`
	HeadBranch string   `dynamo:"head_branch,omitempty"`
	BaseBranch string   `dynamo:"base_branch,omitempty"`
	Labels     []string `dynamo:"labels,set,omitempty"`
}

// PullRequests is the PullRequest entity, shaped like Issues with the PR#
// prefix: PR#<owner>#<name>#<number padded to 8>, GSI1 by number, GSI4 by
// status (merged pull requests are in the closed range).
var PullRequests = entity.MustDefine(Table, entity.Config[PullRequest]{
	Name: "PullRequest",
	Key: entity.Key{
		Partition: "PR#${owner}#${repo_name}#${pr_number:pad(8)}",
		Sort:      "PR#${owner}#${repo_name}#${pr_number:pad(8)}",
	},
	Indexes: []entity.IndexKey[PullRequest]{
		{Index: "GSI1", Partition: "PR#${owner}#${repo_name}", Sort: "PR#${pr_number:pad(8)}"},
		{Index: "GSI4", Partition: "PR#${owner}#${repo_name}",
			SortFunc: func(p PullRequest) (string, error) { return StatusSortKey("PR", p.Status, p.PRNumber) },
			SortUses: []string{"status", "pr_number"}},
	},
	Attributes: map[string]entity.Attribute{
		"owner":     ownerRule,
		"repo_name": repoRule,
		"pr_number": {Required: true, Validate: validNumber},
		"title":     {Required: true, Validate: validTitle},
		"status":    {Default: StatusOpen, Enum: []string{StatusOpen, StatusClosed, StatusMerged}},
		"author":    {Required: true, Validate: validOwner},
	},
})

// StatusSortKey computes GSI4SK for an issue (kind "ISSUE") or a pull
// request (kind "PR") with the design's rule: an open one is
// <kind>#OPEN#<99999999 minus the number, padded to 8>, so that a query in
// ascending order returns the newest first; any other one is
// ~<kind>#CLOSED#<number padded to 8>, which sorts after every open one (the
// design's "#" prefix would sort before them).
func StatusSortKey(kind, status string, number int) (string, error) {
	if number < 1 || number > MaxNumber {
		return "", fmt.Errorf("%w: %d", ErrInvalidNumber, number)
	}
	if status == StatusOpen {
		return fmt.Sprintf("%s#OPEN#%08d", kind, MaxNumber-number), nil
	}
	return fmt.Sprintf("~%s#CLOSED#%08d", kind, number), nil
}

// Prefixes of the GSI4 status ranges.
const (
	openIssuesPrefix   = "ISSUE#OPEN#"
	closedIssuesPrefix = "~ISSUE#CLOSED#"
	openPRsPrefix      = "PR#OPEN#"
	closedPRsPrefix    = "~PR#CLOSED#"
)

// IssueComment is a comment on an issue. CommentID is unique and
// increasing in time, so comments sort in the order they were written.
type IssueComment struct {
	Owner       string    `dynamo:"owner"`
	RepoName    string    `dynamo:"repo_name"`
	IssueNumber int       `dynamo:"issue_number"`
	CommentID   int       `dynamo:"comment_id"`
	Author      string    `dynamo:"author"`
	Body        string    `dynamo:"body"`
	CreatedAt   time.Time `dynamo:"created_at,omitempty"`
}

// IssueComments is the IssueComment entity: one partition per issue,
// ISSUECOMMENT#<owner>#<name>#<issue number>, sorted by
// ISSUECOMMENT#<comment id padded to 10>.
var IssueComments = entity.MustDefine(Table, entity.Config[IssueComment]{
	Name: "IssueComment",
	Key: entity.Key{
		Partition: "ISSUECOMMENT#${owner}#${repo_name}#${issue_number:pad(8)}",
		Sort:      "ISSUECOMMENT#${comment_id:pad(10)}",
	},
	Attributes: map[string]entity.Attribute{
		"owner":        ownerRule,
		"repo_name":    repoRule,
		"issue_number": {Required: true, Validate: validNumber},
		"author":       {Required: true, Validate: validOwner},
	},
})

// PRComment is a comment on a pull request.
type PRComment struct {
	Owner     string    `dynamo:"owner"`
	RepoName  string    `dynamo:"repo_name"`
	PRNumber  int       `dynamo:"pr_number"`
	CommentID int       `dynamo:"comment_id"`
	Author    string    `dynamo:"author"`
	Body      string    `dynamo:"body"`
	CreatedAt time.Time `dynamo:"created_at,omitempty"`
}

// PRComments is the PRComment entity: one partition per pull request,
// PRCOMMENT#<owner>#<name>#<pr number>, sorted by PRCOMMENT#<comment id padded to 10>.
var PRComments = entity.MustDefine(Table, entity.Config[PRComment]{
	Name: "PRComment",
	Key: entity.Key{
		Partition: "PRCOMMENT#${owner}#${repo_name}#${pr_number:pad(8)}",
		Sort:      "PRCOMMENT#${comment_id:pad(10)}",
	},
	Attributes: map[string]entity.Attribute{
		"owner":     ownerRule,
		"repo_name": repoRule,
		"pr_number": {Required: true, Validate: validNumber},
		"author":    {Required: true, Validate: validOwner},
	},
})

// Reaction is one user's reaction of one type to an issue, a pull request
// or a comment (TargetType names which, TargetID is its number or comment id).
type Reaction struct {
	Owner        string    `dynamo:"owner"`
	RepoName     string    `dynamo:"repo_name"`
	TargetType   string    `dynamo:"target_type"`
	TargetID     int       `dynamo:"target_id"`
	UserName     string    `dynamo:"user_name"`
	ReactionType string    `dynamo:"reaction_type"`
	CreatedAt    time.Time `dynamo:"created_at,omitempty"`
}

// Reactions is the Reaction entity. Its key,
// <type>REACTION#<owner>#<name>#<target type>#<target id>#<user>, is unique
// per user, type and target, so a user cannot react twice the same way;
// GSI1 groups the reactions of one target.
var Reactions = entity.MustDefine(Table, entity.Config[Reaction]{
	Name: "Reaction",
	Key: entity.Key{
		Partition: "${reaction_type}REACTION#${owner}#${repo_name}#${target_type}#${target_id:pad(10)}#${user_name}",
		Sort:      "${reaction_type}REACTION#${owner}#${repo_name}#${target_type}#${target_id:pad(10)}#${user_name}",
	},
	Indexes: []entity.IndexKey[Reaction]{
		{Index: "GSI1",
			Partition: "REACTION#${owner}#${repo_name}#${target_type}#${target_id:pad(10)}",
			Sort:      "REACTION#${reaction_type}#${user_name}"},
	},
	Attributes: map[string]entity.Attribute{
		"owner":         ownerRule,
		"repo_name":     repoRule,
		"target_type":   {Required: true, Enum: []string{TargetIssue, TargetPullRequest, TargetIssueComment, TargetPRComment}},
		"user_name":     ownerRule,
		"reaction_type": {Required: true, Enum: ReactionTypes},
	},
})

// User is a user account.
type User struct {
	Username      string `dynamo:"username"`
	Email         string `dynamo:"email"`
	Bio           string `dynamo:"bio,omitempty"`
	PaymentPlanID string `dynamo:"payment_plan_id,omitempty"`
}

// Users is the User entity: ACCOUNT#<username> twice, repeated in GSI1.
// An e-mail address belongs to one user at most, as on GitHub: email is a
// unique attribute (entity.Attribute Unique), kept by a marker item per
// address in use, written in the same transaction as the user.
var Users = entity.MustDefine(Table, entity.Config[User]{
	Name: "User",
	Key:  entity.Key{Partition: "ACCOUNT#${username}", Sort: "ACCOUNT#${username}"},
	Indexes: []entity.IndexKey[User]{
		{Index: "GSI1", Partition: "ACCOUNT#${username}", Sort: "ACCOUNT#${username}"},
	},
	Attributes: map[string]entity.Attribute{
		"username": ownerRule,
		"email":    {Required: true, Validate: validEmail, Unique: true},
	},
	// The sample item of the model's exports (Table.Sample): a generated
	// e-mail address (email-1) is no address, which validEmail refuses.
	Sample: func() User { return User{Username: "octocat", Email: "octocat@example.com"} },
})

// Organization is an organization account. It shares the ACCOUNT# key space
// with users: a repository's owner is an account of either kind.
type Organization struct {
	OrgName       string `dynamo:"org_name"`
	Description   string `dynamo:"description,omitempty"`
	PaymentPlanID string `dynamo:"payment_plan_id,omitempty"`
}

// Organizations is the Organization entity: ACCOUNT#<org name> twice,
// repeated in GSI1. It shares its keys with User on purpose (SharesKeysWith):
// the design relies on GitHub's rule that account names are unique across
// users and organizations, so that an owner's name alone finds its account;
// the entity marker tells the two kinds apart.
var Organizations = entity.MustDefine(Table, entity.Config[Organization]{
	Name:           "Organization",
	SharesKeysWith: []string{"User"},
	Key:            entity.Key{Partition: "ACCOUNT#${org_name}", Sort: "ACCOUNT#${org_name}"},
	Indexes: []entity.IndexKey[Organization]{
		{Index: "GSI1", Partition: "ACCOUNT#${org_name}", Sort: "ACCOUNT#${org_name}"},
	},
	Attributes: map[string]entity.Attribute{
		"org_name": ownerRule,
	},
})

// Membership says that a user belongs to an organization.
type Membership struct {
	OrgName  string    `dynamo:"org_name"`
	Username string    `dynamo:"username"`
	Role     string    `dynamo:"role"` // admin or member
	JoinedAt time.Time `dynamo:"joined_at,omitempty"`
}

// Memberships is the Membership entity: it lives in the organization's
// partition, ACCOUNT#<org name>, under MEMBERSHIP#<username>.
var Memberships = entity.MustDefine(Table, entity.Config[Membership]{
	Name: "Membership",
	Key:  entity.Key{Partition: "ACCOUNT#${org_name}", Sort: "MEMBERSHIP#${username}"},
	Attributes: map[string]entity.Attribute{
		"org_name": ownerRule,
		"username": ownerRule,
		"role":     {Default: "member", Enum: []string{"admin", "member"}},
	},
})

// Gist is a user's gist.
type Gist struct {
	Username    string    `dynamo:"username"`
	GistID      string    `dynamo:"gist_id"`
	Description string    `dynamo:"description,omitempty"`
	IsPublic    bool      `dynamo:"is_public"`
	CreatedAt   time.Time `dynamo:"created_at,omitempty"`
}

// Gists is the Gist entity: it lives in the user's partition,
// ACCOUNT#<username>, under GIST#<gist id>.
var Gists = entity.MustDefine(Table, entity.Config[Gist]{
	Name: "Gist",
	Key:  entity.Key{Partition: "ACCOUNT#${username}", Sort: "GIST#${gist_id}"},
	Attributes: map[string]entity.Attribute{
		"username": ownerRule,
		"gist_id":  {Required: true},
	},
})

// Fork links a repository to one of its forks: Owner/RepoName is the
// original, ForkOwner/RepoName the fork (a Repo item of its own).
type Fork struct {
	Owner     string    `dynamo:"owner"`
	RepoName  string    `dynamo:"repo_name"`
	ForkOwner string    `dynamo:"fork_owner"`
	ForkedAt  time.Time `dynamo:"forked_at,omitempty"`
}

// Forks is the Fork entity: it lives with the original repository,
// REPO#<owner>#<name>, under FORK#<fork owner>, and GSI2 repeats that key
// (the design lists "find forks" as a GSI2 query).
var Forks = entity.MustDefine(Table, entity.Config[Fork]{
	Name: "Fork",
	Key:  entity.Key{Partition: "REPO#${owner}#${repo_name}", Sort: "FORK#${fork_owner}"},
	Indexes: []entity.IndexKey[Fork]{
		{Index: "GSI2", Partition: "REPO#${owner}#${repo_name}", Sort: "FORK#${fork_owner}"},
	},
	Attributes: map[string]entity.Attribute{
		"owner":      ownerRule,
		"repo_name":  repoRule,
		"fork_owner": ownerRule,
	},
})

// Star says that a user starred a repository.
type Star struct {
	UserName  string    `dynamo:"user_name"`
	RepoOwner string    `dynamo:"repo_owner"`
	RepoName  string    `dynamo:"repo_name"`
	StarredAt time.Time `dynamo:"starred_at,omitempty"`
}

// Stars is the Star entity, an adjacency list: in the user's partition,
// ACCOUNT#<user>, under STAR#<repo owner>#<repo name> (the user's starred
// repositories), and in GSI1 in the repository's partition,
// REPO#<owner>#<name>, under STAR#<user>#<starred_at> (its stargazers).
// Unlike the design, starred_at is not part of the table's sort key, so
// that "has this user starred this repository" is one GetItem and a second
// star of the same repository is refused (see HasStarred).
var Stars = entity.MustDefine(Table, entity.Config[Star]{
	Name: "Star",
	Key:  entity.Key{Partition: "ACCOUNT#${user_name}", Sort: "STAR#${repo_owner}#${repo_name}"},
	Indexes: []entity.IndexKey[Star]{
		{Index: "GSI1", Partition: "REPO#${repo_owner}#${repo_name}", Sort: "STAR#${user_name}#${starred_at:time}"},
	},
	Attributes: map[string]entity.Attribute{
		"user_name":  ownerRule,
		"repo_owner": ownerRule,
		"repo_name":  repoRule,
		"starred_at": {Required: true},
	},
})
