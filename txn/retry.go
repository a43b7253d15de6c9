package txn

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"time"

	awsretry "github.com/aws/aws-sdk-go-v2/aws/retry"
	"github.com/aws/smithy-go"

	"github.com/ddbmodel/ddbmodel"
)

// Default backoff of a retried transaction: the first wait is drawn from
// [0, DefaultRetryBase), each later one from a range twice as wide, up to
// [0, DefaultRetryMax).
const (
	DefaultRetryBase = 25 * time.Millisecond
	DefaultRetryMax  = time.Second
)

// retryPolicy is how a transaction is retried; the zero value sends once.
type retryPolicy struct {
	attempts  int
	base, max time.Duration
	err       error // an invalid setting, returned by Build and Run
}

func (p retryPolicy) withAttempts(n int) retryPolicy {
	if n < 0 {
		p.err = &ddbmodel.ValidationError{Attribute: "Retry", Reason: fmt.Sprintf("Retry(%d): attempts must be 0 or more", n)}
	}
	p.attempts = n
	return p
}

func (p retryPolicy) withBackoff(base, max time.Duration) retryPolicy {
	if base <= 0 || max < base {
		p.err = &ddbmodel.ValidationError{Attribute: "Backoff", Reason: fmt.Sprintf("Backoff(%v, %v): want 0 < base <= max", base, max)}
	}
	p.base, p.max = base, max
	return p
}

// retryable reports whether a failed transaction may be sent again: it was
// canceled only by conflicts with other transactions, or throttled, so
// nothing of it was applied; or, when the transaction has an idempotency
// token (which makes DynamoDB apply it at most once), it failed in a way
// ddbmodel.IsRetryable calls transient (a server error, a lost
// connection) whose outcome is unknown. A failed condition, a version
// conflict and invalid input are never retried: sending the same
// transaction again would fail the same way.
func retryable(err error, token bool) bool {
	if errors.Is(err, ddbmodel.ErrVersionConflict) || errors.Is(err, ddbmodel.ErrPanic) {
		return false
	}
	var tc *ddbmodel.TxCanceledError
	if errors.As(err, &tc) {
		return tc.Conflict()
	}
	var api smithy.APIError
	if errors.As(err, &api) {
		if _, throttled := awsretry.DefaultThrottleErrorCodes[api.ErrorCode()]; throttled {
			return true
		}
		if api.ErrorCode() == "TransactionConflictException" {
			return true
		}
	}
	return token && ddbmodel.IsRetryable(err)
}

// run calls send until it succeeds, fails in a way retryable refuses, or
// the attempts are used up, waiting between attempts with exponential
// backoff and full jitter. It returns the last error unchanged (so that
// errors.As finds the *ddbmodel.TxCanceledError); when ctx ends during a
// wait, the last error joined with ctx's.
func (p retryPolicy) run(ctx context.Context, token bool, send func() error) error {
	base, max := p.base, p.max
	if base == 0 {
		base, max = DefaultRetryBase, DefaultRetryMax
	}
	err := send()
	for attempt := 1; attempt < p.attempts && err != nil && retryable(err, token); attempt++ {
		window := base << (attempt - 1)
		if window > max || window <= 0 {
			window = max
		}
		timer := time.NewTimer(rand.N(window) + 1)
		select {
		case <-ctx.Done():
			timer.Stop()
			return errors.Join(err, ctx.Err())
		case <-timer.C:
		}
		err = send()
	}
	return err
}

// Retry makes Run send the transaction up to attempts times (0 and 1 send
// it once) while it fails in a way a retry may cure: canceled only because
// of conflicts with concurrent transactions (reason TransactionConflict),
// or throttled, so nothing of it was applied. Server errors and lost
// connections, whose outcome is unknown, are retried only when the
// transaction has a Token, which makes DynamoDB apply it at most once.
// Between attempts Run waits a random time below a bound that doubles from
// DefaultRetryBase up to DefaultRetryMax (see Backoff), and stops waiting
// when ctx ends. The error of the last attempt is returned as is: a
// *ddbmodel.TxCanceledError stays one. A negative attempts is a
// *ddbmodel.ValidationError from Build and Run.
func (t WriteTx) Retry(attempts int) WriteTx { t.retry = t.retry.withAttempts(attempts); return t }

// Backoff sets the bounds of Retry's waits: the first wait is drawn from
// [0, base], each later one from a range twice as wide, never over max.
// base must be positive and max at least base, or Build and Run return a
// *ddbmodel.ValidationError.
func (t WriteTx) Backoff(base, max time.Duration) WriteTx {
	t.retry = t.retry.withBackoff(base, max)
	return t
}

// Retry makes Run send the read transaction up to attempts times while it
// is canceled by conflicts with concurrent writes, is throttled, or fails in
// another way ddbmodel.IsRetryable calls transient (a read applies
// nothing, so every transient failure is safe to retry); the waits are as
// for WriteTx.Retry.
func (t GetTx) Retry(attempts int) GetTx { t.retry = t.retry.withAttempts(attempts); return t }

// Backoff sets the bounds of Retry's waits, as WriteTx.Backoff does.
func (t GetTx) Backoff(base, max time.Duration) GetTx {
	t.retry = t.retry.withBackoff(base, max)
	return t
}
