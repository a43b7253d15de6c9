package pagetest

import (
	"context"
	"testing"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/query"
)

// Pages follows cursors through fetch, which returns the page at a cursor
// ("" for the first), until the cursor is "", and returns every item in
// order and the number of pages read. It fails the test on an error, on a
// page larger than limit (when limit > 0), or after 1000 pages (a cursor
// that does not advance).
func Pages[T any](t testing.TB, limit int, fetch func(cursor string) (query.Page[T], error)) (items []T, pages int) {
	t.Helper()
	cursor := ""
	for {
		p, err := fetch(cursor)
		if err != nil {
			t.Fatalf("page %d: %v", pages+1, err)
		}
		pages++
		if limit > 0 && len(p.Items) > limit {
			t.Fatalf("page %d has %d items, over the limit %d", pages, len(p.Items), limit)
		}
		items = append(items, p.Items...)
		if p.Cursor == "" {
			return items, pages
		}
		if pages > 1000 {
			t.Fatalf("more than 1000 pages: the cursor does not advance")
		}
		cursor = p.Cursor
	}
}

// Walk runs q page by page with a page size of limit, following cursors
// until the cursor is "", and returns every item in order and the number of
// pages read, with the checks of Pages.
func Walk[T any](ctx context.Context, t testing.TB, db *entity.DB, q query.Query[T], limit int) (items []T, pages int) {
	t.Helper()
	q = q.Limit(limit)
	return Pages(t, limit, func(cursor string) (query.Page[T], error) { return q.Page(ctx, db, cursor) })
}

// WalkCollection is Walk for a collection query: it returns every item of
// every page, decoded into its entity's type, in key order.
func WalkCollection(ctx context.Context, t testing.TB, db *entity.DB, c query.Collection, limit int) (items []any, pages int) {
	t.Helper()
	c = c.Limit(limit)
	cursor := ""
	for {
		p, err := c.Page(ctx, db, cursor)
		if err != nil {
			t.Fatalf("page %d: %v", pages+1, err)
		}
		pages++
		if len(p.Items) > limit {
			t.Fatalf("page %d has %d items, over the limit %d", pages, len(p.Items), limit)
		}
		vs, err := p.Decode()
		if err != nil {
			t.Fatalf("page %d: decode: %v", pages, err)
		}
		items = append(items, vs...)
		if p.Cursor == "" {
			return items, pages
		}
		if pages > 1000 {
			t.Fatalf("more than 1000 pages: the cursor does not advance")
		}
		cursor = p.Cursor
	}
}
