package query_test

import (
	"testing"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/query"
)

// A filter name that no member of a collection has names every member's
// type, not the first one's alone.
func TestCollectionFilterTypoNamesEveryMember(t *testing.T) {
	_, courses, lessons, _, _ := newSchool()
	_, err := query.Of(courses, lessons).Where(entity.Values{"courseId": "c1"}).Filter(entity.Attr("titel").Eq("x")).Build()
	refused(t, err, "Course, Lesson", "titel", "no entity of the collection (query_test.Course, query_test.Lesson) has an attribute stored as \"titel\"")
}
