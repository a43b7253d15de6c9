package query_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/query"
)

// A sort composite given while an earlier one is absent cannot narrow the
// prefix: the query is refused as invalid input naming the composite to
// give first, not reported as a missing composite.
func TestLaterCompositeWithoutEarlierIsInvalid(t *testing.T) {
	t.Parallel()
	_, _, lessons, _, _ := newSchool()
	lessonID := "l1"
	byCourse := entity.QueryKeyOf[LessonKey](lessons, "")
	for name, q := range map[string]query.Query[Lesson]{
		"Where": query.New(lessons).Where(entity.Values{"courseId": "c1", "lessonId": "l1"}),
		"Gt":    query.New(lessons).Where(entity.Values{"courseId": "c1"}).Gt(entity.Values{"lessonId": "l1"}),
		"typed": query.By(byCourse, LessonKey{CourseID: "c1", LessonID: &lessonID}),
	} {
		_, err := q.Build()
		var ve *ddbmodel.ValidationError
		if !errors.As(err, &ve) || errors.Is(err, ddbmodel.ErrMissingComposites) {
			t.Errorf("%s: err = %v (%T), want a ValidationError that is not ErrMissingComposites", name, err, err)
			continue
		}
		if ve.Attribute != "moduleId" || !strings.Contains(err.Error(), "give moduleId before lessonId") {
			t.Errorf("%s: err = %v (attribute %q), want it to say to give moduleId before lessonId", name, err, ve.Attribute)
		}
	}
}
