package entity

import (
	"context"
	"errors"
	"sort"
	"strings"
	"unsafe"

	"github.com/ddbmodel/ddbmodel/internal/errtext"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/internal/expr"
)

// Writes of an entity recognising unmarked items (Config.RecognizeUnmarked)
// take the unmarked items its reads take, except those that do not decode
// into T (which reads report as undecodable). A write's own condition
// can tell an unmarked item from a marked one, but not whether the item's
// attributes hold the composites of its key or decode into T; so Run reads
// the item first (strongly consistent) and:
//
//   - refuses an unmarked item the entity's reads refuse, or that does not
//     decode, with a *ddbmodel.ConditionError holding the item, whose Err
//     says why (an error wrapping keys.ErrNoMatch or a
//     *ddbmodel.DecodeError) and satisfies errors.Is with
//     ddbmodel.ErrNotFound (an update, a delete) or ddbmodel.ErrOtherEntity
//     (a put, an upsert);
//   - conditions the write on an unmarked item it takes being unchanged
//     since the read (still without a marker, every attribute as read, and
//     every attribute the entity stores that it lacked still absent: see
//     unmarked_unchanged.go);
//   - conditions the write on there being no item, or a marked one (which
//     the write's own guard then checks), when it read none or a marked one,
//     so an unmarked item written meanwhile is never taken unchecked.

// unmarkedFit reads the item under key for write op of an entity
// recognising unmarked items and returns the condition the write adds
// (see above); an entity without the option needs none.
func (e *entityCore) unmarkedFit(ctx context.Context, db *DB, op string, key map[string]types.AttributeValue) (Condition, error) {
	c, _, err := e.unmarkedFitItem(ctx, db, op, key)
	return c, err
}

// unmarkedFitItem is unmarkedFit, also returning the unmarked item read
// (nil when it read none, or a marked one).
func (e *entityCore) unmarkedFitItem(ctx context.Context, db *DB, op string, key map[string]types.AttributeValue) (Condition, map[string]types.AttributeValue, error) {
	if !e.unmarked {
		return Condition{}, nil, nil
	}
	out, err := Send(ctx, db, db.Client.GetItem, &dynamodb.GetItemInput{TableName: db.Table(e.table.Name), Key: key, ConsistentRead: aws.Bool(true)}, Request{Entities: []string{e.name}})
	if err != nil {
		return Condition{}, nil, errtext.Errorf("%s %s: reading the item: %w", op, e.name, err)
	}
	if len(out.Item) == 0 || !e.table.Unmarked(out.Item) {
		return Condition{e.unchangedNode(nil)}, nil, nil
	}
	if err := e.unrecognized(op, out.Item); err != nil {
		return Condition{}, nil, err
	}
	n := e.unchangedNode(out.Item)
	if err := e.checkUnchangedSize(op, n); err != nil {
		return Condition{}, nil, err
	}
	return Condition{n}, out.Item, nil
}

// unrecognized returns the error of operation op meeting an unmarked item
// that the entity, recognising unmarked items, does not take as its own:
// its attributes disagree with its key (a put of its value writes another
// key). A write (op other than "get") also refuses an item that does not
// decode into T, leaving it to be fixed; a get reports that as the
// item's *ddbmodel.DecodeError. It returns nil when the entity takes the
// item, or the item has a marker.
func (e *entityCore) unrecognized(op string, item map[string]types.AttributeValue) error {
	if !e.unmarked || len(item) == 0 || !e.table.Unmarked(item) {
		return nil
	}
	why := e.matchUnmarked(item)
	if why == nil && op != "get" {
		why = e.matchValue(item)
	}
	if why == nil {
		return nil
	}
	outcome := ddbmodel.ErrOtherEntity
	if op == "update" || op == "delete" || op == "get" {
		outcome = ddbmodel.ErrNotFound
	}
	what := "its attributes disagree with its key"
	var de *ddbmodel.DecodeError
	if errors.As(why, &de) {
		what = "its attributes do not decode into the entity's type"
	}
	text := "the item under the key has no entity marker, and %s (%w): fix the item's attributes, or, if it is not a %s, leave it to the code that wrote it"
	if op != "get" {
		text += "; it is left unchanged"
	}
	return &ddbmodel.ConditionError{Entity: e.name, Op: op, Item: item,
		Err: errtext.Errorf(text+": %w", what, why, e.name, outcome)}
}

// renderUnchanged renders an "unchanged" node (unmarked_unchanged.go):
// vals are the unmarked item read (nil: none or a marked one was read),
// the marker attribute, the partition key attribute, and the attributes
// the entity stores that the item lacked.
func renderUnchanged(w *expr.Writer, n *condNode) string {
	item, _ := n.vals[0].(map[string]types.AttributeValue)
	marker := w.Name(n.vals[1].(string))
	if item == nil {
		return "attribute_not_exists(" + w.Name(n.vals[2].(string)) + ") OR attribute_exists(" + marker + ")"
	}
	names := make([]string, 0, len(item))
	for name := range item {
		names = append(names, name)
	}
	sort.Strings(names)
	conds := []string{"attribute_not_exists(" + marker + ")"}
	for _, name := range names {
		conds = append(conds, w.Name(name)+" = "+w.Value(item[name]))
	}
	absent, _ := n.vals[3].([]string)
	for _, name := range absent {
		conds = append(conds, "attribute_not_exists("+w.Name(name)+")")
	}
	return strings.Join(conds, " AND ")
}

// fitUnmarked is unmarkedFit for the put of *v (a *T); invalid input is
// refused before the read.
func (op putRequest) fitUnmarked(ctx context.Context, db *DB, v unsafe.Pointer) (Condition, error) {
	c, _, err := op.compileCopy(v)
	if err != nil {
		return Condition{}, err
	}
	return op.e.unmarkedFit(ctx, db, "put", op.e.tableKey(c.item))
}

// fitUnmarked is unmarkedFit for the upsert of *v (a *T).
func (op upsertRequest) fitUnmarked(ctx context.Context, db *DB, v unsafe.Pointer) (Condition, error) {
	c, err := op.compileCopy(v)
	if err != nil {
		return Condition{}, err
	}
	return op.e.unmarkedFit(ctx, db, "upsert", c.in.Key)
}

// fitUnmarked is unmarkedFit for the updated item (before a move); it
// also returns the unmarked item read, which the update compiles with
// (its index keys may be missing or stale: see updatePlan.wholeKeys).
func (op updateRequest) fitUnmarked(ctx context.Context, db *DB) (Condition, map[string]types.AttributeValue, error) {
	if _, err := op.compile(nil); err != nil {
		return Condition{}, nil, err
	}
	key, err := op.e.key(op.key)
	if err != nil {
		return Condition{}, nil, err
	}
	return op.e.unmarkedFitItem(ctx, db, "update", key)
}

// fitUnmarked is unmarkedFit for the deleted item.
func (op deleteRequest) fitUnmarked(ctx context.Context, db *DB) (Condition, error) {
	if _, _, err := op.compile(); err != nil {
		return Condition{}, err
	}
	key, err := op.e.key(op.key)
	if err != nil {
		return Condition{}, err
	}
	return op.e.unmarkedFit(ctx, db, "delete", key)
}
