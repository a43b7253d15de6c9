package edtech

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/query"
)

// StudentProfileGet is AP1: GetItem STUDENT#<s> / PROFILE.
func StudentProfileGet(studentID string) entity.GetOp[Student] {
	return StudentByKey.Get(StudentKey{StudentID: studentID})
}

// StudentProfile runs AP1; a missing student is ddbmodel.ErrNotFound.
func StudentProfile(ctx context.Context, db *entity.DB, studentID string) (Student, error) {
	return StudentProfileGet(studentID).Run(ctx, db)
}

// StudentEnrollmentsQuery is AP2, the courses a student is enrolled in:
// PK = "STUDENT#<s>" AND begins_with(SK, "ENROLLMENT#").
func StudentEnrollmentsQuery(studentID string) query.Query[Enrollment] {
	return query.By(EnrollmentsOfStudent, OfStudent{StudentID: studentID})
}

// StudentEnrollmentsOf runs AP2, in course id order.
func StudentEnrollmentsOf(ctx context.Context, db *entity.DB, studentID string) ([]Enrollment, error) {
	return StudentEnrollmentsQuery(studentID).Collect(ctx, db)
}

// CourseStudentsQuery is AP3, the students enrolled in a course: GSI1
// GSI1PK = "COURSE#<c>" AND begins_with(GSI1SK, "STUDENT#").
func CourseStudentsQuery(courseID string) query.Query[Enrollment] {
	return query.By(EnrollmentsOfCourse, OfCourse{CourseID: courseID})
}

// CourseStudents runs AP3, in student id order.
func CourseStudents(ctx context.Context, db *entity.DB, courseID string) ([]Enrollment, error) {
	return CourseStudentsQuery(courseID).Collect(ctx, db)
}

// InstructorCoursesQuery is AP4, an instructor's courses: GSI1
// GSI1PK = "INSTRUCTOR#<i>" AND begins_with(GSI1SK, "COURSE#").
func InstructorCoursesQuery(instructorID string) query.Query[Course] {
	return query.By(CoursesOfInstructor, OfInstructor{InstructorID: instructorID})
}

// InstructorCourses runs AP4, in course id order.
func InstructorCourses(ctx context.Context, db *entity.DB, instructorID string) ([]Course, error) {
	return InstructorCoursesQuery(instructorID).Collect(ctx, db)
}

// CourseStructureQuery is AP5, a course's modules and lessons in one query:
// PK = "COURSE#<c>" AND begins_with(SK, "MODULE#"). Each module comes right
// before its lessons (MODULE#m1, MODULE#m1#LESSON#l1, ..., MODULE#m10, ...).
func CourseStructureQuery(courseID string) query.Collection {
	return query.Of(Modules, Lessons).Where(CourseItems.Values(OfCourse{CourseID: courseID}))
}

// CourseStructure runs AP5 and returns its items in key order, each a
// Module or a Lesson; Outline groups them and orders the modules by
// order_num.
func CourseStructure(ctx context.Context, db *entity.DB, courseID string) ([]any, error) {
	res, err := CourseStructureQuery(courseID).Collect(ctx, db)
	if err != nil {
		return nil, err
	}
	return res.Decode()
}

// ModuleOutline is a module with its lessons.
type ModuleOutline struct {
	Module  Module
	Lessons []Lesson
}

// Outline groups the key-ordered items of CourseStructure into modules with
// their lessons, as the design's get_course_structure does on the client,
// and puts the modules in the course's order: by order_num (then module
// id), where the keys alone give id text order (m1, m10, m2). Lessons have
// no order attribute in the design; they stay in key (lesson id) order
// within their module. A lesson whose module item is missing is an error.
func Outline(items []any) ([]ModuleOutline, error) {
	var out []ModuleOutline
	for _, it := range items {
		switch v := it.(type) {
		case Module:
			out = append(out, ModuleOutline{Module: v})
		case Lesson:
			if len(out) == 0 || out[len(out)-1].Module.ModuleID != v.ModuleID {
				return nil, fmt.Errorf("edtech: lesson %s of module %s has no module item before it", v.LessonID, v.ModuleID)
			}
			last := &out[len(out)-1]
			last.Lessons = append(last.Lessons, v)
		default:
			return nil, fmt.Errorf("edtech: unexpected %T in a course structure", it)
		}
	}
	slices.SortStableFunc(out, func(a, b ModuleOutline) int {
		return cmp.Or(cmp.Compare(a.Module.OrderNum, b.Module.OrderNum), strings.Compare(a.Module.ModuleID, b.Module.ModuleID))
	})
	return out, nil
}

// CourseModulesQuery is AP6, only the modules of a course, in the course's
// order (order_num): GSI1 GSI1PK = "COURSE#<c>" AND
// begins_with(GSI1SK, "MODULE#"). Lessons are not in GSI1, so none is read.
func CourseModulesQuery(courseID string) query.Query[Module] {
	return query.By(ModulesInOrder, OfCourse{CourseID: courseID})
}

// CourseModules runs AP6.
func CourseModules(ctx context.Context, db *entity.DB, courseID string) ([]Module, error) {
	return CourseModulesQuery(courseID).Collect(ctx, db)
}

// ModuleLessonsQuery is AP7, one module's lessons:
// PK = "COURSE#<c>" AND begins_with(SK, "MODULE#<m>#LESSON#"). The prefix
// ends on the separator, so module m1's lessons never include m10's.
func ModuleLessonsQuery(courseID, moduleID string) query.Query[Lesson] {
	return query.By(LessonsOfModule, OfModule{CourseID: courseID, ModuleID: moduleID})
}

// ModuleLessons runs AP7, in lesson id order.
func ModuleLessons(ctx context.Context, db *entity.DB, courseID, moduleID string) ([]Lesson, error) {
	return ModuleLessonsQuery(courseID, moduleID).Collect(ctx, db)
}

// StudentsRegisteredSinceQuery is AP8, every student registered on or after
// since (2006-01-02; "" for all), oldest first: GSI1 on the ten write
// shards STUDENT#0 .. STUDENT#9, GSI1SK >= "<since>#", queried
// concurrently and merged by registration date (then student id). Use Page
// with a Limit for pages; BuildShards shows the ten requests.
func StudentsRegisteredSinceQuery(since string) query.Query[Student] {
	q := query.New(Students).Index("GSI1").AllShards()
	if since != "" {
		// String form: a typed query key holds the partition (student_id),
		// which a fan-out over every shard does not give.
		q = q.Ge(entity.Values{"registered_at": since})
	}
	return q
}

// StudentsRegisteredSince runs AP8 and returns one page of at most limit
// students (every student when limit is 0) from cursor ("" for the first
// page), and the cursor of the next page ("" after the last).
func StudentsRegisteredSince(ctx context.Context, db *entity.DB, since string, limit int, cursor string) ([]Student, string, error) {
	q := StudentsRegisteredSinceQuery(since)
	if limit <= 0 {
		all, err := q.Collect(ctx, db)
		return all, "", err
	}
	p, err := q.Limit(limit).Page(ctx, db, cursor)
	if err != nil {
		return nil, "", err
	}
	return p.Items, p.Cursor, nil
}
