package edtech

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/txn"
)

// Outcomes of Enroll; test with errors.Is.
var (
	ErrNoSuchStudent = errors.New("edtech: no such student")
	ErrNoSuchCourse  = errors.New("edtech: no such course")
)

// EnrollTx is the transaction Enroll sends: the student and the course must
// exist, and both edges are created (each only if absent, the design's
// attribute_not_exists(PK)).
func EnrollTx(studentID, courseID string, at time.Time) txn.WriteTx {
	when := at.UTC().Format(time.RFC3339)
	edge := Enrollment{StudentID: studentID, CourseID: courseID, EnrolledAt: when}
	inverse := edge
	inverse.LastSeen = when
	// String form: the design's attribute_exists(PK) names the table's key
	// attribute, no field of Student or Course, so no typed handle says it
	// (and the typed Check takes only typed conditions): the key stays typed.
	exists := entity.Attr(Table.PartitionKey.Name).Exists()
	return txn.Write(
		Students.Check(StudentByKey.Values(StudentKey{StudentID: studentID}), exists),
		Courses.Check(CourseByKey.Values(CourseKey{CourseID: courseID}), exists),
		StudentEnrollments.Create(edge),
		CourseEnrollments.Create(inverse),
	)
}

// Enroll enrolls a student in a course: both edges in one transaction, or
// nothing. It is idempotent: enrolling again changes nothing and reports
// created false. A missing student or course is ErrNoSuchStudent or
// ErrNoSuchCourse.
func Enroll(ctx context.Context, db *entity.DB, studentID, courseID string, at time.Time) (created bool, err error) {
	err = EnrollTx(studentID, courseID, at).Run(ctx, db)
	if err == nil {
		return true, nil
	}
	var tce *ddbmodel.TxCanceledError
	if errors.As(err, &tce) {
		already := false
		for _, r := range tce.Failed() {
			switch {
			case r.Index == 0 && r.Code == "ConditionalCheckFailed":
				return false, fmt.Errorf("edtech: enroll %s in %s: %w: %w", studentID, courseID, ErrNoSuchStudent, err)
			case r.Index == 1 && r.Code == "ConditionalCheckFailed":
				return false, fmt.Errorf("edtech: enroll %s in %s: %w: %w", studentID, courseID, ErrNoSuchCourse, err)
			case errors.Is(r.Err, ddbmodel.ErrAlreadyExists):
				already = true
			}
		}
		if already {
			return false, nil
		}
	}
	return false, fmt.Errorf("edtech: enroll %s in %s: %w", studentID, courseID, err)
}
