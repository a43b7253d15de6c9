package fanout

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ddbmodel/ddbmodel"
)

// Run never has more than limit calls in flight, calls every index once,
// and returns each call's error in its place.
func TestRunBoundsAndCallsEachOnce(t *testing.T) {
	for _, limit := range []int{0, 1, 3} {
		want := limit
		if limit == 0 {
			want = DefaultLimit
		}
		var inFlight, peak atomic.Int64
		calls := make([]atomic.Int64, 40)
		errOdd := errors.New("odd")
		errs := Run(context.Background(), len(calls), limit, func(_ context.Context, i int) error {
			n := inFlight.Add(1)
			for p := peak.Load(); n > p && !peak.CompareAndSwap(p, n); p = peak.Load() {
			}
			time.Sleep(time.Millisecond)
			inFlight.Add(-1)
			calls[i].Add(1)
			if i%2 == 1 {
				return errOdd
			}
			return nil
		})
		if p := peak.Load(); p > int64(want) || p < 1 {
			t.Errorf("limit %d: %d calls in flight at once, want at most %d", limit, p, want)
		}
		for i := range calls {
			if calls[i].Load() != 1 || (errs[i] == errOdd) != (i%2 == 1) {
				t.Errorf("limit %d: index %d called %d times, err %v", limit, i, calls[i].Load(), errs[i])
			}
		}
	}
}

// A panicking call becomes a *ddbmodel.PanicError in its place; the other
// calls still run.
func TestRunRecoversPanics(t *testing.T) {
	var ran atomic.Int64
	errs := Run(context.Background(), 5, 2, func(_ context.Context, i int) error {
		ran.Add(1)
		if i == 2 {
			panic("boom")
		}
		if i == 3 {
			var s []int
			_ = s[i] // a runtime error: index out of range
		}
		return nil
	})
	var pe *ddbmodel.PanicError
	if !errors.As(errs[2], &pe) || pe.Value != "boom" || len(pe.Stack) == 0 || !errors.Is(errs[2], ddbmodel.ErrPanic) {
		t.Errorf("errs[2] = %v, want a *PanicError with the value and stack", errs[2])
	}
	if !errors.As(errs[3], &pe) || !errors.Is(errs[3], ddbmodel.ErrPanic) {
		t.Errorf("errs[3] = %v, want a *PanicError", errs[3])
	}
	if errs[0] != nil || errs[1] != nil || errs[4] != nil || ran.Load() != 5 {
		t.Errorf("errs = %v, %d calls: the other calls must run and succeed", errs, ran.Load())
	}
}

// Once ctx is done, calls not started are skipped with ctx's error.
func TestRunSkipsAfterCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	var ran atomic.Int64
	errs := Run(ctx, 100, 1, func(ctx context.Context, i int) error {
		ran.Add(1)
		if i == 3 {
			cancel()
		}
		return nil
	})
	if ran.Load() != 4 {
		t.Errorf("%d calls ran, want 4", ran.Load())
	}
	for i := 4; i < 100; i++ {
		if !errors.Is(errs[i], context.Canceled) {
			t.Fatalf("errs[%d] = %v, want context.Canceled", i, errs[i])
		}
	}
}

// With one call at a time (one call, or a limit of 1), the calls run in
// the caller's goroutine, in order, and a panic is still an error in its
// place: the process survives and the other calls run.
func TestRunOneAtATimeRecoversPanicsInOrder(t *testing.T) {
	for _, n := range []int{1, 5} {
		var order []int // no lock: the calls must not run concurrently
		errs := Run(context.Background(), n, 1, func(_ context.Context, i int) error {
			order = append(order, i)
			if i == n-1 {
				panic("last")
			}
			return nil
		})
		var pe *ddbmodel.PanicError
		if !errors.As(errs[n-1], &pe) || pe.Value != "last" {
			t.Errorf("n=%d: errs[%d] = %v, want the panic", n, n-1, errs[n-1])
		}
		for i := range n {
			if i < n-1 && errs[i] != nil {
				t.Errorf("n=%d: errs[%d] = %v", n, i, errs[i])
			}
			if len(order) != n || order[i] != i {
				t.Fatalf("n=%d: calls ran in order %v", n, order)
			}
		}
	}
	// One call with the default limit also runs (and recovers) in place.
	errs := Run(context.Background(), 1, 0, func(context.Context, int) error { panic("only") })
	if !errors.Is(errs[0], ddbmodel.ErrPanic) {
		t.Errorf("errs[0] = %v, want a *PanicError", errs[0])
	}
}
