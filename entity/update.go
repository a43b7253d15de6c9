package entity

import (
	"context"
	"errors"
	"maps"
	"reflect"
	"slices"
	"strings"
	"time"
	"unsafe"

	"github.com/ddbmodel/ddbmodel/internal/composite"
	"github.com/ddbmodel/ddbmodel/internal/docpath"
	"github.com/ddbmodel/ddbmodel/internal/errtext"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
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
// the primary key moves the item (delete and put in one transaction); its
// failed condition (the item changed since the read, the new key taken) is
// a *ddbmodel.ConditionError, as for an update in place, whose Cause is the
// *ddbmodel.TxCanceledError.
//
// A sparse index with a When function may change membership on any update,
// since When may read any attribute: every update of such an entity needs
// the item, so it needs ReadFirst (a *ddbmodel.MissingCompositesError says
// so otherwise).
//
// An UpdateOp is an immutable value: every method returns a new one, and
// the values given to Set, SetIfNotExists, Add, Append, Prepend,
// DeleteFromSet, Apply's typed changes, With and conditions are copied at
// the call (a deep copy of maps, slices, arrays, pointers and of structs
// holding them; a string, number, bool or time.Time is kept as it is, at
// no cost), so changing them afterwards changes neither Build's request
// nor Run's. A struct whose unexported fields hold references (a pointer,
// map, slice...), such as big.Int, cannot be copied faithfully: it, and a
// pointer to it, is kept as given and read when the request is built.
type UpdateOp[T any] struct {
	e *Entity[T]
	updateRequest
}

// updateRequest is what an update asks, with its entity's core (nil for a
// zero operation): the code that compiles it needs nothing of T, and has
// it as receiver.
type updateRequest struct {
	e         *entityCore
	key       composite.List
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
	own := composite.Of(key)
	for i := range own {
		own[i].Value = e.canonicalNumber(own[i].Name, own[i].Value)
	}
	return UpdateOp[T]{e: e, updateRequest: updateRequest{e: e.core(), key: own, ret: types.ReturnValueAllNew}}
}

func (op UpdateOp[T]) add(a action) UpdateOp[T] {
	a.attr = op.e.topName(a.attr)
	op.acts = append(op.acts[:len(op.acts):len(op.acts)], a)
	return op
}

// Set sets attr to v.
func (op UpdateOp[T]) Set(attr string, v any) UpdateOp[T] {
	return op.add(action{actSet, attr, snapshot(v)})
}

// SetIfNotExists sets attr to v only when the item has no value for it.
func (op UpdateOp[T]) SetIfNotExists(attr string, v any) UpdateOp[T] {
	return op.add(action{actSetIfNotExists, attr, snapshot(v)})
}

// Add adds the number v to attr, or the elements of the set v to the set attr.
// DynamoDB adds numbers exactly, in decimal: on a float field the stored
// sum is the exact sum of the stored text and v's (0.1 + 0.2 on a float32
// stores 0.30000000447034836), which a read rounds to the float; a put of
// the value read may store another text for the same float. An integer
// or float32 field's Add is kept within its type's range (see
// AddRangeError); a float64's range is DynamoDB's own. An Add whose sum is
// 0 stores the number 0, also on an omitempty field, where a put of the
// value read leaves the attribute out: both read back as 0, but a
// condition on the attribute's existence tells them apart (use Remove to
// leave it out).
func (op UpdateOp[T]) Add(attr string, v any) UpdateOp[T] {
	return op.add(action{actAdd, attr, snapshot(v)})
}

// Remove removes attributes, or entries and elements inside them (a
// document path: "addresses.home", "tags[0]").
//
// A struct field that a put always stores, at any depth (a number, bool or
// time without omitempty, a struct or array held by value, a field with
// the null option), cannot be removed: the item would read as the zero
// value but match no condition on it, an item no put writes. Build refuses
// it with a *ddbmodel.ValidationError saying so; Set the zero value
// instead, or tag the field omitempty (or make it a pointer) to make it
// removable. Pointers, strings, slices, maps, sets and omitempty fields
// can be removed, as can a map's entry and a list's element.
func (op UpdateOp[T]) Remove(attrs ...string) UpdateOp[T] {
	for _, a := range attrs {
		op = op.add(action{actRemove, a, nil})
	}
	return op
}

// Append appends the elements of the list v to the list attr (creating it).
func (op UpdateOp[T]) Append(attr string, v any) UpdateOp[T] {
	return op.add(action{actAppend, attr, snapshot(v)})
}

// Prepend puts the elements of the list v before those of the list attr.
func (op UpdateOp[T]) Prepend(attr string, v any) UpdateOp[T] {
	return op.add(action{actPrepend, attr, snapshot(v)})
}

// DeleteFromSet removes the elements of the set v from the set attr.
func (op UpdateOp[T]) DeleteFromSet(attr string, v any) UpdateOp[T] {
	return op.add(action{actDeleteFromSet, attr, snapshot(v)})
}

// If adds a condition that must hold for the update to happen.
func (op UpdateOp[T]) If(c Condition) UpdateOp[T] {
	op.cond = And(op.cond, c)
	return op
}

// With supplies current values of attributes the update does not change
// but that keys it recomputes are built from. The update is conditioned on
// the item still holding them, so a key is never computed from stale values.
// For a composite of a sparse index, a value a put leaves out (an empty
// string, a nil pointer) says the item lacks it: the update is conditioned
// on its absence and keeps the item out of the index, as a put of the
// value would.
// A value for any other attribute is accepted too: it is then an equality
// condition on the item's current value, like If(Attr(name).Eq(v)).
// Build refuses, as conditions that could never hold, a key or marker
// attribute (the entity maintains and checks those), a composite of the
// table key whose value renders another key than the update's own, a value
// a put leaves out for a composite of an index that is not sparse (every
// item holds it), and a value outside the attribute's Enum (as
// If(Attr(name).Eq(v)) does).
// The condition compares stored values as DynamoDB does: a time.Time
// stored as text (without unixtime) holds its zone offset, so the same
// instant given in another zone does not match (as with Attr(name).Eq,
// and In; a Ne always holds), and the update fails its condition; give
// times in the zone they were stored in.
func (op UpdateOp[T]) With(values Values) UpdateOp[T] {
	merged := Values{}
	for k, v := range op.with {
		merged[k] = v
	}
	for k, v := range values {
		k = op.e.topName(k)
		merged[k] = snapshot(op.e.canonicalNumber(k, v))
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
// what it read has not changed (ErrConditionFailed otherwise; retry). On
// an entity with a LockAttribute, "not changed" is the lock version still
// being the one read (every write through the entity increments it); a
// writer outside the library that changes the item without incrementing
// the version goes unseen, and the keys computed from what was read may
// then be stale: such writers must increment the version too.
func (op UpdateOp[T]) ReadFirst() UpdateOp[T] {
	op.readFirst = true
	return op
}

// Returning chooses what Run decodes: ALL_NEW (the default) or ALL_OLD
// return the item; NONE returns the zero T. An update that changes a
// unique attribute runs as a transaction, which returns no item: its
// ALL_OLD is the item it read first (the transaction is conditioned on
// that item being unchanged), its ALL_NEW a strongly consistent read
// after the transaction.
func (op UpdateOp[T]) Returning(rv types.ReturnValue) UpdateOp[T] {
	op.ret = rv
	return op
}

// ErrNeedsRead is returned by Build and TransactWrite for an update that
// cannot be compiled without reading the item first: one that moves the
// item to a new primary key, or needs composites it was not given while
// ReadFirst is set. Run handles both. Writes of an entity with unique
// attributes (put, upsert, update, delete) return it too when they must
// read the old values first (see Attribute.Unique). The error is a
// *NeedsReadError naming the attributes that need the read.
var ErrNeedsRead = errors.New("ddbmodel: the write needs to read the item first: the operation's own Run reads it (a transaction's Run reads only what unique attributes need)")

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

// partialT decodes the values an update knows into a T (typ), for key
// functions, and returns a pointer to it (a *T).
func (op *updateRequest) partialT(typ reflect.Type, known *knownValues, with keys.Source) (unsafe.Pointer, error) {
	item := map[string]types.AttributeValue{}
	known.each(func(k string, v types.AttributeValue) { item[k] = v })
	add := func(k string, v any) error {
		if _, ok := item[k]; ok {
			return nil
		}
		av, err := marshalValue(v)
		if err != nil {
			return err
		}
		item[k] = av
		return nil
	}
	for _, x := range op.key {
		if err := add(x.Name, x.Value); err != nil {
			return nil, err
		}
	}
	for k, v := range op.with {
		if err := add(k, v); err != nil {
			return nil, err
		}
	}
	t := reflect.New(typ)
	if err := unmarshalItem(item, t.Interface()); err != nil {
		return nil, err
	}
	return t.UnsafePointer(), nil
}

// nowValue is the timestamp r set to now, encoded as a put of the field
// encodes it: with its dynamo tag options (a time.Time tagged unixtime is
// Unix seconds).
func (e *entityCore) nowValue(r *fieldRule) (types.AttributeValue, error) {
	f := reflect.New(r.typ).Elem()
	setTime(f, e.stampTime(r, e.now()))
	if n := e.sch.attrs[r.name]; n != nil {
		av, _, err := n.value(f.Interface())
		return av, err
	}
	return marshalValue(f.Interface())
}

// stampTime is now as timestamp r stores it, so that an item returned as
// written holds what a read of it gives: in UTC, without the monotonic
// clock reading, and in whole seconds for a time.Time stored as Unix
// seconds (tagged unixtime).
func (e *entityCore) stampTime(r *fieldRule, now time.Time) time.Time {
	now = now.UTC().Round(0)
	if r.unixTime {
		return time.Unix(now.Unix(), 0).UTC()
	}
	return now
}

// maintainedAttrs returns the attributes the entity maintains itself: every
// key attribute of the table and its indexes, and the two markers.
func (e *entityCore) maintainedAttrs() map[string]bool {
	m := map[string]bool{e.table.EntityAttr(): true, e.table.EntityVersionAttr(): true, e.table.PartitionKey.Name: true}
	if e.table.SortKey.Name != "" {
		m[e.table.SortKey.Name] = true
	}
	for _, ix := range e.table.Indexes {
		for _, k := range []KeyAttribute{ix.PartitionKey, ix.SortKey} {
			// An index key attribute that is a field of T holds the
			// field's own value (checkKeyFields allows only ${field}
			// there): updates set it as the field.
			if k.Name != "" && e.fields[k.Name] == nil {
				m[k.Name] = true
			}
		}
	}
	return m
}

// putKeyAttributes computes putKeyAttrs: the entity's key attributes, in
// keyAttrs' order, then the other index key attributes of the table it
// maintains, sorted; without the table key's and the markers.
func (e *entityCore) putKeyAttributes() []string {
	skip := map[string]bool{e.table.PartitionKey.Name: true, e.table.SortKey.Name: true, e.table.EntityAttr(): true, e.table.EntityVersionAttr(): true}
	var out []string
	for _, n := range e.keyAttrs {
		if !skip[n] {
			out = append(out, n)
			skip[n] = true
		}
	}
	for _, n := range slices.Sorted(maps.Keys(e.maintained)) {
		if !skip[n] {
			out = append(out, n)
		}
	}
	return out
}

// Build compiles the UpdateItem request without sending it. An update that
// needs composites it was not given fails with a
// *ddbmodel.MissingCompositesError; one that must read first (ReadFirst, a
// primary-key change, or a change of a unique attribute or of the table's
// TTL attribute, which Run writes with the marker items in one
// transaction) fails with ErrNeedsRead. A unique value too long for its
// marker item's key is invalid input, refused first (a SetIfNotExists
// value too, though the item may hold the attribute already).
func (op UpdateOp[T]) Build() (*dynamodb.UpdateItemInput, error) {
	c, err := op.build()
	if err != nil {
		return nil, err
	}
	if op.touchesUnique() {
		if err := op.e.uniqueBuild("update", false); err != nil {
			return nil, err
		}
	}
	return c.in, nil
}

// build compiles the update without the item, failing when it needs it.
func (op updateRequest) build() (*compiledUpdate, error) {
	c, err := op.compile(nil)
	if err != nil {
		return nil, err
	}
	if c.move {
		pc := op.primaryComposites()
		return nil, needsRead(op.e.name, "update", pc, "%s update: it changes primary-key composite(s) %s, so the item moves (a delete and a put in one transaction, which carry its other attributes)", op.e.name, strings.Join(pc, ", "))
	}
	if c.missing != nil {
		if op.readFirst {
			return nil, needsRead(op.e.name, "update", c.missing.Missing, "%s update: ReadFirst takes the current values of %s from the item", op.e.name, strings.Join(c.missing.Missing, ", "))
		}
		return nil, c.missing
	}
	return c, nil
}

// primaryComposites returns the primary-key composites the update's
// actions touch, in the order given.
func (op updateRequest) primaryComposites() []string {
	var out []string
	for _, a := range op.acts {
		top := a.attr
		if p, err := docpath.Parse(a.attr); err == nil {
			top = p.Root()
		}
		for _, d := range []*keyDef{op.e.pk, op.e.sk} {
			if d != nil && slices.Contains(d.Uses, top) && !slices.Contains(out, top) {
				out = append(out, top)
			}
		}
	}
	return out
}

// TransactWrite compiles the update as one action of a transaction. An
// update touching a unique attribute is an error here: its marker actions
// must join the transaction too (txn.Write and TransactWrites add them).
func (op UpdateOp[T]) TransactWrite() (TransactWrite, error) {
	w, err := op.action()
	if err == nil && !op.touchesUnique() {
		return w, nil
	}
	return op.e.actionAlone("update", w, err)
}

// action compiles the update as one action of a transaction, without the
// actions of unique attributes.
func (op updateRequest) action() (TransactWrite, error) {
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
	r, err := op.updateRequest.run(ctx, db)
	if err != nil {
		return zero, err
	}
	switch {
	case r.move != nil:
		op.updateRequest = r.op
		return op.move(ctx, db, r.old, r.move)
	case r.decode:
		v, err := op.e.Decode(r.item)
		return v, op.e.core().writtenButUndecodable("update", err)
	}
	if len(r.item) == 0 {
		return zero, nil
	}
	var v T
	err = op.e.decodeInto(r.item, &v)
	return v, op.e.core().writtenButUndecodable("update", err)
}

// writtenButUndecodable says, of err (nil: nil), an error decoding the
// item a write (op: "update") returned, that the write was made: a
// caller must not take it for a write that failed and repeat it.
func (e *entityCore) writtenButUndecodable(op string, err error) error {
	if err == nil {
		return nil
	}
	return errtext.Errorf("%s %s: the write was made; decoding the item it returned failed: %w", op, e.name, err)
}

// updateRun is what updateRequest.run leaves to UpdateOp.Run, which
// decodes into T: the item to decode, or the move to make.
type updateRun struct {
	// item is the item UpdateItem returned (none for an empty one), or
	// with decode set the item the unique markers' path returns, decoded
	// as this entity's (Decode).
	item   map[string]types.AttributeValue
	decode bool
	// move, when set, is the update compiled for the item old, which
	// UpdateOp.move moves, with op, the request as run (conditioned to fit
	// an unmarked item).
	move *compiledUpdate
	old  map[string]types.AttributeValue
	op   updateRequest
}

// run is UpdateOp.Run up to the decoding of the item UpdateItem returned,
// or up to the unique-marker or move path, which it returns: it needs
// nothing of T.
func (op updateRequest) run(ctx context.Context, db *DB) (updateRun, error) {
	if err := checkDB(db, "update"); err != nil {
		return updateRun{}, err
	}
	// unmarkedOld is the unmarked item the update read (RecognizeUnmarked):
	// the update compiles with it, so that it writes whole index keys.
	var unmarkedOld map[string]types.AttributeValue
	if op.e != nil && op.e.unmarked {
		fit, item, err := op.fitUnmarked(ctx, db)
		if err != nil {
			return updateRun{}, err
		}
		op = op.and(fit)
		unmarkedOld = item
	}
	if op.e != nil && len(op.e.uniques) > 0 && op.touchesUnique() && !op.moves() {
		return op.runUniqueItem(ctx, db) // a move carries the markers itself
	}
	c, err := op.compile(unmarkedOld)
	if err != nil {
		return updateRun{}, err
	}
	if c.missing != nil && !op.readFirst && !c.move {
		return updateRun{}, c.missing
	}
	if c.missing != nil || c.move {
		old := unmarkedOld
		if old == nil {
			if old, err = op.e.readItem(ctx, db, op.key); err != nil {
				return updateRun{}, err
			}
			if err := op.e.refuseOldVersion("update", old); err != nil {
				return updateRun{}, err
			}
			if c, err = op.compile(old); err != nil {
				return updateRun{}, err
			}
		}
		if c.move {
			return updateRun{op: op, move: c, old: old}, nil
		}
		if op.e != nil && len(op.e.uniques) > 0 && op.touchesUnique() {
			// Not a move after all (a key composite's action left it as
			// it was): the unique markers follow the attributes.
			return op.runUniqueItem(ctx, db)
		}
		if c.missing != nil {
			return updateRun{}, c.missing
		}
	}
	in := c.in
	in.TableName = db.Table(op.e.table.Name)
	out, err := Send(ctx, db, db.Client.UpdateItem, in, Request{Entities: []string{op.e.name}})
	if err != nil {
		return updateRun{}, keyed(c.fail.wrap(err), in.Key)
	}
	return updateRun{item: out.Attributes}, nil
}

func (e *entityCore) readItem(ctx context.Context, db *DB, key composite.List) (map[string]types.AttributeValue, error) {
	in, err := getRequest{e: e, key: key, consistent: true}.build()
	if err != nil {
		return nil, err
	}
	in.TableName = db.Table(e.table.Name)
	out, err := Send(ctx, db, db.Client.GetItem, in, Request{Entities: []string{e.name}})
	if err != nil {
		return nil, errtext.Errorf("update %s: reading the item: %w", e.name, err)
	}
	if len(out.Item) == 0 {
		return nil, &ddbmodel.ConditionError{Entity: e.name, Op: "update", Key: in.Key, Err: ddbmodel.ErrNotFound}
	}
	if err := e.refuseUnmarked("update", out.Item); err != nil {
		return nil, err
	}
	if err := e.unrecognized("update", out.Item); err != nil {
		return nil, err
	}
	if !e.is(out.Item) {
		// Another entity's item under the key: this entity has none to
		// update or move.
		return nil, &ddbmodel.ConditionError{Entity: e.name, Op: "update", Key: in.Key, Err: ddbmodel.ErrNotFound, Item: out.Item}
	}
	return out.Item, nil
}

// canonicalNumber is schema.canonicalNumber, for a nil entity v itself
// (the operation is refused at Build).
func (e *entityCore) canonicalNumber(name string, v any) any {
	if e == nil {
		return v
	}
	return e.sch.canonicalNumber(name, v)
}

// and is If, for the code that compiles an update without T.
func (op updateRequest) and(c Condition) updateRequest {
	op.cond = And(op.cond, c)
	return op
}
