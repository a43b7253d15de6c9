package entity

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"math/big"
	"reflect"
	"slices"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/guregu/dynamo/v2"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/internal/ddbnum"
	"github.com/ddbmodel/ddbmodel/internal/docpath"
	"github.com/ddbmodel/ddbmodel/internal/expr"
	"github.com/ddbmodel/ddbmodel/internal/txwrite"
	"github.com/ddbmodel/ddbmodel/keys"
)

type actionKind int

const (
	actSet actionKind = iota
	actSetIfNotExists
	actAdd
	actRemove
	actAppend
	actPrepend
	actDeleteFromSet
	// actNested marks, in an update plan, a top-level attribute changed
	// inside by a document path.
	actNested
)

type action struct {
	kind actionKind
	attr string
	val  any
}

// UpdateOp changes attributes of one existing item. It keeps every index key
// true: when it changes an attribute a key is built from, it recomputes that
// key if every composite is known (from the key, the update itself or With),
// and otherwise fails with a *ddbmodel.MissingCompositesError, or, with
// ReadFirst, reads the item and writes on the condition that what it read is
// unchanged. A partial or stale key is never written. Changing a composite of
// the primary key moves the item (delete and put in one transaction).
//
// A sparse index with a When function may change membership on any update,
// since When may read any attribute: every update of such an entity needs
// the item, so it needs ReadFirst (a *ddbmodel.MissingCompositesError says
// so otherwise).
type UpdateOp[T any] struct {
	e         *Entity[T]
	key       Values
	acts      []action
	cond      Condition
	with      Values
	lockWant  *int64
	readFirst bool
	ret       types.ReturnValue
}

var _ WriteOp = UpdateOp[struct{}]{}

func (UpdateOp[T]) writeOp() {}

// Update returns an operation updating the item whose key composites are key.
// The item must exist; otherwise the error satisfies ErrNotFound.
func (e *Entity[T]) Update(key Values) UpdateOp[T] {
	own := make(Values, len(key))
	for k, v := range key {
		own[k] = v
	}
	return UpdateOp[T]{e: e, key: own, ret: types.ReturnValueAllNew}
}

func (op UpdateOp[T]) add(a action) UpdateOp[T] {
	op.acts = append(op.acts[:len(op.acts):len(op.acts)], a)
	return op
}

// Set sets attr to v.
func (op UpdateOp[T]) Set(attr string, v any) UpdateOp[T] { return op.add(action{actSet, attr, v}) }

// SetIfNotExists sets attr to v only when the item has no value for it.
func (op UpdateOp[T]) SetIfNotExists(attr string, v any) UpdateOp[T] {
	return op.add(action{actSetIfNotExists, attr, v})
}

// Add adds the number v to attr, or the elements of the set v to the set attr.
func (op UpdateOp[T]) Add(attr string, v any) UpdateOp[T] { return op.add(action{actAdd, attr, v}) }

// Remove removes attributes.
func (op UpdateOp[T]) Remove(attrs ...string) UpdateOp[T] {
	for _, a := range attrs {
		op = op.add(action{actRemove, a, nil})
	}
	return op
}

// Append appends the elements of the list v to the list attr (creating it).
func (op UpdateOp[T]) Append(attr string, v any) UpdateOp[T] {
	return op.add(action{actAppend, attr, v})
}

// Prepend puts the elements of the list v before those of the list attr.
func (op UpdateOp[T]) Prepend(attr string, v any) UpdateOp[T] {
	return op.add(action{actPrepend, attr, v})
}

// DeleteFromSet removes the elements of the set v from the set attr.
func (op UpdateOp[T]) DeleteFromSet(attr string, v any) UpdateOp[T] {
	return op.add(action{actDeleteFromSet, attr, v})
}

// If adds a condition that must hold for the update to happen.
func (op UpdateOp[T]) If(c Condition) UpdateOp[T] {
	op.cond = And(op.cond, c)
	return op
}

// With supplies current values of attributes the update does not change
// but that keys it recomputes are built from. The update is conditioned on
// the item still holding them, so a key is never computed from stale values.
func (op UpdateOp[T]) With(values Values) UpdateOp[T] {
	merged := Values{}
	for k, v := range op.with {
		merged[k] = v
	}
	for k, v := range values {
		merged[k] = v
	}
	op.with = merged
	return op
}

// IfVersion updates only if the lock attribute still holds version;
// otherwise the error satisfies ErrVersionConflict.
func (op UpdateOp[T]) IfVersion(version int64) UpdateOp[T] {
	op.lockWant = &version
	return op
}

// ReadFirst lets the update read the item (strongly consistent) when it
// needs composites it was not given, and apply itself on the condition that
// what it read has not changed (ErrConditionFailed otherwise; retry).
func (op UpdateOp[T]) ReadFirst() UpdateOp[T] {
	op.readFirst = true
	return op
}

// Returning chooses what Run decodes: ALL_NEW (the default) or ALL_OLD
// return the item; NONE returns the zero T.
func (op UpdateOp[T]) Returning(rv types.ReturnValue) UpdateOp[T] {
	op.ret = rv
	return op
}

// ErrNeedsRead is returned by Build and TransactWrite for an update that
// cannot be compiled without reading the item first: one that moves the
// item to a new primary key, or needs composites it was not given while
// ReadFirst is set. Run handles both. Writes of an entity with unique
// attributes (put, upsert, update, delete) return it too when they must
// read the old values first (see Attribute.Unique).
var ErrNeedsRead = errors.New("ddbmodel: the write needs to read the item first; use Run")

type compiledUpdate struct {
	in      *dynamodb.UpdateItemInput
	fail    failure
	missing *ddbmodel.MissingCompositesError
	move    bool
	// merged is the item read with the update applied (nil without a read).
	merged map[string]types.AttributeValue
}

// avText returns the text of a string or number value, as a key composite.
func avText(av types.AttributeValue) (string, bool) {
	return itemSource{"": av}.Lookup("")
}

func sameKey(a, b types.AttributeValue) bool {
	x, okx := avText(a)
	y, oky := avText(b)
	return okx && oky && x == y
}

// partialT decodes the values an update knows into a T, for key functions.
func (op UpdateOp[T]) partialT(known itemSource, with keys.Source) (*T, error) {
	item := map[string]types.AttributeValue{}
	for k, v := range known {
		item[k] = v
	}
	for _, vs := range []Values{op.key, op.with} {
		for k, v := range vs {
			if _, ok := item[k]; ok {
				continue
			}
			av, err := marshalValue(v)
			if err != nil {
				return nil, err
			}
			item[k] = av
		}
	}
	var t T
	if err := dynamo.UnmarshalItem(item, &t); err != nil {
		return nil, err
	}
	return &t, nil
}

func (e *Entity[T]) nowValue(r *fieldRule) (types.AttributeValue, error) {
	f := reflect.New(r.typ).Elem()
	setTime(f, e.now())
	return marshalValue(f.Interface())
}

// maintainedAttrs returns the attributes the entity maintains itself: every
// key attribute of the table and its indexes, and the two markers.
func (e *Entity[T]) maintainedAttrs() map[string]bool {
	m := map[string]bool{e.table.EntityAttr(): true, e.table.EntityVersionAttr(): true, e.table.PartitionKey.Name: true}
	if e.table.SortKey.Name != "" {
		m[e.table.SortKey.Name] = true
	}
	for _, ix := range e.table.Indexes {
		for _, k := range []KeyAttribute{ix.PartitionKey, ix.SortKey} {
			if k.Name != "" {
				m[k.Name] = true
			}
		}
	}
	return m
}

// Build compiles the UpdateItem request without sending it. An update that
// needs composites it was not given fails with a
// *ddbmodel.MissingCompositesError; one that must read first (ReadFirst, or
// a primary-key change) fails with ErrNeedsRead.
func (op UpdateOp[T]) Build() (*dynamodb.UpdateItemInput, error) {
	c, err := op.build()
	if err != nil {
		return nil, err
	}
	return c.in, nil
}

// build compiles the update without the item, failing when it needs it.
func (op UpdateOp[T]) build() (*compiledUpdate, error) {
	c, err := op.compile(nil)
	if err != nil {
		return nil, err
	}
	if c.move {
		return nil, ErrNeedsRead
	}
	if c.missing != nil {
		if op.readFirst {
			return nil, ErrNeedsRead
		}
		return nil, c.missing
	}
	return c, nil
}

// TransactWrite compiles the update as one action of a transaction. An
// update touching a unique attribute is an error here: its marker actions
// must join the transaction too (txn.Write and TransactWrites add them).
func (op UpdateOp[T]) TransactWrite() (TransactWrite, error) {
	if op.e != nil && op.touchesUnique() {
		if err := op.e.uniqueAlone("update"); err != nil {
			return TransactWrite{}, err
		}
	}
	return op.action()
}

// action compiles the update as one action of a transaction, without the
// actions of unique attributes.
func (op UpdateOp[T]) action() (TransactWrite, error) {
	c, err := op.build()
	if err != nil {
		return TransactWrite{}, err
	}
	in := c.in
	return txwrite.Classified(TransactWrite{
		Item:   txwrite.FromUpdate(in),
		Entity: op.e.name, Op: "update", Key: in.Key, Size: expr.ItemSize(in.ExpressionAttributeValues) + expr.ItemSize(in.Key),
	}, c.fail.classify), nil
}

// Run applies the update and returns the item as ReturnValues asks
// (ALL_NEW by default).
func (op UpdateOp[T]) Run(ctx context.Context, db *DB) (T, error) {
	var zero T
	if err := checkDB(db, "update"); err != nil {
		return zero, err
	}
	if op.e != nil && len(op.e.uniques) > 0 && op.touchesUnique() && !op.moves() {
		return op.runUnique(ctx, db) // a move carries the markers itself
	}
	c, err := op.compile(nil)
	if err != nil {
		return zero, err
	}
	if c.missing != nil && !op.readFirst && !c.move {
		return zero, c.missing
	}
	if c.missing != nil || c.move {
		old, err := op.e.readItem(ctx, db, op.key)
		if err != nil {
			return zero, err
		}
		if c, err = op.compile(old); err != nil {
			return zero, err
		}
		if c.move {
			return op.move(ctx, db, old, c)
		}
		if c.missing != nil {
			return zero, c.missing
		}
	}
	in := c.in
	in.TableName = db.Table(op.e.table.Name)
	out, err := Send(ctx, db, db.Client.UpdateItem, in, Request{Entities: []string{op.e.name}})
	if err != nil {
		return zero, c.fail.wrap(err)
	}
	if len(out.Attributes) == 0 {
		return zero, nil
	}
	var v T
	err = op.e.decodeInto(out.Attributes, &v)
	return v, err
}

func (e *Entity[T]) readItem(ctx context.Context, db *DB, key Values) (map[string]types.AttributeValue, error) {
	in, err := e.Get(key).Consistent().Build()
	if err != nil {
		return nil, err
	}
	in.TableName = db.Table(e.table.Name)
	out, err := Send(ctx, db, db.Client.GetItem, in, Request{Entities: []string{e.name}})
	if err != nil {
		return nil, fmt.Errorf("entity: update %s: reading the item: %w", e.name, err)
	}
	if len(out.Item) == 0 {
		return nil, &ddbmodel.ConditionError{Entity: e.name, Op: "update", Err: ddbmodel.ErrNotFound}
	}
	if err := e.refuseUnmarked("update", out.Item); err != nil {
		return nil, err
	}
	if !e.Is(out.Item) {
		// Another entity's item under the key: this entity has none to
		// update or move.
		return nil, &ddbmodel.ConditionError{Entity: e.name, Op: "update", Err: ddbmodel.ErrNotFound, Item: out.Item}
	}
	return out.Item, nil
}

// move applies the update to the item read, and writes it under its new
// primary key: a delete of the old item conditioned on it being unchanged
// and a create of the new one, in one transaction.
func (op UpdateOp[T]) move(ctx context.Context, db *DB, old map[string]types.AttributeValue, c *compiledUpdate) (T, error) {
	var zero T
	e := op.e
	merged := c.merged
	var v T
	if err := dynamo.UnmarshalItem(merged, &v); err != nil {
		return zero, &ddbmodel.ValidationError{Entity: e.name, Err: err}
	}
	create := e.Create(v)
	create.keepVersion = true
	put, err := create.compile()
	if err != nil {
		return zero, err
	}
	put.fail.op = "update"
	if r := e.created; r != nil {
		// The item keeps its creation time: it moves, it is not created.
		if av, ok := old[r.name]; ok {
			put.item[r.name] = av
			reflect.ValueOf(&put.written).Elem().FieldByIndex(r.index).Set(reflect.ValueOf(&v).Elem().FieldByIndex(r.index))
		}
	}
	// Attributes the Go type does not know (an older or newer writer's)
	// move with the item; its old key attributes do not.
	keyAttrs := e.maintained
	carried := false
	for name, av := range merged {
		if _, ok := put.item[name]; !ok && !keyAttrs[name] && e.fields[name] == nil {
			put.item[name] = av
			carried = true
		}
	}
	if carried {
		if err := e.checkItem(put.item); err != nil {
			return zero, err
		}
	}
	var w expr.Writer
	// The item deleted is this entity's (the read checked it; the marker
	// condition holds it to that), and unchanged since the read.
	parts := []string{e.exists(&w)}
	if lockGuards(e.lock, old) {
		// Every write increments the lock: its version guards the whole item.
		parts = append(parts, w.Name(e.lock.name)+" = "+w.Value(old[e.lock.name]))
	} else {
		for _, name := range sortedKeys(old) {
			if name == e.table.EntityAttr() {
				continue // conditioned above
			}
			parts = append(parts, w.Name(name)+" = "+w.Value(old[name]))
		}
	}
	for _, name := range sortedKeys(op.with) {
		// With's values are conditions on the item, for a move as for an update.
		cond, err := e.withCondition(&w, name, op.with[name])
		if err != nil {
			return zero, err
		}
		parts = append(parts, cond)
	}
	if s, err := op.cond.render(&w, e.sch); err != nil {
		return zero, withEntity(err, e.name)
	} else if s != "" {
		parts = append(parts, s)
	}
	del := txwrite.Classified(TransactWrite{
		Item: types.TransactWriteItem{Delete: &types.Delete{
			TableName: aws.String(e.table.Name), Key: e.tableKey(old),
			ConditionExpression: aws.String(joinAnd(parts)), ExpressionAttributeNames: w.Names(), ExpressionAttributeValues: w.Values(),
			ReturnValuesOnConditionCheckFailure: types.ReturnValuesOnConditionCheckFailureAllOld,
		}},
		Entity: e.name, Op: "update", Key: e.tableKey(old), Size: expr.ItemSize(old),
	}, failure{entity: e.name, op: "update", mustExist: true, markerAttr: e.table.EntityAttr(), unmarked: e.unmarked, lockAttr: lockName(e.lock), lockWant: op.lockWant}.classify)
	if n := len(aws.ToString(del.Item.Delete.ConditionExpression)); n > expr.MaxExpressionBytes {
		return zero, &ddbmodel.LimitError{Entity: e.name, What: "expression size in bytes (of the condition that the moved item is unchanged; a LockAttribute keeps it short)", Limit: expr.MaxExpressionBytes, Got: n}
	}
	pin := put.input(e.table.Name)
	ins := txwrite.Classified(TransactWrite{
		Item:   txwrite.FromPut(pin),
		Entity: e.name, Op: "create", Key: e.tableKey(put.item), Size: expr.ItemSize(put.item),
	}, put.fail.classify)
	if op.lockWant != nil {
		if lv, ok := old[lockName(e.lock)].(*types.AttributeValueMemberN); !ok || lv.Value != fmt.Sprint(*op.lockWant) {
			return zero, &ddbmodel.ConditionError{Entity: e.name, Op: "update", Err: ddbmodel.ErrVersionConflict, Item: old}
		}
	}
	if err := e.sendMove(ctx, db, old, put.item, del, ins); err != nil {
		return zero, err
	}
	if op.ret == types.ReturnValueNone {
		return zero, nil
	}
	if op.ret == types.ReturnValueAllOld {
		return e.Decode(old)
	}
	// The moved item comes back as a read would decode it: hidden
	// attributes zeroed.
	moved := put.written
	rv := reflect.ValueOf(&moved).Elem()
	for _, idx := range e.hidden {
		f := rv.FieldByIndex(idx)
		f.Set(reflect.Zero(f.Type()))
	}
	return moved, nil
}

// lockGuards reports whether the entity has a lock attribute and the item
// read holds it, so that a condition on it detects any later write.
func lockGuards(lock *fieldRule, old map[string]types.AttributeValue) bool {
	if lock == nil {
		return false
	}
	_, ok := old[lock.name].(*types.AttributeValueMemberN)
	return ok
}

func lockName(r *fieldRule) string {
	if r == nil {
		return ""
	}
	return r.name
}

// applyLocally applies update actions, at their paths, to a copy of item
// the way DynamoDB would.
func applyLocally(item map[string]types.AttributeValue, acts []action, paths []docpath.Path, vals []types.AttributeValue) (map[string]types.AttributeValue, error) {
	out := make(map[string]types.AttributeValue, len(item)+len(acts))
	for k, v := range item {
		out[k] = v
	}
	for i, a := range acts {
		path := paths[i]
		cur, has := docpath.Get(out, path)
		v := vals[i]
		var next types.AttributeValue // the new value; nil removes
		switch a.kind {
		case actSet:
			next = v
		case actSetIfNotExists:
			if has {
				continue
			}
			next = v
		case actRemove:
		case actAppend, actPrepend:
			l, _ := cur.(*types.AttributeValueMemberL)
			add, ok := v.(*types.AttributeValueMemberL)
			if !ok {
				return nil, fmt.Errorf("appending to %s: value is not a list", a.attr)
			}
			var list []types.AttributeValue
			if l != nil {
				list = append(list, l.Value...)
			}
			if a.kind == actAppend {
				list = append(list, add.Value...)
			} else {
				list = append(append([]types.AttributeValue(nil), add.Value...), list...)
			}
			next = &types.AttributeValueMemberL{Value: list}
		case actAdd:
			switch x := v.(type) {
			case *types.AttributeValueMemberN:
				sum, ok := new(big.Rat).SetString(x.Value)
				if !ok {
					return nil, fmt.Errorf("adding to %s: bad number %q", a.attr, x.Value)
				}
				if n, isN := cur.(*types.AttributeValueMemberN); isN {
					base, ok := new(big.Rat).SetString(n.Value)
					if !ok {
						return nil, fmt.Errorf("adding to %s: bad number %q", a.attr, n.Value)
					}
					sum.Add(sum, base)
				}
				text := ratString(sum)
				if err := checkNumber(text); err != nil {
					// DynamoDB refuses a sum it cannot hold.
					return nil, fmt.Errorf("adding %s to %s: the sum %w", x.Value, a.attr, err)
				}
				next = &types.AttributeValueMemberN{Value: text}
			case *types.AttributeValueMemberSS:
				var base []string
				if s, ok := cur.(*types.AttributeValueMemberSS); ok {
					base = s.Value
				}
				next = &types.AttributeValueMemberSS{Value: unionSet(base, x.Value, sameString)}
			case *types.AttributeValueMemberNS:
				var base []string
				if s, ok := cur.(*types.AttributeValueMemberNS); ok {
					base = s.Value
				}
				next = &types.AttributeValueMemberNS{Value: unionSet(base, x.Value, numberKey)}
			default:
				return nil, fmt.Errorf("adding to %s: ADD takes a number or a set", a.attr)
			}
		case actDeleteFromSet:
			var rest []string
			switch x := v.(type) {
			case *types.AttributeValueMemberSS:
				s, ok := cur.(*types.AttributeValueMemberSS)
				if !ok {
					continue
				}
				if rest = minusSet(s.Value, x.Value, sameString); len(rest) > 0 {
					next = &types.AttributeValueMemberSS{Value: rest}
				}
			case *types.AttributeValueMemberNS:
				s, ok := cur.(*types.AttributeValueMemberNS)
				if !ok {
					continue
				}
				if rest = minusSet(s.Value, x.Value, numberKey); len(rest) > 0 {
					next = &types.AttributeValueMemberNS{Value: rest}
				}
			default:
				return nil, fmt.Errorf("deleting from %s: DELETE takes a set", a.attr)
			}
		}
		var err error
		if next == nil {
			out, err = docpath.Remove(out, path)
		} else {
			out, err = docpath.Set(out, path, next)
		}
		if err != nil {
			return nil, fmt.Errorf("%s %s: %w", actionNames[a.kind], a.attr, err)
		}
	}
	return out, nil
}

func ratString(r *big.Rat) string {
	if r.IsInt() {
		return r.Num().String()
	}
	return strings.TrimRight(r.FloatString(38), "0")
}

// unionSet adds the members of add missing from cur, as DynamoDB's ADD
// does; key says when two members are the same.
func unionSet(cur, add []string, key func(string) string) []string {
	var out []string
	seen := map[string]bool{}
	for _, s := range slices.Concat(cur, add) {
		if k := key(s); !seen[k] {
			seen[k] = true
			out = append(out, s)
		}
	}
	return out
}

// minusSet removes the members of del from cur, as DynamoDB's DELETE does.
func minusSet(cur, del []string, key func(string) string) []string {
	drop := map[string]bool{}
	for _, s := range del {
		drop[key(s)] = true
	}
	var out []string
	for _, s := range cur {
		if !drop[key(s)] {
			out = append(out, s)
		}
	}
	return out
}

func sameString(s string) string { return s }

// numberKey identifies a number by its value: 1, 1.0 and 1E0 are one
// member of a number set.
func numberKey(s string) string {
	if c, why := ddbnum.Canonical(s); why == "" {
		return c
	}
	return s
}

func dedupe(xs []string) []string {
	seen := map[string]bool{}
	out := xs[:0:0]
	for _, x := range xs {
		if !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	return out
}

// sortedKeys returns m's keys in order.
func sortedKeys[V any](m map[string]V) []string { return slices.Sorted(maps.Keys(m)) }
