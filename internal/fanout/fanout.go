// Package fanout runs indexed work in a bounded number of goroutines and
// turns a panic in any of them into a *ddbmodel.PanicError, so that no
// goroutine the library starts can end the process. Batch chunks, shard
// queries and scan segments all fan out through it.
package fanout

import (
	"context"
	"runtime/debug"
	"sync"
	"sync/atomic"

	"github.com/ddbmodel/ddbmodel"
)

// DefaultLimit is how many calls run at once when a caller gives no limit.
const DefaultLimit = 8

// Run calls fn(ctx, i) for every i in [0, n) from at most limit goroutines
// at once (DefaultLimit when limit <= 0), and waits for them all. errs[i]
// is what fn(ctx, i) returned, or a *ddbmodel.PanicError when it panicked.
// Once ctx is done, calls not yet started are skipped and their error is
// ctx.Err(). Run starts min(limit, n) goroutines, however large n is, and none
// when that is one: the calls then run in the caller's goroutine.
func Run(ctx context.Context, n, limit int, fn func(ctx context.Context, i int) error) []error {
	errs := make([]error, n)
	if limit <= 0 {
		limit = DefaultLimit
	}
	if n == 1 || limit == 1 {
		// One call at a time: in the caller's goroutine, which a single
		// batch chunk or segment then costs no goroutine start.
		for i := range n {
			if err := ctx.Err(); err != nil {
				errs[i] = err
				continue
			}
			errs[i] = Call(func() error { return fn(ctx, i) })
		}
		return errs
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for w := 0; w < min(limit, n); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				if i >= n {
					return
				}
				if err := ctx.Err(); err != nil {
					errs[i] = err
					continue
				}
				errs[i] = Call(func() error { return fn(ctx, i) })
			}
		}()
	}
	wg.Wait()
	return errs
}

// Call calls fn and returns its error, or a *ddbmodel.PanicError carrying
// the panic value and stack when fn panics.
func Call(fn func() error) (err error) {
	defer func() {
		if v := recover(); v != nil {
			err = &ddbmodel.PanicError{Value: v, Stack: debug.Stack()}
		}
	}()
	return fn()
}
