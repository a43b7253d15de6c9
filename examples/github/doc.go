// Package github is GitHub's metadata backend in one DynamoDB table:
// repositories, users, organizations and their memberships, issues, pull
// requests, their comments, reactions, stars, forks and gists, all in the
// table GitHubTable with the key PK/SK and four overloaded global secondary
// indexes GSI1 to GSI4 (GSIxPK/GSIxSK).
//
// # Credit
//
// The design follows a published walk-through of GitHub's backend in
// DynamoDB single-table design (part 2 of a series, written for DynamoDB
// Toolbox v2; the text as we have it names neither its title nor its
// author), which adapts the GitHub metadata example of "The DynamoDB
// Book" by Alex DeBrie. Its key design, index layout, attribute names
// (owner, repo_name, issue_number, status, starred_at, ...), validation rules
// and access patterns are kept here except where listed under Deviations.
//
// # Keys
//
//	entity        PK                                    SK                              indexes
//	Repository    REPO#<owner>#<name>                   REPO#<owner>#<name>             GSI1, GSI2: same; GSI3: ACCOUNT#<owner> / #<updatedAt>
//	Issue         ISSUE#<owner>#<name>#<nnnnnnnn>       same as PK                      GSI1: ISSUE#<owner>#<name> / ISSUE#<nnnnnnnn>; GSI4: ISSUE#<owner>#<name> / status key
//	PullRequest   PR#<owner>#<name>#<nnnnnnnn>          same as PK                      GSI1: PR#<owner>#<name> / PR#<nnnnnnnn>; GSI4: PR#<owner>#<name> / status key
//	IssueComment  ISSUECOMMENT#<owner>#<name>#<issue>   ISSUECOMMENT#<comment id>
//	PRComment     PRCOMMENT#<owner>#<name>#<pr>         PRCOMMENT#<comment id>
//	Reaction      <type>REACTION#<owner>#<name>#<target type>#<target id>#<user>  same as PK   GSI1: REACTION#<owner>#<name>#<target type>#<target id> / REACTION#<type>#<user>
//	User          ACCOUNT#<username>                    ACCOUNT#<username>              GSI1: same
//	Organization  ACCOUNT#<org>                         ACCOUNT#<org>                   GSI1: same
//	Membership    ACCOUNT#<org>                         MEMBERSHIP#<username>
//	Gist          ACCOUNT#<username>                    GIST#<gist id>
//	Fork          REPO#<owner>#<name>                   FORK#<fork owner>               GSI2: same
//	Star          ACCOUNT#<user>                        STAR#<owner>#<name>             GSI1: REPO#<owner>#<name> / STAR#<user>#<starred_at>
//
// The GSI4 status key of an issue is ISSUE#OPEN#<99999999 minus the number>
// while it is open and ~ISSUE#CLOSED#<number> once closed (pull requests:
// PR#OPEN#... and ~PR#CLOSED#..., merged ones included). It is computed by
// a function (entity.IndexKey.SortFunc with SortUses status and the number),
// so closing or reopening, an update of status alone, rewrites it in the
// same UpdateItem.
//
// # Access patterns
//
//	pattern                                          operation                        index  key condition
//	AP1  get a repository                            Store.Repo (RepoGet)             table  PK = REPO#<owner>#<name>, SK = same
//	AP2  list an account's repositories              Store.AccountRepos               GSI3   GSI3PK = ACCOUNT#<account>, begins_with(GSI3SK, "#"), descending
//	AP3  the same, a page at a time with a token     Store.AccountReposPage           GSI3   as AP2, Limit = page size, ExclusiveStartKey from the token
//	AP4  find the forks of a repository              Store.RepoForks                  GSI2   GSI2PK = REPO#<owner>#<name>, begins_with(GSI2SK, "FORK#")
//	AP5  get an issue                                Store.Issue (IssueGet)           table  PK = ISSUE#<owner>#<name>#<nnnnnnnn>, SK = same
//	AP6  list a repository's issues                  Store.RepoIssues, RepoIssuesPage GSI1   GSI1PK = ISSUE#<owner>#<name>, begins_with(GSI1SK, "ISSUE#"), Limit 50
//	AP7  list open issues, newest first              Store.OpenIssues, OpenIssuesPage GSI4   GSI4PK = ISSUE#<owner>#<name>, begins_with(GSI4SK, "ISSUE#OPEN#"), Limit 20
//	AP8  list closed issues                          Store.ClosedIssues               GSI4   GSI4PK = ISSUE#<owner>#<name>, begins_with(GSI4SK, "~ISSUE#CLOSED#")
//	AP9  get a pull request                          Store.PullRequest                table  PK = PR#<owner>#<name>#<nnnnnnnn>, SK = same
//	AP10 list a repository's pull requests           Store.RepoPullRequests           GSI1   GSI1PK = PR#<owner>#<name>, begins_with(GSI1SK, "PR#")
//	AP11 list open pull requests, newest first       Store.OpenPullRequests           GSI4   GSI4PK = PR#<owner>#<name>, begins_with(GSI4SK, "PR#OPEN#")
//	AP12 list closed (and merged) pull requests      Store.ClosedPullRequests         GSI4   GSI4PK = PR#<owner>#<name>, begins_with(GSI4SK, "~PR#CLOSED#")
//	AP13 list the repositories a user starred        Store.StarredRepos               table  PK = ACCOUNT#<user>, begins_with(SK, "STAR#")
//	AP14 list a repository's stargazers              Store.Stargazers                 GSI1   GSI1PK = REPO#<owner>#<name>, begins_with(GSI1SK, "STAR#")
//	AP15 check whether a user starred a repository   Store.HasStarred (StarGet)       table  PK = ACCOUNT#<user>, SK = STAR#<owner>#<name> (GetItem)
//	AP16 list an issue's comments in order           Store.IssueComments              table  PK = ISSUECOMMENT#<owner>#<name>#<issue>, begins_with(SK, "ISSUECOMMENT#")
//	AP17 list a pull request's comments in order     Store.PRComments                 table  PK = PRCOMMENT#<owner>#<name>#<pr>, begins_with(SK, "PRCOMMENT#")
//	AP18 list the reactions on a target              Store.TargetReactions            GSI1   GSI1PK = REACTION#<owner>#<name>#<target type>#<target id>, begins_with(GSI1SK, "REACTION#")
//	AP19 list an organization's members              Store.OrgMembers                 table  PK = ACCOUNT#<org>, begins_with(SK, "MEMBERSHIP#")
//	AP20 list a user's gists                         Store.UserGists                  table  PK = ACCOUNT#<user>, begins_with(SK, "GIST#")
//	AP21 look up an account (user or organization)   Store.Account, User, Organization table  PK = ACCOUNT#<name>, SK = same (GetItem)
//
// AP6 and AP7 use the design's limits (50 and 20) as their page size: the
// Page methods return one page of that size with a token for the next, and
// RepoIssues and OpenIssues read every page.
//
// Each list pattern has a function returning its query (AccountReposQuery,
// OpenIssuesQuery, ...) that the Store method runs, so the request a program
// prints is the request sent; each get has a function returning its GetItem.
//
// # Workflows
//
//	Store.CloseIssue, ReopenIssue           one UpdateItem (IssueStatusUpdate): status and GSI4SK together, conditioned on the old status
//	Store.ClosePullRequest, ReopenPullRequest, MergePullRequest   the same for pull requests (PullRequestStatusUpdate)
//	Store.StarRepo                          transaction (StarTx): create the Star, add 1 to the repository's stars
//	Store.UnstarRepo                        transaction (UnstarTx): delete the Star (must exist), subtract 1
//	Store.ForkRepo                          transaction (ForkTx): create the fork repository and the Fork link, check the parent exists
//	Store.PushRepo                          one UpdateItem (RepoPushUpdate): updatedAt and GSI3SK together, so the repository moves to the front of AccountRepos
//	Store.UpdateRepoSettings                one UpdateItem (RepoSettingsUpdate): description, language, visibility, with updatedAt and GSI3SK
//	Store.CreateUser                        transaction: the User item and the marker item of its e-mail address
//	Store.ChangeEmail                       transaction (UserEmailUpdate, which reads the user first): email, the new address's marker created, the old one's deleted
//
// Their errors are typed: ErrAlreadyStarred, ErrNotStarred, ErrRepoNotFound,
// ErrAlreadyForked, ErrInvalidTransition and ErrEmailTaken (with the
// library's *ddbmodel.UniqueError naming User, email and the address), each wrapped together with the
// library's error (errors.Is works with both, e.g. ErrAlreadyStarred and
// ddbmodel.ErrAlreadyExists; errors.As finds the *ddbmodel.TxCanceledError).
// A refused workflow writes nothing. Invalid input (an owner or repository
// name outside the design's patterns ^[a-zA-Z0-9_-]+$ and ^[a-zA-Z0-9_.-]+$,
// a title over 255 characters, a malformed e-mail address, an unknown status
// or reaction) is a *ddbmodel.ValidationError from the entity's attribute
// rules, before anything is sent; its Err is ErrInvalidName, ErrTitleTooLong,
// ErrInvalidEmail or ErrInvalidNumber where one of those applies.
//
// # Deviations from the design
//
//   - Star: the design's sort key STAR#<owner>#<name>#<starred_at> makes
//     "check if a user starred a repository", listed as a direct get,
//     impossible as a get (the caller does not know starred_at) and lets a
//     user star a repository twice. The sort key here is STAR#<owner>#<name>:
//     the check is one GetItem (HasStarred), and a second star fails
//     (ErrAlreadyStarred). starred_at stays an attribute and stays in GSI1SK.
//   - Unpadded numbers: the design pads issue and pull request numbers in
//     their own keys but writes <issue_number>, <pr_number>, <comment_id> and
//     <target_id> unpadded in the comment and reaction keys. Comment ids are
//     in sort keys, where "10" sorts before "9"; they are padded to 10 digits
//     here, and so is a reaction's target_id (its target may be a comment,
//     whose id is padded to 10). Issue and pull request numbers are padded to
//     8 in their own keys and in their comments' keys (as in the design's own
//     issue keys), so that every key of one issue reads alike.
//   - Reaction target: the design's <target_id> does not say what kind of
//     target it names (issue 5 and comment 5 would share a key). It is split
//     into target_type (ISSUE, PR, ISSUECOMMENT, PRCOMMENT) and a padded
//     target_id. The design gives no way to list the reactions on a target
//     (its key is unique per user); GSI1 does that here. Reaction types are
//     GitHub's lower-case names (+1, heart, ...), which also keeps them free
//     of the R that starts the key's REACTION# literal.
//   - GSI4 order: the design closes issues under #ISSUE#CLOSED#<number> and
//     says the # prefix makes closed issues sort after open ones
//     (ISSUE#OPEN#...). It does the opposite: "#" (0x23) sorts before "I"
//     (0x49). The prefix character is changed to "~" (0x7E, after every
//     letter), so that ~ISSUE#CLOSED#<number> does sort after the open range
//     and one query of a whole GSI4 partition returns open issues newest first,
//     then closed ones, as the design intends (TestGSI4WholePartition).
//   - Indexes left out: the design's GSI1 also lists "apps by account", but
//     it defines no App entity, its keys or attributes, so there is none
//     here. Its GSI3 also serves "account lookups"; here an account is found
//     by its own key (Store.Account, one GetItem), and GSI3 holds only
//     repositories.
//   - Attributes the library adds: every item carries __entity (the entity
//     name: Repository, Issue, ...) and __entity_version ("1"), which keep
//     the entities sharing a key space apart (users and organizations share
//     ACCOUNT#<name>) and condition every write; and the index key
//     attributes GSI1PK to GSI4SK of the indexes an entity is in. A user's
//     e-mail address is a unique attribute (as on GitHub; the design does
//     not say): each address in use has a marker item, PK
//     UNIQUE#User#email#<address>, SK UNIQUE, __entity UNIQUE#User#email,
//     and uniqueOwner (the user's table key), written and deleted in the
//     same transaction as the user; so users are loaded with Put, not in a
//     batch.
//   - Times in keys: GSI3SK and a star's GSI1SK render times as UTC with
//     nine fractional digits (#2025-01-06T09:30:00.000000000Z), fixed width,
//     so that string order is time order; the design leaves the format open.
//   - GSI3SK: the design fills it once, at creation, although its pattern is
//     "sorted by update time"; here it is #<updatedAt> rendered as fixed-width
//     UTC time, so that string order is time order; a push (PushRepo) or a
//     settings change (UpdateRepoSettings) rewrites it in the same request.
//   - Page tokens: the design base64-encodes LastEvaluatedKey and claims this
//     stops tampering; it does not. AccountReposPage returns the library's
//     cursor, which is bound to its query and, with Store.PageTokenKey set,
//     signed with HMAC-SHA256.
//   - Repository attributes: stars (the star count, from the design's raw
//     item) is kept in step by StarRepo and UnstarRepo; forked_from names a
//     fork's parent. Comments, memberships, gists and forks carry
//     attributes the design leaves unnamed (comment_id, role, gist_id,
//     fork_owner, created_at, ...).
//   - Issue and pull request numbers share one sequence per repository in the
//     sample data, as on GitHub; the design keeps them in separate key
//     spaces, as here, so either numbering works.
//
// Keys and fields are named through the typed handles of fields.go: a key
// struct per entity key and per query ([RepoByKey], [IssuesByStatus], ...),
// checked against the key templates when the package loads, and field
// handles for updates and conditions ([RepoStars], [IssueStatus], ...).
package github
