package employment

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/txn"
)

// Outcomes of Hire and EndJob; test with errors.Is.
var (
	ErrNoSuchUser       = errors.New("employment: no such user")
	ErrNoSuchCompany    = errors.New("employment: no such company")
	ErrAlreadyRecorded  = errors.New("employment: employment already recorded")
	ErrNoSuchEmployment = errors.New("employment: no such employment")
	ErrNotCurrent       = errors.New("employment: the job has already ended")
)

// HireTx is the transaction Hire sends: the user and the company must
// exist, and both edges are created.
func HireTx(e Employment) txn.WriteTx {
	// String form: the design's attribute_exists(PK) names the table's key
	// attribute, no field of User or Company, so no typed handle says it
	// (and the typed Check takes only typed conditions): the key stays typed.
	exists := entity.Attr(Table.PartitionKey.Name).Exists()
	return txn.Write(
		Users.Check(UserByKey.Values(UserKey{UserID: e.UserID}), exists),
		Companies.Check(CompanyByKey.Values(CompanyKey{CompanyID: e.CompanyID}), exists),
		UserEmployments.Create(e),
		CompanyEmployments.Create(e),
	)
}

// Hire records an employment (current, or former with ended_at for history)
// as both edges in one transaction. A missing user or company is
// ErrNoSuchUser or ErrNoSuchCompany; recording it twice, ErrAlreadyRecorded.
func Hire(ctx context.Context, db *entity.DB, e Employment) error {
	err := HireTx(e).Run(ctx, db)
	if err == nil {
		return nil
	}
	var tce *ddbmodel.TxCanceledError
	if errors.As(err, &tce) {
		for _, r := range tce.Failed() {
			switch {
			case r.Index == 0 && r.Code == "ConditionalCheckFailed":
				return fmt.Errorf("employment: hire %s at %s: %w: %w", e.UserID, e.CompanyID, ErrNoSuchUser, err)
			case r.Index == 1 && r.Code == "ConditionalCheckFailed":
				return fmt.Errorf("employment: hire %s at %s: %w: %w", e.UserID, e.CompanyID, ErrNoSuchCompany, err)
			case errors.Is(r.Err, ddbmodel.ErrAlreadyExists):
				return fmt.Errorf("employment: hire %s at %s: %w: %w", e.UserID, e.CompanyID, ErrAlreadyRecorded, err)
			}
		}
	}
	return fmt.Errorf("employment: hire %s at %s: %w", e.UserID, e.CompanyID, err)
}

// EndJobTx is the transaction EndJob sends: on both edges, status becomes
// "former" and ended_at is set, only if the status is still "current". The
// key composites (user, company, started_at) let the library recompute
// GSI1SK (STATUS#former#...) in the same update.
func EndJobTx(userID, companyID, startedAt string, endedAt time.Time) txn.WriteTx {
	key := EmploymentKey{UserID: userID, CompanyID: companyID, StartedAt: startedAt}
	end := endedAt.UTC().Format(time.RFC3339)
	changes := []entity.Change[Employment]{EmploymentStatus.Set(Former), EmploymentEndedAt.Set(end)}
	isCurrent := EmploymentStatus.Eq(Current)
	return txn.Write(
		UserEmploymentByKey.Update(key).Apply(changes...).Ensure(isCurrent),
		CompanyEmploymentByKey.Update(key).Apply(changes...).Ensure(isCurrent),
	)
}

// EndJob ends a current employment, identified by user, company and start
// time, moving it from current to former in the base table and in GSI1 in
// one transaction. An employment that has ended is ErrNotCurrent; one that
// does not exist, ErrNoSuchEmployment.
func EndJob(ctx context.Context, db *entity.DB, userID, companyID, startedAt string, endedAt time.Time) error {
	err := EndJobTx(userID, companyID, startedAt, endedAt).Run(ctx, db)
	if err == nil {
		return nil
	}
	if errors.Is(err, ddbmodel.ErrTxCanceled) {
		switch {
		case errors.Is(err, ddbmodel.ErrNotFound):
			return fmt.Errorf("employment: end job of %s at %s: %w: %w", userID, companyID, ErrNoSuchEmployment, err)
		case errors.Is(err, ddbmodel.ErrConditionFailed):
			return fmt.Errorf("employment: end job of %s at %s: %w: %w", userID, companyID, ErrNotCurrent, err)
		}
	}
	return fmt.Errorf("employment: end job of %s at %s: %w", userID, companyID, err)
}
