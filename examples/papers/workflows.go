package papers

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/txn"
)

// ErrPaperExists reports adding a paper whose id is taken.
var ErrPaperExists = errors.New("papers: paper already exists")

// ErrUnknownAuthor reports a membership naming an author without a profile.
var ErrUnknownAuthor = errors.New("papers: unknown author")

// UnknownAuthorError is the typed form of ErrUnknownAuthor.
type UnknownAuthorError struct {
	Handles []string // the handles without a profile
	Err     error    // the canceled transaction
}

// Error names the unknown handles.
func (e *UnknownAuthorError) Error() string {
	return fmt.Sprintf("papers: no author profile for %s: %v", strings.Join(e.Handles, ", "), e.Err)
}

// Unwrap returns ErrUnknownAuthor and the transaction's error.
func (e *UnknownAuthorError) Unwrap() []error { return []error{ErrUnknownAuthor, e.Err} }

// AddPaperTx is the transaction of AddPaper: the paper item created only if
// absent; for each membership, the membership item and a check that the
// author's profile exists; one PaperTopic item per topic.
func AddPaperTx(p Paper, authors []Membership, topics []string) txn.WriteTx {
	tx := txn.Write(Papers.Create(p))
	for _, m := range authors {
		m.PaperID = p.ID
		tx = tx.Add(
			Memberships.Create(m),
			AuthorByKey.Check(AuthorKey{Handle: m.Handle}, AuthorHandle.Exists()),
		)
	}
	for _, t := range topics {
		tx = tx.Add(PaperTopics.Create(PaperTopic{PaperID: p.ID, Topic: t}))
	}
	return tx
}

// AddPaper adds a paper with its author memberships and its topics in one
// transaction: all of them, or nothing. Errors: ErrPaperExists,
// *UnknownAuthorError (ErrUnknownAuthor) for a membership whose author has
// no profile, *ddbmodel.ValidationError for an invalid item (a role or
// topic, a missing title, ...).
func AddPaper(ctx context.Context, db *entity.DB, p Paper, authors []Membership, topics []string) error {
	topics = slices.Compact(slices.Sorted(slices.Values(topics)))
	err := AddPaperTx(p, authors, topics).Run(ctx, db)
	if err == nil {
		return nil
	}
	var tc *ddbmodel.TxCanceledError
	if errors.As(err, &tc) {
		var unknown []string
		for _, r := range tc.Failed() {
			switch {
			case r.Entity == Papers.Name() && errors.Is(r.Err, ddbmodel.ErrAlreadyExists):
				return fmt.Errorf("%w: %s: %w", ErrPaperExists, p.ID, err)
			case r.Entity == Authors.Name() && r.Err != nil:
				// Actions are: paper, then (membership, author check) per author.
				unknown = append(unknown, authors[(r.Index-1)/2].Handle)
			}
		}
		if len(unknown) > 0 {
			return &UnknownAuthorError{Handles: unknown, Err: err}
		}
	}
	return fmt.Errorf("papers: add paper %s: %w", p.ID, err)
}
