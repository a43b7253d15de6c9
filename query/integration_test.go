package query_test

import (
	"context"
	"errors"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/query"
)

func TestQueriesNeverConfuseM1WithM10(t *testing.T) {
	t.Parallel()
	s := seed(t)
	got, err := query.New(s.lessons).Where(entity.Values{"courseId": "c1", "moduleId": "m1"}).Collect(context.Background(), s.db)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(s.lessonsM["m1"], got); diff != "" {
		t.Errorf("m1 lessons (-want +got):\n%s", diff)
	}
}

func TestPaginationAndCursors(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := seed(t)
	q := query.New(s.lessons).Where(entity.Values{"courseId": "c1"}).Limit(5)
	var want []Lesson
	for _, m := range []string{"m1", "m10", "m2"} {
		want = append(want, s.lessonsM[m]...)
	}
	var got []Lesson
	cursor, pages := "", 0
	for {
		p, err := q.Page(ctx, s.db, cursor)
		if err != nil {
			t.Fatal(err)
		}
		pages++
		got = append(got, p.Items...)
		if p.Cursor == "" {
			break
		}
		cursor = p.Cursor
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("pages concatenated (-want +got):\n%s", diff)
	}
	if pages < 3 {
		t.Errorf("pages = %d, want at least 3", pages)
	}
	// The iterator streams the same sequence.
	var streamed []Lesson
	for l, err := range q.All(ctx, s.db) {
		if err != nil {
			t.Fatal(err)
		}
		streamed = append(streamed, l)
	}
	if diff := cmp.Diff(want, streamed); diff != "" {
		t.Errorf("All (-want +got):\n%s", diff)
	}
	first, err := q.Page(ctx, s.db, "")
	if err != nil {
		t.Fatal(err)
	}
	// A cursor from another query is refused.
	other := query.New(s.lessons).Where(entity.Values{"courseId": "c2"}).Limit(5)
	if _, err := other.Page(ctx, s.db, first.Cursor); !errors.Is(err, ddbmodel.ErrInvalidCursor) {
		t.Errorf("foreign cursor: err = %v", err)
	}
	// Tampering is refused.
	tampered := first.Cursor[:len(first.Cursor)-2] + "xx"
	var ce *ddbmodel.CursorError
	if _, err := q.Page(ctx, s.db, tampered); !errors.As(err, &ce) {
		t.Errorf("tampered cursor: err = %v", err)
	}
	// Signed cursors: another key or no signature is refused.
	signed := q.SignCursors([]byte("k1"))
	sp, err := signed.Page(ctx, s.db, "")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(sp.Cursor, ".") {
		t.Fatalf("signed cursor %q has no signature", sp.Cursor)
	}
	if _, err := q.SignCursors([]byte("k2")).Page(ctx, s.db, sp.Cursor); !errors.Is(err, ddbmodel.ErrInvalidCursor) {
		t.Errorf("cursor signed under another key: err = %v", err)
	}
	if _, err := signed.Page(ctx, s.db, first.Cursor); !errors.Is(err, ddbmodel.ErrInvalidCursor) {
		t.Errorf("unsigned cursor on a signing query: err = %v", err)
	}
	if _, err := q.Page(ctx, s.db, sp.Cursor); !errors.Is(err, ddbmodel.ErrInvalidCursor) {
		t.Errorf("signed cursor on a query that does not sign: err = %v", err)
	}
	sp2, err := signed.Page(ctx, s.db, sp.Cursor)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want[5:10], sp2.Items); diff != "" {
		t.Errorf("second signed page (-want +got):\n%s", diff)
	}
}

func TestOneFirstCountAndStop(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := seed(t)
	c, err := query.New(s.courses).Where(entity.Values{"courseId": "c1"}).One(ctx, s.db)
	if err != nil || c.Title != "Go" {
		t.Fatalf("One = %+v, %v", c, err)
	}
	if _, err := query.New(s.lessons).Where(entity.Values{"courseId": "c1"}).One(ctx, s.db); !errors.Is(err, ddbmodel.ErrTooMany) {
		t.Errorf("One over many: err = %v", err)
	}
	if _, err := query.New(s.courses).Where(entity.Values{"courseId": "zz"}).One(ctx, s.db); !errors.Is(err, ddbmodel.ErrNotFound) {
		t.Errorf("One over none: err = %v", err)
	}
	n, err := query.New(s.lessons).Where(entity.Values{"courseId": "c1"}).Limit(3).Count(ctx, s.db)
	if err != nil || n != 12 {
		t.Errorf("Count = %d, %v; want 12", n, err)
	}
	top, err := query.New(s.scores).Index("ByPoints").Where(entity.Values{"game": "chess"}).Desc().First(ctx, s.db)
	if err != nil || top.Player != "cid" || top.Points != 74 {
		t.Errorf("top score = %+v, %v", top, err)
	}
	// Stopping an iteration early is safe.
	seen := 0
	for _, err := range query.New(s.lessons).Where(entity.Values{"courseId": "c1"}).Limit(2).All(ctx, s.db) {
		if err != nil {
			t.Fatal(err)
		}
		seen++
		if seen == 3 {
			break
		}
	}
	if seen != 3 {
		t.Errorf("seen = %d", seen)
	}
}

func TestCollectionDecodesEachEntity(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := seed(t)
	res, err := query.Of(s.courses, s.lessons).Where(entity.Values{"courseId": "c1"}).Collect(ctx, s.db)
	if err != nil {
		t.Fatal(err)
	}
	cs, err := query.ItemsOf(res, s.courses)
	if err != nil {
		t.Fatal(err)
	}
	ls, err := query.ItemsOf(res, s.lessons)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]Course{{CourseID: "c1", Title: "Go"}}, cs); diff != "" {
		t.Errorf("courses (-want +got):\n%s", diff)
	}
	if len(ls) != 12 {
		t.Errorf("lessons = %d, want 12", len(ls))
	}
	all, err := res.Decode()
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := all[0].(Course); !ok {
		t.Errorf("first decoded item is %T, want the course (#METADATA sorts first)", all[0])
	}
}

func TestShardFanOutMergesByDate(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := seed(t)
	for _, desc := range []bool{false, true} {
		q := query.New(s.students).Index("GSI1").AllShards().Limit(4)
		want := append([]Student(nil), s.all...)
		if desc {
			q = q.Desc()
			for i, j := 0, len(want)-1; i < j; i, j = i+1, j-1 {
				want[i], want[j] = want[j], want[i]
			}
		}
		var got []Student
		cursor := ""
		for pages := 0; ; pages++ {
			if pages > 40 {
				t.Fatal("pagination does not end")
			}
			p, err := q.Page(ctx, s.db, cursor)
			if err != nil {
				t.Fatal(err)
			}
			if len(p.Items) > 4 {
				t.Fatalf("page of %d items over the limit of 4", len(p.Items))
			}
			got = append(got, p.Items...)
			if p.Cursor == "" {
				break
			}
			cursor = p.Cursor
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("desc=%v: merged pages (-want +got):\n%s", desc, diff)
		}
	}
}

func TestScanReturnsOnlyTheEntity(t *testing.T) {
	t.Parallel()
	s := seed(t)
	got, err := query.Scan(s.students).Segments(3).Collect(context.Background(), s.db)
	if err != nil {
		t.Fatal(err)
	}
	sort.Slice(got, func(i, j int) bool { return got[i].RegisteredAt < got[j].RegisteredAt })
	if diff := cmp.Diff(s.all, got); diff != "" {
		t.Errorf("scan (-want +got):\n%s", diff)
	}
}

func TestKeysOnlyIndexStillDecodes(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	table := &entity.Table{Name: "ko", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"),
		Indexes: []entity.Index{{Name: "ByGame", PartitionKey: entity.S("G"), SortKey: entity.S("P"),
			Projection: entity.Projection{Type: "KEYS_ONLY"}}}}
	scores := entity.MustDefine(table, entity.Config[Score]{
		Name:    "Score",
		Key:     entity.Key{Partition: "GAME#${game}", Sort: "PLAYER#${player}"},
		Indexes: []entity.IndexKey[Score]{{Index: "ByGame", Partition: "${game}", Sort: "${player}"}},
	})
	db := entitytest.NewDB(t, table)
	for _, p := range []string{"ann", "bob"} {
		if _, err := scores.Put(Score{Game: "go", Player: p, Points: 3}).Run(ctx, db); err != nil {
			t.Fatal(err)
		}
	}
	got, err := query.New(scores).Index("ByGame").Where(entity.Values{"game": "go"}).Collect(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 {
		t.Fatalf("items from a KEYS_ONLY index = %d, want 2 (the entity marker must be projected)", len(got))
	}
}
