package employment

import "github.com/ddbmodel/ddbmodel/entity"

// Typed keys: one struct per entity key (and per query), checked when
// declared to hold exactly the key's composites.

// UserKey identifies a user.
type UserKey struct {
	UserID string `dynamo:"user_id"`
}

// CompanyKey identifies a company.
type CompanyKey struct {
	CompanyID string `dynamo:"company_id"`
}

// EmploymentKey identifies an employment; both edges (UserEmployments and
// CompanyEmployments) are keyed by the same three composites.
type EmploymentKey struct {
	UserID    string `dynamo:"user_id"`
	CompanyID string `dynamo:"company_id"`
	StartedAt string `dynamo:"started_at"`
}

// OfUser is the partition of a user's employments.
type OfUser struct {
	UserID string `dynamo:"user_id"`
}

// UserWithStatus is the part of a user's GSI1 partition holding the
// employments with a status.
type UserWithStatus struct {
	UserID string  `dynamo:"user_id"`
	Status *string `dynamo:"status"`
}

// CompanyWithStatus is the part of a company's GSI1 partition holding the
// employments with a status.
type CompanyWithStatus struct {
	CompanyID string  `dynamo:"company_id"`
	Status    *string `dynamo:"status"`
}

// Keys, resolved once.
var (
	UserByKey              = entity.ItemKeyOf[UserKey](Users)
	CompanyByKey           = entity.ItemKeyOf[CompanyKey](Companies)
	UserEmploymentByKey    = entity.ItemKeyOf[EmploymentKey](UserEmployments)
	CompanyEmploymentByKey = entity.ItemKeyOf[EmploymentKey](CompanyEmployments)

	EmploymentsOfUser          = entity.QueryKeyOf[OfUser](UserEmployments, "")
	UserEmploymentsByStatus    = entity.QueryKeyOf[UserWithStatus](UserEmployments, "GSI1")
	CompanyEmploymentsByStatus = entity.QueryKeyOf[CompanyWithStatus](CompanyEmployments, "GSI1")
)

// Typed field handles of Employment, resolved once; both edges store an
// Employment, so they serve the updates of both.
var (
	EmploymentStatus  = entity.StringOf(UserEmployments, func(e *Employment) *string { return &e.Status })
	EmploymentEndedAt = entity.StringOf(UserEmployments, func(e *Employment) *string { return &e.EndedAt })
)
