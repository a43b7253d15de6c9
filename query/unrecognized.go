package query

import (
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel/internal/errtext"
	"github.com/ddbmodel/ddbmodel/internal/fanout"
)

// OnUnrecognized calls fn with each item that All, Collect, One, First and
// Count read and leave out as unrecognized: for an entity recognising
// unmarked items (entity.Config.RecognizeUnmarked), an item without a
// marker that it does not take; for an entity without the option, an item
// without a marker whose table key fits its templates: the items Page
// lists in Page.Unrecognized. (Other entities' items, which carry their own marker,
// are not reported.) Without it such items are left out of those results
// unseen; Page always lists them. A non-nil error from fn stops the read,
// which returns it. fn runs on the caller's goroutine, one item at a time.
// It changes no request (Build and cursors are the same with or without it).
func (q Query[T]) OnUnrecognized(fn func(item map[string]types.AttributeValue) error) Query[T] {
	q.onUnrecognized = fn
	return q
}

// OnUnrecognized calls fn with each item All and Collect read and leave
// out as unrecognized, as Query.OnUnrecognized does.
func (s Scanner[T]) OnUnrecognized(fn func(item map[string]types.AttributeValue) error) Scanner[T] {
	s.onUnrecognized = fn
	return s
}

// reportUnrecognized passes items to fn (when set), stopping at its first
// error.
func reportUnrecognized(name string, fn func(map[string]types.AttributeValue) error, items []map[string]types.AttributeValue) error {
	if fn == nil {
		return nil
	}
	for _, it := range items {
		if err := callback(fn, it); err != nil {
			return errtext.Errorf("query %s: an unrecognized item: %w", name, err)
		}
	}
	return nil
}

// callback calls the caller's fn (OnUnrecognized, OnUndecodable) with v
// and returns a panic of fn as a *ddbmodel.PanicError: the page or
// iteration then fails with it instead of the panic unwinding through
// Collect, All or Page.
func callback[V any](fn func(V) error, v V) error {
	return fanout.Call(func() error { return fn(v) })
}
