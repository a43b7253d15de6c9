package query_test

import (
	"errors"
	"testing"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/query"
)

// A sort composite given both in Where and in a range condition is refused:
// the range's value used to replace Where's equality silently, a query
// wider than either reading.
func TestWhereAndRangeOnOneCompositeIsRefused(t *testing.T) {
	t.Parallel()
	_, _, lessons, _, _ := newSchool()
	where := entity.Values{"courseId": "c1", "moduleId": "m1"}
	for name, q := range map[string]query.Query[Lesson]{
		"Gt":      query.New(lessons).Where(where).Gt(entity.Values{"moduleId": "m0"}),
		"Le":      query.New(lessons).Where(where).Le(entity.Values{"moduleId": "m2"}),
		"Between": query.New(lessons).Where(where).Between(entity.Values{"moduleId": "m0"}, entity.Values{"moduleId": "m2"}),
	} {
		_, err := q.Build()
		var ve *ddbmodel.ValidationError
		if !errors.As(err, &ve) || ve.Attribute != "moduleId" || ve.Entity != "Lesson" {
			t.Errorf("%s: err = %v, want a ValidationError naming Lesson and moduleId", name, err)
		}
	}
	// A range on the composite after Where's is what a range is for.
	if _, err := query.New(lessons).Where(where).Gt(entity.Values{"lessonId": "l01"}).Build(); err != nil {
		t.Errorf("range after Where's composites: %v", err)
	}
}
