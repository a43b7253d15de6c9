package github

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/txn"
)

// Errors of the workflows. Each is returned wrapped together with the
// library's error that caused it, so errors.Is works with both (for
// example ErrAlreadyStarred and ddbmodel.ErrAlreadyExists) and errors.As
// finds the *ddbmodel.TxCanceledError or *ddbmodel.ConditionError.
var (
	// ErrAlreadyStarred: the user has starred the repository already.
	ErrAlreadyStarred = errors.New("github: repository already starred")
	// ErrNotStarred: unstarring a repository the user has not starred.
	ErrNotStarred = errors.New("github: repository not starred")
	// ErrRepoNotFound: the repository to star, unstar or fork does not exist.
	ErrRepoNotFound = errors.New("github: repository not found")
	// ErrAlreadyForked: the account has forked the repository already.
	ErrAlreadyForked = errors.New("github: repository already forked by this account")
	// ErrInvalidTransition: closing what is not open, reopening what is not
	// closed, or merging what is not open.
	ErrInvalidTransition = errors.New("github: invalid status change")
)

// ---- Closing and reopening ----

// IssueStatusUpdate is the UpdateItem that moves an issue from status from
// to status to. Because GSI4SK is computed from status and issue_number
// (IndexKey.SortFunc with SortUses), setting status rewrites GSI4SK in the
// same request: the issue leaves one GSI4 range and enters the other at once.
// The update is conditioned on the issue existing with status from.
func IssueStatusUpdate(owner, repoName string, number int, from, to string) entity.UpdateOp[Issue] {
	return IssueByKey.Update(IssueKey{owner, repoName, number}).
		Apply(IssueStatus.Set(to)).
		Ensure(IssueStatus.Eq(from))
}

// CloseIssue closes an open issue and returns it as written. An issue that
// is not open gives ErrInvalidTransition (with ddbmodel.ErrConditionFailed),
// a missing one ddbmodel.ErrNotFound.
func (s *Store) CloseIssue(ctx context.Context, owner, repoName string, number int) (Issue, error) {
	return runTransition(ctx, s, IssueStatusUpdate(owner, repoName, number, StatusOpen, StatusClosed))
}

// ReopenIssue reopens a closed issue and returns it as written; errors as CloseIssue.
func (s *Store) ReopenIssue(ctx context.Context, owner, repoName string, number int) (Issue, error) {
	return runTransition(ctx, s, IssueStatusUpdate(owner, repoName, number, StatusClosed, StatusOpen))
}

// PullRequestStatusUpdate is the UpdateItem that moves a pull request from
// status from to status to, rewriting its GSI4SK in the same request (see
// IssueStatusUpdate).
func PullRequestStatusUpdate(owner, repoName string, number int, from, to string) entity.UpdateOp[PullRequest] {
	return PullRequestByKey.Update(PullRequestKey{owner, repoName, number}).
		Apply(PRStatus.Set(to)).
		Ensure(PRStatus.Eq(from))
}

// ClosePullRequest closes an open pull request without merging it.
func (s *Store) ClosePullRequest(ctx context.Context, owner, repoName string, number int) (PullRequest, error) {
	return runTransition(ctx, s, PullRequestStatusUpdate(owner, repoName, number, StatusOpen, StatusClosed))
}

// ReopenPullRequest reopens a closed (not merged) pull request.
func (s *Store) ReopenPullRequest(ctx context.Context, owner, repoName string, number int) (PullRequest, error) {
	return runTransition(ctx, s, PullRequestStatusUpdate(owner, repoName, number, StatusClosed, StatusOpen))
}

// MergePullRequest marks an open pull request merged; it moves to the
// closed range of GSI4.
func (s *Store) MergePullRequest(ctx context.Context, owner, repoName string, number int) (PullRequest, error) {
	return runTransition(ctx, s, PullRequestStatusUpdate(owner, repoName, number, StatusOpen, StatusMerged))
}

func runTransition[T any](ctx context.Context, s *Store, op entity.UpdateOp[T]) (T, error) {
	v, err := op.Run(ctx, s.DB)
	if err != nil && errors.Is(err, ddbmodel.ErrConditionFailed) && !errors.Is(err, ddbmodel.ErrNotFound) {
		return v, fmt.Errorf("%w: %w", ErrInvalidTransition, err)
	}
	return v, err
}

// ---- Pushes and settings ----

// RepoPushUpdate is the UpdateItem a push makes to its repository: it sets
// updatedAt to at. GSI3SK is rendered from updatedAt (#<updatedAt>), so
// the same request moves the repository to the front of its account's
// "most recently updated" list (AccountRepos). The update is conditioned on
// the repository existing (ddbmodel.ErrNotFound otherwise).
func RepoPushUpdate(owner, repoName string, at time.Time) entity.UpdateOp[Repo] {
	return RepoByKey.Update(RepoKey{owner, repoName}).Apply(RepoUpdatedAt.Set(at.UTC()))
}

// PushRepo records a push to a repository at the Store's clock and returns
// the repository as written.
func (s *Store) PushRepo(ctx context.Context, owner, repoName string) (Repo, error) {
	return RepoPushUpdate(owner, repoName, s.now()).Run(ctx, s.DB)
}

// RepoSettings are the settings an owner changes on a repository; a nil
// field is left as it is. Description and Language are omitempty fields, so
// setting one to "" removes the attribute, as a put of the value would.
type RepoSettings struct {
	Description *string
	Language    *string
	IsPrivate   *bool
}

// RepoSettingsUpdate is the UpdateItem of a settings change: the settings
// given, and updatedAt (with GSI3SK) set to at, in one request.
func RepoSettingsUpdate(owner, repoName string, settings RepoSettings, at time.Time) entity.UpdateOp[Repo] {
	changes := []entity.Change[Repo]{RepoUpdatedAt.Set(at.UTC())}
	if settings.Description != nil {
		changes = append(changes, RepoDescription.Set(*settings.Description))
	}
	if settings.Language != nil {
		changes = append(changes, RepoLanguage.Set(*settings.Language))
	}
	if settings.IsPrivate != nil {
		changes = append(changes, RepoIsPrivate.Set(*settings.IsPrivate))
	}
	return RepoByKey.Update(RepoKey{owner, repoName}).Apply(changes...)
}

// UpdateRepoSettings changes a repository's settings at the Store's clock
// and returns the repository as written. A missing repository is
// ddbmodel.ErrNotFound; settings with nothing to change are a
// *ddbmodel.ValidationError.
func (s *Store) UpdateRepoSettings(ctx context.Context, owner, repoName string, settings RepoSettings) (Repo, error) {
	if settings == (RepoSettings{}) {
		return Repo{}, &ddbmodel.ValidationError{Entity: Repos.Name(), Reason: "a settings change changes nothing"}
	}
	return RepoSettingsUpdate(owner, repoName, settings, s.now()).Run(ctx, s.DB)
}

// ---- Stars ----

// StarTx is the transaction that stars a repository: it creates the Star
// (failing if the user starred the repository already) and adds 1 to the
// repository's stars (failing if the repository does not exist). Both
// happen or neither does.
func StarTx(st Star) txn.WriteTx {
	return txn.Write(
		Stars.Create(st),
		RepoByKey.Update(RepoKey{st.RepoOwner, st.RepoName}).Apply(RepoStars.Add(1)),
	)
}

// StarRepo stars st.RepoOwner/st.RepoName for st.UserName at st.StarredAt
// (the store's clock when zero) and returns the star. Starring twice gives
// ErrAlreadyStarred, a missing repository ErrRepoNotFound; either way
// nothing is written and the star count is unchanged.
func (s *Store) StarRepo(ctx context.Context, st Star) (Star, error) {
	if st.StarredAt.IsZero() {
		st.StarredAt = s.now()
	}
	err := StarTx(st).Run(ctx, s.DB)
	switch {
	case err == nil:
		return st, nil
	case failedWith(err, 0, ddbmodel.ErrAlreadyExists):
		return Star{}, fmt.Errorf("%w: %s starred %s/%s: %w", ErrAlreadyStarred, st.UserName, st.RepoOwner, st.RepoName, err)
	case failedWith(err, 1, ddbmodel.ErrNotFound):
		return Star{}, fmt.Errorf("%w: %s/%s: %w", ErrRepoNotFound, st.RepoOwner, st.RepoName, err)
	}
	return Star{}, err
}

// UnstarTx is the transaction that removes a user's star: it deletes the
// Star (which must exist) and subtracts 1 from the repository's stars.
func UnstarTx(userName, owner, repoName string) txn.WriteTx {
	return txn.Write(
		StarByKey.Delete(StarKey{userName, owner, repoName}).MustExist(),
		RepoByKey.Update(RepoKey{owner, repoName}).Apply(RepoStars.Sub(1)),
	)
}

// UnstarRepo removes userName's star from owner/repoName. Without a star it
// gives ErrNotStarred and changes nothing.
func (s *Store) UnstarRepo(ctx context.Context, userName, owner, repoName string) error {
	err := UnstarTx(userName, owner, repoName).Run(ctx, s.DB)
	switch {
	case err == nil:
		return nil
	case failedWith(err, 0, ddbmodel.ErrNotFound):
		return fmt.Errorf("%w: %s has not starred %s/%s: %w", ErrNotStarred, userName, owner, repoName, err)
	case failedWith(err, 1, ddbmodel.ErrNotFound):
		return fmt.Errorf("%w: %s/%s: %w", ErrRepoNotFound, owner, repoName, err)
	}
	return err
}

// failedWith reports whether err is a canceled transaction whose action i
// failed with the outcome want.
func failedWith(err error, i int, want error) bool {
	var tce *ddbmodel.TxCanceledError
	if !errors.As(err, &tce) {
		return false
	}
	for _, r := range tce.Failed() {
		if r.Index == i && errors.Is(r.Err, want) {
			return true
		}
	}
	return false
}

// ---- Forks ----

// ForkTx is the transaction that forks parent for forkOwner at time at: it
// creates the fork repository (ForkOwner/<same name>), creates the Fork link
// in the parent's partition, and checks that the parent still exists. It
// returns the transaction and the two items it creates.
func ForkTx(parent Repo, forkOwner string, at time.Time) (txn.WriteTx, Repo, Fork) {
	fork := Repo{
		Owner: forkOwner, RepoName: parent.RepoName,
		Description: parent.Description, IsPrivate: parent.IsPrivate, Language: parent.Language,
		ForkedFrom: parent.Owner + "/" + parent.RepoName,
		CreatedAt:  at, UpdatedAt: at,
	}
	link := Fork{Owner: parent.Owner, RepoName: parent.RepoName, ForkOwner: forkOwner, ForkedAt: at}
	tx := txn.Write(
		Repos.Create(fork),
		Forks.Create(link),
		RepoByKey.Check(RepoKey{parent.Owner, parent.RepoName}, RepoOwner.Exists()),
	)
	return tx, fork, link
}

// ForkRepo forks owner/repoName into forkOwner's account at time at (the
// store's clock when zero): the fork repository and the Fork link are
// written in one transaction, or neither is. A second fork by the same
// account gives ErrAlreadyForked; a missing parent ErrRepoNotFound; a fork
// owner who already has a repository of that name ddbmodel.ErrAlreadyExists.
func (s *Store) ForkRepo(ctx context.Context, owner, repoName, forkOwner string, at time.Time) (Repo, error) {
	if forkOwner == owner {
		return Repo{}, &ddbmodel.ValidationError{Entity: Forks.Name(), Attribute: "fork_owner", Reason: "an account cannot fork its own repository"}
	}
	parent, err := s.Repo(ctx, owner, repoName)
	if errors.Is(err, ddbmodel.ErrNotFound) {
		return Repo{}, fmt.Errorf("%w: %s/%s: %w", ErrRepoNotFound, owner, repoName, err)
	}
	if err != nil {
		return Repo{}, err
	}
	if at.IsZero() {
		at = s.now()
	}
	tx, fork, _ := ForkTx(parent, forkOwner, at)
	err = tx.Run(ctx, s.DB)
	switch {
	case err == nil:
		return fork, nil
	case failedWith(err, 1, ddbmodel.ErrAlreadyExists):
		return Repo{}, fmt.Errorf("%w: %s forked %s/%s: %w", ErrAlreadyForked, forkOwner, owner, repoName, err)
	case failedWith(err, 2, ddbmodel.ErrConditionFailed):
		return Repo{}, fmt.Errorf("%w: %s/%s: %w", ErrRepoNotFound, owner, repoName, err)
	}
	return Repo{}, err
}
