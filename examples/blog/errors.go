package blog

import (
	"errors"
	"fmt"

	"github.com/ddbmodel/ddbmodel"
)

// Outcomes of the workflows. Every error a workflow returns for one of them
// satisfies errors.Is with the sentinel; the typed errors carry the details
// and unwrap to the library error as well (a *ddbmodel.TxCanceledError, or
// ddbmodel.ErrNotFound for a read).
var (
	ErrEmailTaken       = errors.New("blog: e-mail address already registered")
	ErrUsernameTaken    = errors.New("blog: username already taken")
	ErrSlugTaken        = errors.New("blog: slug already taken")
	ErrProviderLinked   = errors.New("blog: provider identity already linked to a user")
	ErrUserExists       = errors.New("blog: user id already exists")
	ErrPostExists       = errors.New("blog: post id already exists")
	ErrTagExists        = errors.New("blog: tag already exists")
	ErrUnknownUser      = errors.New("blog: no such user")
	ErrUnknownPost      = errors.New("blog: no such post")
	ErrUnknownTag       = errors.New("blog: no such tag")
	ErrAlreadyPublished = errors.New("blog: post is already published")
	ErrNotPublished     = errors.New("blog: post is not published")
	ErrPostChanged      = errors.New("blog: post changed concurrently; read it again and retry")
)

// TakenError reports a value that must be unique and is already in use: an
// e-mail address, a username, a slug, a provider identity or an id.
type TakenError struct {
	Kind  error  // ErrEmailTaken, ErrUsernameTaken, ErrSlugTaken, ErrProviderLinked, ErrUserExists, ErrPostExists or ErrTagExists
	Value string // the value in use
	Err   error  // the library's error
}

// Error names the kind and the value.
func (e *TakenError) Error() string { return fmt.Sprintf("%v: %q", e.Kind, e.Value) }

// Unwrap returns Kind and the library's error.
func (e *TakenError) Unwrap() []error { return []error{e.Kind, e.Err} }

// NotFoundError reports a user, post or tag a workflow needs that does not exist.
type NotFoundError struct {
	Kind error  // ErrUnknownUser, ErrUnknownPost or ErrUnknownTag
	ID   string // the id or name looked for
	Err  error  // the library's error
}

// Error names the kind and the id.
func (e *NotFoundError) Error() string { return fmt.Sprintf("%v: %q", e.Kind, e.ID) }

// Unwrap returns Kind and the library's error.
func (e *NotFoundError) Unwrap() []error { return []error{e.Kind, e.Err} }

// StatusError reports a publish of a published post or an unpublish of an
// unpublished one.
type StatusError struct {
	PostID string
	Status string // the post's current status
	Kind   error  // ErrAlreadyPublished or ErrNotPublished
}

// Error names the kind, the post and its status.
func (e *StatusError) Error() string {
	return fmt.Sprintf("%v: post %q is %s", e.Kind, e.PostID, e.Status)
}

// Unwrap returns Kind.
func (e *StatusError) Unwrap() error { return e.Kind }

func taken(kind error, value string) func(error) error {
	return func(err error) error { return &TakenError{Kind: kind, Value: value, Err: err} }
}

func notFound(kind error, id string) func(error) error {
	return func(err error) error { return &NotFoundError{Kind: kind, ID: id, Err: err} }
}

// lookupError turns the "not found" of a read or update into a
// *NotFoundError and wraps any other error.
func lookupError(kind error, id string, err error) error {
	if errors.Is(err, ddbmodel.ErrNotFound) {
		return &NotFoundError{Kind: kind, ID: id, Err: err}
	}
	return fmt.Errorf("blog: %s: %w", id, err)
}
