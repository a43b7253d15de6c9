package edtech

import "github.com/ddbmodel/ddbmodel/entity"

// Typed keys: one struct per entity key (and per index queried), checked
// when declared to hold exactly the key's composites.

// StudentKey identifies a student.
type StudentKey struct {
	StudentID string `dynamo:"student_id"`
}

// CourseKey identifies a course.
type CourseKey struct {
	CourseID string `dynamo:"course_id"`
}

// OfStudent is the partition of a student's enrollments.
type OfStudent struct {
	StudentID string `dynamo:"student_id"`
}

// OfCourse is the partition of a course's items: its modules and lessons
// on the table, its modules (in order) and enrolled students on GSI1.
type OfCourse struct {
	CourseID string `dynamo:"course_id"`
}

// OfInstructor is the partition of an instructor's courses on GSI1.
type OfInstructor struct {
	InstructorID string `dynamo:"instructor_id"`
}

// OfModule is the part of a course's partition holding one module's lessons.
type OfModule struct {
	CourseID string `dynamo:"course_id"`
	ModuleID string `dynamo:"module_id"`
}

// Keys, resolved once.
var (
	StudentByKey = entity.ItemKeyOf[StudentKey](Students)
	CourseByKey  = entity.ItemKeyOf[CourseKey](Courses)

	EnrollmentsOfStudent = entity.QueryKeyOf[OfStudent](StudentEnrollments, "")
	EnrollmentsOfCourse  = entity.QueryKeyOf[OfCourse](StudentEnrollments, "GSI1")
	CoursesOfInstructor  = entity.QueryKeyOf[OfInstructor](Courses, "GSI1")
	CourseItems          = entity.QueryKeyOf[OfCourse](Modules, "") // the partition of AP5's collection
	ModulesInOrder       = entity.QueryKeyOf[OfCourse](Modules, "GSI1")
	LessonsOfModule      = entity.QueryKeyOf[OfModule](Lessons, "")
)
