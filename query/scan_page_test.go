package query_test

import (
	"context"
	"errors"
	"sort"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/query"
)

func studentIDs(sts []Student) []string {
	ids := make([]string, len(sts))
	for i, st := range sts {
		ids[i] = st.StudentID
	}
	sort.Strings(ids)
	return ids
}

// pageAll follows a scan's cursors to the end, counting the pages.
func pageAll(t *testing.T, next func(cursor string) (query.Page[Student], error)) ([]Student, int) {
	t.Helper()
	var got []Student
	cursor, pages := "", 0
	for {
		p, err := next(cursor)
		if err != nil {
			t.Fatal(err)
		}
		pages++
		got = append(got, p.Items...)
		if p.Cursor == "" {
			return got, pages
		}
		if pages > 500 {
			t.Fatal("the scan does not end")
		}
		cursor = p.Cursor
	}
}

// Paging through a scan with small limits yields every item exactly once,
// in one segment and across segments, by one cursor for all segments or one
// per segment.
func TestScanPagesYieldEveryItemOnce(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := seed(t)
	want := studentIDs(s.all)
	sc := query.Scan(s.students).Limit(4)

	got, pages := pageAll(t, func(c string) (query.Page[Student], error) { return sc.Page(ctx, s.db, c) })
	if diff := cmp.Diff(want, studentIDs(got)); diff != "" {
		t.Errorf("single scan (-want +got):\n%s", diff)
	}
	if pages < 5 {
		t.Errorf("%d pages for %d items of a table of more, at Limit 4: the limit was not applied", pages, len(want))
	}

	seg := sc.Segments(3).SignCursors([]byte("k"))
	got, _ = pageAll(t, func(c string) (query.Page[Student], error) { return seg.Page(ctx, s.db, c) })
	if diff := cmp.Diff(want, studentIDs(got)); diff != "" {
		t.Errorf("segments under one cursor (-want +got):\n%s", diff)
	}

	got = nil
	for i := 0; i < 3; i++ {
		part, _ := pageAll(t, func(c string) (query.Page[Student], error) { return seg.SegmentPage(ctx, s.db, i, c) })
		got = append(got, part...)
	}
	if diff := cmp.Diff(want, studentIDs(got)); diff != "" {
		t.Errorf("segment by segment (-want +got):\n%s", diff)
	}
}

// A cursor from one scan is refused by any other, before a request is sent.
func TestScanCursorsAreBound(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := seed(t)
	sc := query.Scan(s.students).Limit(3).Segments(2)
	first, err := sc.SegmentPage(ctx, s.db, 0, "")
	if err != nil || first.Cursor == "" {
		t.Fatalf("first page: cursor %q, %v", first.Cursor, err)
	}
	all, err := sc.Page(ctx, s.db, "")
	if err != nil || all.Cursor == "" {
		t.Fatalf("first page of all segments: cursor %q, %v", all.Cursor, err)
	}
	signed, err := sc.SignCursors([]byte("k1")).SegmentPage(ctx, s.db, 0, "")
	if err != nil {
		t.Fatal(err)
	}
	noneDB := *s.db
	noneDB.Client = entitytest.NoRequests(t)
	none := &noneDB
	cases := []struct {
		name string
		run  func() error
	}{
		{"another segment", func() error { _, err := sc.SegmentPage(ctx, none, 1, first.Cursor); return err }},
		{"all segments", func() error { _, err := sc.Page(ctx, none, first.Cursor); return err }},
		{"one segment of all", func() error { _, err := sc.SegmentPage(ctx, none, 0, all.Cursor); return err }},
		{"another filter", func() error {
			_, err := sc.Filter(entity.Attr("name").Eq("x")).SegmentPage(ctx, none, 0, first.Cursor)
			return err
		}},
		{"another segment count", func() error { _, err := sc.Segments(3).SegmentPage(ctx, none, 0, first.Cursor); return err }},
		{"another entity", func() error {
			_, err := query.Scan(s.lessons).Limit(3).Segments(2).SegmentPage(ctx, none, 0, first.Cursor)
			return err
		}},
		{"another index", func() error { _, err := sc.Index("GSI1").SegmentPage(ctx, none, 0, first.Cursor); return err }},
		{"unsigned to a signing scan", func() error {
			_, err := sc.SignCursors([]byte("k1")).SegmentPage(ctx, none, 0, first.Cursor)
			return err
		}},
		{"signed to a scan that does not sign", func() error {
			_, err := sc.SegmentPage(ctx, none, 0, signed.Cursor)
			return err
		}},
		{"another key", func() error {
			_, err := sc.SignCursors([]byte("k2")).SegmentPage(ctx, none, 0, signed.Cursor)
			return err
		}},
		{"a query's cursor", func() error {
			p, err := query.New(s.lessons).Where(entity.Values{"courseId": "c1"}).Limit(2).Page(ctx, s.db, "")
			if err != nil {
				return err
			}
			_, err = sc.SegmentPage(ctx, none, 0, p.Cursor)
			return err
		}},
	}
	// The reason says which parts of the scan differ from the one that
	// made the cursor.
	reasons := map[string]string{
		"another segment":       "made by another scan: its segment differs",
		"another filter":        "made by another scan: its filter differs",
		"another segment count": "made by another scan: its segment differs",
		"all segments":          "made by another scan: its segment differs",
		"a query's cursor":      "made by a query, not a scan",
	}
	for _, c := range cases {
		err := c.run()
		if !errors.Is(err, ddbmodel.ErrInvalidCursor) {
			t.Errorf("%s: err = %v, want a CursorError", c.name, err)
			continue
		}
		var ce *ddbmodel.CursorError
		if want, ok := reasons[c.name]; ok && (!errors.As(err, &ce) || ce.Reason != want) {
			t.Errorf("%s: err = %v, want the reason %q", c.name, err, want)
		}
	}
	if _, err := sc.SegmentPage(ctx, none, 2, ""); !errors.As(err, new(*ddbmodel.ValidationError)) {
		t.Errorf("segment 2 of 2: err = %v, want a ValidationError", err)
	}
}
