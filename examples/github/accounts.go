package github

import (
	"context"
	"errors"
	"fmt"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
)

// ErrEmailTaken reports an e-mail address that another user holds. It is
// returned wrapped together with the library's *ddbmodel.UniqueError (and
// so ddbmodel.ErrUniqueTaken), which names the entity, the attribute and
// the value.
var ErrEmailTaken = errors.New("github: e-mail address in use by another user")

// CreateUser creates a user account: the User item and the marker item of
// its e-mail address in one transaction. A name in use by a user or an
// organization (they share ACCOUNT#<name>) is ddbmodel.ErrAlreadyExists
// (ddbmodel.ErrOtherEntity too when an organization holds it), an address
// in use ErrEmailTaken; either way nothing is written. Invalid input is a
// *ddbmodel.ValidationError, before anything is sent.
func (s *Store) CreateUser(ctx context.Context, u User) (User, error) {
	v, err := Users.Create(u).Run(ctx, s.DB)
	return v, emailTaken(err)
}

// UserEmailUpdate is the write of a change of a user's e-mail address:
// the User item's email, the new address's marker created and the old
// one's deleted, in one transaction (the library reads the user first to
// learn the old address, and conditions the write on it).
func UserEmailUpdate(username, email string) entity.UpdateOp[User] {
	return UserByName.Update(UserKey{username}).Apply(UserEmail.Set(email))
}

// ChangeEmail changes a user's e-mail address and returns the user as
// written; the old address is free again. An address in use by another
// user is ErrEmailTaken, a missing user ddbmodel.ErrNotFound.
func (s *Store) ChangeEmail(ctx context.Context, username, email string) (User, error) {
	v, err := UserEmailUpdate(username, email).Run(ctx, s.DB)
	return v, emailTaken(err)
}

// emailTaken wraps err with ErrEmailTaken when it is a taken e-mail address.
func emailTaken(err error) error {
	var ue *ddbmodel.UniqueError
	if errors.As(err, &ue) && ue.Entity == Users.Name() && ue.Attribute == "email" {
		return fmt.Errorf("%w: %w", ErrEmailTaken, err)
	}
	return err
}
