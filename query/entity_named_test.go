package query_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/query"
)

// TestSettingRefusalsNameTheEntity: a query's or scan's refusal of a
// setting names the entity it concerns (and the key attribute where there
// is one), as every other refusal does.
func TestSettingRefusalsNameTheEntity(t *testing.T) {
	t.Parallel()
	_, courses, lessons, students, _ := newSchool()
	for _, c := range []struct {
		name         string
		build        func() error
		entity, attr string
		reason       string
	}{
		{"index the entity is not in", func() error {
			_, err := query.New(courses).Index("ByPoints").Where(entity.Values{"courseId": "c1"}).Build()
			return err
		}, "Course", "", `the entity is in no index "ByPoints"`},
		{"scan of an index the entity is not in", func() error {
			// It would read other entities' items only and return nothing.
			_, err := query.Scan(courses).Index("ByPoints").Build()
			return err
		}, "Course", "", `the entity is in no index "ByPoints"`},
		{"collection naming an entity twice", func() error {
			_, err := query.Of(courses, lessons, courses).Where(entity.Values{"courseId": "c1"}).Build()
			return err
		}, "Course", "", "the collection names the entity twice (members 0 and 2)"},
		{"collection without a shared partition template", func() error {
			_, err := query.Of(courses, students).Where(entity.Values{"courseId": "c1", "studentId": "s1"}).Build()
			return err
		}, "Course", "PK", "the entity and Student do not share a partition key template on the table"},
		{"negative concurrency", func() error {
			_, err := query.New(students).Index("GSI1").AllShards().Concurrency(-1).BuildShards()
			return err
		}, "Student", "", "Concurrency must not be negative, got -1"},
		{"Build of shard queries", func() error {
			_, err := query.New(students).Index("GSI1").AllShards().Build()
			return err
		}, "Student", "", "AllShards makes 10 shard queries; use BuildShards"},
		{"scan segments", func() error {
			_, err := query.Scan(lessons).Segments(0).Build()
			return err
		}, "Lesson", "", "scan segments must be 1 to 1000000, got 0"},
		{"scan concurrency", func() error {
			_, err := query.Scan(lessons).Concurrency(-2).Build()
			return err
		}, "Lesson", "", "scan Concurrency must not be negative, got -2"},
	} {
		t.Run(c.name, func(t *testing.T) {
			err := c.build()
			var ve *ddbmodel.ValidationError
			if !errors.As(err, &ve) {
				t.Fatalf("got %v, want a *ddbmodel.ValidationError", err)
			}
			if ve.Entity != c.entity || ve.Attribute != c.attr || !strings.Contains(ve.Reason, c.reason) {
				t.Errorf("entity %q attribute %q reason %q; want %q, %q, reason containing %q", ve.Entity, ve.Attribute, ve.Reason, c.entity, c.attr, c.reason)
			}
			if strings.Count(err.Error(), c.entity) != 1 {
				t.Errorf("%q names %s other than once", err, c.entity)
			}
		})
	}
}
