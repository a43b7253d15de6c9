package edtech

import "github.com/ddbmodel/ddbmodel/entity"

// Table is the design's edtech-platform table: PK, SK and the overloaded
// GSI1. Every item is marked with its entity in entity_type, the attribute
// the design writes. Its stream (the design's "streams with processing by
// type") records both images of each change, so a consumer reads the
// entity_type of inserts, updates and deletes alike.
var Table = &entity.Table{
	Name:         "edtech-platform",
	PartitionKey: entity.S("PK"),
	SortKey:      entity.S("SK"),
	Indexes: []entity.Index{
		{Name: "GSI1", PartitionKey: entity.S("GSI1PK"), SortKey: entity.S("GSI1SK")},
	},
	EntityAttribute: "entity_type",
	Stream:          entity.StreamNewAndOldImages,
}

// Student is a student's profile.
type Student struct {
	StudentID    string `dynamo:"student_id"`
	Name         string `dynamo:"name"`
	Email        string `dynamo:"email"`
	RegisteredAt string `dynamo:"registered_at"` // 2006-01-02
}

// Course is a course's metadata.
type Course struct {
	CourseID     string `dynamo:"course_id"`
	InstructorID string `dynamo:"instructor_id"`
	Title        string `dynamo:"title"`
	Description  string `dynamo:"description"`
}

// Module is one module of a course; OrderNum is its position in the course.
type Module struct {
	CourseID string `dynamo:"course_id"`
	ModuleID string `dynamo:"module_id"`
	Title    string `dynamo:"title"`
	OrderNum int    `dynamo:"order_num"`
}

// Lesson is one lesson of a module.
type Lesson struct {
	CourseID    string `dynamo:"course_id"`
	ModuleID    string `dynamo:"module_id"`
	LessonID    string `dynamo:"lesson_id"`
	Title       string `dynamo:"title"`
	DurationMin int    `dynamo:"duration_min"`
}

// Enrollment is the student-course edge. It is stored twice: as a
// StudentEnrollment in the student's partition and as a CourseEnrollment
// in the course's (which also keeps last_seen).
type Enrollment struct {
	StudentID  string `dynamo:"student_id"`
	CourseID   string `dynamo:"course_id"`
	EnrolledAt string `dynamo:"enrolled_at"` // RFC 3339
	Progress   int    `dynamo:"progress"`    // percent
	LastSeen   string `dynamo:"last_seen,omitempty"`
}

// StudentShards is the number of GSI1 partitions the student listing is
// spread over: STUDENT#0 to STUDENT#9.
const StudentShards = 10

// Students: STUDENT#<student_id> / PROFILE; in GSI1 under the write shard
// STUDENT#<0..9> (derived from the student id) by registration date.
var Students = entity.MustDefine(Table, entity.Config[Student]{
	Name: "STUDENT",
	Key:  entity.Key{Partition: "STUDENT#${student_id}", Sort: "PROFILE"},
	Indexes: []entity.IndexKey[Student]{
		{Index: "GSI1", Partition: "STUDENT#${student_id:shard(10)}", Sort: "${registered_at:date}#${student_id}"},
	},
	Attributes: map[string]entity.Attribute{
		"name":          {Required: true},
		"email":         {Required: true},
		"registered_at": {Required: true},
	},
})

// Courses: COURSE#<course_id> / METADATA; in GSI1 INSTRUCTOR#<instructor_id> / COURSE#<course_id>.
var Courses = entity.MustDefine(Table, entity.Config[Course]{
	Name: "COURSE",
	Key:  entity.Key{Partition: "COURSE#${course_id}", Sort: "METADATA"},
	Indexes: []entity.IndexKey[Course]{
		{Index: "GSI1", Partition: "INSTRUCTOR#${instructor_id}", Sort: "COURSE#${course_id}"},
	},
	Attributes: map[string]entity.Attribute{"title": {Required: true}},
})

// Modules: COURSE#<course_id> / MODULE#<module_id>; in GSI1
// COURSE#<course_id> / MODULE#<order_num:pad(3)>#<module_id>, so that
// "only the modules" is a key range holding nothing else (see the package
// documentation).
var Modules = entity.MustDefine(Table, entity.Config[Module]{
	Name: "MODULE",
	Key:  entity.Key{Partition: "COURSE#${course_id}", Sort: "MODULE#${module_id}"},
	Indexes: []entity.IndexKey[Module]{
		{Index: "GSI1", Partition: "COURSE#${course_id}", Sort: "MODULE#${order_num:pad(3)}#${module_id}"},
	},
	Attributes: map[string]entity.Attribute{"title": {Required: true}, "module_id": {Validate: noHash}},
})

// Lessons: COURSE#<course_id> / MODULE#<module_id>#LESSON#<lesson_id>.
var Lessons = entity.MustDefine(Table, entity.Config[Lesson]{
	Name:       "LESSON",
	Key:        entity.Key{Partition: "COURSE#${course_id}", Sort: "MODULE#${module_id}#LESSON#${lesson_id}"},
	Attributes: map[string]entity.Attribute{"title": {Required: true}, "lesson_id": {Validate: noHash}},
})

// StudentEnrollments are the edges in the student's partition:
// STUDENT#<student_id> / ENROLLMENT#<course_id>; in GSI1
// COURSE#<course_id> / STUDENT#<student_id>, the inverted view that
// answers "students of a course".
var StudentEnrollments = entity.MustDefine(Table, entity.Config[Enrollment]{
	Name: "STUDENT_ENROLLMENT",
	Key:  entity.Key{Partition: "STUDENT#${student_id}", Sort: "ENROLLMENT#${course_id}"},
	Indexes: []entity.IndexKey[Enrollment]{
		{Index: "GSI1", Partition: "COURSE#${course_id}", Sort: "STUDENT#${student_id}"},
	},
	Attributes: map[string]entity.Attribute{"enrolled_at": {Required: true}},
})

// CourseEnrollments are the inverse edges in the course's partition:
// COURSE#<course_id> / ENROLLMENT#STUDENT#<student_id>. They are not in
// GSI1 (see the package documentation).
var CourseEnrollments = entity.MustDefine(Table, entity.Config[Enrollment]{
	Name:       "COURSE_ENROLLMENT",
	Key:        entity.Key{Partition: "COURSE#${course_id}", Sort: "ENROLLMENT#STUDENT#${student_id}"},
	Attributes: map[string]entity.Attribute{"enrolled_at": {Required: true}},
})
