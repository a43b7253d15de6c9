package main

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/examples/github"
	"github.com/ddbmodel/ddbmodel/internal/exampleapp"
	"github.com/ddbmodel/ddbmodel/txn"
)

func main() { exampleapp.Main(config()) }

// config describes the program to exampleapp.
func config() exampleapp.Config {
	return exampleapp.Config{
		Name:         "github",
		DefaultTable: github.TableName,
		Tables:       exampleapp.OneTable(github.Table),
		Run:          run,
	}
}

// demoNow is the clock of the workflows the program runs.
var demoNow = time.Date(2025, 1, 6, 9, 30, 0, 0, time.UTC)

const (
	owner = github.SampleOwner
	repo  = github.SampleRepo
)

// report renders requests for the table the run uses (Build gives the
// default table name).
type report struct {
	app *exampleapp.App
	err error
}

func (r *report) get(in *dynamodb.GetItemInput, err error) string {
	if err != nil {
		r.fail(err)
		return ""
	}
	return exampleapp.Describe(r.app.Table, in)
}

func (r *report) query(in *dynamodb.QueryInput, err error) string {
	if err != nil {
		r.fail(err)
		return ""
	}
	return exampleapp.Describe(r.app.Table, in)
}

func (r *report) update(in *dynamodb.UpdateItemInput, err error) string {
	if err != nil {
		r.fail(err)
		return ""
	}
	return exampleapp.Describe(r.app.Table, in)
}

func (r *report) tx(in *dynamodb.TransactWriteItemsInput, err error) string {
	if err != nil {
		r.fail(err)
		return ""
	}
	return "TransactWriteItems:\n" + exampleapp.Describe(r.app.Table, in)
}

func (r *report) fail(err error) {
	if r.err == nil {
		r.err = err
	}
}

// rows turns items into table rows.
func rows[T any](items []T, row func(T) []string) [][]string {
	out := [][]string{}
	for _, v := range items {
		out = append(out, row(v))
	}
	return out
}

func day(t time.Time) string { return t.UTC().Format(time.DateOnly) }
func stamp(t time.Time) string {
	return t.UTC().Format("2006-01-02 15:04")
}

var (
	repoHeader  = []string{"OWNER", "NAME", "LANGUAGE", "STARS", "FORKED FROM", "UPDATED"}
	issueHeader = []string{"NUMBER", "STATUS", "AUTHOR", "TITLE"}
	prHeader    = []string{"NUMBER", "STATUS", "AUTHOR", "BRANCH", "TITLE"}
	starHeader  = []string{"USER", "REPOSITORY", "STARRED AT"}
)

func repoRow(r github.Repo) []string {
	return []string{r.Owner, r.RepoName, r.Language, strconv.Itoa(r.Stars), r.ForkedFrom, stamp(r.UpdatedAt)}
}

func issueRow(i github.Issue) []string {
	return []string{strconv.Itoa(i.IssueNumber), i.Status, i.Author, i.Title}
}

func prRow(p github.PullRequest) []string {
	return []string{strconv.Itoa(p.PRNumber), p.Status, p.Author, p.HeadBranch + " -> " + p.BaseBranch, p.Title}
}

func starRow(s github.Star) []string {
	return []string{s.UserName, s.RepoOwner + "/" + s.RepoName, stamp(s.StarredAt)}
}

// run loads the sample data and runs every access pattern and workflow.
func run(ctx context.Context, app *exampleapp.App) error {
	db := app.Observe(entity.NewDB(app.Client, app.Table))
	s := github.NewStore(db)
	s.Now = func() time.Time { return demoNow }
	if err := s.LoadSample(ctx, github.Sample()); err != nil {
		return err
	}
	app.ResetCost() // each pattern's cost line covers its own requests
	r := &report{app: app}
	for _, step := range []func(context.Context, *github.Store, *report) error{repoPatterns, issuePatterns, prPatterns, otherPatterns, workflows} {
		if err := step(ctx, s, r); err != nil {
			return err
		}
		if r.err != nil {
			return r.err
		}
	}
	return nil
}

func repoPatterns(ctx context.Context, s *github.Store, r *report) error {
	app := r.app
	// AP1
	rp, err := s.Repo(ctx, owner, repo)
	if err != nil {
		return err
	}
	app.Pattern("AP1", "Get a repository by owner and name", r.get(github.RepoGet(owner, repo).Build()),
		repoHeader, [][]string{repoRow(rp)})

	// AP2
	repos, err := s.AccountRepos(ctx, "aws")
	if err != nil {
		return err
	}
	app.Pattern("AP2", "List all repositories of an account, newest update first", r.query(github.AccountReposQuery("aws").Build()),
		repoHeader, rows(repos, repoRow))

	// AP3: the design's listReposPaginated and getNextPage.
	const pageSize = 2
	var pageRows [][]string
	token, page := "", 1
	for {
		p, err := s.AccountReposPage(ctx, "aws", pageSize, token)
		if err != nil {
			return err
		}
		for _, rp := range p.Repos {
			pageRows = append(pageRows, append([]string{strconv.Itoa(page)}, repoRow(rp)...))
		}
		if p.NextPageToken == "" {
			break
		}
		token, page = p.NextPageToken, page+1
	}
	app.Pattern("AP3", "List an account's repositories a page at a time (page token)",
		r.query(github.AccountReposQuery("aws").Limit(pageSize).Build())+"\nthen the same with ExclusiveStartKey from the page token, until the token is empty",
		append([]string{"PAGE"}, repoHeader...), pageRows)

	// AP4
	forks, err := s.RepoForks(ctx, owner, repo)
	if err != nil {
		return err
	}
	app.Pattern("AP4", "Find the forks of a repository", r.query(github.ForksQuery(owner, repo).Build()),
		[]string{"REPOSITORY", "FORK", "FORKED AT"}, rows(forks, func(f github.Fork) []string {
			return []string{f.Owner + "/" + f.RepoName, f.ForkOwner + "/" + f.RepoName, stamp(f.ForkedAt)}
		}))
	return nil
}

func issuePatterns(ctx context.Context, s *github.Store, r *report) error {
	app := r.app
	// AP5
	is, err := s.Issue(ctx, owner, repo, 42)
	if err != nil {
		return err
	}
	app.Pattern("AP5", "Get an issue by repository and number", r.get(github.IssueGet(owner, repo, 42).Build()),
		append(issueHeader, "LABELS"), [][]string{append(issueRow(is), strings.Join(slices.Sorted(slices.Values(is.Labels)), ","))})

	// AP6
	all, err := s.RepoIssues(ctx, owner, repo)
	if err != nil {
		return err
	}
	app.Pattern("AP6", "List all issues of a repository", r.query(github.RepoIssuesQuery(owner, repo).Build()),
		issueHeader, rows(all, issueRow))

	// AP7
	open, err := s.OpenIssues(ctx, owner, repo)
	if err != nil {
		return err
	}
	app.Pattern("AP7", "List open issues of a repository, newest first", r.query(github.OpenIssuesQuery(owner, repo).Build()),
		issueHeader, rows(open, issueRow))

	// AP8
	closed, err := s.ClosedIssues(ctx, owner, repo)
	if err != nil {
		return err
	}
	app.Pattern("AP8", "List closed issues of a repository", r.query(github.ClosedIssuesQuery(owner, repo).Build()),
		issueHeader, rows(closed, issueRow))
	return nil
}

func prPatterns(ctx context.Context, s *github.Store, r *report) error {
	app := r.app
	// AP9
	pr, err := s.PullRequest(ctx, owner, repo, 104)
	if err != nil {
		return err
	}
	app.Pattern("AP9", "Get a pull request by repository and number", r.get(github.PullRequestGet(owner, repo, 104).Build()),
		prHeader, [][]string{prRow(pr)})

	// AP10
	all, err := s.RepoPullRequests(ctx, owner, repo)
	if err != nil {
		return err
	}
	app.Pattern("AP10", "List all pull requests of a repository", r.query(github.RepoPullRequestsQuery(owner, repo).Build()),
		prHeader, rows(all, prRow))

	// AP11
	open, err := s.OpenPullRequests(ctx, owner, repo)
	if err != nil {
		return err
	}
	app.Pattern("AP11", "List open pull requests of a repository, newest first", r.query(github.OpenPullRequestsQuery(owner, repo).Build()),
		prHeader, rows(open, prRow))

	// AP12
	closed, err := s.ClosedPullRequests(ctx, owner, repo)
	if err != nil {
		return err
	}
	app.Pattern("AP12", "List closed and merged pull requests of a repository", r.query(github.ClosedPullRequestsQuery(owner, repo).Build()),
		prHeader, rows(closed, prRow))
	return nil
}

func otherPatterns(ctx context.Context, s *github.Store, r *report) error {
	app := r.app
	// AP13
	starred, err := s.StarredRepos(ctx, "john")
	if err != nil {
		return err
	}
	app.Pattern("AP13", "List the repositories a user starred", r.query(github.StarredReposQuery("john").Build()),
		starHeader, rows(starred, starRow))

	// AP14
	gazers, err := s.Stargazers(ctx, owner, repo)
	if err != nil {
		return err
	}
	app.Pattern("AP14", "List the users who starred a repository", r.query(github.StargazersQuery(owner, repo).Build()),
		starHeader, rows(gazers, starRow))

	// AP15
	var checks [][]string
	for _, c := range [][3]string{{"john", owner, repo}, {"john", "aws", "aws-cli"}} {
		ok, err := s.HasStarred(ctx, c[0], c[1], c[2])
		if err != nil {
			return err
		}
		checks = append(checks, []string{c[0], c[1] + "/" + c[2], strconv.FormatBool(ok)})
	}
	app.Pattern("AP15", "Check whether a user starred a repository", r.get(github.StarGet("john", owner, repo).Build())+"\n(and the same for john and aws/aws-cli)",
		[]string{"USER", "REPOSITORY", "STARRED"}, checks)

	// AP16
	comments, err := s.IssueComments(ctx, owner, repo, 42)
	if err != nil {
		return err
	}
	app.Pattern("AP16", "List an issue's comments in order", r.query(github.IssueCommentsQuery(owner, repo, 42).Build()),
		[]string{"COMMENT", "AUTHOR", "CREATED", "BODY"}, rows(comments, func(c github.IssueComment) []string {
			return []string{strconv.Itoa(c.CommentID), c.Author, stamp(c.CreatedAt), c.Body}
		}))

	// AP17
	prComments, err := s.PRComments(ctx, owner, repo, 104)
	if err != nil {
		return err
	}
	app.Pattern("AP17", "List a pull request's comments in order", r.query(github.PRCommentsQuery(owner, repo, 104).Build()),
		[]string{"COMMENT", "AUTHOR", "CREATED", "BODY"}, rows(prComments, func(c github.PRComment) []string {
			return []string{strconv.Itoa(c.CommentID), c.Author, stamp(c.CreatedAt), c.Body}
		}))

	// AP18
	reactions, err := s.TargetReactions(ctx, owner, repo, github.TargetIssue, 42)
	if err != nil {
		return err
	}
	app.Pattern("AP18", "List the reactions on an issue", r.query(github.ReactionsQuery(owner, repo, github.TargetIssue, 42).Build()),
		[]string{"TARGET", "REACTION", "USER", "CREATED"}, rows(reactions, func(x github.Reaction) []string {
			return []string{x.TargetType + " " + strconv.Itoa(x.TargetID), x.ReactionType, x.UserName, stamp(x.CreatedAt)}
		}))

	// AP19
	members, err := s.OrgMembers(ctx, "aws")
	if err != nil {
		return err
	}
	app.Pattern("AP19", "List an organization's members", r.query(github.OrgMembersQuery("aws").Build()),
		[]string{"ORGANIZATION", "USER", "ROLE", "JOINED"}, rows(members, func(m github.Membership) []string {
			return []string{m.OrgName, m.Username, m.Role, day(m.JoinedAt)}
		}))

	// AP20
	gists, err := s.UserGists(ctx, "alice")
	if err != nil {
		return err
	}
	app.Pattern("AP20", "List a user's gists", r.query(github.UserGistsQuery("alice").Build()),
		[]string{"USER", "GIST", "PUBLIC", "DESCRIPTION"}, rows(gists, func(g github.Gist) []string {
			return []string{g.Username, g.GistID, strconv.FormatBool(g.IsPublic), g.Description}
		}))

	// AP21: the design's account lookup; one GetItem finds a user or an organization.
	var accounts [][]string
	for _, name := range []string{"alice", "aws", "nobody"} {
		a, err := s.Account(ctx, name)
		switch {
		case errors.Is(err, ddbmodel.ErrNotFound):
			accounts = append(accounts, []string{name, "(none)", ""})
		case err != nil:
			return err
		case a.User != nil:
			accounts = append(accounts, []string{name, "User", a.User.Email})
		default:
			accounts = append(accounts, []string{name, "Organization", a.Organization.Description})
		}
	}
	app.Pattern("AP21", "Look up an account (a user or an organization) by name", r.get(github.UserGet("aws").Build()),
		[]string{"NAME", "KIND", "E-MAIL OR DESCRIPTION"}, accounts)
	return nil
}

// gsi4 reads an item's GSI4SK as stored.
func gsi4(ctx context.Context, s *github.Store, in *dynamodb.GetItemInput, err error) (string, error) {
	if err != nil {
		return "", err
	}
	in.TableName = aws.String(s.DB.TableName)
	in.ConsistentRead = aws.Bool(true)
	out, err := s.DB.Client.GetItem(ctx, in)
	if err != nil {
		return "", err
	}
	v, _ := out.Item["GSI4SK"].(*types.AttributeValueMemberS)
	if v == nil {
		return "", fmt.Errorf("item without GSI4SK")
	}
	return v.Value, nil
}

// expect checks that a refused workflow failed the expected way and
// returns the error's name for the report.
func expect(err error, want error, name string) (string, error) {
	if !errors.Is(err, want) {
		return "", fmt.Errorf("expected %s, got %v", name, err)
	}
	return name, nil
}

func workflows(ctx context.Context, s *github.Store, r *report) error {
	app := r.app
	const n = 101
	issueKey := func() (string, error) {
		in, err := github.IssueGet(owner, repo, n).Build()
		return gsi4(ctx, s, in, err)
	}
	header := []string{"STEP", "ISSUE", "STATUS", "GSI4SK", "OPEN ISSUES", "CLOSED ISSUES"}
	state := func(step string, status string) ([]string, error) {
		k, err := issueKey()
		if err != nil {
			return nil, err
		}
		open, err := s.OpenIssues(ctx, owner, repo)
		if err != nil {
			return nil, err
		}
		closed, err := s.ClosedIssues(ctx, owner, repo)
		if err != nil {
			return nil, err
		}
		return []string{step, strconv.Itoa(n), status, k, strconv.Itoa(len(open)), strconv.Itoa(len(closed))}, nil
	}

	// W1: close
	before, err := state("before", github.StatusOpen)
	if err != nil {
		return err
	}
	var closed github.Issue
	if err := app.Measure(func() (err error) { closed, err = s.CloseIssue(ctx, owner, repo, n); return err }); err != nil {
		return err
	}
	after, err := state("closed", closed.Status)
	if err != nil {
		return err
	}
	err = app.Measure(func() error { _, err := s.CloseIssue(ctx, owner, repo, n); return err })
	again, err := expect(err, github.ErrInvalidTransition, "ErrInvalidTransition")
	if err != nil {
		return err
	}
	app.Pattern("W1", "Close an issue (status and GSI4SK in one update)",
		r.update(github.IssueStatusUpdate(owner, repo, n, github.StatusOpen, github.StatusClosed).Build()),
		header, [][]string{before, after, {"close again", strconv.Itoa(n), again, "", "", ""}})

	// W2: reopen
	var reopened github.Issue
	if err := app.Measure(func() (err error) { reopened, err = s.ReopenIssue(ctx, owner, repo, n); return err }); err != nil {
		return err
	}
	after, err = state("reopened", reopened.Status)
	if err != nil {
		return err
	}
	app.Pattern("W2", "Reopen an issue",
		r.update(github.IssueStatusUpdate(owner, repo, n, github.StatusClosed, github.StatusOpen).Build()),
		header, [][]string{after})

	// W3: star, and star again.
	count := func() (string, error) {
		rp, err := github.RepoGet("aws", "aws-cli").Consistent().Run(ctx, s.DB)
		return strconv.Itoa(rp.Stars), err
	}
	starHeader := []string{"STEP", "USER", "REPOSITORY", "RESULT", "STARS"}
	star := github.Star{UserName: "bob", RepoOwner: "aws", RepoName: "aws-cli", StarredAt: demoNow}
	c0, err := count()
	if err != nil {
		return err
	}
	if err := app.Measure(func() error { _, err := s.StarRepo(ctx, star); return err }); err != nil {
		return err
	}
	c1, err := count()
	if err != nil {
		return err
	}
	err = app.Measure(func() error { _, err := s.StarRepo(ctx, star); return err })
	res, err := expect(err, github.ErrAlreadyStarred, "ErrAlreadyStarred")
	if err != nil {
		return err
	}
	c2, err := count()
	if err != nil {
		return err
	}
	app.Pattern("W3", "Star a repository (star item and star count in one transaction)", r.tx(github.StarTx(star).Build()),
		starHeader, [][]string{
			{"before", "bob", "aws/aws-cli", "", c0},
			{"star", "bob", "aws/aws-cli", "starred", c1},
			{"star again", "bob", "aws/aws-cli", res, c2},
		})

	// W4: unstar, and unstar again.
	if err := app.Measure(func() error { return s.UnstarRepo(ctx, "bob", "aws", "aws-cli") }); err != nil {
		return err
	}
	c3, err := count()
	if err != nil {
		return err
	}
	res, err = expect(app.Measure(func() error { return s.UnstarRepo(ctx, "bob", "aws", "aws-cli") }), github.ErrNotStarred, "ErrNotStarred")
	if err != nil {
		return err
	}
	c4, err := count()
	if err != nil {
		return err
	}
	app.Pattern("W4", "Unstar a repository", r.tx(github.UnstarTx("bob", "aws", "aws-cli").Build()),
		starHeader, [][]string{
			{"unstar", "bob", "aws/aws-cli", "unstarred", c3},
			{"unstar again", "bob", "aws/aws-cli", res, c4},
		})

	// W5: fork, fork again, then remove the demo fork so the program can run again.
	parent, err := s.Repo(ctx, "aws", "aws-cli")
	if err != nil {
		return err
	}
	tx, _, _ := github.ForkTx(parent, "carol", demoNow)
	var fork github.Repo
	if err := app.Measure(func() (err error) { fork, err = s.ForkRepo(ctx, "aws", "aws-cli", "carol", demoNow); return err }); err != nil {
		return err
	}
	forks, err := s.RepoForks(ctx, "aws", "aws-cli")
	if err != nil {
		return err
	}
	err = app.Measure(func() error { _, err := s.ForkRepo(ctx, "aws", "aws-cli", "carol", demoNow); return err })
	res, err = expect(err, github.ErrAlreadyForked, "ErrAlreadyForked")
	if err != nil {
		return err
	}
	app.Pattern("W5", "Fork a repository (fork repository and fork link in one transaction)", r.tx(tx.Build()),
		[]string{"STEP", "FORK", "FORKED FROM", "RESULT", "FORKS OF aws/aws-cli"}, [][]string{
			{"fork", fork.Owner + "/" + fork.RepoName, fork.ForkedFrom, "created", strconv.Itoa(len(forks))},
			{"fork again", "carol/aws-cli", "aws/aws-cli", res, strconv.Itoa(len(forks))},
		})
	if err := pushWorkflow(ctx, s, r); err != nil {
		return err
	}
	if err := emailWorkflow(ctx, s, r); err != nil {
		return err
	}
	return txn.Write(
		github.RepoByKey.Delete(github.RepoKey{Owner: "carol", RepoName: "aws-cli"}).MustExist(),
		github.ForkByKey.Delete(github.ForkKey{Owner: "aws", RepoName: "aws-cli", ForkOwner: "carol"}).MustExist(),
	).Run(ctx, s.DB)
}

// pushWorkflow is W6: a push to aws's least recently updated repository
// moves it to the front of the account's list, then the program puts its
// old updatedAt back so that a second run prints the same report.
func pushWorkflow(ctx context.Context, s *github.Store, r *report) error {
	const pushed = "docs.internal"
	order := func(step string) ([]string, error) {
		repos, err := s.AccountRepos(ctx, "aws")
		if err != nil {
			return nil, err
		}
		names := make([]string, len(repos))
		for i, rp := range repos {
			names[i] = rp.RepoName
		}
		return []string{step, strings.Join(names, ", ")}, nil
	}
	before, err := s.Repo(ctx, "aws", pushed)
	if err != nil {
		return err
	}
	row0, err := order("before")
	if err != nil {
		return err
	}
	if err := r.app.Measure(func() error { _, err := s.PushRepo(ctx, "aws", pushed); return err }); err != nil {
		return err
	}
	row1, err := order("after a push to " + pushed)
	if err != nil {
		return err
	}
	r.app.Pattern("W6", "Push to a repository (updatedAt and GSI3SK in one update)",
		r.update(github.RepoPushUpdate("aws", pushed, demoNow).Build()),
		[]string{"STEP", "aws REPOSITORIES, NEWEST UPDATE FIRST"}, [][]string{row0, row1})
	_, err = github.RepoPushUpdate("aws", pushed, before.UpdatedAt).Run(ctx, s.DB)
	return err
}
