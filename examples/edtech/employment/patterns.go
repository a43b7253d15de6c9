package employment

import (
	"context"
	"fmt"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/query"
)

// UserProfileGet is E1: GetItem USER#<u> / PROFILE.
func UserProfileGet(userID string) entity.GetOp[User] {
	return UserByKey.Get(UserKey{UserID: userID})
}

// UserProfile runs E1; a missing user is ddbmodel.ErrNotFound.
func UserProfile(ctx context.Context, db *entity.DB, userID string) (User, error) {
	return UserProfileGet(userID).Run(ctx, db)
}

// EmploymentHistoryQuery is E2, every employment of a user, most recent
// first: begins_with(SK, "EMPLOYMENT#"), descending.
func EmploymentHistoryQuery(userID string) query.Query[Employment] {
	return query.By(EmploymentsOfUser, OfUser{UserID: userID}).Desc()
}

// EmploymentHistory runs E2.
func EmploymentHistory(ctx context.Context, db *entity.DB, userID string) ([]Employment, error) {
	return EmploymentHistoryQuery(userID).Collect(ctx, db)
}

func byStatus(companyID, status string) query.Query[Employment] {
	return query.By(CompanyEmploymentsByStatus, CompanyWithStatus{CompanyID: companyID, Status: &status})
}

// CurrentEmployeesQuery is E3, the company's current employees by start
// date: GSI1 begins_with(GSI1SK, "STATUS#current#").
func CurrentEmployeesQuery(companyID string) query.Query[Employment] {
	return byStatus(companyID, Current)
}

// CurrentEmployees runs E3.
func CurrentEmployees(ctx context.Context, db *entity.DB, companyID string) ([]Employment, error) {
	return CurrentEmployeesQuery(companyID).Collect(ctx, db)
}

// FormerEmployeesQuery is E4, the company's former employees by start date:
// GSI1 begins_with(GSI1SK, "STATUS#former#").
func FormerEmployeesQuery(companyID string) query.Query[Employment] {
	return byStatus(companyID, Former)
}

// FormerEmployees runs E4.
func FormerEmployees(ctx context.Context, db *entity.DB, companyID string) ([]Employment, error) {
	return FormerEmployeesQuery(companyID).Collect(ctx, db)
}

// CurrentJobQuery is E5, a user's current jobs, most recent first: GSI1
// begins_with(GSI1SK, "STATUS#current#"), descending, one item per page.
func CurrentJobQuery(userID string) query.Query[Employment] {
	current := Current
	return query.By(UserEmploymentsByStatus, UserWithStatus{UserID: userID, Status: &current}).Desc().Limit(1)
}

// CurrentJob runs E5 and returns the most recent current employment; a user
// without one is ddbmodel.ErrNotFound.
func CurrentJob(ctx context.Context, db *entity.DB, userID string) (Employment, error) {
	e, err := CurrentJobQuery(userID).First(ctx, db)
	if err != nil {
		return Employment{}, fmt.Errorf("employment: current job of %s: %w", userID, err)
	}
	return e, nil
}
