package github

import (
	"cmp"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	gocmp "github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/query"
)

// sortSets makes string sets (labels, assignees) compare regardless of the
// order DynamoDB returns their elements in.
var sortSets = cmpopts.SortSlices(func(a, b string) bool { return a < b })

func diff(want, got any) string { return gocmp.Diff(want, got, sortSets) }

// newStore creates a fresh table and returns a store on it; with load, the
// sample data is loaded.
func newStore(t *testing.T, load bool) (*Store, SampleData) {
	t.Helper()
	client := entitytest.Client(t)
	name := entitytest.NewTable(t, Table.CreateTableInput())
	s := NewStore(entity.NewDB(client, name))
	s.Now = func() time.Time { return time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC) }
	d := Sample()
	if load {
		if err := s.LoadSample(t.Context(), d); err != nil {
			t.Fatalf("LoadSample: %v", err)
		}
	}
	return s, d
}

// rawItem reads an item as stored, index keys included.
func rawItem(t *testing.T, s *Store, in *dynamodb.GetItemInput) map[string]types.AttributeValue {
	t.Helper()
	in.TableName = aws.String(s.DB.TableName)
	in.ConsistentRead = aws.Bool(true)
	out, err := s.DB.Client.GetItem(t.Context(), in)
	if err != nil {
		t.Fatalf("GetItem: %v", err)
	}
	return out.Item
}

func stringAttr(item map[string]types.AttributeValue, name string) string {
	if v, ok := item[name].(*types.AttributeValueMemberS); ok {
		return v.Value
	}
	return ""
}

// collectPages reads q page by page with the given page size and checks
// that every page but the last ends with a cursor and the last one with "".
func collectPages[T any](t *testing.T, s *Store, q query.Query[T], size int) (items []T, pages int) {
	t.Helper()
	cursor := ""
	for {
		p, err := q.Limit(size).Page(t.Context(), s.DB, cursor)
		if err != nil {
			t.Fatalf("page %d: %v", pages+1, err)
		}
		pages++
		if len(p.Items) > size {
			t.Fatalf("page %d has %d items, more than the limit %d", pages, len(p.Items), size)
		}
		items = append(items, p.Items...)
		if p.Cursor == "" {
			return items, pages
		}
		cursor = p.Cursor
		if pages > 1000 {
			t.Fatal("no end of pages")
		}
	}
}

// ---- expectations computed from the sample data ----

func issuesOf(d SampleData, owner, repo string, keep func(Issue) bool) []Issue {
	var out []Issue
	for _, i := range d.Issues {
		if i.Owner == owner && i.RepoName == repo && keep(i) {
			out = append(out, i)
		}
	}
	slices.SortFunc(out, func(a, b Issue) int { return cmp.Compare(a.IssueNumber, b.IssueNumber) })
	return out
}

func prsOf(d SampleData, owner, repo string, keep func(PullRequest) bool) []PullRequest {
	var out []PullRequest
	for _, p := range d.PullRequests {
		if p.Owner == owner && p.RepoName == repo && keep(p) {
			out = append(out, p)
		}
	}
	slices.SortFunc(out, func(a, b PullRequest) int { return cmp.Compare(a.PRNumber, b.PRNumber) })
	return out
}

func issueNumbers(is []Issue) []int {
	var out []int
	for _, i := range is {
		out = append(out, i.IssueNumber)
	}
	return out
}

func prNumbers(ps []PullRequest) []int {
	var out []int
	for _, p := range ps {
		out = append(out, p.PRNumber)
	}
	return out
}

// sampleRepos returns every repository after loading: the sample's own with
// their star counts, and the forks.
func sampleRepos(d SampleData) map[string]Repo {
	out := map[string]Repo{}
	for _, r := range d.Repos {
		out[r.Owner+"/"+r.RepoName] = r
	}
	for _, f := range d.Forks {
		p := out[f.Owner+"/"+f.RepoName]
		_, fork, _ := ForkTx(p, f.ForkOwner, f.ForkedAt)
		out[fork.Owner+"/"+fork.RepoName] = fork
	}
	for _, st := range d.Stars {
		r := out[st.RepoOwner+"/"+st.RepoName]
		r.Stars++
		out[st.RepoOwner+"/"+st.RepoName] = r
	}
	return out
}

// ---- repositories ----

func TestRepo(t *testing.T) {
	t.Parallel()
	s, d := newStore(t, true)
	ctx := t.Context()
	repos := sampleRepos(d)
	for _, name := range []string{"aws/dynamodb-toolbox", "aws/docs.internal", "alice/dynamodb-toolbox", "john/notes"} {
		want := repos[name]
		got, err := s.Repo(ctx, want.Owner, want.RepoName)
		if err != nil {
			t.Fatalf("Repo(%s): %v", name, err)
		}
		if d := diff(want, got); d != "" {
			t.Errorf("Repo(%s) (-want +got):\n%s", name, d)
		}
	}
	if got := repos["aws/dynamodb-toolbox"].Stars; got != 4 {
		t.Fatalf("test data: aws/dynamodb-toolbox should have 4 stars, has %d", got)
	}
	if got := repos["alice/dynamodb-toolbox"].ForkedFrom; got != "aws/dynamodb-toolbox" {
		t.Errorf("fork's forked_from = %q", got)
	}
	_, err := s.Repo(ctx, "aws", "no-such-repo")
	if !errors.Is(err, ddbmodel.ErrNotFound) {
		t.Errorf("missing repo: err = %v, want ErrNotFound", err)
	}
	// The stored item carries the design's keys.
	in, err := RepoGet("aws", "dynamodb-toolbox").Build()
	if err != nil {
		t.Fatal(err)
	}
	item := rawItem(t, s, in)
	want := map[string]string{
		"PK": "REPO#aws#dynamodb-toolbox", "SK": "REPO#aws#dynamodb-toolbox",
		"GSI1PK": "REPO#aws#dynamodb-toolbox", "GSI1SK": "REPO#aws#dynamodb-toolbox",
		"GSI2PK": "REPO#aws#dynamodb-toolbox", "GSI2SK": "REPO#aws#dynamodb-toolbox",
		"GSI3PK": "ACCOUNT#aws", "GSI3SK": "#2024-12-24T10:30:00.000000000Z",
	}
	got := map[string]string{}
	for k := range want {
		got[k] = stringAttr(item, k)
	}
	if d := diff(want, got); d != "" {
		t.Errorf("stored keys (-want +got):\n%s", d)
	}
}

func TestAccountRepos(t *testing.T) {
	t.Parallel()
	s, d := newStore(t, true)
	ctx := t.Context()
	repos := sampleRepos(d)
	cases := map[string][]string{
		"aws":    {"aws/dynamodb-toolbox", "aws/aws-cdk", "aws/aws-sdk-go-v2", "aws/aws-cli", "aws/docs.internal"},
		"alice":  {"alice/dynamodb-toolbox", "alice/dotfiles"},
		"john":   {"john/dynamodb-toolbox", "john/notes"},
		"carol":  {"carol/aws-sdk-go-v2"},
		"nobody": nil,
	}
	for account, names := range cases {
		var want []Repo
		for _, n := range names {
			want = append(want, repos[n])
		}
		got, err := s.AccountRepos(ctx, account)
		if err != nil {
			t.Fatalf("AccountRepos(%s): %v", account, err)
		}
		if d := diff(want, got); d != "" {
			t.Errorf("AccountRepos(%s) (-want +got):\n%s", account, d)
		}
	}
}

func TestAccountReposPage(t *testing.T) {
	t.Parallel()
	s, d := newStore(t, true)
	ctx := t.Context()
	repos := sampleRepos(d)
	want := []Repo{repos["aws/dynamodb-toolbox"], repos["aws/aws-cdk"], repos["aws/aws-sdk-go-v2"], repos["aws/aws-cli"], repos["aws/docs.internal"]}

	for _, key := range [][]byte{nil, []byte("page-token-secret")} {
		s.PageTokenKey = key
		var got []Repo
		var sizes []int
		token := ""
		for {
			p, err := s.AccountReposPage(ctx, "aws", 2, token)
			if err != nil {
				t.Fatalf("signed=%v: page %d: %v", key != nil, len(sizes)+1, err)
			}
			got = append(got, p.Repos...)
			sizes = append(sizes, len(p.Repos))
			if p.NextPageToken == "" {
				break
			}
			token = p.NextPageToken
		}
		if d := diff(want, got); d != "" {
			t.Errorf("signed=%v: pages (-want +got):\n%s", key != nil, d)
		}
		if d := diff([]int{2, 2, 1}, sizes); d != "" {
			t.Errorf("signed=%v: page sizes (-want +got):\n%s", key != nil, d)
		}
	}

	// A token belongs to its query: another account's listing refuses it,
	// and a signed token cannot be altered.
	s.PageTokenKey = []byte("page-token-secret")
	first, err := s.AccountReposPage(ctx, "aws", 2, "")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.AccountReposPage(ctx, "alice", 2, first.NextPageToken); !errors.Is(err, ddbmodel.ErrInvalidCursor) {
		t.Errorf("token of another account: err = %v, want ErrInvalidCursor", err)
	}
	tampered := []byte(first.NextPageToken)
	tampered[3] ^= 1
	if _, err := s.AccountReposPage(ctx, "aws", 2, string(tampered)); !errors.Is(err, ddbmodel.ErrInvalidCursor) {
		t.Errorf("altered token: err = %v, want ErrInvalidCursor", err)
	}
	var ve *ddbmodel.ValidationError
	if _, err := s.AccountReposPage(ctx, "aws", 0, ""); !errors.As(err, &ve) {
		t.Errorf("page size 0: err = %v, want *ValidationError", err)
	}
}

func TestRepoForks(t *testing.T) {
	t.Parallel()
	s, d := newStore(t, true)
	ctx := t.Context()
	got, err := s.RepoForks(ctx, "aws", "dynamodb-toolbox")
	if err != nil {
		t.Fatal(err)
	}
	want := []Fork{d.Forks[0], d.Forks[1], d.Forks[2]} // alice, bob, john
	if d := diff(want, got); d != "" {
		t.Errorf("forks (-want +got):\n%s", d)
	}
	got, err = s.RepoForks(ctx, "aws", "aws-sdk-go-v2")
	if err != nil {
		t.Fatal(err)
	}
	if d := diff([]Fork{d.Forks[3]}, got); d != "" {
		t.Errorf("forks of aws-sdk-go-v2 (-want +got):\n%s", d)
	}
	got, err = s.RepoForks(ctx, "aws", "aws-cli")
	if err != nil || len(got) != 0 {
		t.Errorf("forks of aws-cli = %v, %v; want none", got, err)
	}
}

// ---- issues ----

func TestIssue(t *testing.T) {
	t.Parallel()
	s, d := newStore(t, true)
	ctx := t.Context()
	for _, n := range []int{1, 9, 10, 42, 99, 100, 119} {
		want := issuesOf(d, SampleOwner, SampleRepo, func(i Issue) bool { return i.IssueNumber == n })
		got, err := s.Issue(ctx, SampleOwner, SampleRepo, n)
		if err != nil {
			t.Fatalf("Issue(%d): %v", n, err)
		}
		if d := diff(want[0], got); d != "" {
			t.Errorf("Issue(%d) (-want +got):\n%s", n, d)
		}
	}
	// 8 is a pull request's number, not an issue's.
	if _, err := s.Issue(ctx, SampleOwner, SampleRepo, 8); !errors.Is(err, ddbmodel.ErrNotFound) {
		t.Errorf("Issue(8): err = %v, want ErrNotFound", err)
	}
	in, err := IssueGet(SampleOwner, SampleRepo, 42).Build()
	if err != nil {
		t.Fatal(err)
	}
	item := rawItem(t, s, in)
	want := map[string]string{
		"PK": "ISSUE#aws#dynamodb-toolbox#00000042", "SK": "ISSUE#aws#dynamodb-toolbox#00000042",
		"GSI1PK": "ISSUE#aws#dynamodb-toolbox", "GSI1SK": "ISSUE#00000042",
		"GSI4PK": "ISSUE#aws#dynamodb-toolbox", "GSI4SK": "~ISSUE#CLOSED#00000042",
	}
	got := map[string]string{}
	for k := range want {
		got[k] = stringAttr(item, k)
	}
	if d := diff(want, got); d != "" {
		t.Errorf("stored keys of issue 42 (-want +got):\n%s", d)
	}
	// An open issue's GSI4SK holds its reversed number.
	in, err = IssueGet(SampleOwner, SampleRepo, 43).Build()
	if err != nil {
		t.Fatal(err)
	}
	if got, want := stringAttr(rawItem(t, s, in), "GSI4SK"), "ISSUE#OPEN#99999956"; got != want {
		t.Errorf("GSI4SK of open issue 43 = %q, want %q", got, want)
	}
}

func TestRepoIssues(t *testing.T) {
	t.Parallel()
	s, d := newStore(t, true)
	ctx := t.Context()
	want := issuesOf(d, SampleOwner, SampleRepo, func(Issue) bool { return true })
	if len(want) != 105 {
		t.Fatalf("test data: %d issues, want 105", len(want))
	}
	got, err := s.RepoIssues(ctx, SampleOwner, SampleRepo)
	if err != nil {
		t.Fatal(err)
	}
	if d := diff(want, got); d != "" {
		t.Errorf("RepoIssues (-want +got):\n%s", d)
	}
	// Padded numbers: 9 before 10, 99 before 100.
	nums := issueNumbers(got)
	if d := diff([]int{1, 2, 3, 4, 5, 6, 7, 9, 10, 11}, nums[:10]); d != "" {
		t.Errorf("first numbers (-want +got):\n%s", d)
	}
	if i := slices.Index(nums, 99); i < 0 || nums[i+1] != 100 {
		t.Errorf("99 is not followed by 100: %v", nums)
	}
	paged, pages := collectPages(t, s, RepoIssuesQuery(SampleOwner, SampleRepo), 10)
	if d := diff(want, paged); d != "" {
		t.Errorf("paged RepoIssues (-want +got):\n%s", d)
	}
	if pages != 11 {
		t.Errorf("%d pages of 10, want 11", pages)
	}
	// Another repository's issues stay apart.
	got, err = s.RepoIssues(ctx, "aws", "aws-sdk-go-v2")
	if err != nil {
		t.Fatal(err)
	}
	if d := diff([]int{1, 2, 3, 4}, issueNumbers(got)); d != "" {
		t.Errorf("aws-sdk-go-v2 issues (-want +got):\n%s", d)
	}
}

func TestOpenIssues(t *testing.T) {
	t.Parallel()
	s, d := newStore(t, true)
	ctx := t.Context()
	want := issuesOf(d, SampleOwner, SampleRepo, func(i Issue) bool { return i.Status == StatusOpen })
	slices.Reverse(want)
	if len(want) != 70 {
		t.Fatalf("test data: %d open issues, want 70", len(want))
	}
	got, err := s.OpenIssues(ctx, SampleOwner, SampleRepo)
	if err != nil {
		t.Fatal(err)
	}
	if d := diff(want, got); d != "" {
		t.Errorf("OpenIssues (-want +got):\n%s", d)
	}
	nums := issueNumbers(got)
	if d := diff([]int{119, 118, 116, 115, 113, 110, 109, 107, 106, 103, 101, 100, 98, 97}, nums[:14]); d != "" {
		t.Errorf("newest open numbers (-want +got):\n%s", d)
	}
	if d := diff([]int{11, 10, 7, 5, 4, 2, 1}, nums[len(nums)-7:]); d != "" {
		t.Errorf("oldest open numbers (-want +got):\n%s", d)
	}
	paged, _ := collectPages(t, s, OpenIssuesQuery(SampleOwner, SampleRepo), 7)
	if d := diff(want, paged); d != "" {
		t.Errorf("paged OpenIssues (-want +got):\n%s", d)
	}
}

func TestClosedIssues(t *testing.T) {
	t.Parallel()
	s, d := newStore(t, true)
	ctx := t.Context()
	want := issuesOf(d, SampleOwner, SampleRepo, func(i Issue) bool { return i.Status == StatusClosed })
	if len(want) != 35 {
		t.Fatalf("test data: %d closed issues, want 35", len(want))
	}
	got, err := s.ClosedIssues(ctx, SampleOwner, SampleRepo)
	if err != nil {
		t.Fatal(err)
	}
	if d := diff(want, got); d != "" {
		t.Errorf("ClosedIssues (-want +got):\n%s", d)
	}
	nums := issueNumbers(got)
	if d := diff([]int{3, 6, 9, 12, 15, 18, 21, 27, 30}, nums[:9]); d != "" {
		t.Errorf("first closed numbers (-want +got):\n%s", d)
	}
	if d := diff([]int{93, 99, 102, 105, 108, 111, 114, 117}, nums[len(nums)-8:]); d != "" {
		t.Errorf("last closed numbers (-want +got):\n%s", d)
	}
	paged, _ := collectPages(t, s, ClosedIssuesQuery(SampleOwner, SampleRepo), 4)
	if d := diff(want, paged); d != "" {
		t.Errorf("paged ClosedIssues (-want +got):\n%s", d)
	}
	got, err = s.ClosedIssues(ctx, "aws", "aws-sdk-go-v2")
	if err != nil {
		t.Fatal(err)
	}
	if d := diff([]int{1, 4}, issueNumbers(got)); d != "" {
		t.Errorf("aws-sdk-go-v2 closed issues (-want +got):\n%s", d)
	}
}

// TestGSI4WholePartition checks the order the design intends: one query of
// a whole GSI4 partition returns the open issues newest first, then the
// closed ones ("~" sorts after every letter; the design's "#" did not).
func TestGSI4WholePartition(t *testing.T) {
	t.Parallel()
	s, _ := newStore(t, true)
	ctx := t.Context()
	got, err := query.New(Issues).Index("GSI4").Where(entity.Values{"owner": "aws", "repo_name": "aws-sdk-go-v2"}).Collect(ctx, s.DB)
	if err != nil {
		t.Fatal(err)
	}
	want := []int{3, 2, 1, 4} // open newest first, then closed ascending
	if d := diff(want, issueNumbers(got)); d != "" {
		t.Errorf("whole GSI4 partition (-want +got):\n%s", d)
	}
}

// ---- pull requests ----

func TestPullRequest(t *testing.T) {
	t.Parallel()
	s, d := newStore(t, true)
	ctx := t.Context()
	for _, n := range []int{8, 96, 104, 120} {
		want := prsOf(d, SampleOwner, SampleRepo, func(p PullRequest) bool { return p.PRNumber == n })
		got, err := s.PullRequest(ctx, SampleOwner, SampleRepo, n)
		if err != nil {
			t.Fatalf("PullRequest(%d): %v", n, err)
		}
		if d := diff(want[0], got); d != "" {
			t.Errorf("PullRequest(%d) (-want +got):\n%s", n, d)
		}
	}
	if _, err := s.PullRequest(ctx, SampleOwner, SampleRepo, 9); !errors.Is(err, ddbmodel.ErrNotFound) {
		t.Errorf("PullRequest(9): err = %v, want ErrNotFound", err)
	}
	in, err := PullRequestGet(SampleOwner, SampleRepo, 104).Build()
	if err != nil {
		t.Fatal(err)
	}
	item := rawItem(t, s, in)
	want := map[string]string{
		"PK": "PR#aws#dynamodb-toolbox#00000104", "SK": "PR#aws#dynamodb-toolbox#00000104",
		"GSI1PK": "PR#aws#dynamodb-toolbox", "GSI1SK": "PR#00000104",
		"GSI4PK": "PR#aws#dynamodb-toolbox", "GSI4SK": "PR#OPEN#99999895",
	}
	got := map[string]string{}
	for k := range want {
		got[k] = stringAttr(item, k)
	}
	if d := diff(want, got); d != "" {
		t.Errorf("stored keys of PR 104 (-want +got):\n%s", d)
	}
}

func TestPullRequestLists(t *testing.T) {
	t.Parallel()
	s, d := newStore(t, true)
	ctx := t.Context()

	all, err := s.RepoPullRequests(ctx, SampleOwner, SampleRepo)
	if err != nil {
		t.Fatal(err)
	}
	wantAll := prsOf(d, SampleOwner, SampleRepo, func(PullRequest) bool { return true })
	if d := diff(wantAll, all); d != "" {
		t.Errorf("RepoPullRequests (-want +got):\n%s", d)
	}
	if d := diff([]int{8, 16, 24, 32, 40, 48, 56, 64, 72, 80, 88, 96, 104, 112, 120}, prNumbers(all)); d != "" {
		t.Errorf("RepoPullRequests numbers (-want +got):\n%s", d)
	}

	open, err := s.OpenPullRequests(ctx, SampleOwner, SampleRepo)
	if err != nil {
		t.Fatal(err)
	}
	wantOpen := prsOf(d, SampleOwner, SampleRepo, func(p PullRequest) bool { return p.Status == StatusOpen })
	slices.Reverse(wantOpen)
	if d := diff(wantOpen, open); d != "" {
		t.Errorf("OpenPullRequests (-want +got):\n%s", d)
	}
	if d := diff([]int{112, 104, 88, 64, 56, 32, 16, 8}, prNumbers(open)); d != "" {
		t.Errorf("OpenPullRequests numbers (-want +got):\n%s", d)
	}

	closed, err := s.ClosedPullRequests(ctx, SampleOwner, SampleRepo)
	if err != nil {
		t.Fatal(err)
	}
	wantClosed := prsOf(d, SampleOwner, SampleRepo, func(p PullRequest) bool { return p.Status != StatusOpen })
	if d := diff(wantClosed, closed); d != "" {
		t.Errorf("ClosedPullRequests (-want +got):\n%s", d)
	}
	if d := diff([]int{24, 40, 48, 72, 80, 96, 120}, prNumbers(closed)); d != "" {
		t.Errorf("ClosedPullRequests numbers (-want +got):\n%s", d)
	}

	for _, c := range []struct {
		name string
		q    query.Query[PullRequest]
		want []PullRequest
	}{
		{"all", RepoPullRequestsQuery(SampleOwner, SampleRepo), wantAll},
		{"open", OpenPullRequestsQuery(SampleOwner, SampleRepo), wantOpen},
		{"closed", ClosedPullRequestsQuery(SampleOwner, SampleRepo), wantClosed},
	} {
		paged, pages := collectPages(t, s, c.q, 3)
		if d := diff(c.want, paged); d != "" {
			t.Errorf("paged %s (-want +got):\n%s", c.name, d)
		}
		if pages < 3 {
			t.Errorf("paged %s: %d pages, want several", c.name, pages)
		}
	}

	other, err := s.OpenPullRequests(ctx, "aws", "aws-sdk-go-v2")
	if err != nil {
		t.Fatal(err)
	}
	if d := diff([]int{6}, prNumbers(other)); d != "" {
		t.Errorf("aws-sdk-go-v2 open PRs (-want +got):\n%s", d)
	}
}

// ---- stars ----

func TestStarredReposAndStargazers(t *testing.T) {
	t.Parallel()
	s, d := newStore(t, true)
	ctx := t.Context()
	stars := map[string]Star{}
	for _, st := range d.Stars {
		stars[st.UserName+">"+st.RepoOwner+"/"+st.RepoName] = st
	}
	got, err := s.StarredRepos(ctx, "john")
	if err != nil {
		t.Fatal(err)
	}
	want := []Star{stars["john>aws/aws-sdk-go-v2"], stars["john>aws/dynamodb-toolbox"]}
	if d := diff(want, got); d != "" {
		t.Errorf("StarredRepos(john) (-want +got):\n%s", d)
	}
	got, err = s.StarredRepos(ctx, "carol")
	if err != nil {
		t.Fatal(err)
	}
	if d := diff([]Star{stars["carol>aws/dynamodb-toolbox"], stars["carol>john/notes"]}, got); d != "" {
		t.Errorf("StarredRepos(carol) (-want +got):\n%s", d)
	}

	got, err = s.Stargazers(ctx, "aws", "dynamodb-toolbox")
	if err != nil {
		t.Fatal(err)
	}
	want = []Star{stars["alice>aws/dynamodb-toolbox"], stars["bob>aws/dynamodb-toolbox"], stars["carol>aws/dynamodb-toolbox"], stars["john>aws/dynamodb-toolbox"]}
	if d := diff(want, got); d != "" {
		t.Errorf("Stargazers (-want +got):\n%s", d)
	}
	paged, pages := collectPages(t, s, StargazersQuery("aws", "dynamodb-toolbox"), 1)
	if d := diff(want, paged); d != "" {
		t.Errorf("paged Stargazers (-want +got):\n%s", d)
	}
	if pages < 4 {
		t.Errorf("%d pages of one stargazer, want at least 4", pages)
	}
	paged, _ = collectPages(t, s, StarredReposQuery("john"), 1)
	if d := diff([]Star{stars["john>aws/aws-sdk-go-v2"], stars["john>aws/dynamodb-toolbox"]}, paged); d != "" {
		t.Errorf("paged StarredRepos (-want +got):\n%s", d)
	}
}

func TestHasStarred(t *testing.T) {
	t.Parallel()
	s, _ := newStore(t, true)
	ctx := t.Context()
	for _, c := range []struct {
		user, owner, repo string
		want              bool
	}{
		{"john", "aws", "dynamodb-toolbox", true},
		{"alice", "alice", "dotfiles", true},
		{"john", "aws", "aws-cli", false},
		{"nobody", "aws", "dynamodb-toolbox", false},
		{"john", "aws", "dynamodb", false}, // a prefix of a starred repository's name
	} {
		got, err := s.HasStarred(ctx, c.user, c.owner, c.repo)
		if err != nil {
			t.Fatalf("HasStarred(%s, %s/%s): %v", c.user, c.owner, c.repo, err)
		}
		if got != c.want {
			t.Errorf("HasStarred(%s, %s/%s) = %v, want %v", c.user, c.owner, c.repo, got, c.want)
		}
	}
	// It is one GetItem on the star's full key.
	in, err := StarGet("john", "aws", "dynamodb-toolbox").Build()
	if err != nil {
		t.Fatal(err)
	}
	wantKey := map[string]types.AttributeValue{
		"PK": &types.AttributeValueMemberS{Value: "ACCOUNT#john"},
		"SK": &types.AttributeValueMemberS{Value: "STAR#aws#dynamodb-toolbox"},
	}
	if d := gocmp.Diff(wantKey, in.Key, cmpopts.IgnoreUnexported(types.AttributeValueMemberS{})); d != "" {
		t.Errorf("GetItem key (-want +got):\n%s", d)
	}
}

// ---- comments, reactions, members, gists ----

func TestComments(t *testing.T) {
	t.Parallel()
	s, d := newStore(t, true)
	ctx := t.Context()
	got, err := s.IssueComments(ctx, SampleOwner, SampleRepo, 42)
	if err != nil {
		t.Fatal(err)
	}
	want := d.IssueComments[:5] // ids 8, 9, 10, 99, 100: in order only when padded
	if d := diff(want, got); d != "" {
		t.Errorf("IssueComments(42) (-want +got):\n%s", d)
	}
	paged, _ := collectPages(t, s, IssueCommentsQuery(SampleOwner, SampleRepo, 42), 2)
	if d := diff(want, paged); d != "" {
		t.Errorf("paged IssueComments(42) (-want +got):\n%s", d)
	}
	got, err = s.IssueComments(ctx, SampleOwner, SampleRepo, 101)
	if err != nil {
		t.Fatal(err)
	}
	if d := diff(d.IssueComments[5:], got); d != "" {
		t.Errorf("IssueComments(101) (-want +got):\n%s", d)
	}
	got, err = s.IssueComments(ctx, SampleOwner, SampleRepo, 1)
	if err != nil || len(got) != 0 {
		t.Errorf("IssueComments(1) = %v, %v; want none", got, err)
	}

	prc, err := s.PRComments(ctx, SampleOwner, SampleRepo, 104)
	if err != nil {
		t.Fatal(err)
	}
	if d := diff(d.PRComments, prc); d != "" {
		t.Errorf("PRComments(104) (-want +got):\n%s", d)
	}
	prPaged, _ := collectPages(t, s, PRCommentsQuery(SampleOwner, SampleRepo, 104), 2)
	if d := diff(d.PRComments, prPaged); d != "" {
		t.Errorf("paged PRComments(104) (-want +got):\n%s", d)
	}
}

func TestTargetReactions(t *testing.T) {
	t.Parallel()
	s, d := newStore(t, true)
	ctx := t.Context()
	r := d.Reactions
	for _, c := range []struct {
		target string
		id     int
		want   []Reaction
	}{
		// By type ("+1" before "heart"), then user.
		{TargetIssue, 42, []Reaction{r[2], r[1], r[3], r[0]}},
		{TargetIssue, 4, []Reaction{r[4]}},
		{TargetIssueComment, 10, []Reaction{r[5]}},
		{TargetPullRequest, 104, []Reaction{r[6]}},
		{TargetPRComment, 102, []Reaction{r[7]}},
		{TargetIssue, 104, nil}, // PR 104's reaction is not issue 104's
		{TargetIssueComment, 42, nil},
	} {
		got, err := s.TargetReactions(ctx, SampleOwner, SampleRepo, c.target, c.id)
		if err != nil {
			t.Fatalf("TargetReactions(%s %d): %v", c.target, c.id, err)
		}
		if d := diff(c.want, got); d != "" {
			t.Errorf("TargetReactions(%s %d) (-want +got):\n%s", c.target, c.id, d)
		}
	}
	paged, _ := collectPages(t, s, ReactionsQuery(SampleOwner, SampleRepo, TargetIssue, 42), 3)
	if d := diff([]Reaction{r[2], r[1], r[3], r[0]}, paged); d != "" {
		t.Errorf("paged reactions (-want +got):\n%s", d)
	}
	// One reaction per user, type and target.
	dup := r[0]
	dup.CreatedAt = dup.CreatedAt.Add(time.Hour)
	if _, err := Reactions.Create(dup).Run(ctx, s.DB); !errors.Is(err, ddbmodel.ErrAlreadyExists) {
		t.Errorf("second identical reaction: err = %v, want ErrAlreadyExists", err)
	}
	in, err := Reactions.Get(entity.Values{"owner": "aws", "repo_name": "dynamodb-toolbox", "target_type": TargetIssue, "target_id": 42, "user_name": "john", "reaction_type": "heart"}).Build()
	if err != nil {
		t.Fatal(err)
	}
	if got, want := stringAttr(in.Key, "PK"), "heartREACTION#aws#dynamodb-toolbox#ISSUE#0000000042#john"; got != want {
		t.Errorf("reaction PK = %q, want %q", got, want)
	}
}

func TestOrgMembersAndGists(t *testing.T) {
	t.Parallel()
	s, d := newStore(t, true)
	ctx := t.Context()
	m := d.Memberships
	got, err := s.OrgMembers(ctx, "aws")
	if err != nil {
		t.Fatal(err)
	}
	if d := diff([]Membership{m[1], m[2], m[0]}, got); d != "" { // alice, bob, john
		t.Errorf("OrgMembers (-want +got):\n%s", d)
	}
	paged, _ := collectPages(t, s, OrgMembersQuery("aws"), 2)
	if d := diff([]Membership{m[1], m[2], m[0]}, paged); d != "" {
		t.Errorf("paged OrgMembers (-want +got):\n%s", d)
	}
	got, err = s.OrgMembers(ctx, "alice") // a user: no members
	if err != nil || len(got) != 0 {
		t.Errorf("OrgMembers(alice) = %v, %v; want none", got, err)
	}

	g := d.Gists
	gists, err := s.UserGists(ctx, "alice")
	if err != nil {
		t.Fatal(err)
	}
	if d := diff([]Gist{g[1], g[0], g[2]}, gists); d != "" { // 0f3a9c, 7b21de, a1c4e0
		t.Errorf("UserGists(alice) (-want +got):\n%s", d)
	}
	gists, err = s.UserGists(ctx, "john")
	if err != nil {
		t.Fatal(err)
	}
	if d := diff([]Gist{g[3]}, gists); d != "" {
		t.Errorf("UserGists(john) (-want +got):\n%s", d)
	}
}

// TestLoadSampleTwice checks that loading the sample again leaves star
// counts in step with the stars and makes no second fork or star.
func TestLoadSampleTwice(t *testing.T) {
	t.Parallel()
	s, d := newStore(t, true)
	ctx := t.Context()
	if _, err := s.CloseIssue(ctx, SampleOwner, SampleRepo, 1); err != nil {
		t.Fatal(err)
	}
	if err := s.LoadSample(ctx, d); err != nil {
		t.Fatalf("second LoadSample: %v", err)
	}
	repos := sampleRepos(d)
	for _, name := range []string{"aws/dynamodb-toolbox", "aws/aws-sdk-go-v2", "john/notes", "alice/dotfiles", "bob/dynamodb-toolbox"} {
		want := repos[name]
		got, err := s.Repo(ctx, want.Owner, want.RepoName)
		if err != nil {
			t.Fatal(err)
		}
		if d := diff(want, got); d != "" {
			t.Errorf("%s after a second load (-want +got):\n%s", name, d)
		}
	}
	gazers, err := s.Stargazers(ctx, "aws", "dynamodb-toolbox")
	if err != nil {
		t.Fatal(err)
	}
	if len(gazers) != 4 {
		t.Errorf("%d stargazers after a second load, want 4", len(gazers))
	}
	forks, err := s.RepoForks(ctx, "aws", "dynamodb-toolbox")
	if err != nil {
		t.Fatal(err)
	}
	if d := diff(d.Forks[:3], forks); d != "" {
		t.Errorf("forks after a second load (-want +got):\n%s", d)
	}
	if is, err := s.Issue(ctx, SampleOwner, SampleRepo, 1); err != nil || is.Status != StatusOpen {
		t.Errorf("issue 1 after a second load: %+v, %v; want it open again", is, err)
	}
}
