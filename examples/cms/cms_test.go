package cms

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/google/go-cmp/cmp"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/internal/pagetest"
	"github.com/ddbmodel/ddbmodel/keys"
	"github.com/ddbmodel/ddbmodel/query"
)

// testNow is the fixed clock of the tests.
var testNow = time.Date(2024, 6, 1, 12, 0, 0, 0, time.UTC)

const testStamp = "2024-06-01T12:00:00.000Z"

// countingClient counts requests by operation and can run a hook before a
// transaction is sent.
type countingClient struct {
	entity.Client
	mu       sync.Mutex
	calls    map[string]int
	beforeTx func()
}

func (c *countingClient) count(op string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.calls == nil {
		c.calls = map[string]int{}
	}
	c.calls[op]++
}

func (c *countingClient) reset() map[string]int {
	c.mu.Lock()
	defer c.mu.Unlock()
	got := c.calls
	c.calls = nil
	return got
}

func (c *countingClient) GetItem(ctx context.Context, in *dynamodb.GetItemInput, o ...func(*dynamodb.Options)) (*dynamodb.GetItemOutput, error) {
	c.count("GetItem")
	return c.Client.GetItem(ctx, in, o...)
}

func (c *countingClient) Query(ctx context.Context, in *dynamodb.QueryInput, o ...func(*dynamodb.Options)) (*dynamodb.QueryOutput, error) {
	c.count("Query")
	return c.Client.Query(ctx, in, o...)
}

func (c *countingClient) TransactWriteItems(ctx context.Context, in *dynamodb.TransactWriteItemsInput, o ...func(*dynamodb.Options)) (*dynamodb.TransactWriteItemsOutput, error) {
	c.count("TransactWriteItems")
	if hook := c.beforeTx; hook != nil {
		c.beforeTx = nil
		hook()
	}
	return c.Client.TransactWriteItems(ctx, in, o...)
}

// newStore creates a fresh table with the sample data and returns a store on
// it with the fixed clock, and the counting client under it.
func newStore(t *testing.T) (*Store, *countingClient) {
	t.Helper()
	name := entitytest.NewTable(t, Table.CreateTableInput())
	cc := &countingClient{Client: entitytest.Client(t)}
	db := entity.NewDB(cc, name)
	if err := LoadSample(t.Context(), db); err != nil {
		t.Fatal(err)
	}
	cc.reset()
	return &Store{DB: db, Now: func() time.Time { return testNow }}, cc
}

func sampleArticleByID(t *testing.T, id string) Article {
	t.Helper()
	for _, a := range SampleData().Articles {
		if a.ArticleID == id {
			return a
		}
	}
	t.Fatalf("no sample article %s", id)
	return Article{}
}

func sampleVersion(t *testing.T, id string, version int) ArticleVersion {
	t.Helper()
	for _, v := range SampleData().Versions {
		if v.ArticleID == id && v.Version == version {
			return v
		}
	}
	t.Fatalf("no sample version %s/%d", id, version)
	return ArticleVersion{}
}

func articleIDs(as []Article) []string {
	var ids []string
	for _, a := range as {
		ids = append(ids, a.ArticleID)
	}
	return ids
}

func tagsOf(links []TagArticle) []string {
	var tags []string
	for _, l := range links {
		tags = append(tags, l.Tag)
	}
	return tags
}

// The sample article IDs by name.
const (
	idGettingStarted = "01HVR7SRH08EAPA4H2K8QF9YY7"
	idPatterns       = SampleArticleID
	idPipelines      = SampleVersionsArticleID
	idManyToMany     = "01HWW7MWQ0K45BDZSGPH3PRJWQ"
	idColdStarts     = "01HX7B8WW08Y1AV2398JKH9HTJ"
	idMistakes       = "01HXEGE8V05D1SBW0SM2EYPDRS"
	idVersioning     = "01HXS2WYW08QB58K23SP91CWP2"
	idOverloading    = "01HY06BD1083MWCA2X22VH51NS"
)

func TestSampleIDsAreULIDsOfTheirCreationTimes(t *testing.T) {
	t.Parallel()
	// Sample IDs are ULIDs of their creation times, so ID order is time order.
	var prev string
	for _, a := range SampleData().Articles {
		at, err := keys.ULIDTime(a.ArticleID)
		if err != nil {
			t.Fatal(err)
		}
		if got := stamp(at); got != a.CreatedAt {
			t.Errorf("%s: ULID time %s, createdAt %s", a.ArticleID, got, a.CreatedAt)
		}
		if a.ArticleID <= prev {
			t.Errorf("sample IDs not in creation order: %s after %s", a.ArticleID, prev)
		}
		prev = a.ArticleID
	}
}

type zeroReader struct{}

func (zeroReader) Read(p []byte) (int, error) { clear(p); return len(p), nil }

func TestArticle(t *testing.T) {
	t.Parallel()
	s, _ := newStore(t)
	ctx := t.Context()
	got, err := s.Article(ctx, idPatterns)
	if err != nil {
		t.Fatal(err)
	}
	want := Article{
		ArticleID: idPatterns, Title: "DynamoDB Patterns", Slug: "dynamodb-patterns",
		Excerpt: "Single-table patterns from real applications.", Status: StatusPublished, AuthorID: "u_01",
		PublishedAt: "2024-04-25T22:30:00.000Z", CurrentVersion: 3, Tags: []string{"aws", "dynamodb"},
		CreatedAt: "2024-04-25T10:30:00.000Z", UpdatedAt: "2024-04-25T22:30:00.000Z",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Article (-want +got):\n%s", diff)
	}
	_, err = s.Article(ctx, "01HZZZZZZZZZZZZZZZZZZZZZZZ")
	if !errors.Is(err, ErrArticleNotFound) || !errors.Is(err, ddbmodel.ErrNotFound) {
		t.Errorf("missing article: err = %v, want ErrArticleNotFound", err)
	}
}

func TestArticleWithCurrentBody(t *testing.T) {
	t.Parallel()
	s, cc := newStore(t)
	ctx := t.Context()
	for _, tc := range []struct {
		id      string
		version int
	}{{idPatterns, 3}, {idPipelines, 12}, {idManyToMany, 1}} {
		got, err := s.ArticleWithCurrentBody(ctx, tc.id)
		if err != nil {
			t.Fatal(err)
		}
		want := ArticleWithBody{Article: sampleArticleByID(t, tc.id), Current: sampleVersion(t, tc.id, tc.version)}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tc.id, diff)
		}
		// Two single-item reads; no query over the versions.
		if diff := cmp.Diff(map[string]int{"GetItem": 2}, cc.reset()); diff != "" {
			t.Errorf("%s: requests (-want +got):\n%s", tc.id, diff)
		}
	}
	if got, _ := s.ArticleWithCurrentBody(ctx, idPatterns); got.Current.Body != "Published version..." {
		t.Errorf("current body = %q", got.Current.Body)
	}
	if _, err := s.ArticleWithCurrentBody(ctx, "nope"); !errors.Is(err, ErrArticleNotFound) {
		t.Errorf("missing article: err = %v, want ErrArticleNotFound", err)
	}
}

func TestVersion(t *testing.T) {
	t.Parallel()
	s, _ := newStore(t)
	ctx := t.Context()
	got, err := s.Version(ctx, idPatterns, 2)
	if err != nil {
		t.Fatal(err)
	}
	want := ArticleVersion{ArticleID: idPatterns, Version: 2, Body: "Revised draft...", WordCount: 620, CreatedBy: "u_01", CreatedAt: "2024-04-25T16:30:00.000Z"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Version (-want +got):\n%s", diff)
	}
	got, err = s.Version(ctx, idPipelines, 10)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(sampleVersion(t, idPipelines, 10), got); diff != "" {
		t.Errorf("Version 10 (-want +got):\n%s", diff)
	}
	_, err = s.Version(ctx, idPatterns, 4)
	if !errors.Is(err, ErrVersionNotFound) || !errors.Is(err, ddbmodel.ErrNotFound) {
		t.Errorf("missing version: err = %v, want ErrVersionNotFound", err)
	}
}

func TestVersions(t *testing.T) {
	t.Parallel()
	s, _ := newStore(t)
	ctx := t.Context()
	summary := func(v ArticleVersion) ArticleVersion { v.Body = ""; return v }
	got, err := s.Versions(ctx, idPatterns)
	if err != nil {
		t.Fatal(err)
	}
	want := []ArticleVersion{
		{ArticleID: idPatterns, Version: 1, WordCount: 450, CreatedBy: "u_01", CreatedAt: "2024-04-25T10:30:00.000Z"},
		{ArticleID: idPatterns, Version: 2, WordCount: 620, CreatedBy: "u_01", CreatedAt: "2024-04-25T16:30:00.000Z"},
		{ArticleID: idPatterns, Version: 3, WordCount: 780, CreatedBy: "u_01", CreatedAt: "2024-04-25T22:30:00.000Z"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Versions (-want +got):\n%s", diff)
	}
	// Twelve versions: 10, 11 and 12 come after 9, and no body is read.
	got, err = s.Versions(ctx, idPipelines)
	if err != nil {
		t.Fatal(err)
	}
	want = nil
	for k := 1; k <= 12; k++ {
		want = append(want, summary(sampleVersion(t, idPipelines, k)))
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Versions of %s (-want +got):\n%s", idPipelines, diff)
	}
}

func TestVersionSortKey(t *testing.T) {
	t.Parallel()
	for v, want := range map[int]string{1: "VERSION#000001", 9: "VERSION#000009", 10: "VERSION#000010", 12: "VERSION#000012"} {
		key, err := Versions.Key(entity.Values{"articleId": idPipelines, "version": v})
		if err != nil {
			t.Fatal(err)
		}
		sk, _ := key["sk"].(*types.AttributeValueMemberS)
		if sk == nil || sk.Value != want {
			t.Errorf("sk of version %d = %v, want %s", v, key["sk"], want)
		}
	}
}

func TestArticlesByAuthor(t *testing.T) {
	t.Parallel()
	s, _ := newStore(t)
	ctx := t.Context()
	got, err := s.ArticlesByAuthor(ctx, "u_01")
	if err != nil {
		t.Fatal(err)
	}
	// Newest first.
	want := []Article{sampleArticleByID(t, idOverloading), sampleArticleByID(t, idManyToMany), sampleArticleByID(t, idPatterns), sampleArticleByID(t, idGettingStarted)}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("ArticlesByAuthor(u_01) (-want +got):\n%s", diff)
	}
	got, err = s.ArticlesByAuthor(ctx, "u_03")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{idVersioning, idMistakes}, articleIDs(got)); diff != "" {
		t.Errorf("ArticlesByAuthor(u_03) (-want +got):\n%s", diff)
	}
	got, err = s.ArticlesByAuthor(ctx, "u_99")
	if err != nil || len(got) != 0 {
		t.Errorf("ArticlesByAuthor(u_99) = %v, %v; want none", got, err)
	}
	// Pages of one and of three give the same list.
	for _, limit := range []int{1, 3} {
		all, pages := pagetest.Pages(t, limit, func(cursor string) (query.Page[Article], error) {
			return s.ArticlesByAuthorPage(ctx, "u_01", limit, cursor)
		})
		if diff := cmp.Diff(want, all); diff != "" {
			t.Errorf("limit %d: pages (-want +got):\n%s", limit, diff)
		}
		if pages < 2 {
			t.Errorf("limit %d: %d pages", limit, pages)
		}
	}
}

func TestArticlesByTag(t *testing.T) {
	t.Parallel()
	s, _ := newStore(t)
	ctx := t.Context()
	got, err := s.ArticlesByTag(ctx, "dynamodb")
	if err != nil {
		t.Fatal(err)
	}
	// The public tag page lists published articles only: the drafts
	// idVersioning and idManyToMany and the archived idColdStarts carry
	// these tags too.
	var want []Article
	for _, id := range []string{idOverloading, idMistakes, idPatterns, idGettingStarted} {
		want = append(want, sampleArticleByID(t, id))
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("ArticlesByTag(dynamodb) (-want +got):\n%s", diff)
	}
	got, err = s.ArticlesByTag(ctx, "serverless")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{idPipelines}, articleIDs(got)); diff != "" {
		t.Errorf("ArticlesByTag(serverless) (-want +got):\n%s", diff)
	}
	all, pages := pagetest.Pages(t, 3, func(cursor string) (query.Page[Article], error) {
		return s.ArticlesByTagPage(ctx, "dynamodb", 3, cursor)
	})
	if diff := cmp.Diff(want, all); diff != "" {
		t.Errorf("pages (-want +got):\n%s", diff)
	}
	if pages != 2 {
		t.Errorf("%d pages of 3 for 4 articles, want 2", pages)
	}
	// The editors' view of the tag (the table's TAG# partition) still has
	// every article of it.
	if diff := cmp.Diff([]string{idOverloading, idVersioning, idMistakes, idManyToMany, idPatterns, idGettingStarted}, allTagged(t, s, "dynamodb")); diff != "" {
		t.Errorf("AllArticlesByTagQuery(dynamodb) (-want +got):\n%s", diff)
	}
}

func TestTagsOfArticle(t *testing.T) {
	t.Parallel()
	s, _ := newStore(t)
	ctx := t.Context()
	got, err := s.TagsOfArticle(ctx, idPatterns)
	if err != nil {
		t.Fatal(err)
	}
	want := []TagArticle{
		{Tag: "aws", ArticleID: idPatterns, TaggedAt: "2024-04-25T10:30:00.000Z", PublishedTag: "aws"},
		{Tag: "dynamodb", ArticleID: idPatterns, TaggedAt: "2024-04-25T10:30:00.000Z", PublishedTag: "dynamodb"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("TagsOfArticle (-want +got):\n%s", diff)
	}
	got, err = s.TagsOfArticle(ctx, idColdStarts)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"aws", "lambda", "serverless"}, tagsOf(got)); diff != "" {
		t.Errorf("TagsOfArticle(%s) (-want +got):\n%s", idColdStarts, diff)
	}
	// Every article's junction items agree with its tags set.
	for _, a := range SampleData().Articles {
		got, err := s.TagsOfArticle(ctx, a.ArticleID)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(a.Tags, tagsOf(got)); diff != "" {
			t.Errorf("%s: junction vs set (-set +junction):\n%s", a.ArticleID, diff)
		}
	}
}

func TestPublishVersion(t *testing.T) {
	t.Parallel()
	s, _ := newStore(t)
	ctx := t.Context()
	v, err := s.PublishVersion(ctx, idPatterns, "Fourth version, with a new section.", "u_02")
	if err != nil {
		t.Fatal(err)
	}
	wantV := ArticleVersion{ArticleID: idPatterns, Version: 4, Body: "Fourth version, with a new section.", WordCount: 6, CreatedBy: "u_02", CreatedAt: testStamp}
	if diff := cmp.Diff(wantV, v); diff != "" {
		t.Errorf("PublishVersion (-want +got):\n%s", diff)
	}
	got, err := s.ArticleWithCurrentBody(ctx, idPatterns)
	if err != nil {
		t.Fatal(err)
	}
	wantA := sampleArticleByID(t, idPatterns)
	wantA.CurrentVersion, wantA.UpdatedAt = 4, testStamp
	if diff := cmp.Diff(ArticleWithBody{Article: wantA, Current: wantV}, got); diff != "" {
		t.Errorf("after publish (-want +got):\n%s", diff)
	}
	vs, err := s.Versions(ctx, idPatterns)
	if err != nil {
		t.Fatal(err)
	}
	if len(vs) != 4 || vs[3].Version != 4 {
		t.Errorf("versions after publish: %+v", vs)
	}
	_, err = s.PublishVersion(ctx, "01HZZZZZZZZZZZZZZZZZZZZZZZ", "x", "u_01")
	if !errors.Is(err, ErrArticleNotFound) {
		t.Errorf("publish to a missing article: err = %v, want ErrArticleNotFound", err)
	}
}

// TestPublishConflict lets another writer publish between a writer's read
// and its transaction: the writer gets the typed conflict and wrote nothing;
// its retry publishes on top.
func TestPublishConflict(t *testing.T) {
	t.Parallel()
	s, cc := newStore(t)
	ctx := t.Context()
	other := &Store{DB: entity.NewDB(cc.Client, s.DB.TableName), Now: s.Now}
	cc.beforeTx = func() {
		if _, err := other.PublishVersion(ctx, idPatterns, "the winner", "u_02"); err != nil {
			t.Errorf("winner: %v", err)
		}
	}
	_, err := s.PublishVersion(ctx, idPatterns, "the loser", "u_01")
	var pc *PublishConflictError
	if !errors.As(err, &pc) || !errors.Is(err, ErrPublishConflict) {
		t.Fatalf("err = %v, want a *PublishConflictError", err)
	}
	if pc.ArticleID != idPatterns || pc.Version != 4 {
		t.Errorf("conflict = %+v, want version 4 of %s", pc, idPatterns)
	}
	var tc *ddbmodel.TxCanceledError
	if !errors.As(err, &tc) {
		t.Errorf("conflict does not wrap the canceled transaction: %v", err)
	}
	// Nothing of the loser was written: version 4 is the winner's.
	got, err := s.ArticleWithCurrentBody(ctx, idPatterns)
	if err != nil {
		t.Fatal(err)
	}
	if got.Article.CurrentVersion != 4 || got.Current.Body != "the winner" {
		t.Errorf("after conflict: currentVersion %d, body %q; want 4, the winner", got.Article.CurrentVersion, got.Current.Body)
	}
	// The retry reads version 4 and publishes 5.
	v, err := s.PublishVersion(ctx, idPatterns, "the loser", "u_01")
	if err != nil {
		t.Fatal(err)
	}
	if v.Version != 5 {
		t.Errorf("retry published version %d, want 5", v.Version)
	}
}

// TestConcurrentPublish runs N writers at once on a new article (created
// with its version 1), each retrying on the typed conflict until it
// succeeds: the versions are exactly 1..N+1, each writer's body appears
// once, and currentVersion is N+1.
func TestConcurrentPublish(t *testing.T) {
	t.Parallel()
	s, _ := newStore(t)
	ctx := t.Context()
	a, err := s.CreateArticle(ctx, Article{ArticleID: "01HZ0000000000000000000000", Title: "Contended", AuthorID: "u_01"}, "version one")
	if err != nil {
		t.Fatal(err)
	}
	const n = 8
	var conflicts atomic.Int64
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			body := fmt.Sprintf("writer %d", i)
			for attempt := 0; ; attempt++ {
				_, err := s.PublishVersion(ctx, a.ArticleID, body, "u_01")
				if err == nil {
					return
				}
				if !errors.Is(err, ErrPublishConflict) || attempt > 200 {
					t.Errorf("writer %d: %v", i, err)
					return
				}
				conflicts.Add(1)
			}
		}()
	}
	wg.Wait()
	got, err := s.Article(ctx, a.ArticleID)
	if err != nil {
		t.Fatal(err)
	}
	if got.CurrentVersion != n+1 {
		t.Errorf("currentVersion = %d, want %d", got.CurrentVersion, n+1)
	}
	vs, err := s.Versions(ctx, a.ArticleID)
	if err != nil {
		t.Fatal(err)
	}
	var nums []int
	for _, v := range vs {
		nums = append(nums, v.Version)
	}
	var want []int
	for k := 1; k <= n+1; k++ {
		want = append(want, k)
	}
	if diff := cmp.Diff(want, nums); diff != "" {
		t.Errorf("versions (-want +got):\n%s", diff)
	}
	var bodies []string
	for k := 2; k <= n+1; k++ {
		v, err := s.Version(ctx, a.ArticleID, k)
		if err != nil {
			t.Fatal(err)
		}
		bodies = append(bodies, v.Body)
	}
	slices.Sort(bodies)
	var wantBodies []string
	for i := range n {
		wantBodies = append(wantBodies, fmt.Sprintf("writer %d", i))
	}
	if diff := cmp.Diff(wantBodies, bodies); diff != "" {
		t.Errorf("bodies (-want +got):\n%s", diff)
	}
	t.Logf("%d conflicts retried", conflicts.Load())
}

func TestAddAndRemoveTag(t *testing.T) {
	t.Parallel()
	s, _ := newStore(t)
	ctx := t.Context()
	if err := s.AddTag(ctx, idPatterns, "serverless"); err != nil {
		t.Fatal(err)
	}
	check := func(wantTags []string, tagPages map[string][]string) {
		t.Helper()
		a, err := s.Article(ctx, idPatterns)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(wantTags, a.Tags); diff != "" {
			t.Errorf("card tags (-want +got):\n%s", diff)
		}
		if a.UpdatedAt != testStamp {
			t.Errorf("updatedAt = %s, want %s", a.UpdatedAt, testStamp)
		}
		links, err := s.TagsOfArticle(ctx, idPatterns)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(wantTags, tagsOf(links)); diff != "" {
			t.Errorf("AP7 tags (-want +got):\n%s", diff)
		}
		for tag, wantIDs := range tagPages {
			as, err := s.ArticlesByTag(ctx, tag)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(wantIDs, articleIDs(as)); diff != "" {
				t.Errorf("AP6 %s (-want +got):\n%s", tag, diff)
			}
		}
	}
	check([]string{"aws", "dynamodb", "serverless"}, map[string][]string{
		"serverless": {idPipelines, idPatterns},
	})
	links, err := s.TagsOfArticle(ctx, idPatterns)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(TagArticle{Tag: "serverless", ArticleID: idPatterns, TaggedAt: testStamp, PublishedTag: "serverless"}, links[2]); diff != "" {
		t.Errorf("new junction item (-want +got):\n%s", diff)
	}
	if err := s.RemoveTag(ctx, idPatterns, "aws"); err != nil {
		t.Fatal(err)
	}
	check([]string{"dynamodb", "serverless"}, map[string][]string{
		"aws": {idOverloading, idPipelines, idGettingStarted},
	})
	// Removing the last tags removes the set.
	for _, tag := range []string{"dynamodb", "serverless"} {
		if err := s.RemoveTag(ctx, idPatterns, tag); err != nil {
			t.Fatal(err)
		}
	}
	check(nil, nil)
}

// TestTagChangeFailures: a failed tag change leaves the junction items and
// the article's tags set as they were.
func TestTagChangeFailures(t *testing.T) {
	t.Parallel()
	s, _ := newStore(t)
	ctx := t.Context()
	snapshot := func(id string) (Article, []TagArticle) {
		t.Helper()
		a, err := s.Article(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		links, err := s.TagsOfArticle(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		return a, links
	}
	unchanged := func(what, id string, beforeA Article, beforeL []TagArticle) {
		t.Helper()
		a, links := snapshot(id)
		if diff := cmp.Diff(beforeA, a); diff != "" {
			t.Errorf("%s: article changed (-before +after):\n%s", what, diff)
		}
		if diff := cmp.Diff(beforeL, links); diff != "" {
			t.Errorf("%s: junction items changed (-before +after):\n%s", what, diff)
		}
	}
	a0, l0 := snapshot(idPatterns)

	err := s.AddTag(ctx, idPatterns, "aws")
	if !errors.Is(err, ErrTagExists) {
		t.Errorf("adding an existing tag: err = %v, want ErrTagExists", err)
	}
	var tc *ddbmodel.TxCanceledError
	if !errors.As(err, &tc) {
		t.Errorf("ErrTagExists does not wrap the canceled transaction: %v", err)
	}
	unchanged("add existing", idPatterns, a0, l0)

	err = s.RemoveTag(ctx, idPatterns, "lambda")
	if !errors.Is(err, ErrTagNotFound) {
		t.Errorf("removing an absent tag: err = %v, want ErrTagNotFound", err)
	}
	unchanged("remove absent", idPatterns, a0, l0)

	err = s.AddTag(ctx, idPatterns, "Not A Tag")
	if !errors.Is(err, ErrBadTag) {
		t.Errorf("bad tag: err = %v, want ErrBadTag", err)
	}
	unchanged("bad tag", idPatterns, a0, l0)

	// Tagging a missing article creates no junction item.
	err = s.AddTag(ctx, "01HZZZZZZZZZZZZZZZZZZZZZZZ", "dynamodb")
	if !errors.Is(err, ErrArticleNotFound) {
		t.Errorf("tagging a missing article: err = %v, want ErrArticleNotFound", err)
	}
	links, err := s.TagsOfArticle(ctx, "01HZZZZZZZZZZZZZZZZZZZZZZZ")
	if err != nil || len(links) != 0 {
		t.Errorf("junction items of a missing article: %v, %v", links, err)
	}
	as, err := s.ArticlesByTag(ctx, "dynamodb")
	if err != nil || len(as) != 4 {
		t.Errorf("AP6 dynamodb after a failed tag: %d articles, %v; want 4", len(as), err)
	}

	// A junction item without its set element (written behind the
	// workflow's back): removing the tag fails on the set's condition, and
	// the junction delete in the same transaction does not happen either.
	if _, err := TagArticles.Put(TagArticle{Tag: "orphan", ArticleID: idPatterns, TaggedAt: testStamp}).Run(ctx, s.DB); err != nil {
		t.Fatal(err)
	}
	a1, l1 := snapshot(idPatterns)
	err = s.RemoveTag(ctx, idPatterns, "orphan")
	if !errors.Is(err, ErrTagNotFound) {
		t.Errorf("removing a tag missing from the set: err = %v, want ErrTagNotFound", err)
	}
	unchanged("half-present tag", idPatterns, a1, l1)
}

func TestCreateArticle(t *testing.T) {
	t.Parallel()
	s, _ := newStore(t)
	ctx := t.Context()
	s.NewID = func(at time.Time) (string, error) { return keys.ULIDAt(at, zeroReader{}) }
	a, err := s.CreateArticle(ctx, Article{Title: "Hello, Tags!", AuthorID: "u_02", Tags: []string{"dynamodb", "aws", "dynamodb"}}, "the first body here")
	if err != nil {
		t.Fatal(err)
	}
	want := Article{
		ArticleID: "01HZ9TQGG00000000000000000", Title: "Hello, Tags!", Slug: "hello-tags", Status: StatusDraft,
		AuthorID: "u_02", CurrentVersion: 1, Tags: []string{"aws", "dynamodb"}, CreatedAt: testStamp, UpdatedAt: testStamp,
	}
	if diff := cmp.Diff(want, a); diff != "" {
		t.Errorf("CreateArticle (-want +got):\n%s", diff)
	}
	got, err := s.ArticleWithCurrentBody(ctx, a.ArticleID)
	if err != nil {
		t.Fatal(err)
	}
	wantV := ArticleVersion{ArticleID: a.ArticleID, Version: 1, Body: "the first body here", WordCount: 4, CreatedBy: "u_02", CreatedAt: testStamp}
	if diff := cmp.Diff(ArticleWithBody{Article: want, Current: wantV}, got); diff != "" {
		t.Errorf("AP2 of the new article (-want +got):\n%s", diff)
	}
	links, err := s.TagsOfArticle(ctx, a.ArticleID)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"aws", "dynamodb"}, tagsOf(links)); diff != "" {
		t.Errorf("AP7 of the new article (-want +got):\n%s", diff)
	}
	byAuthor, err := s.ArticlesByAuthor(ctx, "u_02")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{a.ArticleID, idColdStarts, idPipelines}, articleIDs(byAuthor)); diff != "" {
		t.Errorf("AP5 newest first (-want +got):\n%s", diff)
	}

	// The same ID again: nothing is written.
	_, err = s.CreateArticle(ctx, Article{ArticleID: a.ArticleID, Title: "Other", AuthorID: "u_03", Tags: []string{"lambda"}}, "other")
	if !errors.Is(err, ErrArticleExists) || !errors.Is(err, ddbmodel.ErrAlreadyExists) {
		t.Errorf("duplicate: err = %v, want ErrArticleExists", err)
	}
	if diff := cmp.Diff([]string{idColdStarts}, allTagged(t, s, "lambda")); diff != "" {
		t.Errorf("junction items of lambda after the failed create (-want +got):\n%s", diff)
	}
	// Invalid articles are refused before anything is sent.
	_, err = s.CreateArticle(ctx, Article{Title: "Bad", AuthorID: "u_01", Status: "deleted"}, "x")
	var ve *ddbmodel.ValidationError
	if !errors.As(err, &ve) || ve.Attribute != "status" {
		t.Errorf("bad status: err = %v, want a ValidationError on status", err)
	}
	_, err = s.CreateArticle(ctx, Article{Title: "Bad", AuthorID: "u_01", Tags: []string{"No Spaces"}}, "x")
	if !errors.Is(err, ErrBadTag) || !errors.Is(err, ddbmodel.ErrInvalid) {
		t.Errorf("bad tag: err = %v, want ErrBadTag", err)
	}
}

// TestLoadSampleAgain: loading the sample on a table an earlier run changed
// restores the sample exactly.
func TestLoadSampleAgain(t *testing.T) {
	t.Parallel()
	s, _ := newStore(t)
	ctx := t.Context()
	if _, err := s.PublishVersion(ctx, idPatterns, "v4", "u_01"); err != nil {
		t.Fatal(err)
	}
	if err := s.AddTag(ctx, idPatterns, "lambda"); err != nil {
		t.Fatal(err)
	}
	if err := s.RemoveTag(ctx, idPatterns, "aws"); err != nil {
		t.Fatal(err)
	}
	if err := LoadSample(ctx, s.DB); err != nil {
		t.Fatal(err)
	}
	for _, a := range SampleData().Articles {
		got, err := s.Article(ctx, a.ArticleID)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(a, got); diff != "" {
			t.Errorf("%s (-want +got):\n%s", a.ArticleID, diff)
		}
		links, err := s.TagsOfArticle(ctx, a.ArticleID)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(a.Tags, tagsOf(links)); diff != "" {
			t.Errorf("%s tags (-want +got):\n%s", a.ArticleID, diff)
		}
		vs, err := s.Versions(ctx, a.ArticleID)
		if err != nil {
			t.Fatal(err)
		}
		if len(vs) != a.CurrentVersion {
			t.Errorf("%s: %d versions, want %d", a.ArticleID, len(vs), a.CurrentVersion)
		}
	}
	if diff := cmp.Diff([]string{idColdStarts}, allTagged(t, s, "lambda")); diff != "" {
		t.Errorf("junction items of lambda (-want +got):\n%s", diff)
	}
	as, err := s.ArticlesByTag(ctx, "lambda") // idColdStarts is archived
	if err != nil || len(as) != 0 {
		t.Errorf("AP6 lambda: %v, %v; want no article", articleIDs(as), err)
	}
}

// allTagged returns the IDs of every article tagged tag, whatever its
// status (the table's TAG# partition), newest first.
func allTagged(t *testing.T, s *Store, tag string) []string {
	t.Helper()
	links, err := AllArticlesByTagQuery(tag).Collect(t.Context(), s.DB)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, l := range links {
		ids = append(ids, l.ArticleID)
	}
	return ids
}
