package github

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
)

func issueGSI4(t *testing.T, s *Store, n int) string {
	t.Helper()
	in, err := IssueGet(SampleOwner, SampleRepo, n).Build()
	if err != nil {
		t.Fatal(err)
	}
	return stringAttr(rawItem(t, s, in), "GSI4SK")
}

func prGSI4(t *testing.T, s *Store, n int) string {
	t.Helper()
	in, err := PullRequestGet(SampleOwner, SampleRepo, n).Build()
	if err != nil {
		t.Fatal(err)
	}
	return stringAttr(rawItem(t, s, in), "GSI4SK")
}

func TestCloseAndReopenIssue(t *testing.T) {
	t.Parallel()
	s, _ := newStore(t, true)
	ctx := t.Context()
	openNums := func() []int {
		got, err := s.OpenIssues(ctx, SampleOwner, SampleRepo)
		if err != nil {
			t.Fatal(err)
		}
		return issueNumbers(got)
	}
	closedNums := func() []int {
		got, err := s.ClosedIssues(ctx, SampleOwner, SampleRepo)
		if err != nil {
			t.Fatal(err)
		}
		return issueNumbers(got)
	}
	if got := issueGSI4(t, s, 100); got != "ISSUE#OPEN#99999899" {
		t.Fatalf("GSI4SK of open issue 100 = %q", got)
	}

	closed, err := s.CloseIssue(ctx, SampleOwner, SampleRepo, 100)
	if err != nil {
		t.Fatalf("CloseIssue: %v", err)
	}
	if closed.Status != StatusClosed || closed.IssueNumber != 100 || closed.Title == "" {
		t.Errorf("CloseIssue returned %+v", closed)
	}
	if got, want := issueGSI4(t, s, 100), "~ISSUE#CLOSED#00000100"; got != want {
		t.Errorf("GSI4SK after close = %q, want %q", got, want)
	}
	if slices.Contains(openNums(), 100) {
		t.Error("closed issue 100 is still listed as open")
	}
	cl := closedNums()
	if i := slices.Index(cl, 100); i < 0 || cl[i-1] != 99 || cl[i+1] != 102 {
		t.Errorf("closed issues around 100: %v", cl)
	}

	// Closing it again is refused and changes nothing.
	_, err = s.CloseIssue(ctx, SampleOwner, SampleRepo, 100)
	if !errors.Is(err, ErrInvalidTransition) || !errors.Is(err, ddbmodel.ErrConditionFailed) {
		t.Errorf("closing a closed issue: err = %v, want ErrInvalidTransition and ErrConditionFailed", err)
	}
	var ce *ddbmodel.ConditionError
	if !errors.As(err, &ce) {
		t.Errorf("closing a closed issue: err = %v, want a *ddbmodel.ConditionError", err)
	}
	if got := issueGSI4(t, s, 100); got != "~ISSUE#CLOSED#00000100" {
		t.Errorf("GSI4SK after refused close = %q", got)
	}

	reopened, err := s.ReopenIssue(ctx, SampleOwner, SampleRepo, 100)
	if err != nil {
		t.Fatalf("ReopenIssue: %v", err)
	}
	if reopened.Status != StatusOpen {
		t.Errorf("ReopenIssue returned status %q", reopened.Status)
	}
	if got, want := issueGSI4(t, s, 100), "ISSUE#OPEN#99999899"; got != want {
		t.Errorf("GSI4SK after reopen = %q, want %q", got, want)
	}
	op := openNums()
	if i := slices.Index(op, 100); i < 0 || op[i-1] != 101 || op[i+1] != 98 {
		t.Errorf("open issues around 100: %v", op)
	}
	if slices.Contains(closedNums(), 100) {
		t.Error("reopened issue 100 is still listed as closed")
	}

	// Reopening an open issue is refused; a missing issue is not found.
	if _, err := s.ReopenIssue(ctx, SampleOwner, SampleRepo, 101); !errors.Is(err, ErrInvalidTransition) {
		t.Errorf("reopening an open issue: err = %v, want ErrInvalidTransition", err)
	}
	_, err = s.CloseIssue(ctx, SampleOwner, SampleRepo, 8)
	if !errors.Is(err, ddbmodel.ErrNotFound) || errors.Is(err, ErrInvalidTransition) {
		t.Errorf("closing a missing issue: err = %v, want ErrNotFound only", err)
	}
	if _, err := s.Issue(ctx, SampleOwner, SampleRepo, 8); !errors.Is(err, ddbmodel.ErrNotFound) {
		t.Errorf("closing a missing issue created it: %v", err)
	}

	// The update sends the recomputed key in the same request.
	in, err := IssueStatusUpdate(SampleOwner, SampleRepo, 7, StatusOpen, StatusClosed).Build()
	if err != nil {
		t.Fatal(err)
	}
	var gsi4Value string
	for ph, name := range in.ExpressionAttributeNames {
		if name == "GSI4SK" && strings.Contains(*in.UpdateExpression, ph+" = ") {
			i := strings.Index(*in.UpdateExpression, ph+" = ") + len(ph+" = ")
			v := (*in.UpdateExpression)[i:]
			if j := strings.IndexAny(v, ", "); j >= 0 {
				v = v[:j]
			}
			gsi4Value = stringAttr(in.ExpressionAttributeValues, v)
		}
	}
	if gsi4Value != "~ISSUE#CLOSED#00000007" {
		t.Errorf("UpdateItem sets GSI4SK to %q, want ~ISSUE#CLOSED#00000007 (update: %s)", gsi4Value, *in.UpdateExpression)
	}
}

func TestPullRequestTransitions(t *testing.T) {
	t.Parallel()
	s, _ := newStore(t, true)
	ctx := t.Context()
	lists := func() (open, closed []int) {
		o, err := s.OpenPullRequests(ctx, SampleOwner, SampleRepo)
		if err != nil {
			t.Fatal(err)
		}
		c, err := s.ClosedPullRequests(ctx, SampleOwner, SampleRepo)
		if err != nil {
			t.Fatal(err)
		}
		return prNumbers(o), prNumbers(c)
	}

	merged, err := s.MergePullRequest(ctx, SampleOwner, SampleRepo, 104)
	if err != nil {
		t.Fatalf("MergePullRequest: %v", err)
	}
	if merged.Status != StatusMerged {
		t.Errorf("merged status = %q", merged.Status)
	}
	if got, want := prGSI4(t, s, 104), "~PR#CLOSED#00000104"; got != want {
		t.Errorf("GSI4SK after merge = %q, want %q", got, want)
	}
	if _, err := s.ReopenPullRequest(ctx, SampleOwner, SampleRepo, 104); !errors.Is(err, ErrInvalidTransition) {
		t.Errorf("reopening a merged PR: err = %v, want ErrInvalidTransition", err)
	}

	if _, err := s.ClosePullRequest(ctx, SampleOwner, SampleRepo, 8); err != nil {
		t.Fatalf("ClosePullRequest: %v", err)
	}
	if got, want := prGSI4(t, s, 8), "~PR#CLOSED#00000008"; got != want {
		t.Errorf("GSI4SK after close = %q, want %q", got, want)
	}
	open, closed := lists()
	if d := diff([]int{112, 88, 64, 56, 32, 16}, open); d != "" {
		t.Errorf("open PRs (-want +got):\n%s", d)
	}
	if d := diff([]int{8, 24, 40, 48, 72, 80, 96, 104, 120}, closed); d != "" {
		t.Errorf("closed PRs (-want +got):\n%s", d)
	}

	if _, err := s.ReopenPullRequest(ctx, SampleOwner, SampleRepo, 8); err != nil {
		t.Fatalf("ReopenPullRequest: %v", err)
	}
	if got, want := prGSI4(t, s, 8), "PR#OPEN#99999991"; got != want {
		t.Errorf("GSI4SK after reopen = %q, want %q", got, want)
	}
	open, closed = lists()
	if d := diff([]int{112, 88, 64, 56, 32, 16, 8}, open); d != "" {
		t.Errorf("open PRs after reopen (-want +got):\n%s", d)
	}
	if d := diff([]int{24, 40, 48, 72, 80, 96, 104, 120}, closed); d != "" {
		t.Errorf("closed PRs after reopen (-want +got):\n%s", d)
	}
	if _, err := s.MergePullRequest(ctx, SampleOwner, SampleRepo, 120); !errors.Is(err, ErrInvalidTransition) {
		t.Errorf("merging a merged PR: err = %v, want ErrInvalidTransition", err)
	}
}

func starCount(t *testing.T, s *Store, owner, repo string) int {
	t.Helper()
	r, err := RepoGet(owner, repo).Consistent().Run(t.Context(), s.DB)
	if err != nil {
		t.Fatal(err)
	}
	return r.Stars
}

func TestStarRepo(t *testing.T) {
	t.Parallel()
	s, d := newStore(t, true)
	ctx := t.Context()
	if got := starCount(t, s, "aws", "aws-cli"); got != 0 {
		t.Fatalf("aws-cli starts with %d stars", got)
	}
	st, err := s.StarRepo(ctx, Star{UserName: "bob", RepoOwner: "aws", RepoName: "aws-cli"})
	if err != nil {
		t.Fatalf("StarRepo: %v", err)
	}
	wantStar := Star{UserName: "bob", RepoOwner: "aws", RepoName: "aws-cli", StarredAt: s.Now()}
	if d := diff(wantStar, st); d != "" {
		t.Errorf("StarRepo result (-want +got):\n%s", d)
	}
	if got := starCount(t, s, "aws", "aws-cli"); got != 1 {
		t.Errorf("aws-cli has %d stars after one star, want 1", got)
	}
	gazers, err := s.Stargazers(ctx, "aws", "aws-cli")
	if err != nil {
		t.Fatal(err)
	}
	if d := diff([]Star{wantStar}, gazers); d != "" {
		t.Errorf("stargazers (-want +got):\n%s", d)
	}

	// Starring twice: a typed error, no second star, the count unchanged.
	before := starCount(t, s, "aws", "dynamodb-toolbox")
	_, err = s.StarRepo(ctx, Star{UserName: "john", RepoOwner: "aws", RepoName: "dynamodb-toolbox", StarredAt: time.Date(2025, 2, 2, 0, 0, 0, 0, time.UTC)})
	if !errors.Is(err, ErrAlreadyStarred) || !errors.Is(err, ddbmodel.ErrAlreadyExists) {
		t.Fatalf("second star: err = %v, want ErrAlreadyStarred and ErrAlreadyExists", err)
	}
	var tce *ddbmodel.TxCanceledError
	if !errors.As(err, &tce) {
		t.Errorf("second star: err = %v, want a *ddbmodel.TxCanceledError", err)
	}
	if got := starCount(t, s, "aws", "dynamodb-toolbox"); got != before || got != 4 {
		t.Errorf("stars after a refused second star = %d, want %d", got, before)
	}
	gazers, err = s.Stargazers(ctx, "aws", "dynamodb-toolbox")
	if err != nil {
		t.Fatal(err)
	}
	var johns []Star
	for _, g := range gazers {
		if g.UserName == "john" {
			johns = append(johns, g)
		}
	}
	if d := diff([]Star{d.Stars[0]}, johns); d != "" {
		t.Errorf("john's stars of dynamodb-toolbox after a second star (-want +got):\n%s", d)
	}

	// A missing repository: no star is written.
	_, err = s.StarRepo(ctx, Star{UserName: "bob", RepoOwner: "aws", RepoName: "missing"})
	if !errors.Is(err, ErrRepoNotFound) || !errors.Is(err, ddbmodel.ErrNotFound) {
		t.Errorf("star of a missing repo: err = %v, want ErrRepoNotFound", err)
	}
	if ok, err := s.HasStarred(ctx, "bob", "aws", "missing"); err != nil || ok {
		t.Errorf("star of a missing repo was written: %v, %v", ok, err)
	}

	// Invalid names are rejected before anything is sent.
	var ve *ddbmodel.ValidationError
	if _, err := s.StarRepo(ctx, Star{UserName: "bob smith", RepoOwner: "aws", RepoName: "aws-cli"}); !errors.As(err, &ve) || ve.Attribute != "user_name" {
		t.Errorf("invalid user name: err = %v, want a *ValidationError on user_name", err)
	}
	if got := starCount(t, s, "aws", "aws-cli"); got != 1 {
		t.Errorf("aws-cli has %d stars after refused stars, want 1", got)
	}
}

func TestUnstarRepo(t *testing.T) {
	t.Parallel()
	s, d := newStore(t, true)
	ctx := t.Context()
	if err := s.UnstarRepo(ctx, "bob", "aws", "dynamodb-toolbox"); err != nil {
		t.Fatalf("UnstarRepo: %v", err)
	}
	if got := starCount(t, s, "aws", "dynamodb-toolbox"); got != 3 {
		t.Errorf("stars after unstar = %d, want 3", got)
	}
	if ok, err := s.HasStarred(ctx, "bob", "aws", "dynamodb-toolbox"); err != nil || ok {
		t.Errorf("HasStarred after unstar = %v, %v", ok, err)
	}
	gazers, err := s.Stargazers(ctx, "aws", "dynamodb-toolbox")
	if err != nil {
		t.Fatal(err)
	}
	if d := diff([]Star{d.Stars[2], d.Stars[4], d.Stars[0]}, gazers); d != "" { // alice, carol, john
		t.Errorf("stargazers after unstar (-want +got):\n%s", d)
	}

	err = s.UnstarRepo(ctx, "bob", "aws", "dynamodb-toolbox")
	if !errors.Is(err, ErrNotStarred) || !errors.Is(err, ddbmodel.ErrNotFound) {
		t.Errorf("second unstar: err = %v, want ErrNotStarred", err)
	}
	if got := starCount(t, s, "aws", "dynamodb-toolbox"); got != 3 {
		t.Errorf("stars after a refused unstar = %d, want 3", got)
	}

	// Star again: the count comes back, the new star has the new time.
	again := Star{UserName: "bob", RepoOwner: "aws", RepoName: "dynamodb-toolbox", StarredAt: time.Date(2025, 3, 3, 0, 0, 0, 0, time.UTC)}
	if _, err := s.StarRepo(ctx, again); err != nil {
		t.Fatal(err)
	}
	if got := starCount(t, s, "aws", "dynamodb-toolbox"); got != 4 {
		t.Errorf("stars after starring again = %d, want 4", got)
	}
	st, err := StarGet("bob", "aws", "dynamodb-toolbox").Run(ctx, s.DB)
	if err != nil {
		t.Fatal(err)
	}
	if d := diff(again, st); d != "" {
		t.Errorf("new star (-want +got):\n%s", d)
	}
}

func TestForkRepo(t *testing.T) {
	t.Parallel()
	s, d := newStore(t, true)
	ctx := t.Context()
	when := time.Date(2025, 1, 10, 12, 0, 0, 0, time.UTC)
	fork, err := s.ForkRepo(ctx, "aws", "dynamodb-toolbox", "carol", when)
	if err != nil {
		t.Fatalf("ForkRepo: %v", err)
	}
	want := Repo{Owner: "carol", RepoName: "dynamodb-toolbox", Description: "A set of tools for working with DynamoDB",
		Language: "TypeScript", ForkedFrom: "aws/dynamodb-toolbox", CreatedAt: when, UpdatedAt: when}
	if d := diff(want, fork); d != "" {
		t.Errorf("ForkRepo result (-want +got):\n%s", d)
	}
	stored, err := s.Repo(ctx, "carol", "dynamodb-toolbox")
	if err != nil {
		t.Fatal(err)
	}
	if d := diff(want, stored); d != "" {
		t.Errorf("stored fork (-want +got):\n%s", d)
	}
	forks, err := s.RepoForks(ctx, "aws", "dynamodb-toolbox")
	if err != nil {
		t.Fatal(err)
	}
	wantForks := []Fork{d.Forks[0], d.Forks[1], {Owner: "aws", RepoName: "dynamodb-toolbox", ForkOwner: "carol", ForkedAt: when}, d.Forks[2]}
	if d := diff(wantForks, forks); d != "" {
		t.Errorf("forks (-want +got):\n%s", d)
	}
	carol, err := s.AccountRepos(ctx, "carol")
	if err != nil {
		t.Fatal(err)
	}
	if len(carol) != 2 || carol[0].RepoName != "dynamodb-toolbox" || carol[1].RepoName != "aws-sdk-go-v2" {
		t.Errorf("carol's repositories, newest first: %+v", carol)
	}

	// A second fork by the same account.
	_, err = s.ForkRepo(ctx, "aws", "dynamodb-toolbox", "carol", when.Add(time.Hour))
	if !errors.Is(err, ErrAlreadyForked) || !errors.Is(err, ddbmodel.ErrAlreadyExists) {
		t.Errorf("second fork: err = %v, want ErrAlreadyForked", err)
	}
	if got, _ := s.Repo(ctx, "carol", "dynamodb-toolbox"); !got.UpdatedAt.Equal(when) {
		t.Errorf("second fork changed the fork repository: %+v", got)
	}

	// The fork owner has a repository of that name already: nothing is written.
	if _, err := Repos.Create(Repo{Owner: "bob", RepoName: "notes", UpdatedAt: when}).Run(ctx, s.DB); err != nil {
		t.Fatal(err)
	}
	_, err = s.ForkRepo(ctx, "john", "notes", "bob", when)
	if !errors.Is(err, ddbmodel.ErrAlreadyExists) || errors.Is(err, ErrAlreadyForked) {
		t.Errorf("fork onto an existing name: err = %v, want ErrAlreadyExists only", err)
	}
	if forks, err := s.RepoForks(ctx, "john", "notes"); err != nil || len(forks) != 0 {
		t.Errorf("a failed fork left a link: %v, %v", forks, err)
	}
	if got, _ := s.Repo(ctx, "bob", "notes"); got.ForkedFrom != "" {
		t.Errorf("a failed fork changed bob/notes: %+v", got)
	}

	// A missing parent; one's own repository.
	if _, err := s.ForkRepo(ctx, "aws", "missing", "bob", when); !errors.Is(err, ErrRepoNotFound) {
		t.Errorf("fork of a missing repo: err = %v, want ErrRepoNotFound", err)
	}
	if _, err := s.Repo(ctx, "bob", "missing"); !errors.Is(err, ddbmodel.ErrNotFound) {
		t.Errorf("fork of a missing repo wrote a repository: %v", err)
	}
	var ve *ddbmodel.ValidationError
	if _, err := s.ForkRepo(ctx, "aws", "aws-cli", "aws", when); !errors.As(err, &ve) {
		t.Errorf("forking one's own repository: err = %v, want *ValidationError", err)
	}
}

// TestForkParentDeletedMeanwhile checks the transaction's own guard: the
// parent disappears between ForkRepo's read and its write.
func TestForkParentDeletedMeanwhile(t *testing.T) {
	t.Parallel()
	s, _ := newStore(t, true)
	ctx := t.Context()
	parent, err := s.Repo(ctx, "aws", "aws-cli")
	if err != nil {
		t.Fatal(err)
	}
	if err := Repos.Delete(entity.Values{"owner": "aws", "repo_name": "aws-cli"}).Run(ctx, s.DB); err != nil {
		t.Fatal(err)
	}
	tx, _, _ := ForkTx(parent, "bob", time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC))
	err = tx.Run(ctx, s.DB)
	if !failedWith(err, 2, ddbmodel.ErrConditionFailed) {
		t.Errorf("fork of a deleted parent: err = %v, want the check to fail", err)
	}
	if _, err := s.Repo(ctx, "bob", "aws-cli"); !errors.Is(err, ddbmodel.ErrNotFound) {
		t.Errorf("the fork repository was written: %v", err)
	}
	if forks, err := s.RepoForks(ctx, "aws", "aws-cli"); err != nil || len(forks) != 0 {
		t.Errorf("the fork link was written: %v, %v", forks, err)
	}
}
