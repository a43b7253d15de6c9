package query

import (
	"errors"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/internal/errtext"
)

// Undecodable is an item of the entity (it carries the entity's marker, or
// is recognised as unmarked) that a read skipped because it does not decode
// into the entity's Go type: written by other code with an attribute of
// another type, say. Reads report one only when asked with OnUndecodable.
type Undecodable struct {
	// Key is the item's table key (partition and sort key attributes),
	// usable as a GetItem or DeleteItem key.
	Key map[string]types.AttributeValue
	// Err is the decoder's error, naming the entity, the key and the
	// attribute that does not decode.
	Err *ddbmodel.DecodeError
}

// OnUndecodable makes the query skip the entity's items that do not decode
// into T instead of stopping at the first: Page lists them in
// Page.Undecodable, and All, Collect, One and First call fn with each, on
// the caller's goroutine, one item at a time, as they reach each page (as
// OnUnrecognized does). A non-nil error from fn stops the read, which
// returns it. Without OnUndecodable (or with a nil fn) a read stops with
// the item's *ddbmodel.DecodeError. It changes no request (Build and
// cursors are the same with or without it).
func (q Query[T]) OnUndecodable(fn func(Undecodable) error) Query[T] {
	q.onUndecodable = fn
	return q
}

// OnUndecodable makes the scan skip the entity's items that do not decode
// into T, as Query.OnUndecodable does: Page and SegmentPage list them in
// Page.Undecodable, All and Collect call fn with each.
func (s Scanner[T]) OnUndecodable(fn func(Undecodable) error) Scanner[T] {
	s.onUndecodable = fn
	return s
}

// decodeOrNote decodes it into p.Items; when it does not decode and skip
// is set, it lists the item in p.Undecodable instead. Any other error is
// returned.
func (p *Page[T]) decodeOrNote(e *entity.Entity[T], skip bool, it map[string]types.AttributeValue) error {
	v, err := e.Decode(it)
	if err == nil {
		p.Items = append(p.Items, v)
		return nil
	}
	u, ok := undecodableOf(e.Table(), skip, it, err)
	if !ok {
		return err
	}
	p.Undecodable = append(p.Undecodable, u)
	return nil
}

// undecodableOf returns the Undecodable for item when err is its
// *ddbmodel.DecodeError and skip is set; ok is false otherwise.
func undecodableOf(t *entity.Table, skip bool, item map[string]types.AttributeValue, err error) (u Undecodable, ok bool) {
	var de *ddbmodel.DecodeError
	if !skip || err == nil || !errors.As(err, &de) {
		return Undecodable{}, false
	}
	return Undecodable{Key: tableKeyOf(t, item), Err: de}, true
}

// tableKeyOf returns the table key attributes of item.
func tableKeyOf(t *entity.Table, item map[string]types.AttributeValue) map[string]types.AttributeValue {
	k := map[string]types.AttributeValue{}
	for _, n := range []string{t.PartitionKey.Name, t.SortKey.Name} {
		if v, ok := item[n]; ok && n != "" {
			k[n] = v
		}
	}
	return k
}

// reportSkipped passes a page's unrecognized and undecodable items to the
// read's callbacks (each when set), stopping at the first error.
func reportSkipped(name string, onUnrecognized func(map[string]types.AttributeValue) error, onUndecodable func(Undecodable) error, unrecognized []map[string]types.AttributeValue, undecodable []Undecodable) error {
	if err := reportUnrecognized(name, onUnrecognized, unrecognized); err != nil {
		return err
	}
	if onUndecodable == nil {
		return nil
	}
	for _, u := range undecodable {
		if err := callback(onUndecodable, u); err != nil {
			return errtext.Errorf("query %s: an undecodable item: %w", name, err)
		}
	}
	return nil
}
