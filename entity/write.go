package entity

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"reflect"
	"sort"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/smithy-go"
	"github.com/guregu/dynamo/v2"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/internal/ddbnum"
	"github.com/ddbmodel/ddbmodel/internal/expr"
	"github.com/ddbmodel/ddbmodel/internal/txwrite"
	"github.com/ddbmodel/ddbmodel/keys"
)

// encode applies defaults and timestamps to *v, encodes it, checks the
// attribute rules, renders every key and adds the entity markers. The item
// it returns is exactly what a put writes.
func (e *Entity[T]) encode(v *T, create bool, st *putStore) (map[string]types.AttributeValue, error) {
	rv := reflect.ValueOf(v).Elem()
	var now time.Time
	if e.created != nil || e.updated != nil {
		now = e.now()
	}
	for _, r := range e.rules {
		if r.Default == nil {
			continue
		}
		f := rv.FieldByIndex(r.index)
		if !f.IsZero() {
			continue
		}
		d := r.Default
		if fn, ok := d.(func() any); ok {
			d = fn()
		}
		dv := reflect.ValueOf(d)
		if !dv.Type().ConvertibleTo(f.Type()) {
			return nil, &ddbmodel.ValidationError{Entity: e.name, Attribute: r.name, Reason: fmt.Sprintf("default of type %T does not convert to %v", d, f.Type())}
		}
		f.Set(dv.Convert(f.Type()))
	}
	if e.created != nil {
		if f := rv.FieldByIndex(e.created.index); create || f.IsZero() {
			setTime(f, now)
		}
	}
	if e.updated != nil {
		setTime(rv.FieldByIndex(e.updated.index), now)
	}
	var item map[string]types.AttributeValue
	var err error
	var iw itemWriter
	size := -1 // the item's size, when the encoder measured it
	if e.fast != nil {
		iw.initIn(st, e.keyBytes+e.fast.textBytes, e.fast.strings+len(e.allKeys))
		item, size, err = e.fast.encode(rv, 4+2*len(e.indexes), &iw)
	} else {
		iw.initIn(st, e.keyBytes, len(e.allKeys))
		item, err = dynamo.MarshalItem(v) // v already lives on the heap for reflection: no second copy
	}
	if err != nil {
		var fe *fieldError
		if errors.As(err, &fe) {
			return nil, &ddbmodel.ValidationError{Entity: e.name, Attribute: fe.name, Err: fe.err}
		}
		return nil, &ddbmodel.ValidationError{Entity: e.name, Reason: "encoding", Err: err}
	}
	for _, r := range e.rules {
		var f reflect.Value
		if r.Validate != nil {
			f = rv.FieldByIndex(r.index)
		}
		if err := e.checkRule(r, item[r.name], f, true); err != nil {
			return nil, err
		}
	}
	if e.valid != nil {
		if err := e.valid(v); err != nil {
			return nil, &ddbmodel.ValidationError{Entity: e.name, Err: err}
		}
	}
	src := itemSource(item)
	if err := e.renderPrimaryIn(&iw, src, v, item); err != nil {
		return nil, err
	}
	for _, d := range e.indexes {
		if err := e.renderIndex(&iw, d, src, v, item); err != nil {
			return nil, err
		}
	}
	item[e.table.EntityAttr()] = e.marker
	item[e.table.EntityVersionAttr()] = e.ver
	if size < 0 {
		if err := e.checkItem(item); err != nil {
			return nil, err
		}
		return item, nil
	}
	// The encoder measured the fields (and checked their numbers); add the
	// keys and markers, or measure the item again when they overlap.
	if e.keysOverlap {
		size = expr.ItemSize(item)
	} else {
		size += iw.size + e.markerBytes
	}
	if size > expr.MaxItemBytes {
		return nil, &ddbmodel.LimitError{Entity: e.name, What: "item size in bytes", Limit: expr.MaxItemBytes, Got: size}
	}
	return item, nil
}

func (e *Entity[T]) renderIndex(iw *itemWriter, d *indexDef[T], src keys.Source, v *T, into map[string]types.AttributeValue) error {
	if d.multi != nil {
		return e.checkMultiKey(d, into)
	}
	if d.sparse && d.when != nil && !d.when(*v) {
		return nil
	}
	var pkv, skv types.AttributeValue
	var err error
	if d.pk != nil {
		if pkv, err = e.renderKeyIn(iw, d.pk, src, v); err != nil {
			if d.sparse && (errors.Is(err, ddbmodel.ErrMissingComposites) || errors.Is(err, errZeroTime)) {
				return nil
			}
			return err
		}
	}
	if d.sk != nil {
		if skv, err = e.renderKeyIn(iw, d.sk, src, v); err != nil {
			if d.sparse && (errors.Is(err, ddbmodel.ErrMissingComposites) || errors.Is(err, errZeroTime)) {
				return nil
			}
			return err
		}
	}
	if pkv != nil {
		setKey(iw, into, d.pk.Attribute, pkv)
	}
	if skv != nil {
		setKey(iw, into, d.sk.Attribute, skv)
	}
	return nil
}

// checkRule checks one attribute's rules against its encoded value av and
// Go value f. whole says the check is of a whole item (put), where Required
// applies.
func (e *Entity[T]) checkRule(r *fieldRule, av types.AttributeValue, f reflect.Value, whole bool) error {
	if av == nil || isNull(av) {
		if whole && r.Required {
			return &ddbmodel.ValidationError{Entity: e.name, Attribute: r.name, Reason: "required"}
		}
		return nil
	}
	if r.enum != nil {
		var vals []string
		switch x := av.(type) {
		case *types.AttributeValueMemberS:
			vals = []string{x.Value}
		case *types.AttributeValueMemberSS:
			vals = x.Value
		default:
			return &ddbmodel.ValidationError{Entity: e.name, Attribute: r.name, Reason: "enum attribute must be a string"}
		}
		for _, s := range vals {
			if !r.enum[s] {
				return &ddbmodel.ValidationError{Entity: e.name, Attribute: r.name, Reason: fmt.Sprintf("%q is not one of %s", s, strings.Join(r.Enum, ", "))}
			}
		}
	}
	if r.Validate != nil && f.IsValid() {
		if err := r.Validate(f.Interface()); err != nil {
			return &ddbmodel.ValidationError{Entity: e.name, Attribute: r.name, Err: err}
		}
	}
	return nil
}

func isNull(av types.AttributeValue) bool {
	_, ok := av.(*types.AttributeValueMemberNULL)
	return ok
}

func (e *Entity[T]) checkItem(item map[string]types.AttributeValue) error {
	size := 0
	for name, av := range item {
		size += len(name) + expr.ValueSize(av)
		switch av.(type) {
		case *types.AttributeValueMemberB, *types.AttributeValueMemberBOOL:
			continue
		}
		if err := checkValue(av); err != nil {
			return &ddbmodel.ValidationError{Entity: e.name, Attribute: name, Err: err}
		}
	}
	if size > expr.MaxItemBytes {
		return &ddbmodel.LimitError{Entity: e.name, What: "item size in bytes", Limit: expr.MaxItemBytes, Got: size}
	}
	return nil
}

// failure says how a failed condition of one write is reported.
type failure struct {
	entity    string
	op        string
	create    bool
	mustExist bool
	// markerAttr: the write is guarded by the entity marker. With
	// mustExist, another entity's item is reported as not found; otherwise
	// (a put or a plain delete) as ErrOtherEntity.
	markerAttr string
	lockAttr   string
	lockWant   *int64 // the version the write expects to find (0: none)
	// unmarked: an item without a marker is the entity's too
	// (Config.RecognizeUnmarked).
	unmarked bool
	// plainMarker: the marker attribute of an unguarded put (a lock
	// version 0), to tell an item without a marker (ErrUnmarked).
	plainMarker string
}

// classify picks the outcome sentinel from the item DynamoDB returned with
// the failed condition (nil when there was none).
func (f failure) classify(old map[string]types.AttributeValue) error {
	if f.create && len(old) > 0 {
		return ddbmodel.ErrAlreadyExists
	}
	if f.unmarkedOther(old) {
		return ddbmodel.ErrUnmarked
	}
	if f.mustExist && (len(old) == 0 || f.markerAttr != "" && !f.owns(old)) {
		return ddbmodel.ErrNotFound
	}
	if f.markerAttr != "" && len(old) > 0 && !f.owns(old) {
		return ddbmodel.ErrOtherEntity
	}
	if f.lockWant != nil {
		got := int64(0)
		if n, ok := old[f.lockAttr].(*types.AttributeValueMemberN); ok {
			fmt.Sscan(n.Value, &got)
		}
		if len(old) > 0 && got != *f.lockWant || len(old) == 0 && *f.lockWant != 0 {
			return ddbmodel.ErrVersionConflict
		}
	}
	return ddbmodel.ErrConditionFailed
}

func (f failure) wrap(err error) error {
	var ccf *types.ConditionalCheckFailedException
	if errors.As(err, &ccf) {
		return &ddbmodel.ConditionError{Entity: f.entity, Op: f.op, Err: f.classify(ccf.Item), Item: ccf.Item, Cause: err}
	}
	var api smithy.APIError
	if errors.As(err, &api) && api.ErrorCode() == "ValidationException" && strings.Contains(api.ErrorMessage(), "document path") {
		// A path whose parent the item lacks (or that does not fit it):
		// only the table can know; the caller's input was invalid.
		return &ddbmodel.ValidationError{Entity: f.entity, Reason: f.op + ": DynamoDB refused a document path: the item lacks a parent on the path, or holds another type there", Err: err}
	}
	return fmt.Errorf("ddbmodel: %s %s: %w", f.op, f.entity, err)
}

// exists is the condition that the item exists and is this entity's: an
// entity never updates or deletes another entity's item that happens to
// share its key.
func (e *Entity[T]) exists(w *expr.Writer) string {
	if e.unmarked {
		return e.existsOrUnmarked(w)
	}
	return w.Name(e.table.EntityAttr()) + " = " + w.Value(e.marker)
}

func (e *Entity[T]) pkAbsent(w *expr.Writer) string {
	return "attribute_not_exists(" + w.Name(e.table.PartitionKey.Name) + ")"
}

// guard writes into w the condition that guards a put or a plain delete:
// no item under the key, or an item of this entity. An item of another
// entity, or one without a marker, is left unchanged (ErrOtherEntity).
func (e *Entity[T]) guard(w *expr.Writer) string {
	if e.unmarked {
		return e.guardOrUnmarked(w)
	}
	return e.pkAbsent(w) + " OR " + w.Name(e.table.EntityAttr()) + " = " + w.Value(e.marker)
}

// writeGuard is the guard condition as a fresh writer renders it, computed
// once at Define for the writes whose only condition it is (a plain put or
// delete). A write with more conditions writes the guard first, so its
// placeholders are these too.
type writeGuard struct {
	cond   string
	names  map[string]string               // read-only: requests get copies
	values map[string]types.AttributeValue // read-only: requests get copies
	// The same names and values as lists, which copy faster than maps
	// iterate. The guard's values are strings (the entity marker).
	nameList  [][2]string // placeholder, attribute name
	valueList [][2]string // placeholder, string value
}

// ownNames returns a copy of the guard's names, the caller's to change.
func (g *writeGuard) ownNames() map[string]string {
	out := make(map[string]string, len(g.nameList))
	for _, kv := range g.nameList {
		out[kv[0]] = kv[1]
	}
	return out
}

// ownValues returns a copy of the guard's values that shares nothing with
// it: a caller changing the map, or a value in it, changes no later
// request. They are copied into st while it has room.
func (g *writeGuard) ownValues(st *putStore) map[string]types.AttributeValue {
	out := make(map[string]types.AttributeValue, len(g.valueList))
	for i, kv := range g.valueList {
		if i < len(st.guard) {
			st.guard[i].Value = kv[1]
			out[kv[0]] = &st.guard[i]
		} else {
			out[kv[0]] = &types.AttributeValueMemberS{Value: kv[1]}
		}
	}
	return out
}

func (e *Entity[T]) newWriteGuard() writeGuard {
	var w expr.Writer
	cond := e.guard(&w)
	g := writeGuard{cond: cond, names: w.Names(), values: w.Values()}
	for k, v := range g.names {
		g.nameList = append(g.nameList, [2]string{k, v})
	}
	for k, v := range g.values {
		g.valueList = append(g.valueList, [2]string{k, v.(*types.AttributeValueMemberS).Value})
	}
	return g
}

func joinAnd(parts []string) string {
	var kept []string
	for _, p := range parts {
		if p != "" {
			kept = append(kept, p)
		}
	}
	if len(kept) == 1 {
		return kept[0]
	}
	for i, p := range kept {
		kept[i] = "(" + p + ")"
	}
	return strings.Join(kept, " AND ")
}

// WriteOp is a single-item write that can also join a transaction: the
// put, create, update, delete and check operations of any entity.
type WriteOp interface {
	// TransactWrite compiles the operation as one action of a transaction.
	TransactWrite() (TransactWrite, error)
	writeOp()
}

// TransactWrite is one compiled action of a write transaction: the
// action as DynamoDB takes it (Item), the entity and operation it is for,
// the item's table key and the bytes it carries. txn.Write assembles them.
type TransactWrite = txwrite.Action

// PutOp writes a whole item: a put (replacing any item under the key) or a
// create (failing with ErrAlreadyExists when one exists).
type PutOp[T any] struct {
	e      *Entity[T]
	v      T
	create bool
	cond   Condition
	// keepVersion: a create that continues the lock version of the item it
	// replaces (an update moving an item to a new key).
	keepVersion bool
}

var _ WriteOp = PutOp[struct{}]{}

func (PutOp[T]) writeOp() {}

// Put returns an operation that writes v, replacing the item with its key
// if that item is this entity's. The put is conditioned on the entity
// marker: when the key holds another entity's item (or an item without a
// marker), nothing is written and the error satisfies
// errors.Is(err, ddbmodel.ErrOtherEntity) (and ErrConditionFailed).
func (e *Entity[T]) Put(v T) PutOp[T] { return PutOp[T]{e: e, v: v} }

// Create returns an operation that writes v only if no item has its key.
func (e *Entity[T]) Create(v T) PutOp[T] { return PutOp[T]{e: e, v: v, create: true} }

// If adds a condition that must hold for the write to happen.
func (op PutOp[T]) If(c Condition) PutOp[T] {
	op.cond = And(op.cond, c)
	return op
}

// compiledPut is a compiled put, in one allocation with the entity it
// writes and the request input it becomes.
type compiledPut[T any] struct {
	written T // the entity as written: encode applies defaults and timestamps to it
	item    map[string]types.AttributeValue
	cond    string
	w       expr.Writer
	// guard, when set, is the only condition: its names and values are
	// copied from the entity's, and w is empty.
	guard *writeGuard
	fail  failure
	in    dynamodb.PutItemInput
	table string
	// store holds, in this one allocation, the attribute values the
	// request is made of: the item's (see itemWriter) and the copies of
	// the guard's values a built request owns.
	store putStore
}

// putStore is room for the attribute values of one put, allocated with
// the compiled put: values that do not fit are allocated one by one.
type putStore struct {
	strs   [16]types.AttributeValueMemberS
	nums   [4]types.AttributeValueMemberN
	set    types.AttributeValueMemberSS
	setBuf [4]string
	guard  [2]types.AttributeValueMemberS
}

func (op PutOp[T]) compile() (*compiledPut[T], error) {
	e := op.e
	if e == nil {
		return nil, errNoEntity("put")
	}
	c := &compiledPut[T]{fail: failure{entity: e.name, op: "put", create: op.create}, written: op.v}
	if op.create {
		c.fail.op = "create"
	}
	v := &c.written
	// A put replaces only this entity's item; a create, or a put expecting
	// lock version 0, needs the key free, which guards it already.
	guarded := !op.create
	var lockf reflect.Value
	var cur int64
	if e.lock != nil {
		lockf = reflect.ValueOf(v).Elem().FieldByIndex(e.lock.index)
		cur = intValue(lockf)
		if op.create && !op.keepVersion {
			cur = 0
		}
		want := cur // on the heap only for an entity with a lock
		c.fail.lockAttr = e.lock.name
		c.fail.lockWant = &want
		if cur == 0 {
			guarded = false
		}
	}
	if guarded {
		c.fail.markerAttr, c.fail.unmarked = e.table.EntityAttr(), e.unmarked
	} else if !op.create {
		c.fail.plainMarker, c.fail.unmarked = e.table.EntityAttr(), e.unmarked
	}
	if guarded && e.lock == nil && op.cond.IsZero() {
		// The hot path: the guard is the whole condition, rendered at Define.
		c.guard = &e.writeGuard
		c.cond = e.writeGuard.cond
	} else {
		// Placeholders in a fixed order: the guard, the lock, the create,
		// the caller's condition.
		var parts []string
		switch {
		case guarded && e.lock != nil:
			// The lock condition needs an item: it must be this entity's.
			parts = append(parts, e.exists(&c.w))
		case guarded:
			parts = append(parts, e.guard(&c.w))
		}
		if e.lock != nil && !op.create {
			if cur == 0 {
				parts = append(parts, e.versionZero(&c.w))
			} else {
				parts = append(parts, c.w.Name(e.lock.name)+" = "+c.w.Value(numberAV(cur)))
			}
		}
		if op.create {
			parts = append(parts, e.pkAbsent(&c.w))
		}
		if !op.cond.IsZero() {
			s, err := op.cond.render(&c.w, op.e.sch)
			if err != nil {
				return nil, withEntity(err, e.name)
			}
			parts = append(parts, s)
		}
		c.cond = joinAnd(parts)
	}
	if e.lock != nil {
		setInt(lockf, cur+1)
	}
	item, err := e.encode(v, op.create, &c.store)
	if err != nil {
		return nil, err
	}
	c.item = item
	return c, nil
}

// Build compiles the PutItem request without sending it.
func (op PutOp[T]) Build() (*dynamodb.PutItemInput, error) {
	c, err := op.compile()
	if err != nil {
		return nil, err
	}
	return c.input(op.e.table.Name), nil
}

// input returns the request, the caller's to keep and change.
func (c *compiledPut[T]) input(table string) *dynamodb.PutItemInput {
	return c.request(table, true)
}

// request returns the request. Unless own is set, a guard's names and
// values are the entity's read-only maps, not copies: only for a request
// that is sent and dropped, never handed to the caller.
func (c *compiledPut[T]) request(table string, own bool) *dynamodb.PutItemInput {
	c.table = table
	in := &c.in
	*in = dynamodb.PutItemInput{
		TableName:                 &c.table,
		Item:                      c.item,
		ExpressionAttributeNames:  c.w.Names(),
		ExpressionAttributeValues: c.w.Values(),
	}
	if c.guard != nil {
		in.ExpressionAttributeNames, in.ExpressionAttributeValues = c.guard.names, c.guard.values
		if own {
			in.ExpressionAttributeNames = c.guard.ownNames()
			in.ExpressionAttributeValues = c.guard.ownValues(&c.store)
		}
	}
	if c.cond != "" {
		in.ConditionExpression = &c.cond
		in.ReturnValuesOnConditionCheckFailure = types.ReturnValuesOnConditionCheckFailureAllOld
	}
	return in
}

// Run writes the item and returns it as written: with defaults,
// timestamps and the incremented lock version applied.
func (op PutOp[T]) Run(ctx context.Context, db *DB) (T, error) {
	if err := checkDB(db, "put"); err != nil {
		var zero T
		return zero, err
	}
	if op.e != nil && len(op.e.uniques) > 0 {
		return op.runUnique(ctx, db)
	}
	c, err := op.compile()
	if err != nil {
		var zero T
		return zero, err
	}
	// Sent and dropped: the guard's maps need no copies.
	in := c.request(op.e.table.Name, false)
	in.TableName = db.Table(op.e.table.Name)
	if _, err := Send(ctx, db, db.Client.PutItem, in, Request{Entities: []string{op.e.name}}); err != nil {
		var zero T
		return zero, c.fail.wrap(err)
	}
	return c.written, nil
}

// TransactWrite compiles the put as one action of a transaction. On an
// entity with unique attributes it is an error: their marker actions must
// join the transaction too (txn.Write and TransactWrites add them).
func (op PutOp[T]) TransactWrite() (TransactWrite, error) {
	if op.e != nil {
		if err := op.e.uniqueAlone("put"); err != nil {
			return TransactWrite{}, err
		}
	}
	return op.action()
}

// action compiles the put as one action of a transaction, without the
// actions of unique attributes.
func (op PutOp[T]) action() (TransactWrite, error) {
	c, err := op.compile()
	if err != nil {
		return TransactWrite{}, err
	}
	in := c.input(op.e.table.Name)
	return txwrite.Classified(TransactWrite{
		Item:   txwrite.FromPut(in),
		Entity: op.e.name, Op: c.fail.op, Key: op.e.tableKey(c.item), Size: expr.ItemSize(c.item),
	}, c.fail.classify), nil
}

func (e *Entity[T]) tableKey(item map[string]types.AttributeValue) map[string]types.AttributeValue {
	k := map[string]types.AttributeValue{e.table.PartitionKey.Name: item[e.table.PartitionKey.Name]}
	if n := e.table.SortKey.Name; n != "" {
		k[n] = item[n]
	}
	return k
}

// GetOp reads one item by its key composites.
type GetOp[T any] struct {
	e           *Entity[T]
	key         Values
	consistent  bool
	skipExpired bool
}

// Get returns an operation reading the item whose key composites are key.
func (e *Entity[T]) Get(key Values) GetOp[T] { return GetOp[T]{e: e, key: maps.Clone(key)} }

// Consistent asks for a strongly consistent read.
func (op GetOp[T]) Consistent() GetOp[T] {
	op.consistent = true
	return op
}

// Build compiles the GetItem request without sending it.
func (op GetOp[T]) Build() (*dynamodb.GetItemInput, error) {
	if op.e == nil {
		return nil, errNoEntity("get")
	}
	key, err := op.e.Key(op.key)
	if err != nil {
		return nil, err
	}
	in := &dynamodb.GetItemInput{TableName: aws.String(op.e.table.Name), Key: key}
	if op.consistent {
		in.ConsistentRead = aws.Bool(true)
	}
	return in, nil
}

// Run reads the item. A missing item is an error satisfying
// errors.Is(err, ddbmodel.ErrNotFound).
func (op GetOp[T]) Run(ctx context.Context, db *DB) (T, error) {
	if err := checkDB(db, "get"); err != nil {
		var zero T
		return zero, err
	}
	var zero T
	in, err := op.Build()
	if err != nil {
		return zero, err
	}
	in.TableName = db.Table(op.e.table.Name)
	out, err := Send(ctx, db, db.Client.GetItem, in, Request{Entities: []string{op.e.name}})
	if err != nil {
		return zero, fmt.Errorf("entity: get %s: %w", op.e.name, err)
	}
	if len(out.Item) == 0 {
		return zero, fmt.Errorf("entity: get %s %s: %w", op.e.name, describeKey(in.Key), ddbmodel.ErrNotFound)
	}
	if err := op.e.refuseUnmarked("get", out.Item); err != nil {
		return zero, err
	}
	if !op.e.Is(out.Item) {
		// Another entity's item under the same key: this entity has none.
		return zero, fmt.Errorf("entity: get %s %s: the item is a %q: %w", op.e.name, describeKey(in.Key),
			stringAttr(out.Item, op.e.table.EntityAttr()), ddbmodel.ErrNotFound)
	}
	if op.Expired(out.Item, time.Now()) {
		return zero, fmt.Errorf("entity: get %s %s: the item's TTL has passed: %w", op.e.name, describeKey(in.Key), ddbmodel.ErrNotFound)
	}
	return op.e.Decode(out.Item)
}

// TransactGet compiles the read as one action of a read transaction.
func (op GetOp[T]) TransactGet() (types.TransactGetItem, error) {
	in, err := op.Build()
	if err != nil {
		return types.TransactGetItem{}, err
	}
	return types.TransactGetItem{Get: &types.Get{TableName: in.TableName, Key: in.Key}}, nil
}

// Entity returns the entity the read is for.
func (op GetOp[T]) Entity() *Entity[T] { return op.e }

// EntityName returns the name of the entity the read is for.
func (op GetOp[T]) EntityName() string {
	if op.e == nil {
		return ""
	}
	return op.e.name
}

// IsConsistent reports whether the read asks for strong consistency.
func (op GetOp[T]) IsConsistent() bool { return op.consistent }

func describeKey(key map[string]types.AttributeValue) string {
	names := make([]string, 0, len(key))
	for k := range key {
		names = append(names, k)
	}
	sort.Strings(names)
	parts := make([]string, len(names))
	for i, n := range names {
		s, _ := itemSource(key).Lookup(n)
		parts[i] = n + "=" + s
	}
	return strings.Join(parts, ",")
}

// DeleteOp deletes one item by its key composites.
type DeleteOp[T any] struct {
	e         *Entity[T]
	key       Values
	cond      Condition
	mustExist bool
	lockWant  *int64
}

var _ WriteOp = DeleteOp[struct{}]{}

func (DeleteOp[T]) writeOp() {}

// Delete returns an operation deleting the item whose key composites are key.
// Deleting an absent item succeeds unless MustExist is set. The delete is
// conditioned on the entity marker: when the key holds another entity's item
// (or an item without a marker), nothing is deleted and the error satisfies
// errors.Is(err, ddbmodel.ErrOtherEntity) (ErrNotFound with MustExist).
func (e *Entity[T]) Delete(key Values) DeleteOp[T] { return DeleteOp[T]{e: e, key: maps.Clone(key)} }

// If adds a condition that must hold for the delete to happen.
func (op DeleteOp[T]) If(c Condition) DeleteOp[T] {
	op.cond = And(op.cond, c)
	return op
}

// MustExist makes deleting an absent item, or another entity's item, fail
// with ErrNotFound.
func (op DeleteOp[T]) MustExist() DeleteOp[T] {
	op.mustExist = true
	return op
}

// IfVersion deletes only if the item's lock attribute still holds version
// (optimistic locking); otherwise the error satisfies ErrVersionConflict.
func (op DeleteOp[T]) IfVersion(version int64) DeleteOp[T] {
	op.lockWant = &version
	return op
}

func (op DeleteOp[T]) compile() (*dynamodb.DeleteItemInput, failure, error) {
	e := op.e
	if e == nil {
		return nil, failure{}, errNoEntity("delete")
	}
	f := failure{entity: e.name, op: "delete", mustExist: op.mustExist, markerAttr: e.table.EntityAttr(), unmarked: e.unmarked}
	key, err := e.Key(op.key)
	if err != nil {
		return nil, f, err
	}
	var w expr.Writer
	var parts []string
	if op.mustExist || op.lockWant != nil {
		// The item must exist (the lock condition needs one too): it must
		// be this entity's.
		parts = append(parts, e.exists(&w))
	} else {
		parts = append(parts, e.guard(&w))
	}
	if op.lockWant != nil {
		if e.lock == nil {
			return nil, f, &ddbmodel.ValidationError{Entity: e.name, Reason: "IfVersion needs a LockAttribute"}
		}
		f.lockAttr, f.lockWant = e.lock.name, op.lockWant
		parts = append(parts, w.Name(e.lock.name)+" = "+w.Value(numberAV(*op.lockWant)))
	}
	s, err := op.cond.render(&w, op.e.sch)
	if err != nil {
		return nil, f, withEntity(err, e.name)
	}
	parts = append(parts, s)
	in := &dynamodb.DeleteItemInput{TableName: aws.String(e.table.Name), Key: key,
		ExpressionAttributeNames: w.Names(), ExpressionAttributeValues: w.Values()}
	if c := joinAnd(parts); c != "" {
		in.ConditionExpression = aws.String(c)
		in.ReturnValuesOnConditionCheckFailure = types.ReturnValuesOnConditionCheckFailureAllOld
	}
	return in, f, nil
}

// Build compiles the DeleteItem request without sending it.
func (op DeleteOp[T]) Build() (*dynamodb.DeleteItemInput, error) {
	in, _, err := op.compile()
	return in, err
}

// Run deletes the item.
func (op DeleteOp[T]) Run(ctx context.Context, db *DB) error {
	if err := checkDB(db, "delete"); err != nil {
		return err
	}
	if op.e != nil && len(op.e.uniques) > 0 {
		w, extra, err := op.uniqueWrites(ctx, db)
		if err != nil {
			return err
		}
		return runUnique(ctx, db, op.e.name, "delete", append([]TransactWrite{w}, extra...))
	}
	in, f, err := op.compile()
	if err != nil {
		return err
	}
	in.TableName = db.Table(op.e.table.Name)
	if _, err := Send(ctx, db, db.Client.DeleteItem, in, Request{Entities: []string{op.e.name}}); err != nil {
		return f.wrap(err)
	}
	return nil
}

// TransactWrite compiles the delete as one action of a transaction. On an
// entity with unique attributes it is an error: their marker actions must
// join the transaction too (txn.Write and TransactWrites add them).
func (op DeleteOp[T]) TransactWrite() (TransactWrite, error) {
	if op.e != nil {
		if err := op.e.uniqueAlone("delete"); err != nil {
			return TransactWrite{}, err
		}
	}
	return op.action()
}

// action compiles the delete as one action of a transaction, without the
// actions of unique attributes.
func (op DeleteOp[T]) action() (TransactWrite, error) {
	in, f, err := op.compile()
	if err != nil {
		return TransactWrite{}, err
	}
	return txwrite.Classified(TransactWrite{
		Item:   txwrite.FromDelete(in),
		Entity: op.e.name, Op: "delete", Key: in.Key, Size: expr.ItemSize(in.Key),
	}, f.classify), nil
}

// CheckOp is a condition check on one item, for transactions.
type CheckOp[T any] struct {
	e    *Entity[T]
	key  Values
	cond Condition
}

var _ WriteOp = CheckOp[struct{}]{}

func (CheckOp[T]) writeOp() {}

// Check returns a transaction action that only checks that cond holds on
// the item whose key composites are key.
func (e *Entity[T]) Check(key Values, cond Condition) CheckOp[T] {
	return CheckOp[T]{e: e, key: maps.Clone(key), cond: cond}
}

// TransactWrite compiles the check as one action of a transaction.
func (op CheckOp[T]) TransactWrite() (TransactWrite, error) {
	if op.e == nil {
		return TransactWrite{}, errNoEntity("check")
	}
	key, err := op.e.Key(op.key)
	if err != nil {
		return TransactWrite{}, err
	}
	if op.cond.IsZero() {
		return TransactWrite{}, &ddbmodel.ValidationError{Entity: op.e.name, Reason: "a condition check needs a condition"}
	}
	var w expr.Writer
	s, err := op.cond.render(&w, op.e.sch)
	if err != nil {
		return TransactWrite{}, withEntity(err, op.e.name)
	}
	f := failure{entity: op.e.name, op: "check"}
	return txwrite.Classified(TransactWrite{
		Item: types.TransactWriteItem{ConditionCheck: &types.ConditionCheck{
			TableName: aws.String(op.e.table.Name), Key: key, ConditionExpression: aws.String(s),
			ExpressionAttributeNames: w.Names(), ExpressionAttributeValues: w.Values(),
			ReturnValuesOnConditionCheckFailure: types.ReturnValuesOnConditionCheckFailureAllOld,
		}},
		Entity: op.e.name, Op: "check", Key: key, Size: expr.ItemSize(key),
	}, f.classify), nil
}

// transactWriteItems sends writes as one transaction. It checks DynamoDB's
// limits first (100 actions, 4 MB, no two actions on one item) and sends
// nothing when they are exceeded. A canceled transaction is a
// *ddbmodel.TxCanceledError naming each action's entity and outcome. token,
// when not empty, is the idempotency token.
func transactWriteItems(ctx context.Context, db *DB, token string, writes []TransactWrite) error {
	if err := checkDB(db, "transaction"); err != nil {
		return err
	}
	in, err := txwrite.Input(db.txTables(), token, writes)
	if err != nil {
		return err
	}
	if _, err := Send(ctx, db, db.Client.TransactWriteItems, in, Request{Entities: writeEntities(db, writes)}); err != nil {
		return txwrite.CancelError(err, writes)
	}
	return nil
}

// BatchWrite is one compiled request of a batch write.
type BatchWrite struct {
	Request types.WriteRequest
	Table   string // the table's default name; a DB's TableName replaces it
	Entity  string
	Key     map[string]types.AttributeValue
}

// BatchWriter is a put or delete that can join a batch write.
type BatchWriter interface {
	BatchWrite() (BatchWrite, error)
}

// BatchWrite compiles the put for a batch write. Batch writes take no
// conditions: a put with one (a create, an If, a lock) is an error, and a
// batch put is not guarded by the entity marker at run time (it replaces
// whatever item has its key). It relies on the key isolation Define checks
// across the table's entities; use Put, or a transaction, where another
// entity's item may share the key.
func (op PutOp[T]) BatchWrite() (BatchWrite, error) {
	if op.e == nil {
		return BatchWrite{}, errNoEntity("batch put")
	}
	if err := op.e.uniqueRefused("a batch put", "use Put, Create or txn.Write"); err != nil {
		return BatchWrite{}, err
	}
	if op.create || !op.cond.IsZero() || op.e.lock != nil {
		return BatchWrite{}, &ddbmodel.ValidationError{Entity: op.e.name, Reason: "batch writes cannot carry conditions (create, If or optimistic locking); use a transaction"}
	}
	v := op.v
	item, err := op.e.encode(&v, false, nil)
	if err != nil {
		return BatchWrite{}, err
	}
	return BatchWrite{Request: types.WriteRequest{PutRequest: &types.PutRequest{Item: item}},
		Table: op.e.table.Name, Entity: op.e.name, Key: op.e.tableKey(item)}, nil
}

// BatchWrite compiles the delete for a batch write; conditions are an error.
// Like a batch put, a batch delete is not guarded by the entity marker at
// run time and relies on the key isolation Define checks.
func (op DeleteOp[T]) BatchWrite() (BatchWrite, error) {
	if op.e == nil {
		return BatchWrite{}, errNoEntity("batch delete")
	}
	if err := op.e.uniqueRefused("a batch delete", "use Delete or txn.Write"); err != nil {
		return BatchWrite{}, err
	}
	if op.mustExist || op.lockWant != nil || !op.cond.IsZero() {
		return BatchWrite{}, &ddbmodel.ValidationError{Entity: op.e.name, Reason: "batch writes cannot carry conditions; use a transaction"}
	}
	key, err := op.e.Key(op.key)
	if err != nil {
		return BatchWrite{}, err
	}
	return BatchWrite{Request: types.WriteRequest{DeleteRequest: &types.DeleteRequest{Key: key}},
		Table: op.e.table.Name, Entity: op.e.name, Key: key}, nil
}

// checkNumbers rejects numbers DynamoDB cannot store (over 38 significant
// digits, or out of its range) and nesting deeper than 32 levels.
func checkNumbers(av types.AttributeValue, depth int) error {
	switch av.(type) {
	case *types.AttributeValueMemberL, *types.AttributeValueMemberM:
		// DynamoDB takes 31 levels of lists and maps around a value and
		// refuses a 32nd (a top-level attribute's container is level 1).
		if depth >= 31 {
			return errors.New("lists and maps nested deeper than 31 levels")
		}
	}
	switch v := av.(type) {
	case *types.AttributeValueMemberN:
		return checkNumber(v.Value)
	case *types.AttributeValueMemberNS:
		for _, n := range v.Value {
			if err := checkNumber(n); err != nil {
				return err
			}
		}
		// DynamoDB refuses a number set holding one value twice, in any
		// spelling (1 and 1.0).
		if len(v.Value) > 1 {
			seen := make(map[string]string, len(v.Value))
			for _, n := range v.Value {
				k := numberKey(n)
				if first, dup := seen[k]; dup {
					return fmt.Errorf("number set holds %s twice (as %q and %q)", k, first, n)
				}
				seen[k] = n
			}
		}
	case *types.AttributeValueMemberL:
		for _, x := range v.Value {
			if err := checkNumbers(x, depth+1); err != nil {
				return err
			}
		}
	case *types.AttributeValueMemberM:
		for _, x := range v.Value {
			if err := checkNumbers(x, depth+1); err != nil {
				return err
			}
		}
	}
	return nil
}

// checkNumber rejects number text DynamoDB cannot store: more than 38
// significant digits, or a magnitude outside 1e-130 to 9.99...e125. It does
// not allocate.
func checkNumber(s string) error { return ddbnum.Check(s) }

// errNoEntity is the error of an operation that has no entity: one made
// from a nil *Entity, or a zero value.
func errNoEntity(op string) error {
	return &ddbmodel.ValidationError{Reason: op + ": no entity (an operation of a nil *Entity, or a zero value)"}
}
