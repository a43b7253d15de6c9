package query_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/query"
)

// SignCursors with an empty key (nil or no bytes) signed nothing: cursors
// went out unsigned and any cursor was taken, silently. Query, Collection
// and Scanner now refuse it at Build, Page, All and Collect with a
// *ddbmodel.ValidationError naming the entity, before any request; a key
// of one byte or more still signs.
func TestSignCursorsRefusesAnEmptyKey(t *testing.T) {
	t.Parallel()
	_, courses, lessons, _, _ := newSchool()
	db := entity.NewDB(entitytest.NoRequests(t), "school")
	ctx := t.Context()
	where := entity.Values{"courseId": "c1"}
	for _, k := range []struct {
		name string
		key  []byte
	}{{"nil", nil}, {"empty", []byte{}}} {
		q := query.New(lessons).Where(where).SignCursors(k.key)
		c := query.Of(courses, lessons).Where(where).SignCursors(k.key)
		sc := query.Scan(lessons).SignCursors(k.key)
		calls := map[string]func() error{
			"Query.Build":   func() error { _, err := q.Build(); return err },
			"Query.Page":    func() error { _, err := q.Page(ctx, db, ""); return err },
			"Query.Collect": func() error { _, err := q.Collect(ctx, db); return err },
			"Query.All": func() error {
				for _, err := range q.All(ctx, db) {
					return err
				}
				return nil
			},
			"Collection.Build":   func() error { _, err := c.Build(); return err },
			"Collection.Page":    func() error { _, err := c.Page(ctx, db, ""); return err },
			"Collection.Collect": func() error { _, err := c.Collect(ctx, db); return err },
			"Scanner.Build":      func() error { _, err := sc.Build(); return err },
			"Scanner.Page":       func() error { _, err := sc.Page(ctx, db, ""); return err },
			"Scanner.Collect":    func() error { _, err := sc.Collect(ctx, db); return err },
			"Scanner.All": func() error {
				for _, err := range sc.All(ctx, db) {
					return err
				}
				return nil
			},
		}
		for name, call := range calls {
			err := call()
			var ve *ddbmodel.ValidationError
			if !errors.As(err, &ve) || ve.Entity == "" || !strings.Contains(err.Error(), "SignCursors: the key is empty") {
				t.Errorf("%s key: %s: %v, want a *ddbmodel.ValidationError naming the entity and the empty SignCursors key", k.name, name, err)
			}
		}
	}
	// A key replacing an empty one signs; one byte is a key.
	if _, err := query.New(lessons).Where(where).SignCursors(nil).SignCursors([]byte("k")).Build(); err != nil {
		t.Errorf("a key after an empty one: %v", err)
	}
	if _, err := query.Scan(lessons).SignCursors([]byte{0}).Build(); err != nil {
		t.Errorf("a one-byte key: %v", err)
	}
}
