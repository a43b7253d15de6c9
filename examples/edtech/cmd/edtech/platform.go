package main

import (
	"context"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/examples/edtech"
	"github.com/ddbmodel/ddbmodel/internal/exampleapp"
)

func enrollmentRows(es []edtech.Enrollment) [][]string {
	var rows [][]string
	for _, e := range es {
		rows = append(rows, []string{e.StudentID, e.CourseID, e.EnrolledAt, itoa(e.Progress)})
	}
	return rows
}

func studentRows(ss []edtech.Student) [][]string {
	var rows [][]string
	for _, s := range ss {
		rows = append(rows, []string{s.StudentID, s.Name, s.Email, s.RegisteredAt})
	}
	return rows
}

func runPlatform(ctx context.Context, app *exampleapp.App, db *entity.DB) error {
	d := desc{db}
	if err := edtech.LoadSample(ctx, db); err != nil {
		return err
	}
	app.ResetCost() // each pattern's cost line covers its own requests
	enrollHeader := []string{"STUDENT", "COURSE", "ENROLLED_AT", "PROGRESS"}
	studentHeader := []string{"STUDENT", "NAME", "EMAIL", "REGISTERED_AT"}

	req, err := d.get(edtech.StudentProfileGet("s1").Build())
	if err != nil {
		return err
	}
	s, err := edtech.StudentProfile(ctx, db, "s1")
	if err != nil {
		return err
	}
	app.Pattern("AP1", "Profile of student s1", req, studentHeader, studentRows([]edtech.Student{s}))

	req, err = d.query(edtech.StudentEnrollmentsQuery("s1").Build())
	if err != nil {
		return err
	}
	es, err := edtech.StudentEnrollmentsOf(ctx, db, "s1")
	if err != nil {
		return err
	}
	app.Pattern("AP2", "Courses student s1 is enrolled in", req, enrollHeader, enrollmentRows(es))

	req, err = d.query(edtech.CourseStudentsQuery("c10").Build())
	if err != nil {
		return err
	}
	es, err = edtech.CourseStudents(ctx, db, "c10")
	if err != nil {
		return err
	}
	app.Pattern("AP3", "Students enrolled in course c10 (GSI1)", req, enrollHeader, enrollmentRows(es))

	req, err = d.query(edtech.InstructorCoursesQuery("i5").Build())
	if err != nil {
		return err
	}
	cs, err := edtech.InstructorCourses(ctx, db, "i5")
	if err != nil {
		return err
	}
	var rows [][]string
	for _, c := range cs {
		rows = append(rows, []string{c.CourseID, c.InstructorID, c.Title})
	}
	app.Pattern("AP4", "Courses of instructor i5 (GSI1)", req, []string{"COURSE", "INSTRUCTOR", "TITLE"}, rows)

	in, err := edtech.CourseStructureQuery("c10").Build()
	req, err = d.query(in, err)
	if err != nil {
		return err
	}
	res, err := edtech.CourseStructureQuery("c10").Collect(ctx, db)
	if err != nil {
		return err
	}
	items, err := res.Decode() // in key order, as res.Items
	if err != nil {
		return err
	}
	rows = nil
	for i, it := range items {
		sk := res.Items[i]["SK"].(*types.AttributeValueMemberS).Value // the key as stored
		switch v := it.(type) {
		case edtech.Module:
			rows = append(rows, []string{sk, v.Title, "order " + itoa(v.OrderNum)})
		case edtech.Lesson:
			rows = append(rows, []string{sk, "  " + v.Title, itoa(v.DurationMin) + " min"})
		}
	}
	app.Pattern("AP5", "Structure of course c10: modules and lessons, key order", req, []string{"SK", "TITLE", "DETAIL"}, rows)

	outline, err := edtech.Outline(items)
	if err != nil {
		return err
	}
	rows = nil
	for _, m := range outline {
		rows = append(rows, []string{itoa(m.Module.OrderNum), m.Module.ModuleID, m.Module.Title})
		for _, l := range m.Lessons {
			rows = append(rows, []string{"", l.LessonID, "  " + l.Title})
		}
	}
	app.Pattern("AP5 outline", "The same items as the course's outline: modules by order_num, each with its lessons", "(no request: edtech.Outline orders AP5's items)", []string{"ORDER", "ID", "TITLE"}, rows)

	req, err = d.query(edtech.CourseModulesQuery("c10").Build())
	if err != nil {
		return err
	}
	ms, err := edtech.CourseModules(ctx, db, "c10")
	if err != nil {
		return err
	}
	rows = nil
	for _, m := range ms {
		rows = append(rows, []string{m.ModuleID, itoa(m.OrderNum), m.Title})
	}
	app.Pattern("AP6", "Only the modules of course c10, in course order (GSI1)", req, []string{"MODULE", "ORDER_NUM", "TITLE"}, rows)

	for _, m := range []string{"m1", "m10"} {
		req, err = d.query(edtech.ModuleLessonsQuery("c10", m).Build())
		if err != nil {
			return err
		}
		ls, err := edtech.ModuleLessons(ctx, db, "c10", m)
		if err != nil {
			return err
		}
		rows = nil
		for _, l := range ls {
			rows = append(rows, []string{l.ModuleID, l.LessonID, l.Title, itoa(l.DurationMin)})
		}
		app.Pattern("AP7", fmt.Sprintf("Lessons of module %s of course c10", m), req, []string{"MODULE", "LESSON", "TITLE", "DURATION_MIN"}, rows)
	}

	// AP8: the write-sharded listing, shown page by page.
	const pageSize = 8
	req, err = d.shards(edtech.StudentsRegisteredSinceQuery("2024-09-01").Limit(pageSize).BuildShards())
	if err != nil {
		return err
	}
	rows = nil
	cursor, page := "", 1
	for {
		ss, next, err := edtech.StudentsRegisteredSince(ctx, db, "2024-09-01", pageSize, cursor)
		if err != nil {
			return err
		}
		for _, r := range studentRows(ss) {
			rows = append(rows, append([]string{itoa(page)}, r...))
		}
		if next == "" {
			break
		}
		cursor, page = next, page+1
	}
	app.Pattern("AP8", "All students registered since 2024-09-01, ten shards merged, pages of 8", req,
		append([]string{"PAGE"}, studentHeader...), rows)

	req, err = d.tx(edtech.EnrollTx("s1", "c10", demoTime).Build())
	if err != nil {
		return err
	}
	created, err := edtech.Enroll(ctx, db, "s1", "c10", demoTime)
	if err != nil {
		return err
	}
	app.Pattern("W1", "Enroll s1 in c10 again: idempotent", req, []string{"CREATED"}, [][]string{{fmt.Sprint(created)}})
	return nil
}
