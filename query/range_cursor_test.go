package query_test

import (
	"context"
	"encoding/base64"
	"errors"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/google/go-cmp/cmp"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/query"
)

func lessonNames(ls []Lesson) []string {
	var out []string
	for _, l := range ls {
		out = append(out, l.ModuleID+"/"+l.LessonID)
	}
	return out
}

func moduleLessons(s *school, modules ...string) []string {
	var out []string
	for _, m := range modules {
		out = append(out, lessonNames(s.lessonsM[m])...)
	}
	return out
}

// A partial bound stands for the whole group of keys under its prefix, so
// ranges over leading composites include or exclude whole groups. (Sort
// order of the modules: m1 < m10 < m2.)
func TestPartialBoundsCoverWholeGroups(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := seed(t)
	base := query.New(s.lessons).Where(entity.Values{"courseId": "c1"})
	m := func(id string) entity.Values { return entity.Values{"moduleId": id} }
	for _, tc := range []struct {
		name string
		q    query.Query[Lesson]
		want []string
	}{
		{"between m1 and m10", base.Between(m("m1"), m("m10")), moduleLessons(s, "m1", "m10")},
		{"between m10 and m10", base.Between(m("m10"), m("m10")), moduleLessons(s, "m10")},
		{"le m10", base.Le(m("m10")), moduleLessons(s, "m1", "m10")},
		{"gt m1", base.Gt(m("m1")), moduleLessons(s, "m10", "m2")},
		{"lt m10", base.Lt(m("m10")), moduleLessons(s, "m1")},
		{"ge m10", base.Ge(m("m10")), moduleLessons(s, "m10", "m2")},
		{"desc between m1 and m10 by pages", base.Between(m("m1"), m("m10")).Desc().Limit(3), reversed(moduleLessons(s, "m1", "m10"))},
		{"complete bounds stay exact", base.Between(entity.Values{"moduleId": "m1", "lessonId": "l02"}, entity.Values{"moduleId": "m1", "lessonId": "l03"}), []string{"m1/l02", "m1/l03"}},
		{"gt a complete key", base.Where(m("m10")).Gt(entity.Values{"lessonId": "l03"}), []string{"m10/l04", "m2/l01", "m2/l02", "m2/l03", "m2/l04"}},
	} {
		got, err := tc.q.Collect(ctx, s.db)
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if diff := cmp.Diff(tc.want, lessonNames(got)); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tc.name, diff)
		}
	}
}

func reversed(xs []string) []string {
	out := make([]string, len(xs))
	for i, x := range xs {
		out[len(xs)-1-i] = x
	}
	return out
}

// Count sends Select COUNT, which DynamoDB refuses with a projection.
func TestCountIgnoresProjection(t *testing.T) {
	t.Parallel()
	s := seed(t)
	n, err := query.New(s.lessons).Where(entity.Values{"courseId": "c1"}).Project("title").Filter(entity.Attr("minutes").Gt(10)).Count(context.Background(), s.db)
	if err != nil || n != 6 {
		t.Fatalf("Count of a projected, filtered query = %d, %v; want 6", n, err)
	}
}

// A cursor continues the query in the direction it was made for: it is
// refused by the same query in the other direction.
func TestCursorIsBoundToTheDirection(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := seed(t)
	asc := query.New(s.lessons).Where(entity.Values{"courseId": "c1"}).Limit(5)
	desc := asc.Desc()
	pa, err := asc.Page(ctx, s.db, "")
	if err != nil {
		t.Fatal(err)
	}
	pd, err := desc.Page(ctx, s.db, "")
	if err != nil {
		t.Fatal(err)
	}
	var ce *ddbmodel.CursorError
	if _, err := desc.Page(ctx, s.db, pa.Cursor); !errors.As(err, &ce) {
		t.Errorf("ascending cursor on the descending query: err = %v, want *CursorError", err)
	}
	if _, err := asc.Page(ctx, s.db, pd.Cursor); !errors.As(err, &ce) {
		t.Errorf("descending cursor on the ascending query: err = %v, want *CursorError", err)
	}
	// Descending pages concatenate to the reversed partition.
	var got []Lesson
	for cursor := ""; ; {
		p, err := desc.Page(ctx, s.db, cursor)
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, p.Items...)
		if cursor = p.Cursor; cursor == "" {
			break
		}
	}
	if diff := cmp.Diff(reversed(moduleLessons(s, "m1", "m10", "m2")), lessonNames(got)); diff != "" {
		t.Errorf("descending pages (-want +got):\n%s", diff)
	}
}

// An unsigned cursor edited to hold a position the query cannot continue
// from is a *CursorError found before sending, not DynamoDB's validation error.
func TestEditedCursorPositionIsTyped(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := seed(t)
	q := query.New(s.lessons).Where(entity.Values{"courseId": "c1", "moduleId": "m10"}).Limit(2)
	p, err := q.Page(ctx, s.db, "")
	if err != nil {
		t.Fatal(err)
	}
	body, err := base64.RawURLEncoding.DecodeString(p.Cursor)
	if err != nil {
		t.Fatal(err)
	}
	pos := `{"S":"MODULE#m10#LESSON#l02"}`
	if !strings.Contains(string(body), pos) {
		t.Fatalf("cursor %s does not hold the position %s", body, pos)
	}
	client := &countingClient{Client: s.db.Client}
	db := &entity.DB{Client: client, TableName: s.db.TableName}
	for name, edit := range map[string]string{
		"sort key as a number":         `{"N":"10"}`,
		"sort key outside the range":   `{"S":"MODULE#m2#LESSON#l01"}`,
		"sort key with no value":       `{}`,
		"sort key with two values":     `{"S":"MODULE#m10#LESSON#l02","N":"1"}`,
		"sort key of another module":   `{"S":"MODULE#m1#LESSON#l02"}`,
		"sort key before the boundary": `{"S":"MODULE#m10#LESSON"}`,
	} {
		edited := base64.RawURLEncoding.EncodeToString([]byte(strings.Replace(string(body), pos, edit, 1)))
		_, err := q.Page(ctx, db, edited)
		var ce *ddbmodel.CursorError
		if !errors.As(err, &ce) {
			t.Errorf("%s: err = %v, want *CursorError", name, err)
		}
	}
	if client.queries != 0 {
		t.Errorf("%d queries sent with edited cursors, want none", client.queries)
	}
	// The genuine cursor still works.
	if _, err := q.Page(ctx, db, p.Cursor); err != nil {
		t.Errorf("genuine cursor: %v", err)
	}
}

// A collection read page by page, in both directions, with a page size that
// splits entities, gives every item of the partition once, in key order.
func TestCollectionPagesAcrossEntities(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := seed(t)
	all, err := query.Of(s.courses, s.lessons).Where(entity.Values{"courseId": "c1"}).Collect(ctx, s.db)
	if err != nil {
		t.Fatal(err)
	}
	if len(all.Items) != 13 {
		t.Fatalf("collection = %d items, want the course and 12 lessons", len(all.Items))
	}
	for _, desc := range []bool{false, true} {
		c := query.Of(s.courses, s.lessons).Where(entity.Values{"courseId": "c1"}).Limit(4)
		want := append([]string(nil), skOf(all)...)
		if desc {
			c = c.Desc()
			want = reversed(want)
		}
		var got []string
		for cursor, pages := "", 0; ; pages++ {
			if pages > 10 {
				t.Fatal("pagination does not end")
			}
			p, err := c.Page(ctx, s.db, cursor)
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, skOf(p)...)
			if cursor = p.Cursor; cursor == "" {
				break
			}
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("desc=%v: pages (-want +got):\n%s", desc, diff)
		}
	}
}

func skOf(r query.Result) []string {
	var out []string
	for _, it := range r.Items {
		out = append(out, str(it["SK"]))
	}
	return out
}

func str(av types.AttributeValue) string {
	if s, ok := av.(*types.AttributeValueMemberS); ok {
		return s.Value
	}
	return ""
}
