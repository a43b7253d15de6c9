package edtech

import (
	"context"
	"fmt"
	"time"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/txn"
)

var studentNames = []string{
	"Ana", "Bruno", "Carla", "Diego", "Elisa", "Fabio", "Gabriela", "Hugo", "Iris", "Joao",
	"Karina", "Lucas", "Marina", "Nicolas", "Olivia", "Pedro", "Quiteria", "Rafael", "Sofia", "Tiago",
	"Ursula", "Vitor", "Wanda", "Xavier", "Yara", "Zeca", "Alice", "Bento", "Clara", "Davi",
}

// SampleStudents are students s1 to s30. Student i registered on
// 2024-09-01 plus ((i-1)*7 mod 20) days, so s1 registered on the design's
// 2024-09-01 and pairs such as s1 and s21 share a date (the listing orders
// them by student id).
var SampleStudents = func() []Student {
	var out []Student
	for i, name := range studentNames {
		n := i + 1
		out = append(out, Student{
			StudentID:    fmt.Sprintf("s%d", n),
			Name:         name,
			Email:        fmt.Sprintf("%s.s%d@example.edu", lower(name), n),
			RegisteredAt: time.Date(2024, 9, 1+(i*7)%20, 0, 0, 0, 0, time.UTC).Format(time.DateOnly),
		})
	}
	return out
}()

func lower(s string) string {
	b := []byte(s)
	if len(b) > 0 && b[0] >= 'A' && b[0] <= 'Z' {
		b[0] += 'a' - 'A'
	}
	return string(b)
}

// SampleCourses: instructor i5 teaches c10, c20 and c40; i7 teaches c30.
var SampleCourses = []Course{
	{CourseID: "c10", InstructorID: "i5", Title: "DynamoDB Data Modeling", Description: "Access patterns, keys and indexes"},
	{CourseID: "c20", InstructorID: "i5", Title: "Go Backend Services", Description: "HTTP, storage and testing in Go"},
	{CourseID: "c30", InstructorID: "i7", Title: "Event-Driven Architecture", Description: "Streams, queues and idempotency"},
	{CourseID: "c40", InstructorID: "i5", Title: "Serverless Patterns", Description: "Functions, queues and single-table design"},
}

// SampleModules: course c10 has m1, m2, m3 and m10 (order_num 1, 2, 3, 10);
// m10 sorts between m1 and m2 by key, and after m3 by order_num.
var SampleModules = []Module{
	{CourseID: "c10", ModuleID: "m1", Title: "Access patterns first", OrderNum: 1},
	{CourseID: "c10", ModuleID: "m2", Title: "Keys and item collections", OrderNum: 2},
	{CourseID: "c10", ModuleID: "m3", Title: "Adjacency lists", OrderNum: 3},
	{CourseID: "c10", ModuleID: "m10", Title: "Capstone", OrderNum: 10},
	{CourseID: "c20", ModuleID: "m1", Title: "HTTP handlers", OrderNum: 1},
	{CourseID: "c20", ModuleID: "m2", Title: "Persistence", OrderNum: 2},
}

// SampleLessons are the lessons of the sample modules.
var SampleLessons = []Lesson{
	{CourseID: "c10", ModuleID: "m1", LessonID: "l1", Title: "Listing the questions", DurationMin: 12},
	{CourseID: "c10", ModuleID: "m1", LessonID: "l2", Title: "From questions to keys", DurationMin: 18},
	{CourseID: "c10", ModuleID: "m2", LessonID: "l3", Title: "Partition and sort keys", DurationMin: 15},
	{CourseID: "c10", ModuleID: "m3", LessonID: "l4", Title: "Many-to-many", DurationMin: 20},
	{CourseID: "c10", ModuleID: "m3", LessonID: "l5", Title: "Inverted indexes", DurationMin: 14},
	{CourseID: "c10", ModuleID: "m10", LessonID: "l6", Title: "Requirements", DurationMin: 10},
	{CourseID: "c10", ModuleID: "m10", LessonID: "l7", Title: "Schema review", DurationMin: 25},
	{CourseID: "c10", ModuleID: "m10", LessonID: "l8", Title: "Load testing", DurationMin: 30},
	{CourseID: "c20", ModuleID: "m1", LessonID: "l1", Title: "net/http", DurationMin: 16},
	{CourseID: "c20", ModuleID: "m2", LessonID: "l2", Title: "database/sql", DurationMin: 22},
}

// SampleEnrollStart is the time of the first sample enrollment; enrollment
// i happens i hours later.
var SampleEnrollStart = time.Date(2024, 10, 1, 10, 0, 0, 0, time.UTC)

// SampleEnrollments are the sample enrollments, [student, course], in the
// order LoadSample enrolls them.
var SampleEnrollments = [][2]string{
	{"s1", "c10"}, {"s1", "c20"}, {"s2", "c10"}, {"s3", "c10"}, {"s10", "c10"},
	{"s4", "c10"}, {"s11", "c10"}, {"s5", "c10"}, {"s20", "c10"}, {"s6", "c20"},
	{"s7", "c20"}, {"s1", "c30"}, {"s8", "c30"}, {"s2", "c40"},
}

// SampleEnrolledAt returns the enrolled_at of sample enrollment i.
func SampleEnrolledAt(i int) string {
	return SampleEnrollStart.Add(time.Duration(i) * time.Hour).Format(time.RFC3339)
}

// LoadSample writes the students, courses, modules and lessons in one
// batch, then runs Enroll for every sample enrollment.
func LoadSample(ctx context.Context, db *entity.DB) error {
	var puts []entity.BatchWriter
	for _, v := range SampleStudents {
		puts = append(puts, Students.Put(v))
	}
	for _, v := range SampleCourses {
		puts = append(puts, Courses.Put(v))
	}
	for _, v := range SampleModules {
		puts = append(puts, Modules.Put(v))
	}
	for _, v := range SampleLessons {
		puts = append(puts, Lessons.Put(v))
	}
	if err := txn.BatchWrite(ctx, db, txn.BatchOptions{}, puts...); err != nil {
		return fmt.Errorf("edtech: load sample: %w", err)
	}
	for i, e := range SampleEnrollments {
		if _, err := Enroll(ctx, db, e[0], e[1], SampleEnrollStart.Add(time.Duration(i)*time.Hour)); err != nil {
			return fmt.Errorf("edtech: load sample: %w", err)
		}
	}
	return nil
}
