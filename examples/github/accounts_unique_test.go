package github

import (
	"errors"
	"slices"
	"testing"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
)

// wantEmailTaken checks that err is a taken e-mail address: ErrEmailTaken
// with the library's *ddbmodel.UniqueError naming User, email and value.
func wantEmailTaken(t *testing.T, err error, value string) {
	t.Helper()
	var ue *ddbmodel.UniqueError
	if !errors.Is(err, ErrEmailTaken) || !errors.Is(err, ddbmodel.ErrUniqueTaken) || !errors.As(err, &ue) ||
		ue.Entity != "User" || ue.Attribute != "email" || ue.Value != value {
		t.Errorf("got %v, want ErrEmailTaken with a *ddbmodel.UniqueError of User email %q", err, value)
	}
}

// TestUniqueEmail checks on DynamoDB Local that an e-mail address belongs
// to one user at most: creating a user with a taken address, or changing
// an address to a taken one, writes nothing; a changed address frees the
// old one; an account name held by an organization is refused.
func TestUniqueEmail(t *testing.T) {
	t.Parallel()
	s, _ := newStore(t, true)
	ctx := t.Context()

	_, err := s.CreateUser(ctx, User{Username: "dave", Email: "alice@example.com"})
	wantEmailTaken(t, err, "alice@example.com")
	if _, err := s.User(ctx, "dave"); !errors.Is(err, ddbmodel.ErrNotFound) {
		t.Errorf("dave after a refused create: %v, want ErrNotFound", err)
	}
	if _, err := s.CreateUser(ctx, User{Username: "dave", Email: "dave@example.com"}); err != nil {
		t.Fatalf("CreateUser(dave): %v", err)
	}
	// users and organizations share ACCOUNT#<name>.
	if _, err := s.CreateUser(ctx, User{Username: "aws", Email: "aws@example.com"}); !errors.Is(err, ddbmodel.ErrAlreadyExists) {
		t.Errorf("CreateUser(aws), an organization's name: %v, want ErrAlreadyExists", err)
	}

	_, err = s.ChangeEmail(ctx, "alice", "bob@example.com")
	wantEmailTaken(t, err, "bob@example.com")
	if u, err := s.User(ctx, "alice"); err != nil || u.Email != "alice@example.com" {
		t.Errorf("alice after a refused change: %+v, %v", u, err)
	}
	u, err := s.ChangeEmail(ctx, "alice", "alice@example.org")
	if err != nil || u.Email != "alice@example.org" {
		t.Fatalf("ChangeEmail(alice): %+v, %v", u, err)
	}
	// the old address is free, the new one taken.
	if _, err := s.CreateUser(ctx, User{Username: "erin", Email: "alice@example.com"}); err != nil {
		t.Errorf("CreateUser with alice's old address: %v", err)
	}
	_, err = s.CreateUser(ctx, User{Username: "frank", Email: "alice@example.org"})
	wantEmailTaken(t, err, "alice@example.org")
	if _, err := s.ChangeEmail(ctx, "nobody", "nobody@example.com"); !errors.Is(err, ddbmodel.ErrNotFound) {
		t.Errorf("ChangeEmail(nobody): %v, want ErrNotFound", err)
	}

	// an invalid address is refused before anything is sent.
	rec := entitytest.NewRecorder(s.DB.Client)
	bad := &Store{DB: entity.NewDB(rec, s.DB.TableName)}
	var ve *ddbmodel.ValidationError
	if _, err := bad.ChangeEmail(ctx, "alice", "alice@example"); !errors.As(err, &ve) || ve.Attribute != "email" || !errors.Is(err, ErrInvalidEmail) {
		t.Errorf("ChangeEmail to an invalid address: %v, want a *ddbmodel.ValidationError of email", err)
	}
	if n := rec.Count(); n != 0 {
		t.Errorf("an invalid address sent %d requests", n)
	}
}

// TestAccountIsObserved checks that the account lookup (AP21), which reads
// an item of either kind, is sent as the library sends its own reads: an
// Observer of the DB sees one GetItem of User or Organization, with the
// capacity it consumed (the program's cost line counts it).
func TestAccountIsObserved(t *testing.T) {
	t.Parallel()
	s, _ := newStore(t, true)
	log := &entitytest.EventLog{}
	observed := &Store{DB: s.DB.WithObserver(log)}
	if a, err := observed.Account(t.Context(), "aws"); err != nil || a.Organization == nil {
		t.Fatalf("Account(aws): %+v, %v", a, err)
	}
	evs := log.Events()
	if len(evs) != 1 || evs[0].Operation != "GetItem" || evs[0].Units().Read != 0.5 {
		t.Fatalf("events of Account: %+v, want one GetItem of 0.5 read units", evs)
	}
	if want := []string{"User", "Organization"}; !slices.Equal(evs[0].Entities, want) {
		t.Errorf("entities of the event: %v, want %v", evs[0].Entities, want)
	}
}
