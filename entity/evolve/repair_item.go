package evolve

import (
	"context"
	"fmt"
	"reflect"
	"slices"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/internal/ddbnum"
	"github.com/ddbmodel/ddbmodel/internal/errtext"
	"github.com/ddbmodel/ddbmodel/internal/expr"
)

// RepairItem reads the item at key, the table key of one item (strongly
// consistent), and checks and repairs it as Repair does each item it
// scans: the same writes, each conditioned on the item being unchanged
// since it was read (read again and written again while it changes and
// still differs), a migration of an item of an older version, a move of
// an item whose table key is stale (with its migration, in one
// transaction). It is the conditioned way to migrate one item now rather
// than wait for a bulk run: a service whose update met
// ddbmodel.ErrOldVersion migrates the item and updates it again.
//
//	key, err := Comments.Key(entity.Values{"id": id})
//	...
//	if _, err := evolve.Entity(Comments).RepairItem(ctx, db, key); err != nil { ... }
//	_, err = Comments.Update(entity.Values{"id": id}).Set("text", text).Run(ctx, db)
//
// key is the key the item is stored at: after an upgrade that changes
// the table key, the key its upgraded value renders holds nothing yet.
// It must hold exactly the table's key attributes, of the table's key
// types (an invalid key is refused before any request with a
// *ddbmodel.ValidationError). No item at key, or an item that is not one
// of the job's entities (another entity's, in an Entity job), is an error
// wrapping ddbmodel.ErrNotFound, and nothing is written; so is an item a
// bulk Repair or another RepairItem moved meanwhile (one migrated in
// place meanwhile leaves nothing to do: a nil error). Otherwise the
// Report counts the item, and the error is the item's *RepairError, as
// in Repair. DryRun reports what it would write. ReadRate, WriteRate and
// Progress apply; Checkpoint does not (it is refused), nor do the
// settings of a scan (Segments, Workers, Share, PageSize).
func (j Job) RepairItem(ctx context.Context, db *entity.DB, key map[string]types.AttributeValue) (Report, error) {
	if err := j.check(); err != nil {
		return Report{}, err
	}
	if db == nil || db.Client == nil {
		return Report{}, j.invalid("entity.DB has no Client")
	}
	if j.named {
		return Report{}, j.invalid("RepairItem repairs one item: Checkpoint(%q) does not apply to it", j.checkpoint)
	}
	tb := j.targets[0].table()
	if err := j.checkItemKey(tb, key); err != nil {
		return Report{}, err
	}
	rn := newRun(j, db, true, 0)
	if err := rn.read.wait(ctx); err != nil {
		return rn.r, err
	}
	item, err := rn.get(ctx, tb.Name, key, rn.names())
	if err != nil {
		return rn.r, errtext.Errorf("reading the item %s: %w", expr.DescribeKey(key), err)
	}
	t, _ := j.find(item)
	switch {
	case len(item) == 0:
		return rn.r, errtext.Errorf("repair item %s: no item at the key (after an upgrade that changes the table key, give the key the item is stored at, not the one its upgraded value renders; another run may also have moved it meanwhile): %w",
			expr.DescribeKey(key), ddbmodel.ErrNotFound)
	case t == nil && !j.whole || isCheckpoint(tb, item) || tb.IsUniqueMarker(item):
		// Another entity's item (or none of an entity's): not the job's.
		name, _, _ := tb.EntityOf(item)
		return rn.r, errtext.Errorf("repair item %s: the item is not one of the job's entities (%q): %w",
			expr.DescribeKey(key), name, ddbmodel.ErrNotFound)
	}
	_, err = rn.item(ctx, item)
	rn.r.Elapsed = time.Since(rn.started)
	rn.report()
	return rn.r, rn.result([]error{err})
}

// checkItemKey refuses a key that is not exactly a table key of tb.
func (j Job) checkItemKey(tb *entity.Table, key map[string]types.AttributeValue) error {
	want := []string{tb.PartitionKey.Name}
	if tb.SortKey.Name != "" {
		want = append(want, tb.SortKey.Name)
	}
	for _, ka := range []entity.KeyAttribute{tb.PartitionKey, tb.SortKey} {
		if ka.Name == "" {
			continue
		}
		if av := reflect.ValueOf(key[ka.Name]); key[ka.Name] == nil || av.Kind() == reflect.Pointer && av.IsNil() {
			return j.invalid("RepairItem: the key lacks the table's key attribute %q (a key of table %q holds %q)", ka.Name, tb.Name, want)
		}
		typ := ka.Type
		if typ == "" {
			typ = types.ScalarAttributeTypeS
		}
		var ok bool
		switch v := key[ka.Name].(type) {
		case *types.AttributeValueMemberS:
			ok = typ == types.ScalarAttributeTypeS && v.Value != ""
		case *types.AttributeValueMemberN:
			_, why := ddbnum.Canonical(v.Value)
			ok = typ == types.ScalarAttributeTypeN && why == ""
		case *types.AttributeValueMemberB:
			ok = typ == types.ScalarAttributeTypeB && len(v.Value) > 0
		}
		if !ok {
			return j.invalid("RepairItem: key attribute %q of table %q holds %s, want a non-empty %s value", ka.Name, tb.Name, avKind(key[ka.Name]), typ)
		}
	}
	for n := range key {
		if !slices.Contains(want, n) {
			return j.invalid("RepairItem: the key holds %q, which is not a key attribute of table %q (want exactly %q)", n, tb.Name, want)
		}
	}
	return nil
}

// avKind names the kind of av (S, N, B, ... or empty S), for an error.
func avKind(av types.AttributeValue) string {
	switch v := av.(type) {
	case *types.AttributeValueMemberS:
		if v.Value == "" {
			return "an empty S"
		}
		return "an S"
	case *types.AttributeValueMemberN:
		return fmt.Sprintf("N %q", v.Value)
	case *types.AttributeValueMemberB:
		if len(v.Value) == 0 {
			return "an empty B"
		}
		return "a B"
	case *types.AttributeValueMemberNULL:
		return "a NULL"
	case *types.AttributeValueMemberBOOL:
		return "a BOOL"
	}
	return fmt.Sprintf("a %T", av)
}
