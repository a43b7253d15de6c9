package entity

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/ddbmodel/ddbmodel/internal/errtext"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/internal/expr"
)

// Writes of an entity recognising unmarked items (Config.RecognizeUnmarked)
// take exactly the unmarked items its reads take. A write's own condition
// can tell an unmarked item from a marked one, but not whether the item's
// attributes hold the composites of its key or decode into T; so Run reads
// the item first (strongly consistent) and:
//
//   - refuses an unmarked item the entity's reads refuse, with a
//     *ddbmodel.ConditionError holding the item, whose Err says why (an
//     error wrapping keys.ErrNoMatch or a *ddbmodel.DecodeError) and
//     satisfies errors.Is with ddbmodel.ErrNotFound (an update, a delete)
//     or ddbmodel.ErrOtherEntity (a put, an upsert);
//   - conditions the write on an unmarked item it takes being unchanged
//     since the read (still without a marker, every attribute as read);
//   - conditions the write on there being no item, or a marked one (which
//     the write's own guard then checks), when it read none or a marked one,
//     so an unmarked item written meanwhile is never taken unchecked.

// unmarkedFit reads the item under key for write op of an entity
// recognising unmarked items and returns the condition the write adds
// (see above); an entity without the option needs none.
func (e *Entity[T]) unmarkedFit(ctx context.Context, db *DB, op string, key map[string]types.AttributeValue) (Condition, error) {
	if !e.unmarked {
		return Condition{}, nil
	}
	out, err := Send(ctx, db, db.Client.GetItem, &dynamodb.GetItemInput{TableName: db.Table(e.table.Name), Key: key, ConsistentRead: aws.Bool(true)}, Request{Entities: []string{e.name}})
	if err != nil {
		return Condition{}, errtext.Errorf("%s %s: reading the item: %w", op, e.name, err)
	}
	if len(out.Item) == 0 || !e.table.Unmarked(out.Item) {
		return Condition{&condNode{op: "unchanged", vals: []any{map[string]types.AttributeValue(nil), e.table.EntityAttr(), e.table.PartitionKey.Name}}}, nil
	}
	if err := e.unrecognized(op, out.Item); err != nil {
		return Condition{}, err
	}
	return Condition{&condNode{op: "unchanged", vals: []any{out.Item, e.table.EntityAttr(), e.table.PartitionKey.Name}}}, nil
}

// unrecognized returns the error of operation op meeting an unmarked item
// that the entity, recognising unmarked items, does not take as its own
// (its key does not fit its attributes, or it does not decode); nil when
// it takes it, or the item has a marker.
func (e *Entity[T]) unrecognized(op string, item map[string]types.AttributeValue) error {
	if !e.unmarked || len(item) == 0 || !e.table.Unmarked(item) {
		return nil
	}
	why := e.matchUnmarked(item)
	if why == nil {
		return nil
	}
	outcome := ddbmodel.ErrOtherEntity
	if op == "update" || op == "delete" || op == "get" {
		outcome = ddbmodel.ErrNotFound
	}
	return &ddbmodel.ConditionError{Entity: e.name, Op: op, Item: item,
		Err: fmt.Errorf("the item under the key has no entity marker and is not one the entity recognises (Config.RecognizeUnmarked), so it is left unchanged: %w (%w)", outcome, why)}
}

// renderUnchanged renders an "unchanged" node: vals are the unmarked item
// read (nil: none or a marked one was read), the marker attribute and the
// partition key attribute.
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
	return strings.Join(conds, " AND ")
}

// fitUnmarked is unmarkedFit for the put's item; invalid input is refused
// before the read.
func (op PutOp[T]) fitUnmarked(ctx context.Context, db *DB) (Condition, error) {
	c, err := op.compile()
	if err != nil {
		return Condition{}, err
	}
	return op.e.unmarkedFit(ctx, db, "put", op.e.tableKey(c.item))
}

// fitUnmarked is unmarkedFit for the upsert's item.
func (op UpsertOp[T]) fitUnmarked(ctx context.Context, db *DB) (Condition, error) {
	c, err := op.compile()
	if err != nil {
		return Condition{}, err
	}
	return op.e.unmarkedFit(ctx, db, "upsert", c.in.Key)
}

// fitUnmarked is unmarkedFit for the updated item (before a move).
func (op UpdateOp[T]) fitUnmarked(ctx context.Context, db *DB) (Condition, error) {
	if _, err := op.compile(nil); err != nil {
		return Condition{}, err
	}
	key, err := op.e.Key(op.key)
	if err != nil {
		return Condition{}, err
	}
	return op.e.unmarkedFit(ctx, db, "update", key)
}

// fitUnmarked is unmarkedFit for the deleted item.
func (op DeleteOp[T]) fitUnmarked(ctx context.Context, db *DB) (Condition, error) {
	if _, _, err := op.compile(); err != nil {
		return Condition{}, err
	}
	key, err := op.e.Key(op.key)
	if err != nil {
		return Condition{}, err
	}
	return op.e.unmarkedFit(ctx, db, "delete", key)
}
