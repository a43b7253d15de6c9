package entity

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strings"
	"time"
	"unsafe"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/internal/expr"
	"github.com/ddbmodel/ddbmodel/internal/txwrite"
	"github.com/ddbmodel/ddbmodel/keys"
	"github.com/guregu/dynamo/v2"
)

// applyDefaults sets each zero field of rv (a T) that has a Default to
// the default's value (a func() any is called: a new id each time). A
// value the field does not hold exactly (see defaultValue; a func's, as a
// constant's is checked at Define) is a *ddbmodel.ValidationError, before
// any request.
func (e *entityCore) applyDefaults(rv reflect.Value) error {
	for _, r := range e.rules {
		if r.Default == nil {
			continue
		}
		f := rv.FieldByIndex(r.index)
		if !f.IsZero() {
			continue
		}
		dv, err := e.defaultFor(r)
		if err != nil {
			return err
		}
		f.Set(dv)
	}
	return nil
}

// defaultFor is the value of rule r's Default as its field's type (a
// func() any is called: a new id each time); a func that panics, or a
// value the field does not hold exactly, is a *ddbmodel.ValidationError.
func (e *entityCore) defaultFor(r *fieldRule) (reflect.Value, error) {
	d := r.Default
	what := "Default "
	if fn, computed := d.(func() any); computed {
		var err error
		if d, err = callDefault(fn); err != nil {
			return reflect.Value{}, &ddbmodel.ValidationError{Entity: e.name, Attribute: r.name, Reason: "Default func panicked", Err: err}
		}
		what = "Default func returned "
	}
	dv, why := defaultValue(d, r.typ)
	if why != "" {
		return reflect.Value{}, &ddbmodel.ValidationError{Entity: e.name, Attribute: r.name, Reason: what + why}
	}
	return dv, nil
}

// callDefault calls a Default func, returning its panic as a
// *ddbmodel.PanicError (so that Build returns an error, and a batch's
// goroutine does not crash the program).
func callDefault(fn func() any) (v any, err error) {
	defer recovered(&err)
	return fn(), nil
}

// encode applies defaults and timestamps to *v, encodes it, checks the
// attribute rules, renders every key and adds the entity markers. The item
// it returns is exactly what a put writes.
func (e *Entity[T]) encode(v *T, create bool, st *putStore) (map[string]types.AttributeValue, error) {
	return e.encodeValue(unsafe.Pointer(v), create, st)
}

// encodeValue is encode, for a pointer to the value (a *T).
func (e *entityCore) encodeValue(v unsafe.Pointer, create bool, st *putStore) (map[string]types.AttributeValue, error) {
	return e.encodeValueAt(v, create, st, false)
}

// encodeValueAt is encodeValue; with keepUpdated, a value whose Updated
// timestamp is set keeps it (the item a put wrote at that time).
func (e *entityCore) encodeValueAt(v unsafe.Pointer, create bool, st *putStore, keepUpdated bool) (map[string]types.AttributeValue, error) {
	rv := reflect.NewAt(e.typ, v).Elem()
	var now time.Time
	if e.created != nil || e.updated != nil {
		now = e.now()
	}
	if err := e.applyDefaults(rv); err != nil {
		return nil, err
	}
	if e.created != nil {
		if f := rv.FieldByIndex(e.created.index); create || f.IsZero() {
			setTime(f, e.stampTime(e.created, now))
		}
	}
	if e.updated != nil {
		if f := rv.FieldByIndex(e.updated.index); !keepUpdated || f.IsZero() {
			setTime(f, e.stampTime(e.updated, now))
		}
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
		item, err = dynamo.MarshalItem(rv.Addr().Interface()) // v already lives on the heap for reflection: no second copy
	}
	if err != nil {
		var fe *fieldError
		if errors.As(err, &fe) {
			return nil, &ddbmodel.ValidationError{Entity: e.name, Attribute: fe.name, Err: fe.err}
		}
		return nil, &ddbmodel.ValidationError{Entity: e.name, Attribute: e.failingField(rv), Reason: "encoding", Err: err}
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
	if err := e.checkNestedRules(item, rv); err != nil {
		return nil, err
	}
	if e.validate != nil {
		if err := e.validate(v); err != nil {
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
		return nil, itemTooLarge(e.name, item, size)
	}
	return item, nil
}

func (e *entityCore) renderIndex(iw *itemWriter, d *indexDef, src keys.Source, v unsafe.Pointer, into map[string]types.AttributeValue) error {
	if d.multi != nil {
		return e.checkMultiKey(d, into)
	}
	if d.sparse && d.when != nil {
		in, err := d.when(v)
		if err != nil {
			return &ddbmodel.ValidationError{Entity: e.name, Attribute: d.name, Reason: "the index's When func panicked", Err: err}
		}
		if !in {
			return nil
		}
	}
	var pkv, skv types.AttributeValue
	var err error
	if d.pk != nil {
		if pkv, err = e.renderKeyIn(iw, d.pk, src, v); err != nil {
			if d.sparse && (errors.Is(err, ddbmodel.ErrMissingComposites) || errors.Is(err, errZeroTime)) {
				return nil
			}
			return notSparse(err, d.name)
		}
	}
	if d.sk != nil {
		if skv, err = e.renderKeyIn(iw, d.sk, src, v); err != nil {
			if d.sparse && (errors.Is(err, ddbmodel.ErrMissingComposites) || errors.Is(err, errZeroTime)) {
				return nil
			}
			return notSparse(err, d.name)
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

// notSparse adds to a put's MissingCompositesError for the key of index
// name, where the entity's placement is not Sparse, that index's name, so
// that its text says Sparse would keep such items out of the index.
func notSparse(err error, name string) error {
	var m *ddbmodel.MissingCompositesError
	if errors.As(err, &m) && !m.Update && len(m.Changed) == 0 {
		c := *m
		c.NotSparse = name
		return &c
	}
	return err
}

// checkRule checks one attribute's rules against its encoded value av and
// Go value f. whole says the check is of a whole item (put), where Required
// applies.
func (e *entityCore) checkRule(r *fieldRule, av types.AttributeValue, f reflect.Value, whole bool) error {
	if av == nil || isNull(av) {
		if whole && r.Required {
			return &ddbmodel.ValidationError{Entity: e.name, Attribute: r.name, Reason: "required"}
		}
		return nil
	}
	if r.enum != nil {
		vals, bad := enumValues(av)
		if bad != "" {
			return &ddbmodel.ValidationError{Entity: e.name, Attribute: r.name, Reason: bad}
		}
		for _, s := range vals {
			if !r.enum[s] {
				return &ddbmodel.ValidationError{Entity: e.name, Attribute: r.name, Reason: fmt.Sprintf("%q is not one of %s", s, strings.Join(r.Enum, ", "))}
			}
		}
	}
	if r.Validate != nil && f.IsValid() {
		if err := callValidate(r.Validate, f.Interface()); err != nil {
			return &ddbmodel.ValidationError{Entity: e.name, Attribute: r.name, Err: err}
		}
	}
	return nil
}

func isNull(av types.AttributeValue) bool {
	_, ok := av.(*types.AttributeValueMemberNULL)
	return ok
}

func (e *entityCore) checkItem(item map[string]types.AttributeValue) error {
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
		return itemTooLarge(e.name, item, size)
	}
	return nil
}

// PutOp writes a whole item: a put (replacing any item under the key) or a
// create (failing with ErrAlreadyExists when one exists).
type PutOp[T any] struct {
	e *Entity[T]
	v T
	putRequest
}

// putRequest is what a put asks apart from its value, with its entity's
// core (nil for a zero operation): the code that compiles it needs nothing
// of T, and has it as receiver.
type putRequest struct {
	e      *entityCore
	create bool
	cond   Condition
	// keepVersion: a create that continues the item it replaces (an
	// update moving an item to a new key): its lock version, and its
	// creation time when the value has one.
	keepVersion bool
	// keepUpdated: the put keeps the value's Updated timestamp when set
	// (package evolve's check of a stored item; see
	// linked.PutItem).
	keepUpdated bool
}

var _ WriteOp = PutOp[struct{}]{}

func (PutOp[T]) writeOp() {}

// Put returns an operation that writes v, replacing the item with its key
// if that item is this entity's. The put is conditioned on the entity
// marker: when the key holds another entity's item, nothing is written and
// the error satisfies errors.Is(err, ddbmodel.ErrOtherEntity) (and
// ErrConditionFailed); an item without a marker that the entity does not
// recognise (Config.RecognizeUnmarked) is left too, with
// ddbmodel.ErrUnmarked.
//
// v is kept as given, not copied: its maps, slices and pointers are read
// when the request is built (Build, Run), so change them only after.
func (e *Entity[T]) Put(v T) PutOp[T] {
	return PutOp[T]{e: e, v: v, putRequest: putRequest{e: e.core()}}
}

// Create returns an operation that writes v only if no item has its key.
// As with Put, v's maps, slices and pointers are read when the request is
// built (Build, Run), not copied at the call.
func (e *Entity[T]) Create(v T) PutOp[T] {
	return PutOp[T]{e: e, v: v, putRequest: putRequest{e: e.core(), create: true}}
}

// Encode returns the item a put of v writes, sending nothing: v checked
// as a put checks it (an invalid value is the put's error), its Defaults
// and timestamps applied and every key rendered as the put renders them
// (a lock version one more than v's; a create writes version 1 and sets
// Created to now: txn.Write(e.Create(v)).Build() shows a create's item).
// It is the Item of Put(v).Build(), and also serves an entity with unique
// attributes, whose put cannot be built alone (its Run writes the values'
// marker items in the same transaction); a unique value too long for its
// marker's key is refused as a put refuses it. Use it to seed items, to
// compare a stored item with what the model writes now, in tests. The
// item is the caller's own: changing it changes no later request. Decode
// reads the item back.
func (e *Entity[T]) Encode(v T) (map[string]types.AttributeValue, error) {
	c, err := e.Put(v).compile()
	if err != nil {
		return nil, err
	}
	return fresh(c.input(e.table.Name).Item), nil
}

// If adds a condition that must hold for the write to happen.
func (op PutOp[T]) If(c Condition) PutOp[T] {
	op.cond = And(op.cond, c)
	return op
}

// compiledPut is a compiled put, in one allocation with the entity it
// writes and the request input it becomes.
type compiledPut[T any] struct {
	written T // the entity as written: encode applies defaults and timestamps to it
	putCompiled
}

// putCompiled is a compiled put apart from the value written: the request
// and what its failure is reported with.
type putCompiled struct {
	item map[string]types.AttributeValue
	cond string
	w    expr.Writer
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
	if !op.e.defined() {
		return nil, errNoEntity("put")
	}
	c := &compiledPut[T]{written: op.v}
	if err := op.putRequest.compileInto(&c.putCompiled, unsafe.Pointer(&c.written)); err != nil {
		return nil, err
	}
	return c, nil
}

// compileInto is PutOp.compile for a defined entity, writing *v (a *T,
// the value as written) and compiling the request into c.
func (op putRequest) compileInto(c *putCompiled, v unsafe.Pointer) (err error) {
	e := op.e
	defer recoveredIn(e.name, &err)
	c.fail = failure{entity: e.name, tab: e.table, op: "put", create: op.create}
	if op.create {
		c.fail.op = "create"
	}
	// A put replaces only this entity's item; a create, or a put expecting
	// lock version 0, needs the key free, which guards it already.
	guarded := !op.create
	var lockf reflect.Value
	var cur int64
	if e.lock != nil {
		lockf = reflect.NewAt(e.typ, v).Elem().FieldByIndex(e.lock.index)
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
				return withEntity(err, e.name)
			}
			parts = append(parts, s)
		}
		c.cond = joinAnd(parts)
		if err := e.checkConditionSize(c.cond); err != nil {
			return err
		}
	}
	if e.lock != nil {
		if err := e.lockFull(lockf, cur); err != nil {
			return err
		}
		setInt(lockf, cur+1)
	}
	// A create that continues a moved item keeps its creation time, and
	// renders its keys from it: only a new item is created now.
	item, err := e.encodeValueAt(v, op.create && !op.keepVersion, &c.store, op.keepUpdated)
	if err != nil {
		return err
	}
	// A unique value its marker's key cannot carry is invalid input, in
	// every use of the put (Run, Build, a transaction, a batch, Encode).
	if err := e.checkUniqueValues(item); err != nil {
		return err
	}
	c.item = item
	return nil
}

// Build compiles the PutItem request without sending it. For an entity
// with unique attributes, whose Run writes the marker items in one
// transaction with the item, it fails once the input is checked: a put
// with ErrNeedsRead (Run reads the item first), a create with
// ErrNeedsTransaction (txn.Write(op).Build() builds it); Encode returns
// the item a put writes (a create's differs: see Encode).
func (op PutOp[T]) Build() (*dynamodb.PutItemInput, error) {
	c, err := op.compile()
	if err != nil {
		return nil, err
	}
	op2 := "put"
	if op.create {
		op2 = "create"
	}
	if err := op.e.uniqueBuild(op2, op.create); err != nil {
		return nil, err
	}
	return c.input(op.e.table.Name), nil
}

// input returns the request, the caller's to keep and change.
func (c *putCompiled) input(table string) *dynamodb.PutItemInput {
	return c.request(table, true)
}

// request returns the request. Unless own is set, a guard's names and
// values are the entity's read-only maps, not copies: only for a request
// that is sent and dropped, never handed to the caller.
func (c *putCompiled) request(table string, own bool) *dynamodb.PutItemInput {
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
	c := &compiledPut[T]{}
	written, err := op.putRequest.run(ctx, db, unsafe.Pointer(&op.v), unsafe.Pointer(&c.written), &c.putCompiled)
	if err != nil {
		var zero T
		return zero, err
	}
	return *(*T)(written), nil
}

// run is PutOp.Run without T: v points to the value put (a *T, which
// the unique path applies the Defaults to), and the put is compiled into
// c with the value as written in *written (a *T). It returns where the
// value as written is: written, or the unique path's own.
func (op putRequest) run(ctx context.Context, db *DB, v, written unsafe.Pointer, c *putCompiled) (unsafe.Pointer, error) {
	if err := checkDB(db, "put"); err != nil {
		return nil, err
	}
	if op.e != nil && op.e.unmarked && !op.create {
		fit, err := op.fitUnmarked(ctx, db, v)
		if err != nil {
			return nil, err
		}
		op.cond = And(op.cond, fit)
	}
	if op.e != nil && len(op.e.uniques) > 0 {
		return op.runUnique(ctx, db, v)
	}
	if err := op.compileFrom(c, v, written); err != nil {
		return nil, err
	}
	// Sent and dropped: the guard's maps need no copies.
	in := c.request(op.e.table.Name, false)
	in.TableName = db.Table(op.e.table.Name)
	if _, err := Send(ctx, db, db.Client.PutItem, in, Request{Entities: []string{op.e.name}}); err != nil {
		return nil, keyed(c.fail.wrap(err), op.e.tableKey(c.item))
	}
	return written, nil
}

// compileFrom is PutOp.compile without T: it copies *v (a *T, the value
// put) to *written and compiles the put of *written into c.
func (op putRequest) compileFrom(c *putCompiled, v, written unsafe.Pointer) error {
	if !op.e.defined() {
		return errNoEntity("put")
	}
	reflect.NewAt(op.e.typ, written).Elem().Set(reflect.NewAt(op.e.typ, v).Elem())
	return op.compileInto(c, written)
}

// compileCopy is PutOp.compile without T: it compiles the put of a new
// copy of *v (a *T, the value put), and returns it with where that copy,
// the value as written, is.
func (op putRequest) compileCopy(v unsafe.Pointer) (*putCompiled, unsafe.Pointer, error) {
	if !op.e.defined() {
		return nil, nil, errNoEntity("put")
	}
	written := reflect.New(op.e.typ).UnsafePointer()
	c := &putCompiled{}
	if err := op.compileFrom(c, v, written); err != nil {
		return nil, nil, err
	}
	return c, written, nil
}

// TransactWrite compiles the put as one action of a transaction. On an
// entity with unique attributes it is an error: their marker actions must
// join the transaction too (txn.Write and TransactWrites add them).
func (op PutOp[T]) TransactWrite() (TransactWrite, error) {
	w, err := op.action()
	return op.e.actionAlone("put", w, err)
}

// action compiles the put as one action of a transaction, without the
// actions of unique attributes.
func (op PutOp[T]) action() (TransactWrite, error) {
	c, err := op.compile()
	if err != nil {
		return TransactWrite{}, err
	}
	return op.actionOf(c), nil
}

// actionOf returns the transaction action of the compiled put c.
func (op PutOp[T]) actionOf(c *compiledPut[T]) TransactWrite {
	return op.putRequest.actionOf(&c.putCompiled)
}

// actionOf is PutOp.actionOf, which needs nothing of T.
func (op putRequest) actionOf(c *putCompiled) TransactWrite {
	in := c.input(op.e.table.Name)
	return txwrite.Classified(TransactWrite{
		Item:   txwrite.FromPut(in),
		Entity: op.e.name, Op: c.fail.op, Key: op.e.tableKey(c.item), Size: expr.ItemSize(c.item),
	}, c.fail.classify)
}

func (e *entityCore) tableKey(item map[string]types.AttributeValue) map[string]types.AttributeValue {
	k := map[string]types.AttributeValue{e.table.PartitionKey.Name: item[e.table.PartitionKey.Name]}
	if n := e.table.SortKey.Name; n != "" {
		k[n] = item[n]
	}
	return k
}

// failingField names the stored attribute whose value alone the encoder
// refuses, after dynamo.MarshalItem of rv (a T) failed, so that the error
// names the attribute (a time outside years 0 to 9999, a value whose
// MarshalDynamo fails); "" when no field fails alone. It runs only on that
// error path.
func (e *entityCore) failingField(rv reflect.Value) string {
	for _, name := range slices.Sorted(maps.Keys(e.fields)) {
		f, err := rv.FieldByIndexErr(e.fields[name])
		if err != nil || !f.CanInterface() {
			continue
		}
		if _, err := dynamo.Marshal(f.Interface()); err != nil {
			return name
		}
	}
	return ""
}

// itemTooLarge is the LimitError of an item of size bytes, naming its
// largest attribute.
func itemTooLarge(entity string, item map[string]types.AttributeValue, size int) error {
	name, n := expr.Largest(item)
	return &ddbmodel.LimitError{Entity: entity, What: "item size in bytes", Limit: expr.MaxItemBytes, Got: size, Attribute: name, AttributeSize: n}
}
