package groups

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/txn"
)

// Outcomes of Join and Leave, carried by a *MembershipError; test with errors.Is.
var (
	ErrAlreadyMember = errors.New("groups: already a member")
	ErrNotMember     = errors.New("groups: not a member")
	ErrNoSuchUser    = errors.New("groups: no such user")
	ErrNoSuchGroup   = errors.New("groups: no such group")
)

// MembershipError reports a Join or Leave that changed nothing. It matches
// its outcome (ErrAlreadyMember, ErrNotMember, ErrNoSuchUser,
// ErrNoSuchGroup) and the library's *ddbmodel.TxCanceledError with
// errors.Is and errors.As.
type MembershipError struct {
	Op      string // "join" or "leave"
	UserID  string
	GroupID string
	Err     error // the outcome sentinel
	Cause   error // the canceled transaction
}

// Error describes the MembershipError.
func (e *MembershipError) Error() string {
	return fmt.Sprintf("groups: %s user %s, group %s: %v", e.Op, e.UserID, e.GroupID, e.Err)
}

// Unwrap returns the outcome sentinel and the cause.
func (e *MembershipError) Unwrap() []error { return []error{e.Err, e.Cause} }

// JoinTx is the transaction Join sends: the user and the group must exist,
// and both edges are created (each failing if it exists).
func JoinTx(userID, groupID string, at time.Time) txn.WriteTx {
	m := Membership{UserID: userID, GroupID: groupID, JoinedAt: at.UTC().Format(time.RFC3339)}
	// String form: attribute_exists(PK) names the table's key attribute, no
	// field of User or Group, so no typed handle says it (and the typed Check
	// takes only typed conditions): the key stays typed.
	exists := entity.Attr(Table.PartitionKey.Name).Exists()
	return txn.Write(
		Users.Check(UserByKey.Values(UserKey{UserID: userID}), exists),
		Groups.Check(GroupByKey.Values(GroupKey{GroupID: groupID}), exists),
		UserGroups.Create(m),
		GroupMembers.Create(m),
	)
}

// Join adds the user to the group: both edges in one transaction, or
// nothing. Joining a group twice is a *MembershipError matching
// ErrAlreadyMember; a missing user or group matches ErrNoSuchUser or
// ErrNoSuchGroup.
func Join(ctx context.Context, db *entity.DB, userID, groupID string, at time.Time) error {
	err := JoinTx(userID, groupID, at).Run(ctx, db)
	if err == nil {
		return nil
	}
	var tce *ddbmodel.TxCanceledError
	if !errors.As(err, &tce) {
		return fmt.Errorf("groups: join user %s, group %s: %w", userID, groupID, err)
	}
	out := &MembershipError{Op: "join", UserID: userID, GroupID: groupID, Cause: err}
	for _, r := range tce.Failed() {
		switch {
		case r.Index == 0 && out.Err == nil:
			out.Err = ErrNoSuchUser
		case r.Index == 1 && out.Err == nil:
			out.Err = ErrNoSuchGroup
		case errors.Is(r.Err, ddbmodel.ErrAlreadyExists):
			out.Err = ErrAlreadyMember
		}
	}
	if out.Err == nil { // canceled for another reason (a conflict): report as is
		return fmt.Errorf("groups: join user %s, group %s: %w", userID, groupID, err)
	}
	return out
}

// LeaveTx is the transaction Leave sends: both edges deleted, each required to exist.
func LeaveTx(userID, groupID string) txn.WriteTx {
	k := MembershipKey{UserID: userID, GroupID: groupID}
	return txn.Write(UserGroupByKey.Delete(k).MustExist(), GroupMemberByKey.Delete(k).MustExist())
}

// Leave removes the user from the group: both edges in one transaction.
// Leaving a group the user is not in is a *MembershipError matching
// ErrNotMember.
func Leave(ctx context.Context, db *entity.DB, userID, groupID string) error {
	err := LeaveTx(userID, groupID).Run(ctx, db)
	if err == nil {
		return nil
	}
	if errors.Is(err, ddbmodel.ErrTxCanceled) && errors.Is(err, ddbmodel.ErrNotFound) {
		return &MembershipError{Op: "leave", UserID: userID, GroupID: groupID, Err: ErrNotMember, Cause: err}
	}
	return fmt.Errorf("groups: leave user %s, group %s: %w", userID, groupID, err)
}
