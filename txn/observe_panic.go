package txn

import (
	"context"
	"errors"
	"sync"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/internal/fanout"
)

// A batch chunk's Observer is called once DynamoDB has answered. A panic in
// it must not make the chunk report as unconfirmed the items DynamoDB
// wrote or read: the chunk's requests go through a DB whose Observer
// recovers the panic, the chunk takes the answer as it would without the
// panic, stops, and the batch returns the *ddbmodel.PanicError. When the
// request failed, the panic stops the chunk too (no more attempts): the
// chunk's error joins the request's error and the panic.

// panicCatcher is an Observer recovering the first panic of the Observer
// it wraps.
type panicCatcher struct {
	inner entity.Observer
	mu    sync.Mutex
	err   error
}

func (p *panicCatcher) Observe(ctx context.Context, ev *entity.Event) {
	if err := fanout.Call(func() error { p.inner.Observe(ctx, ev); return nil }); err != nil {
		p.mu.Lock()
		if p.err == nil {
			p.err = err
		}
		p.mu.Unlock()
	}
}

// caught returns the panic recovered since the last call, and forgets it.
func (p *panicCatcher) caught() error {
	if p == nil {
		return nil
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	err := p.err
	p.err = nil
	return err
}

// catchObserverPanics returns a copy of db whose Observer recovers panics
// (nil when db has no Observer, or a nil one behind the interface, which
// Send ignores: db itself, at no cost).
func catchObserverPanics(db *entity.DB) (*entity.DB, *panicCatcher) {
	if entity.Observers(db.Observer) == nil {
		return db, nil
	}
	p := &panicCatcher{inner: db.Observer}
	c := *db
	c.Observer = p
	return &c, p
}

// withPanic returns err, a failed request's error, joined with the
// Observer's panic p when there is one (errors.Is(err, ddbmodel.ErrPanic)
// then holds, which no retry cures).
func withPanic(err, p error) error {
	if p == nil {
		return err
	}
	return errors.Join(err, p)
}

// firstPanic returns the first *ddbmodel.PanicError of errs, for a batch
// that confirmed every item but whose Observer panicked.
func firstPanic(errs []error) error {
	for _, err := range errs {
		if errors.Is(err, ddbmodel.ErrPanic) {
			return err
		}
	}
	return nil
}
