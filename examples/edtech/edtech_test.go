package edtech_test

import (
	"context"
	"errors"
	"sort"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/examples/edtech"
	"github.com/ddbmodel/ddbmodel/internal/exampletest"
	"github.com/ddbmodel/ddbmodel/internal/pagetest"
	"github.com/ddbmodel/ddbmodel/query"
)

func setup(t *testing.T) (context.Context, *entity.DB) {
	t.Helper()
	return exampletest.Sample(t, edtech.Table, edtech.LoadSample)
}

// enrollment returns the student-side edge of sample enrollment i.
func enrollment(t *testing.T, student, course string) edtech.Enrollment {
	t.Helper()
	for i, e := range edtech.SampleEnrollments {
		if e[0] == student && e[1] == course {
			return edtech.Enrollment{StudentID: student, CourseID: course, EnrolledAt: edtech.SampleEnrolledAt(i)}
		}
	}
	t.Fatalf("no sample enrollment %s in %s", student, course)
	return edtech.Enrollment{}
}

func course(t *testing.T, id string) edtech.Course {
	t.Helper()
	for _, c := range edtech.SampleCourses {
		if c.CourseID == id {
			return c
		}
	}
	t.Fatalf("no sample course %s", id)
	return edtech.Course{}
}

func module(t *testing.T, c, m string) edtech.Module {
	t.Helper()
	for _, v := range edtech.SampleModules {
		if v.CourseID == c && v.ModuleID == m {
			return v
		}
	}
	t.Fatalf("no sample module %s %s", c, m)
	return edtech.Module{}
}

func lesson(t *testing.T, c, l string) edtech.Lesson {
	t.Helper()
	for _, v := range edtech.SampleLessons {
		if v.CourseID == c && v.LessonID == l {
			return v
		}
	}
	t.Fatalf("no sample lesson %s %s", c, l)
	return edtech.Lesson{}
}

func TestStudentProfile(t *testing.T) {
	t.Parallel()
	ctx, db := setup(t)
	got, err := edtech.StudentProfile(ctx, db, "s1")
	if err != nil {
		t.Fatal(err)
	}
	want := edtech.Student{StudentID: "s1", Name: "Ana", Email: "ana.s1@example.edu", RegisteredAt: "2024-09-01"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("StudentProfile(s1) (-want +got):\n%s", diff)
	}
	if _, err := edtech.StudentProfile(ctx, db, "s99"); !errors.Is(err, ddbmodel.ErrNotFound) {
		t.Errorf("StudentProfile(s99): got %v, want ErrNotFound", err)
	}
}

func TestStudentEnrollments(t *testing.T) {
	t.Parallel()
	ctx, db := setup(t)
	want := []edtech.Enrollment{enrollment(t, "s1", "c10"), enrollment(t, "s1", "c20"), enrollment(t, "s1", "c30")}
	got, err := edtech.StudentEnrollmentsOf(ctx, db, "s1")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("StudentEnrollmentsOf(s1) (-want +got):\n%s", diff)
	}
	paged, pages := pagetest.Walk(ctx, t, db, edtech.StudentEnrollmentsQuery("s1"), 2)
	if diff := cmp.Diff(want, paged); diff != "" || pages < 2 {
		t.Errorf("StudentEnrollmentsOf(s1) in pages of 2: %d pages (-want +got):\n%s", pages, diff)
	}
	got, err = edtech.StudentEnrollmentsOf(ctx, db, "s2")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]edtech.Enrollment{enrollment(t, "s2", "c10"), enrollment(t, "s2", "c40")}, got); diff != "" {
		t.Errorf("StudentEnrollmentsOf(s2) (-want +got):\n%s", diff)
	}
}

func TestCourseStudents(t *testing.T) {
	t.Parallel()
	ctx, db := setup(t)
	// GSI1SK order is text order: s1, s10, s11, s2, s20, s3, ...
	want := []edtech.Enrollment{
		enrollment(t, "s1", "c10"), enrollment(t, "s10", "c10"), enrollment(t, "s11", "c10"), enrollment(t, "s2", "c10"),
		enrollment(t, "s20", "c10"), enrollment(t, "s3", "c10"), enrollment(t, "s4", "c10"), enrollment(t, "s5", "c10"),
	}
	got, err := edtech.CourseStudents(ctx, db, "c10")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("CourseStudents(c10) (-want +got):\n%s", diff)
	}
	paged, pages := pagetest.Walk(ctx, t, db, edtech.CourseStudentsQuery("c10"), 3)
	if diff := cmp.Diff(want, paged); diff != "" || pages < 3 {
		t.Errorf("CourseStudents(c10) in pages of 3: %d pages (-want +got):\n%s", pages, diff)
	}
	// The course's GSI1 partition also holds its modules; none is read here.
	got, err = edtech.CourseStudents(ctx, db, "c20")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]edtech.Enrollment{enrollment(t, "s1", "c20"), enrollment(t, "s6", "c20"), enrollment(t, "s7", "c20")}, got); diff != "" {
		t.Errorf("CourseStudents(c20) (-want +got):\n%s", diff)
	}
}

func TestBothEdgesOfEveryEnrollment(t *testing.T) {
	t.Parallel()
	ctx, db := setup(t)
	// The design's first pitfall: the course side must hold every edge too.
	for _, c := range edtech.SampleCourses {
		viaIndex, err := edtech.CourseStudents(ctx, db, c.CourseID)
		if err != nil {
			t.Fatal(err)
		}
		inverse, err := query.New(edtech.CourseEnrollments).Where(entity.Values{"course_id": c.CourseID}).Collect(ctx, db)
		if err != nil {
			t.Fatal(err)
		}
		for i := range inverse {
			if inverse[i].LastSeen != inverse[i].EnrolledAt {
				t.Errorf("course edge %+v: last_seen is not the enrollment time", inverse[i])
			}
			inverse[i].LastSeen = ""
		}
		if diff := cmp.Diff(viaIndex, inverse); diff != "" || len(inverse) == 0 {
			t.Errorf("course %s: student-side edges (GSI1) and course-side edges differ (-gsi +course):\n%s", c.CourseID, diff)
		}
	}
}

func TestInstructorCourses(t *testing.T) {
	t.Parallel()
	ctx, db := setup(t)
	want := []edtech.Course{course(t, "c10"), course(t, "c20"), course(t, "c40")}
	got, err := edtech.InstructorCourses(ctx, db, "i5")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("InstructorCourses(i5) (-want +got):\n%s", diff)
	}
	paged, pages := pagetest.Walk(ctx, t, db, edtech.InstructorCoursesQuery("i5"), 2)
	if diff := cmp.Diff(want, paged); diff != "" || pages < 2 {
		t.Errorf("InstructorCourses(i5) in pages of 2: %d pages (-want +got):\n%s", pages, diff)
	}
	got, err = edtech.InstructorCourses(ctx, db, "i7")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]edtech.Course{course(t, "c30")}, got); diff != "" {
		t.Errorf("InstructorCourses(i7) (-want +got):\n%s", diff)
	}
}

func TestCourseStructure(t *testing.T) {
	t.Parallel()
	ctx, db := setup(t)
	// Key order: each module right before its lessons; m10 sorts between m1 and m2.
	want := []any{
		module(t, "c10", "m1"), lesson(t, "c10", "l1"), lesson(t, "c10", "l2"),
		module(t, "c10", "m10"), lesson(t, "c10", "l6"), lesson(t, "c10", "l7"), lesson(t, "c10", "l8"),
		module(t, "c10", "m2"), lesson(t, "c10", "l3"),
		module(t, "c10", "m3"), lesson(t, "c10", "l4"), lesson(t, "c10", "l5"),
	}
	got, err := edtech.CourseStructure(ctx, db, "c10")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("CourseStructure(c10) (-want +got):\n%s", diff)
	}
	paged, pages := pagetest.WalkCollection(ctx, t, db, edtech.CourseStructureQuery("c10"), 5)
	if diff := cmp.Diff(want, paged); diff != "" || pages < 3 {
		t.Errorf("CourseStructure(c10) in pages of 5: %d pages (-want +got):\n%s", pages, diff)
	}
	outline, err := edtech.Outline(got)
	if err != nil {
		t.Fatal(err)
	}
	wantOutline := []edtech.ModuleOutline{
		{Module: module(t, "c10", "m1"), Lessons: []edtech.Lesson{lesson(t, "c10", "l1"), lesson(t, "c10", "l2")}},
		{Module: module(t, "c10", "m2"), Lessons: []edtech.Lesson{lesson(t, "c10", "l3")}},
		{Module: module(t, "c10", "m3"), Lessons: []edtech.Lesson{lesson(t, "c10", "l4"), lesson(t, "c10", "l5")}},
		{Module: module(t, "c10", "m10"), Lessons: []edtech.Lesson{lesson(t, "c10", "l6"), lesson(t, "c10", "l7"), lesson(t, "c10", "l8")}},
	} // order_num order (1, 2, 3, 10), not the key order m1, m10, m2, m3
	if diff := cmp.Diff(wantOutline, outline); diff != "" {
		t.Errorf("Outline (-want +got):\n%s", diff)
	}
}

func TestCourseModulesOnly(t *testing.T) {
	t.Parallel()
	ctx, db := setup(t)
	// order_num order, and no lesson read.
	want := []edtech.Module{module(t, "c10", "m1"), module(t, "c10", "m2"), module(t, "c10", "m3"), module(t, "c10", "m10")}
	got, err := edtech.CourseModules(ctx, db, "c10")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("CourseModules(c10) (-want +got):\n%s", diff)
	}
	in, err := edtech.CourseModulesQuery("c10").Build()
	if err != nil {
		t.Fatal(err)
	}
	if in.FilterExpression != nil {
		t.Errorf("CourseModules filters: %s", *in.FilterExpression)
	}
	in.TableName = &db.TableName
	out, err := db.Client.Query(ctx, in)
	if err != nil {
		t.Fatal(err)
	}
	if out.ScannedCount != 4 {
		t.Errorf("CourseModules read %d items, want the 4 modules only", out.ScannedCount)
	}
	paged, pages := pagetest.Walk(ctx, t, db, edtech.CourseModulesQuery("c10"), 3)
	if diff := cmp.Diff(want, paged); diff != "" || pages < 2 {
		t.Errorf("CourseModules(c10) in pages of 3: %d pages (-want +got):\n%s", pages, diff)
	}
}

func TestModuleLessonsNeverMixM1AndM10(t *testing.T) {
	t.Parallel()
	ctx, db := setup(t)
	tests := []struct {
		course, module string
		want           []edtech.Lesson
	}{
		{"c10", "m1", []edtech.Lesson{lesson(t, "c10", "l1"), lesson(t, "c10", "l2")}},
		{"c10", "m10", []edtech.Lesson{lesson(t, "c10", "l6"), lesson(t, "c10", "l7"), lesson(t, "c10", "l8")}},
		{"c10", "m2", []edtech.Lesson{lesson(t, "c10", "l3")}},
		{"c20", "m1", []edtech.Lesson{lesson(t, "c20", "l1")}},
		{"c10", "m4", nil},
	}
	for _, tt := range tests {
		got, err := edtech.ModuleLessons(ctx, db, tt.course, tt.module)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("ModuleLessons(%s, %s) (-want +got):\n%s", tt.course, tt.module, diff)
		}
	}
	paged, pages := pagetest.Walk(ctx, t, db, edtech.ModuleLessonsQuery("c10", "m10"), 2)
	if diff := cmp.Diff(tests[1].want, paged); diff != "" || pages < 2 {
		t.Errorf("ModuleLessons(c10, m10) in pages of 2: %d pages (-want +got):\n%s", pages, diff)
	}
}

// byRegistration is the listing's specified order: registration date, then student id.
func byRegistration(since string) []edtech.Student {
	var out []edtech.Student
	for _, s := range edtech.SampleStudents {
		if s.RegisteredAt >= since {
			out = append(out, s)
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].RegisteredAt != out[j].RegisteredAt {
			return out[i].RegisteredAt < out[j].RegisteredAt
		}
		return out[i].StudentID < out[j].StudentID
	})
	return out
}

func TestStudentsRegisteredSinceMergesShards(t *testing.T) {
	t.Parallel()
	ctx, db := setup(t)
	want := byRegistration("")
	if len(want) != 30 {
		t.Fatalf("%d sample students, want 30", len(want))
	}
	// Spot-check the specification itself: s1 and s21 registered on 2024-09-01.
	if want[0].StudentID != "s1" || want[1].StudentID != "s21" || want[1].RegisteredAt != "2024-09-01" {
		t.Fatalf("expected order starts %s %s", want[0].StudentID, want[1].StudentID)
	}
	// The students really are spread over all ten shards.
	ins, err := edtech.StudentsRegisteredSinceQuery("").BuildShards()
	if err != nil {
		t.Fatal(err)
	}
	if len(ins) != edtech.StudentShards {
		t.Fatalf("%d shard queries, want %d", len(ins), edtech.StudentShards)
	}
	for i, in := range ins {
		in.TableName = &db.TableName
		out, err := db.Client.Query(ctx, in)
		if err != nil {
			t.Fatal(err)
		}
		if out.Count == 0 {
			t.Errorf("shard %d (STUDENT#%d) holds no student", i, i)
		}
	}

	got, cursor, err := edtech.StudentsRegisteredSince(ctx, db, "", 0, "")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, got); diff != "" || cursor != "" {
		t.Errorf("StudentsRegisteredSince(all) cursor %q (-want +got):\n%s", cursor, diff)
	}
	for _, limit := range []int{1, 4, 7, 30} {
		var all []edtech.Student
		cursor, pages := "", 0
		for {
			page, next, err := edtech.StudentsRegisteredSince(ctx, db, "", limit, cursor)
			if err != nil {
				t.Fatal(err)
			}
			pages++
			if len(page) > limit {
				t.Fatalf("limit %d: page %d has %d students", limit, pages, len(page))
			}
			all = append(all, page...)
			if next == "" {
				break
			}
			if pages > 100 {
				t.Fatalf("limit %d: the cursor does not advance", limit)
			}
			cursor = next
		}
		if diff := cmp.Diff(want, all); diff != "" {
			t.Errorf("pages of %d concatenated (-want +got):\n%s", limit, diff)
		}
		if min := (30 + limit - 1) / limit; pages < min {
			t.Errorf("pages of %d: %d pages, want at least %d", limit, pages, min)
		}
	}
	// The design's GSI1SK >= date condition, on every shard.
	since := byRegistration("2024-09-15")
	got, _, err = edtech.StudentsRegisteredSince(ctx, db, "2024-09-15", 0, "")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(since, got); diff != "" || len(since) < 5 || len(since) == 30 {
		t.Errorf("StudentsRegisteredSince(2024-09-15): %d expected (-want +got):\n%s", len(since), diff)
	}
	paged, _ := pagetest.Walk(ctx, t, db, edtech.StudentsRegisteredSinceQuery("2024-09-15"), 3)
	if diff := cmp.Diff(since, paged); diff != "" {
		t.Errorf("StudentsRegisteredSince(2024-09-15) in pages of 3 (-want +got):\n%s", diff)
	}
}

func TestEnrollWritesBothEdgesAndIsIdempotent(t *testing.T) {
	t.Parallel()
	ctx, db := setup(t)
	first := time.Date(2024, 11, 5, 8, 30, 0, 0, time.UTC)
	created, err := edtech.Enroll(ctx, db, "s12", "c40", first)
	if err != nil || !created {
		t.Fatalf("Enroll(s12, c40): created %v, %v; want true, nil", created, err)
	}
	edge := edtech.Enrollment{StudentID: "s12", CourseID: "c40", EnrolledAt: "2024-11-05T08:30:00Z"}
	check := func(when string) {
		t.Helper()
		ofStudent, err := edtech.StudentEnrollmentsOf(ctx, db, "s12")
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff([]edtech.Enrollment{edge}, ofStudent); diff != "" {
			t.Errorf("%s: enrollments of s12 (-want +got):\n%s", when, diff)
		}
		ofCourse, err := edtech.CourseStudents(ctx, db, "c40")
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff([]edtech.Enrollment{edge, enrollment(t, "s2", "c40")}, ofCourse); diff != "" {
			t.Errorf("%s: students of c40 (-want +got):\n%s", when, diff)
		}
		inverse, err := query.New(edtech.CourseEnrollments).Where(entity.Values{"course_id": "c40"}).Collect(ctx, db)
		if err != nil {
			t.Fatal(err)
		}
		withSeen := edge
		withSeen.LastSeen = edge.EnrolledAt
		s2 := enrollment(t, "s2", "c40")
		s2.LastSeen = s2.EnrolledAt
		if diff := cmp.Diff([]edtech.Enrollment{withSeen, s2}, inverse); diff != "" {
			t.Errorf("%s: course-side edges of c40 (-want +got):\n%s", when, diff)
		}
	}
	check("after the first enrollment")

	created, err = edtech.Enroll(ctx, db, "s12", "c40", first.Add(48*time.Hour))
	if err != nil || created {
		t.Fatalf("Enroll(s12, c40) again: created %v, %v; want false, nil", created, err)
	}
	check("after enrolling again") // one pair of edges, the first enrollment's time
}

func TestEnrollUnknownStudentOrCourseWritesNothing(t *testing.T) {
	t.Parallel()
	ctx, db := setup(t)
	at := time.Date(2024, 11, 5, 8, 30, 0, 0, time.UTC)
	_, err := edtech.Enroll(ctx, db, "s99", "c10", at)
	if !errors.Is(err, edtech.ErrNoSuchStudent) {
		t.Errorf("Enroll(s99, c10): got %v, want ErrNoSuchStudent", err)
	}
	var tce *ddbmodel.TxCanceledError
	if !errors.As(err, &tce) {
		t.Errorf("Enroll(s99, c10): %v does not carry the canceled transaction", err)
	}
	_, err = edtech.Enroll(ctx, db, "s12", "c99", at)
	if !errors.Is(err, edtech.ErrNoSuchCourse) {
		t.Errorf("Enroll(s12, c99): got %v, want ErrNoSuchCourse", err)
	}
	for _, s := range []string{"s99", "s12"} {
		got, err := edtech.StudentEnrollmentsOf(ctx, db, s)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != 0 {
			t.Errorf("%s has enrollments after failed Enrolls: %+v", s, got)
		}
	}
	for _, c := range []string{"c10", "c99"} {
		inverse, err := query.New(edtech.CourseEnrollments).Where(entity.Values{"course_id": c}).Collect(ctx, db)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range inverse {
			if e.StudentID == "s99" || e.StudentID == "s12" {
				t.Errorf("course %s has the edge %+v after a failed Enroll", c, e)
			}
		}
	}
}

func TestIDsCannotForgeALevel(t *testing.T) {
	t.Parallel()
	ctx, db := setup(t)
	_, err := edtech.Modules.Put(edtech.Module{CourseID: "c10", ModuleID: "m1#LESSON#l9", Title: "forged", OrderNum: 9}).Run(ctx, db)
	var ve *ddbmodel.ValidationError
	if !errors.As(err, &ve) || ve.Attribute != "module_id" {
		t.Errorf("module id with '#': got %v, want a ValidationError on module_id", err)
	}
}
