package papers

import (
	"errors"
	"strconv"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/google/go-cmp/cmp"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
)

// TestSupersedeDraft: a superseded draft and every item of its partition
// get expiresAt now + SupersededRetention, stored as Unix seconds (the TTL
// attribute), and stay readable until then.
func TestSupersedeDraft(t *testing.T) {
	t.Parallel()
	db := newDB(t) // TTL enabled, as entitytest.NewDB does
	ctx := t.Context()
	now := time.Now()
	p, err := SupersedeDraft(ctx, db, SampleDraftID, SampleSuccessorID, now)
	if err != nil {
		t.Fatal(err)
	}
	want := samplePaper(t, SampleDraftID)
	want.Status, want.SupersededBy = StatusSuperseded, SampleSuccessorID
	want.ExpiresAt = now.Add(SupersededRetention).Truncate(time.Second)
	if diff := cmp.Diff(want, p); diff != "" {
		t.Errorf("SupersedeDraft (-want +got):\n%s", diff)
	}
	got, err := PaperWithAuthorsByID(ctx, db, SampleDraftID)
	if err != nil {
		t.Fatal(err)
	}
	if !got.Paper.ExpiresAt.Equal(want.ExpiresAt) || got.Paper.Status != StatusSuperseded {
		t.Errorf("stored draft: %+v", got.Paper)
	}
	if len(got.Authors) != 2 || len(got.Topics) != 2 {
		t.Fatalf("partition of the draft: %d memberships, %d topics; want 2 and 2", len(got.Authors), len(got.Topics))
	}
	for _, m := range got.Authors {
		if !m.ExpiresAt.Equal(want.ExpiresAt) {
			t.Errorf("membership %s expires %v, want %v", m.Handle, m.ExpiresAt, want.ExpiresAt)
		}
	}
	for _, tp := range got.Topics {
		if !tp.ExpiresAt.Equal(want.ExpiresAt) {
			t.Errorf("topic %s expires %v, want %v", tp.Topic, tp.ExpiresAt, want.ExpiresAt)
		}
	}
	// Stored as a number of Unix seconds under the table's TTL attribute.
	out, err := db.Client.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String(db.TableName),
		Key: map[string]types.AttributeValue{"PK": &types.AttributeValueMemberS{Value: "PAPER#wp-006"}, "SK": &types.AttributeValueMemberS{Value: "PAPER#wp-006"}}})
	if err != nil {
		t.Fatal(err)
	}
	if n, ok := out.Item[Table.TTLAttribute].(*types.AttributeValueMemberN); !ok || n.Value != strconv.FormatInt(want.ExpiresAt.Unix(), 10) {
		t.Errorf("stored %s = %#v, want N %d", Table.TTLAttribute, out.Item[Table.TTLAttribute], want.ExpiresAt.Unix())
	}
	// Still listed until it expires: A2, A3 (as raf's and jon's), A4.
	sec, err := PapersInCollection(ctx, db, "Security")
	if diff := cmp.Diff([]string{SampleSuccessorID, SampleDraftID}, paperIDs(sec)); err != nil || diff != "" {
		t.Errorf("A2 Security: %v (-want +got):\n%s", err, diff)
	}

	// Only a draft can be superseded; nothing changes.
	for _, id := range []string{SampleDraftID, "wp-001"} {
		if _, err := SupersedeDraft(ctx, db, id, SampleSuccessorID, now); !errors.Is(err, ErrNotDraft) {
			t.Errorf("superseding %s: err = %v, want ErrNotDraft", id, err)
		}
	}
	if p, err := PaperByID(ctx, db, "wp-001"); err != nil || p.Status != StatusPublished || !p.ExpiresAt.IsZero() {
		t.Errorf("wp-001 after the refused supersession: %+v, %v", p, err)
	}
	// A missing draft or successor: nothing changes.
	if _, err := SupersedeDraft(ctx, db, "wp-999", SampleSuccessorID, now); !errors.Is(err, ErrPaperNotFound) {
		t.Errorf("missing draft: err = %v, want ErrPaperNotFound", err)
	}
	_, err = SupersedeDraft(ctx, db, "wp-007", "wp-999", now)
	var tc *ddbmodel.TxCanceledError
	if !errors.Is(err, ErrPaperNotFound) || !errors.As(err, &tc) {
		t.Errorf("missing successor: err = %v, want ErrPaperNotFound from the canceled transaction", err)
	}
	full, err := PaperWithAuthorsByID(ctx, db, "wp-007")
	if err != nil || full.Paper.Status != StatusDraft || !full.Paper.ExpiresAt.IsZero() || !full.Authors[0].ExpiresAt.IsZero() {
		t.Errorf("wp-007 after the failed supersession: %+v, %v", full, err)
	}
}

// TestSupersedeRefusals: a bad successor, or a superseded paper written
// without its successor and expiry (or a paper that is not superseded with
// them), is refused before anything is sent.
func TestSupersedeRefusals(t *testing.T) {
	t.Parallel()
	db := entity.NewDB(entitytest.NoRequests(t), "papers")
	base := Paper{ID: "wp-020", Title: "T", Collection: "Security", Date: "2026-06-02T00:00:00Z"}
	for _, mod := range []func(*Paper){
		func(p *Paper) { p.Status = StatusSuperseded },
		func(p *Paper) { p.Status, p.SupersededBy = StatusSuperseded, "wp-001" },
		func(p *Paper) { p.Status, p.ExpiresAt = StatusSuperseded, time.Now() },
		func(p *Paper) { p.Status, p.ExpiresAt = StatusDraft, time.Now() },
		func(p *Paper) { p.Status, p.SupersededBy = StatusPublished, "wp-001" },
	} {
		p := base
		mod(&p)
		err := AddPaper(t.Context(), db, p, nil, nil)
		var ve *ddbmodel.ValidationError
		if !errors.As(err, &ve) || ve.Entity != "paper" {
			t.Errorf("%+v: err = %v, want a ValidationError on paper", p, err)
		}
	}
	for _, by := range []string{"", SampleDraftID} {
		_, err := SupersedeDraft(t.Context(), db, SampleDraftID, by, time.Now())
		var ve *ddbmodel.ValidationError
		if !errors.As(err, &ve) || ve.Entity != "paper" || ve.Attribute != "supersededBy" {
			t.Errorf("successor %q: err = %v, want a ValidationError on paper.supersededBy", by, err)
		}
	}
}

// TestExpiredDraftsAreSkipped: a superseded draft past its expiry, which
// DynamoDB has not deleted yet, is left out of every read. The table has TTL
// off, so that DynamoDB Local cannot delete the expired items during the
// test (its TTL sweeper may run at any moment).
func TestExpiredDraftsAreSkipped(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	db := entity.NewDB(entitytest.Client(t), entitytest.NewTable(t, Table.CreateTableInput()))
	if err := LoadSample(ctx, db); err != nil {
		t.Fatal(err)
	}
	// Superseded 31 days ago: expired a day ago.
	if _, err := SupersedeDraft(ctx, db, SampleDraftID, SampleSuccessorID, time.Now().Add(-SupersededRetention-24*time.Hour)); err != nil {
		t.Fatal(err)
	}
	// The items are there...
	if p, err := PaperByKey.Get(PaperKey{ID: SampleDraftID}).Consistent().Run(ctx, db); err != nil || p.Status != StatusSuperseded {
		t.Fatalf("the expired draft as stored: %+v, %v", p, err)
	}
	// ...and no read shows them.
	if _, err := PaperByID(ctx, db, SampleDraftID); !errors.Is(err, ErrPaperNotFound) || !errors.Is(err, ddbmodel.ErrNotFound) {
		t.Errorf("A1 of the expired draft: err = %v, want ErrPaperNotFound", err)
	}
	if _, err := PaperWithAuthorsByID(ctx, db, SampleDraftID); !errors.Is(err, ErrPaperNotFound) {
		t.Errorf("Figure 1 of the expired draft: err = %v, want ErrPaperNotFound", err)
	}
	sec, err := PapersInCollection(ctx, db, "Security")
	if diff := cmp.Diff([]string{SampleSuccessorID}, paperIDs(sec)); err != nil || diff != "" {
		t.Errorf("A2 Security: %v (-want +got):\n%s", err, diff)
	}
	jon, err := PapersByAuthor(ctx, db, "jon")
	var ids []string
	for _, ap := range jon {
		ids = append(ids, ap.Paper.ID)
	}
	if diff := cmp.Diff([]string{"wp-001", "wp-002", "wp-004", "wp-007"}, ids); err != nil || diff != "" {
		t.Errorf("A3 jon: %v (-want +got):\n%s", err, diff)
	}
	raf, err := PapersByAuthor(ctx, db, "raf")
	if err != nil {
		t.Fatal(err)
	}
	for _, ap := range raf {
		if ap.Paper.ID == SampleDraftID {
			t.Errorf("A3 raf: the expired draft is listed")
		}
	}
	// Page by page, with a cursor handed back between pages.
	p, err := PapersInCollectionPage(ctx, db, "Security", 1, "")
	if err != nil || len(p.Items) != 1 || p.Items[0].ID != SampleSuccessorID || p.Cursor == "" {
		t.Fatalf("A2 Security, page 1: %+v, %v", p, err)
	}
	if p, err = PapersInCollectionPage(ctx, db, "Security", 1, p.Cursor); err != nil || len(p.Items) != 0 {
		t.Errorf("A2 Security, page 2 (the expired draft): %+v, %v; want no paper", p, err)
	}
	tp, err := PapersWithTopicPage(ctx, db, "security", 1, "")
	if err != nil || len(tp.Items) != 0 || tp.Cursor == "" {
		t.Errorf("A4 security, page 1 (the expired draft's topic): %+v, %v; want no paper and a cursor", tp, err)
	}
	iam, err := PapersWithTopic(ctx, db, "iam")
	if diff := cmp.Diff([]string{SampleSuccessorID}, paperIDs(iam)); err != nil || diff != "" {
		t.Errorf("A4 iam: %v (-want +got):\n%s", err, diff)
	}
	// A paper that expired between the index query and the batch read is
	// left out too: the batch read has no filter.
	ps, err := papersByID(ctx, db, []string{SampleDraftID, SampleSuccessorID})
	if err != nil || len(ps) != 1 || ps[SampleSuccessorID].ID != SampleSuccessorID {
		t.Errorf("papersByID: %v, %v; want only %s", ps, err, SampleSuccessorID)
	}
}

// TestEnsureEnablesTTL: Table.Ensure turns TTL on for expiresAt on a table
// created without it (as the program does at start-up).
func TestEnsureEnablesTTL(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	client := entitytest.Client(t)
	db := entity.NewDB(client, entitytest.NewTable(t, Table.CreateTableInput()))
	if err := Table.Ensure(ctx, db, 0); err != nil {
		t.Fatal(err)
	}
	out, err := client.DescribeTimeToLive(ctx, &dynamodb.DescribeTimeToLiveInput{TableName: aws.String(db.TableName)})
	if err != nil {
		t.Fatal(err)
	}
	d := out.TimeToLiveDescription
	if d == nil || aws.ToString(d.AttributeName) != "expiresAt" || d.TimeToLiveStatus != types.TimeToLiveStatusEnabled {
		t.Errorf("TTL after Ensure: %+v", d)
	}
}

// TestPagesOutliveASecond: a listing whose pages are read more than a
// second apart continues from its cursor (the expiry filter's time does not
// change between the pages of one listing).
func TestPagesOutliveASecond(t *testing.T) {
	t.Parallel()
	db := newDB(t)
	ctx := t.Context()
	first, err := PapersInCollectionPage(ctx, db, "Data & Storage", 2, "")
	if err != nil || first.Cursor == "" {
		t.Fatalf("page 1: %+v, %v", first, err)
	}
	time.Sleep(1100 * time.Millisecond)
	second, err := PapersInCollectionPage(ctx, db, "Data & Storage", 2, first.Cursor)
	if err != nil {
		t.Fatalf("page 2 after a second: %v", err)
	}
	if diff := cmp.Diff([]string{"wp-007", "wp-002", "wp-004", "wp-001"}, paperIDs(append(first.Items, second.Items...))); diff != "" {
		t.Errorf("pages (-want +got):\n%s", diff)
	}
}
