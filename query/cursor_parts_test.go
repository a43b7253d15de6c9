package query_test

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"testing"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/query"
)

// A cursor refused as another query's says which parts of the query
// differ from the one that made it, so that a caller who changed a filter
// or the order between pages learns what changed.
func TestACursorOfAnotherQuerySaysWhichPartsDiffer(t *testing.T) {
	t.Parallel()
	_, _, lessons, _, _ := newSchool()
	ctx := context.Background()
	db := entity.NewDB(&pagingClient{}, "school")
	q := query.New(lessons).Where(entity.Values{"courseId": "c1"}).Limit(1)
	first, err := q.Page(ctx, db, "")
	if err != nil || first.Cursor == "" {
		t.Fatalf("first page: %+v, %v; want a cursor", first, err)
	}
	for _, c := range []struct {
		name string
		db   *entity.DB
		q    query.Query[Lesson]
		want string
	}{
		{"another filter", db, q.Filter(entity.Attr("title").Eq("Intro")), "made by another query: its filter differs"},
		{"descending", db, q.Desc(), "made by another query: its direction differs"},
		{"another partition", db, query.New(lessons).Where(entity.Values{"courseId": "c2"}).Limit(1), "made by another query: its key condition differs"},
		{"a projection", db, q.Project("title"), "made by another query: its projection differs"},
		{"another table", entity.NewDB(&pagingClient{}, "school-copy"), q, "made by another query: its table differs"},
		{"a filter and the order", db, q.Filter(entity.Attr("title").Eq("Intro")).Desc(), "made by another query: its filter and direction differ"},
		// The filter's placeholders are numbered after the key
		// condition's: a key condition with more values renumbers them,
		// and the filter is still the same.
		{"a range and the same filter", db, q.Between(entity.Values{"moduleId": "m1"}, entity.Values{"moduleId": "m9"}), "made by another query: its key condition differs"},
		{"a filter, a projection and the order", db, q.Filter(entity.Attr("title").Eq("Intro")).Project("title").Desc(), "made by another query: its filter, projection and direction differ"},
	} {
		_, err := c.q.Page(ctx, c.db, first.Cursor)
		var ce *ddbmodel.CursorError
		if !errors.As(err, &ce) || !errors.Is(err, ddbmodel.ErrInvalidCursor) {
			t.Errorf("%s: err = %v, want a *ddbmodel.CursorError", c.name, err)
			continue
		}
		if ce.Reason != c.want {
			t.Errorf("%s: reason %q, want %q", c.name, ce.Reason, c.want)
		}
	}

	// The same filter after a longer key condition is the same filter.
	filtered := q.Filter(entity.Attr("title").Eq("Intro"))
	fp, err := filtered.Page(ctx, db, "")
	if err != nil {
		t.Fatal(err)
	}
	var rc *ddbmodel.CursorError
	if _, err := filtered.Between(entity.Values{"moduleId": "m1"}, entity.Values{"moduleId": "m9"}).Page(ctx, db, fp.Cursor); !errors.As(err, &rc) || rc.Reason != "made by another query: its key condition differs" {
		t.Errorf("a range before the same filter: %v, want its key condition differs", err)
	}

	// Only the filter's value differs.
	intro := q.Filter(entity.Attr("title").Eq("Intro"))
	page, err := intro.Page(ctx, db, "")
	if err != nil {
		t.Fatal(err)
	}
	var ce *ddbmodel.CursorError
	if _, err := q.Filter(entity.Attr("title").Eq("Outro")).Page(ctx, db, page.Cursor); !errors.As(err, &ce) || ce.Reason != "made by another query: its filter differs" {
		t.Errorf("another filter value: %v, want its filter differs", err)
	}
	if _, err := intro.Page(ctx, db, page.Cursor); err != nil {
		t.Errorf("the same filtered query: %v", err)
	}

	// A cursor without part digests (made before they were added) is
	// refused as another query's, without saying more.
	body, err := base64.RawURLEncoding.DecodeString(first.Cursor)
	if err != nil {
		t.Fatal(err)
	}
	var fields map[string]any
	if err := json.Unmarshal(body, &fields); err != nil {
		t.Fatal(err)
	}
	if _, ok := fields["p"]; !ok {
		t.Fatalf("cursor %s holds no part digests", body)
	}
	delete(fields, "p")
	old, err := json.Marshal(fields)
	if err != nil {
		t.Fatal(err)
	}
	oldCursor := base64.RawURLEncoding.EncodeToString(old)
	if _, err := q.Page(ctx, db, oldCursor); err != nil {
		t.Errorf("the same query with a cursor without part digests: %v", err)
	}
	if _, err := q.Desc().Page(ctx, db, oldCursor); !errors.As(err, &ce) || ce.Reason != "made by another query" {
		t.Errorf("another query with a cursor without part digests: %v, want made by another query", err)
	}

	// A cursor of version 1 (made before cursors named their entities) is
	// refused as an earlier version's, not as another query's.
	fields["v"] = 1
	v1, err := json.Marshal(fields)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := q.Page(ctx, db, base64.RawURLEncoding.EncodeToString(v1)); !errors.As(err, &ce) || ce.Reason != "version 1, want 2: made by an earlier version of ddbmodel; start the listing again" {
		t.Errorf("the same query with a version 1 cursor: %v, want it refused as an earlier version's", err)
	}
}
