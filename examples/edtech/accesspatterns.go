package edtech

import "github.com/ddbmodel/ddbmodel/entity"

// The design's reads, registered with Table with sample values, so that the
// generated design document lists each one's request and the lint knows
// which indexes are read.
func init() {
	Table.MustAddAccessPatterns(
		entity.GetPattern("AP1 student profile", "a student's profile", StudentProfileGet("s1")),
		entity.QueryPattern("AP2 student enrollments", "the courses a student is enrolled in", StudentEnrollmentsQuery("s1")),
		entity.QueryPattern("AP3 course students", "the students enrolled in a course", CourseStudentsQuery("c1")),
		entity.QueryPattern("AP4 instructor courses", "an instructor's courses", InstructorCoursesQuery("i1")),
		entity.QueryPattern("AP6 course modules", "a course's modules in order", CourseModulesQuery("c1")),
		entity.QueryPattern("AP7 module lessons", "one module's lessons", ModuleLessonsQuery("c1", "m1")),
		entity.QueryPattern("AP8 students registered since", "students registered since a date, merged over the write shards", StudentsRegisteredSinceQuery("2024-10-01")),
	)
}
