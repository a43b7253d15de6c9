package query_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/query"
)

func TestTypedQueryIsTheStringForm(t *testing.T) {
	t.Parallel()
	_, _, lessons, _, scores := newSchool()
	byCourse := entity.QueryKeyOf[LessonKey](lessons, "")
	byPoints := entity.QueryKeyOf[PointsKey](scores, "ByPoints")
	minutes := entity.NumberOf(lessons, func(l *Lesson) *int { return &l.Minutes })
	title := entity.StringOf(lessons, func(l *Lesson) *string { return &l.Title })
	m1 := "m1"
	wantSameRequests(t, []twins{
		{"partition", query.By(byCourse, LessonKey{CourseID: "c1"}), query.New(lessons).Where(entity.Values{"courseId": "c1"})},
		{"prefix", query.By(byCourse, LessonKey{CourseID: "c1", ModuleID: &m1}).Matching(minutes.Gt(5), title.BeginsWith("Intro")).ProjectFields(title, minutes),
			query.New(lessons).Where(entity.Values{"courseId": "c1", "moduleId": "m1"}).
				Filter(entity.And(entity.Attr("minutes").Gt(5), entity.Attr("title").BeginsWith("Intro"))).Project("title", "minutes")},
		{"index", query.By(byPoints, PointsKey{"g1"}).Desc(),
			query.New(scores).Index("ByPoints").Where(entity.Values{"game": "g1"}).Desc()},
	})
	scan, err := query.Scan(lessons).Matching(minutes.Lt(3)).Build()
	wantScan, err2 := query.Scan(lessons).Filter(entity.Attr("minutes").Lt(3)).Build()
	if err != nil || err2 != nil {
		t.Fatal(err, err2)
	}
	if diff := cmp.Diff(wantScan, scan, entitytest.CmpOptions); diff != "" {
		t.Errorf("scan (-string +typed):\n%s", diff)
	}
}
