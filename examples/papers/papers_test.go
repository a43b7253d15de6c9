package papers

import (
	"errors"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/google/go-cmp/cmp"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/internal/pagetest"
	"github.com/ddbmodel/ddbmodel/query"
)

// newDB creates a fresh table with the sample data.
func newDB(t *testing.T) *entity.DB {
	t.Helper()
	db := entitytest.NewDB(t, Table)
	if err := LoadSample(t.Context(), db); err != nil {
		t.Fatal(err)
	}
	return db
}

func samplePaper(t *testing.T, id string) Paper {
	t.Helper()
	for _, p := range SampleData().Papers {
		if p.ID == id {
			return p
		}
	}
	t.Fatalf("no sample paper %s", id)
	return Paper{}
}

func samplePapers(t *testing.T, ids ...string) []Paper {
	t.Helper()
	var out []Paper
	for _, id := range ids {
		out = append(out, samplePaper(t, id))
	}
	return out
}

func paperIDs(ps []Paper) []string {
	var ids []string
	for _, p := range ps {
		ids = append(ids, p.ID)
	}
	return ids
}

func TestPaperByID(t *testing.T) {
	t.Parallel()
	db := newDB(t)
	got, err := PaperByID(t.Context(), db, SamplePaperID)
	if err != nil {
		t.Fatal(err)
	}
	want := Paper{
		ID: "wp-002", Title: "A Single-Table DynamoDB Model",
		Abstract: "This paper works through a single-table DynamoDB design from access patterns to keys, GSIs, and the cost model that makes it attractive for a zero-cost-when-idle stack.",
		Version:  "0.3", Status: StatusDraft, Collection: "Data & Storage", Date: "2026-03-10T00:00:00Z",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("PaperByID (-want +got):\n%s", diff)
	}
	_, err = PaperByID(t.Context(), db, "wp-999")
	if !errors.Is(err, ErrPaperNotFound) || !errors.Is(err, ddbmodel.ErrNotFound) {
		t.Errorf("missing paper: err = %v, want ErrPaperNotFound", err)
	}
}

func TestPaperWithAuthors(t *testing.T) {
	t.Parallel()
	db := newDB(t)
	got, err := PaperWithAuthorsByID(t.Context(), db, SamplePaperID)
	if err != nil {
		t.Fatal(err)
	}
	want := PaperWithAuthors{
		Paper: samplePaper(t, SamplePaperID),
		Authors: []Membership{
			{PaperID: "wp-002", Handle: "guest", Role: RoleContributor},
			{PaperID: "wp-002", Handle: "jon", Role: RoleAuthor},
		},
		Topics: []PaperTopic{{PaperID: "wp-002", Topic: "cost"}, {PaperID: "wp-002", Topic: "data-modeling"}, {PaperID: "wp-002", Topic: "dynamodb"}},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("PaperWithAuthorsByID (-want +got):\n%s", diff)
	}
	// One request.
	in, err := PaperPartitionQuery(SamplePaperID).Build()
	if err != nil {
		t.Fatal(err)
	}
	if in.IndexName != nil {
		t.Errorf("Figure 1 queries index %s, want the table", *in.IndexName)
	}
	_, err = PaperWithAuthorsByID(t.Context(), db, "wp-999")
	if !errors.Is(err, ErrPaperNotFound) {
		t.Errorf("missing paper: err = %v, want ErrPaperNotFound", err)
	}
}

func TestPapersInCollection(t *testing.T) {
	t.Parallel()
	db := newDB(t)
	ctx := t.Context()
	got, err := PapersInCollection(ctx, db, "Data & Storage")
	if err != nil {
		t.Fatal(err)
	}
	// Newest first; wp-004 (2026-03-10T01:00+02:00 = 2026-03-09T23:00Z) is
	// older than wp-002 (2026-03-10T00:00Z) although its text sorts after.
	want := samplePapers(t, "wp-007", "wp-002", "wp-004", "wp-001")
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("PapersInCollection (-want +got):\n%s", diff)
	}
	got, err = PapersInCollection(ctx, db, "Infrastructure")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"wp-008", "wp-005", "wp-003"}, paperIDs(got)); diff != "" {
		t.Errorf("Infrastructure (-want +got):\n%s", diff)
	}
	all, pages := pagetest.Pages(t, 3, func(cursor string) (query.Page[Paper], error) {
		return PapersInCollectionPage(ctx, db, "Data & Storage", 3, cursor)
	})
	if diff := cmp.Diff(want, all); diff != "" {
		t.Errorf("pages (-want +got):\n%s", diff)
	}
	if pages != 2 {
		t.Errorf("%d pages, want 2", pages)
	}
}

func TestPapersByAuthor(t *testing.T) {
	t.Parallel()
	db := newDB(t)
	ctx := t.Context()
	want := []AuthoredPaper{
		{Role: RoleAuthor, Paper: samplePaper(t, "wp-001")},
		{Role: RoleAuthor, Paper: samplePaper(t, "wp-002")},
		{Role: RoleAuthor, Paper: samplePaper(t, "wp-004")},
		{Role: RoleContributor, Paper: samplePaper(t, "wp-006")},
		{Role: RoleAuthor, Paper: samplePaper(t, "wp-007")},
	}
	got, err := PapersByAuthor(ctx, db, "jon")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("PapersByAuthor(jon) (-want +got):\n%s", diff)
	}
	for _, limit := range []int{1, 2} {
		all, pages := pagetest.Pages(t, limit, func(cursor string) (query.Page[AuthoredPaper], error) {
			return PapersByAuthorPage(ctx, db, "jon", limit, cursor)
		})
		if diff := cmp.Diff(want, all); diff != "" {
			t.Errorf("limit %d: pages (-want +got):\n%s", limit, diff)
		}
		if wantPages := (len(want) + limit - 1) / limit; pages < wantPages {
			t.Errorf("limit %d: %d pages, want at least %d", limit, pages, wantPages)
		}
	}
	got, err = PapersByAuthor(ctx, db, "nobody")
	if err != nil || len(got) != 0 {
		t.Errorf("PapersByAuthor(nobody) = %v, %v; want none", got, err)
	}
}

func TestPapersWithTopic(t *testing.T) {
	t.Parallel()
	db := newDB(t)
	ctx := t.Context()
	want := samplePapers(t, "wp-001", "wp-003", "wp-005", "wp-008")
	got, err := PapersWithTopic(ctx, db, "serverless")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("PapersWithTopic(serverless) (-want +got):\n%s", diff)
	}
	got, err = PapersWithTopic(ctx, db, "dynamodb")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"wp-002", "wp-004", "wp-007"}, paperIDs(got)); diff != "" {
		t.Errorf("PapersWithTopic(dynamodb) (-want +got):\n%s", diff)
	}
	all, pages := pagetest.Pages(t, 3, func(cursor string) (query.Page[Paper], error) {
		return PapersWithTopicPage(ctx, db, "serverless", 3, cursor)
	})
	if diff := cmp.Diff(want, all); diff != "" {
		t.Errorf("pages (-want +got):\n%s", diff)
	}
	if pages != 2 {
		t.Errorf("%d pages of 3 for 4 papers, want 2", pages)
	}
}

// TestGSI2IsSparse: only topic items carry GSI2 keys.
func TestGSI2IsSparse(t *testing.T) {
	t.Parallel()
	db := newDB(t)
	out, err := db.Client.Scan(t.Context(), &dynamodb.ScanInput{TableName: aws.String(db.TableName), IndexName: aws.String("GSI2")})
	if err != nil {
		t.Fatal(err)
	}
	if want := len(SampleData().Topics); int(out.Count) != want {
		t.Errorf("GSI2 holds %d items, want %d (the topic items)", out.Count, want)
	}
	for _, it := range out.Items {
		if e := it[Table.EntityAttr()].(*types.AttributeValueMemberS).Value; e != PaperTopics.Name() {
			t.Errorf("GSI2 holds a %s item", e)
		}
	}
}

func TestAuthorByHandle(t *testing.T) {
	t.Parallel()
	db := newDB(t)
	got, err := AuthorByHandle(t.Context(), db, "jon")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(Author{Handle: "jon", Name: "Jon", Affiliation: "Prosyon Research"}, got); diff != "" {
		t.Errorf("AuthorByHandle (-want +got):\n%s", diff)
	}
	_, err = AuthorByHandle(t.Context(), db, "nobody")
	if !errors.Is(err, ErrAuthorNotFound) || !errors.Is(err, ddbmodel.ErrNotFound) {
		t.Errorf("missing author: err = %v, want ErrAuthorNotFound", err)
	}
}

func TestAddPaper(t *testing.T) {
	t.Parallel()
	db := newDB(t)
	ctx := t.Context()
	p := Paper{ID: "wp-009", Title: "Overloaded Indexes Under Load", Version: "0.1", Collection: "Data & Storage", Date: "2026-06-01T12:00:00Z"}
	authors := []Membership{{Handle: "mei", Role: RoleAuthor}, {Handle: "jon", Role: RoleContributor}}
	if err := AddPaper(ctx, db, p, authors, []string{"dynamodb", "cost", "dynamodb"}); err != nil {
		t.Fatal(err)
	}
	got, err := PaperWithAuthorsByID(ctx, db, "wp-009")
	if err != nil {
		t.Fatal(err)
	}
	wantP := p
	wantP.Status = StatusDraft
	want := PaperWithAuthors{
		Paper:   wantP,
		Authors: []Membership{{PaperID: "wp-009", Handle: "jon", Role: RoleContributor}, {PaperID: "wp-009", Handle: "mei", Role: RoleAuthor}},
		Topics:  []PaperTopic{{PaperID: "wp-009", Topic: "cost"}, {PaperID: "wp-009", Topic: "dynamodb"}},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("added paper (-want +got):\n%s", diff)
	}
	// It shows up in A2 (newest), A3 and A4.
	coll, err := PapersInCollection(ctx, db, "Data & Storage")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"wp-009", "wp-007", "wp-002", "wp-004", "wp-001"}, paperIDs(coll)); diff != "" {
		t.Errorf("A2 (-want +got):\n%s", diff)
	}
	mine, err := PapersByAuthor(ctx, db, "mei")
	if err != nil {
		t.Fatal(err)
	}
	if n := len(mine); n != 4 || mine[3].Paper.ID != "wp-009" || mine[3].Role != RoleAuthor {
		t.Errorf("A3 mei: %+v", mine)
	}
	withCost, err := PapersWithTopic(ctx, db, "cost")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"wp-001", "wp-002", "wp-005", "wp-009"}, paperIDs(withCost)); diff != "" {
		t.Errorf("A4 cost (-want +got):\n%s", diff)
	}
}

// TestAddPaperFailures: a failed AddPaper writes nothing.
func TestAddPaperFailures(t *testing.T) {
	t.Parallel()
	db := newDB(t)
	ctx := t.Context()
	nothingOf := func(what, id, topic string) {
		t.Helper()
		res, err := PaperPartitionQuery(id).Collect(ctx, db)
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Items) != 0 {
			t.Errorf("%s: the partition of %s holds %d items, want none", what, id, len(res.Items))
		}
		ps, err := PapersWithTopic(ctx, db, topic)
		if err != nil {
			t.Fatal(err)
		}
		if len(ps) != 0 {
			t.Errorf("%s: topic %s lists %v", what, topic, paperIDs(ps))
		}
	}
	p := Paper{ID: "wp-010", Title: "Ghost Paper", Collection: "Security", Date: "2026-06-02T00:00:00Z"}

	err := AddPaper(ctx, db, p, []Membership{{Handle: "jon", Role: RoleAuthor}, {Handle: "nobody", Role: RoleAuthor}, {Handle: "ghost", Role: RoleContributor}}, []string{"ghosts"})
	var ua *UnknownAuthorError
	if !errors.As(err, &ua) || !errors.Is(err, ErrUnknownAuthor) {
		t.Fatalf("unknown author: err = %v, want *UnknownAuthorError", err)
	}
	if diff := cmp.Diff([]string{"nobody", "ghost"}, ua.Handles); diff != "" {
		t.Errorf("unknown handles (-want +got):\n%s", diff)
	}
	nothingOf("unknown author", "wp-010", "ghosts")
	jon, err := PapersByAuthor(ctx, db, "jon")
	if err != nil || len(jon) != 5 {
		t.Errorf("A3 jon after the failure: %d papers, %v; want 5", len(jon), err)
	}

	// An existing id: nothing of the new paper is written, the old one is intact.
	err = AddPaper(ctx, db, Paper{ID: SamplePaperID, Title: "Impostor", Collection: "Security", Date: "2026-06-02T00:00:00Z"},
		[]Membership{{Handle: "mei", Role: RoleAuthor}}, []string{"ghosts"})
	if !errors.Is(err, ErrPaperExists) || !errors.Is(err, ddbmodel.ErrAlreadyExists) {
		t.Errorf("existing paper: err = %v, want ErrPaperExists", err)
	}
	got, err := PaperWithAuthorsByID(ctx, db, SamplePaperID)
	if err != nil {
		t.Fatal(err)
	}
	if got.Paper.Title != "A Single-Table DynamoDB Model" || len(got.Authors) != 2 || len(got.Topics) != 3 {
		t.Errorf("wp-002 after the failed add: %+v", got)
	}

	// Invalid items are refused before anything is sent.
	err = AddPaper(ctx, db, p, []Membership{{Handle: "jon", Role: "editor"}}, nil)
	var ve *ddbmodel.ValidationError
	if !errors.As(err, &ve) || ve.Attribute != "role" {
		t.Errorf("bad role: err = %v, want a ValidationError on role", err)
	}
	err = AddPaper(ctx, db, p, []Membership{{Handle: "jon", Role: RoleAuthor}}, []string{"Not A Topic"})
	if !errors.Is(err, ErrBadTopic) || !errors.Is(err, ddbmodel.ErrInvalid) {
		t.Errorf("bad topic: err = %v, want ErrBadTopic", err)
	}
	err = AddPaper(ctx, db, Paper{ID: "wp-011", Title: "No date", Collection: "Security"}, nil, nil)
	if !errors.Is(err, ddbmodel.ErrInvalid) {
		t.Errorf("missing date: err = %v, want ErrInvalid", err)
	}
	nothingOf("invalid items", "wp-010", "ghosts")
}
