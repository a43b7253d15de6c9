package entity

import (
	"unsafe"

	"context"
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/internal/expr"
	"github.com/ddbmodel/ddbmodel/internal/txwrite"
)

// UpsertOp creates an item or updates the one under its key: see
// Entity.Upsert.
type UpsertOp[T any] struct {
	e *Entity[T]
	v T
	upsertRequest
}

// upsertRequest is what an upsert asks apart from its value, with its
// entity's core (nil for a zero operation): the code that compiles it
// needs nothing of T, and has it as receiver.
type upsertRequest struct {
	e    *entityCore
	cond Condition
}

var _ WriteOp = UpsertOp[struct{}]{}

func (UpsertOp[T]) writeOp() {}

// Upsert returns an operation that creates v's item when its key is free and
// otherwise updates the item under the key, in one UpdateItem request (or
// one action of a transaction):
//
//   - v must be a valid create: Required attributes, Enum, Validate and the
//     entity's Validate are checked on it, and every key is rendered from it
//     as a put renders it.
//   - Every attribute a put of v stores is set; an attribute v leaves out
//     (a zero a put omits) is left as the item holds it. Upsert of a missing
//     item writes exactly what Create(v) would.
//   - A Default fills an attribute v leaves out only when the item lacks it
//     (if_not_exists); the created timestamp likewise keeps the stored value
//     and is otherwise v's or now; the updated timestamp is now.
//   - A ReadOnly attribute (other than a primary-key composite) is v's only
//     on an item created: an existing item keeps its value (if_not_exists),
//     as an update may not change it.
//   - The lock attribute is incremented (1 on an item created): an upsert
//     never conflicts on the version; condition it with If to require one.
//   - The write is conditioned on the entity marker: another entity's item
//     under the key is left unchanged (ErrOtherEntity).
//   - On an entity recognising unmarked items (Config.RecognizeUnmarked),
//     the index key attributes a put of v does not write (those of an
//     index the entity is not in, which other code may have written on an
//     unmarked item) are removed: the upserted item is marked, and holds
//     the keys a put of v writes, no others.
//
// Upsert is not a partial update: every field a put of v stores is set,
// including zero values a put stores (a number or a bool without
// omitempty), which overwrite what the item holds. To change some
// attributes of an item and keep the rest, use Update.
//
// Every key is kept true: an index key must be rendered from what v gives.
// An index key built from the created timestamp or a ReadOnly attribute,
// which an existing item keeps, is rendered from v's value, and the upsert
// then holds only where the item is new or holds that same value (else it
// fails with ddbmodel.ErrConditionFailed, changing nothing). When a
// composite of an index key is one v leaves out (or fills only by a
// Default, or is the created timestamp left zero or the lock version), or
// an index decides membership with When, the stored item may hold another
// value, so the upsert fails before sending with a
// *ddbmodel.MissingCompositesError naming them, whose Reasons say why and
// what to do for each: give them, or use Update (with ReadFirst) or Put.
//
// v is kept as given, not copied: its maps, slices and pointers are read
// when the request is built (Build, Run), so change them only after.
func (e *Entity[T]) Upsert(v T) UpsertOp[T] {
	return UpsertOp[T]{e: e, v: v, upsertRequest: upsertRequest{e: e.core()}}
}

// If adds a condition that must hold for the upsert to happen. On a missing
// item it is evaluated against no attributes (attribute_not_exists holds).
func (op UpsertOp[T]) If(c Condition) UpsertOp[T] {
	op.cond = And(op.cond, c)
	return op
}

// Ensure adds typed conditions (all must hold) for the upsert to happen:
// If with their conjunction.
func (op UpsertOp[T]) Ensure(cs ...Cond[T]) UpsertOp[T] { return op.If(conds(cs, "Ensure").c) }

// compiledUpsert is a compiled upsert: its request, how a failed condition
// is reported, and the item a create of the value would write.
type compiledUpsert struct {
	in   *dynamodb.UpdateItemInput
	fail failure
	item map[string]types.AttributeValue
	// given holds the attributes whose values the upsert sets outright.
	given map[string]bool
}

func (op UpsertOp[T]) compile() (*compiledUpsert, error) {
	v := op.v
	return op.upsertRequest.compile(unsafe.Pointer(&v))
}

// compileCopy is UpsertOp.compile without T: it compiles the upsert of a
// new copy of *v (a *T, the value upserted), which *v is left out of.
func (op upsertRequest) compileCopy(v unsafe.Pointer) (*compiledUpsert, error) {
	if !op.e.defined() {
		return nil, errNoEntity("upsert")
	}
	cp := reflect.New(op.e.typ)
	cp.Elem().Set(reflect.NewAt(op.e.typ, v).Elem())
	return op.compile(cp.UnsafePointer())
}

// compile is UpsertOp.compile, for a copy of the value (v, a *T), which
// encoding changes (defaults and timestamps).
func (op upsertRequest) compile(v unsafe.Pointer) (_ *compiledUpsert, err error) {
	e := op.e
	if !e.defined() {
		return nil, errNoEntity("upsert")
	}
	defer recoveredIn(e.name, &err)
	rv := reflect.NewAt(e.typ, v).Elem()
	// Attributes v leaves zero that a Default fills: set only if absent.
	defaulted := map[string]bool{}
	for _, r := range e.rules {
		if r.Default != nil && rv.FieldByIndex(r.index).IsZero() {
			defaulted[r.name] = true
		}
	}
	// A created timestamp v gives (non-zero) is pinned like a read-only
	// attribute v gives: see below.
	createdGiven := e.created != nil && !rv.FieldByIndex(e.created.index).IsZero()
	item, err := e.encodeValue(v, false, nil)
	if err != nil {
		return nil, err
	}
	if err := e.checkUniqueValues(item); err != nil {
		return nil, err
	}
	c := &compiledUpsert{item: item, given: map[string]bool{},
		fail: failure{entity: e.name, tab: e.table, op: "upsert", markerAttr: e.table.EntityAttr(), unmarked: e.unmarked}}
	// A read-only attribute keeps what the item holds (if_not_exists), as
	// an update may not change it; the primary key's composites are the
	// item's identity, the same on both.
	keyed := map[string]bool{}
	for _, d := range []*keyDef{e.pk, e.sk} {
		if d != nil {
			for _, u := range d.Uses {
				keyed[u] = true
			}
		}
	}
	for _, r := range e.nested {
		if _, sets := item[r.path[0].Name]; sets && r.ReadOnly {
			return nil, &ddbmodel.ValidationError{Entity: e.name, Attribute: r.name, Reason: fmt.Sprintf("read-only: an upsert sets %s whole, which would change it in an existing item; create with Create and change %s's other fields with Update", r.path[0].Name, r.path[0].Name)}
		}
	}
	for name := range item {
		readOnly := e.byName[name] != nil && e.byName[name].ReadOnly && !keyed[name]
		if !defaulted[name] && !readOnly && (e.created == nil || name != e.created.name) && (e.lock == nil || name != e.lock.name) {
			c.given[name] = true
		}
	}
	// Every index key must come from what v gives. A composite that an
	// existing item keeps (the created timestamp, a read-only attribute)
	// but v gives is pinned: the upsert holds only where the item is new
	// or holds that value, so the key rendered from v is the item's.
	var missing, missingAttrs, reasons []string
	var pinned []string
	miss := func(name, keyAttr, reason string) {
		missingAttrs = append(missingAttrs, keyAttr)
		if !slices.Contains(missing, name) {
			missing, reasons = append(missing, name), append(reasons, reason)
		}
	}
	for _, d := range e.indexes {
		if d.sparse && d.when != nil {
			// The text ddbmodel.MissingCompositesError recognises (ReadFirst, not With, gives the whole item).
			miss("(the whole item, for index "+d.name+"'s condition)", d.name,
				"(index "+d.name+" decides membership with When, from the whole item, which an upsert does not read: write the whole value with Put, or change the item with an Update with ReadFirst)")
			continue
		}
		for _, k := range []*keyDef{d.pk, d.sk} {
			if k == nil {
				continue
			}
			for _, u := range k.Uses {
				if c.given[u] {
					continue
				}
				_, stored := item[u]
				isCreated := e.created != nil && u == e.created.name
				isLock := e.lock != nil && u == e.lock.name
				switch {
				case isLock:
					miss(u, k.Attribute, "(the lock version, which the upsert increments: its new value is known only from the item; change the item with an Update with ReadFirst, or write it with Put)")
				case isCreated && !createdGiven:
					miss(u, k.Attribute, "(the created timestamp, left zero: an existing item keeps its creation time; give the item's creation time, and the upsert then holds only where the item is new or was created then)")
				case defaulted[u]:
					miss(u, k.Attribute, "(left zero: its Default is written only where the item lacks it, so an existing item keeps its own value; give the value)")
				case isCreated || stored:
					// The created timestamp or a read-only attribute v gives.
					if !slices.Contains(pinned, u) {
						pinned = append(pinned, u)
					}
				case d.sparse:
					miss(u, k.Attribute, fmt.Sprintf("(left out: an existing item keeps its own value, and an upsert cannot take the item out of index %s; give the value, take the item out with an Update that removes %s, or write the whole value with Put)", d.name, u))
				default:
					miss(u, k.Attribute, "(left out: an existing item keeps its own value; give the value)")
				}
			}
		}
	}
	if len(missing) > 0 {
		return nil, &ddbmodel.MissingCompositesError{Entity: e.name, KeyAttribute: strings.Join(dedupe(missingAttrs), ", "), Missing: missing, Upsert: true, Reasons: reasons}
	}

	key := e.tableKey(item)
	var w expr.Writer
	var sets, adds []string
	for _, name := range sortedKeys(item) {
		if _, isKey := key[name]; isKey {
			continue
		}
		av := item[name]
		switch {
		case e.lock != nil && name == e.lock.name:
			adds = append(adds, w.Name(name)+" "+w.Value(numberAV(1)))
		case c.given[name]:
			sets = append(sets, w.Name(name)+" = "+w.Value(av))
		default: // a default, a read-only attribute, or the created timestamp
			n := w.Name(name)
			sets = append(sets, n+" = if_not_exists("+n+", "+w.Value(av)+")")
		}
	}
	ue := "SET " + strings.Join(sets, ", ")
	if len(adds) > 0 {
		ue += " ADD " + strings.Join(adds, ", ")
	}
	if e.unmarked {
		// An unmarked item (other code's) may hold keys of an index a put
		// of v does not write, one the entity is not in: the upsert marks
		// the item, which then is what a put writes, without them.
		var removes []string
		for _, name := range e.putKeyAttrs {
			if _, ok := item[name]; !ok {
				removes = append(removes, w.Name(name))
			}
		}
		if len(removes) > 0 {
			ue += " REMOVE " + strings.Join(removes, ", ")
		}
	}
	parts := []string{e.guard(&w), e.versionGuard(&w, &c.fail)}
	slices.Sort(pinned)
	for _, u := range pinned {
		n := w.Name(u)
		parts = append(parts, "attribute_not_exists("+n+") OR "+n+" = "+w.Value(item[u]))
	}
	if r := e.lockAdd; r != nil {
		// The lock's ADD 1 stays within its type, as Update's.
		c.fail.ranges, c.fail.ownCond = []addRange{*r}, !op.cond.IsZero()
		parts = append(parts, r.condition(&w))
	}
	s, err := op.cond.render(&w, e.sch)
	if err != nil {
		return nil, withEntity(err, e.name)
	}
	parts = append(parts, s)
	c.in = &dynamodb.UpdateItemInput{
		TableName:                           aws.String(e.table.Name),
		Key:                                 key,
		UpdateExpression:                    aws.String(ue),
		ConditionExpression:                 aws.String(joinAnd(parts)),
		ExpressionAttributeNames:            w.Names(),
		ExpressionAttributeValues:           w.Values(),
		ReturnValues:                        types.ReturnValueAllNew,
		ReturnValuesOnConditionCheckFailure: types.ReturnValuesOnConditionCheckFailureAllOld,
	}
	if err := expr.CheckLimits(e.name, "", ue, *c.in.ConditionExpression); err != nil {
		return nil, err
	}
	return c, nil
}

// Build compiles the UpdateItem request without sending it. For an entity
// with unique attributes it fails with ErrNeedsRead: Run reads the item
// first and writes it with its marker items in one transaction.
func (op UpsertOp[T]) Build() (*dynamodb.UpdateItemInput, error) {
	c, err := op.compile()
	if err != nil {
		return nil, err
	}
	if err := op.e.uniqueBuild("upsert", false); err != nil {
		return nil, err
	}
	return c.in, nil
}

// Run writes the item and returns it as stored after the write.
func (op UpsertOp[T]) Run(ctx context.Context, db *DB) (T, error) {
	var zero T
	item, readBack, err := op.upsertRequest.run(ctx, db, unsafe.Pointer(&op.v))
	if err != nil {
		return zero, err
	}
	if readBack {
		if item == nil {
			return zero, nil
		}
		v, err := op.e.Decode(item)
		return v, op.e.core().writtenButUndecodable("upsert", err)
	}
	var v T
	err = op.e.decodeInto(item, &v)
	return v, op.e.core().writtenButUndecodable("upsert", err)
}

// run is UpsertOp.Run up to the decoding of the item, which it returns:
// v points to the value upserted (a *T), and it needs nothing of T.
// readBack reports an item read back after the unique markers' transaction
// (nil for none), which is decoded as this entity's; otherwise the item is
// the one UpdateItem returned.
func (op upsertRequest) run(ctx context.Context, db *DB, v unsafe.Pointer) (item map[string]types.AttributeValue, readBack bool, err error) {
	if err := checkDB(db, "upsert"); err != nil {
		return nil, false, err
	}
	if op.e != nil && op.e.unmarked {
		fit, err := op.fitUnmarked(ctx, db, v)
		if err != nil {
			return nil, false, err
		}
		op.cond = And(op.cond, fit)
	}
	if op.e != nil && len(op.e.uniques) > 0 {
		item, err := op.runUnique(ctx, db, v)
		return item, true, err
	}
	c, err := op.compileCopy(v)
	if err != nil {
		return nil, false, err
	}
	in := c.in
	in.TableName = db.Table(op.e.table.Name)
	out, err := Send(ctx, db, db.Client.UpdateItem, in, Request{Entities: []string{op.e.name}})
	if err != nil {
		return nil, false, keyed(c.fail.wrap(err), in.Key)
	}
	return out.Attributes, false, nil
}

// TransactWrite compiles the upsert as one action of a transaction. On an
// entity with unique attributes it is an error: their marker actions must
// join the transaction too (txn.Write and TransactWrites add them).
func (op UpsertOp[T]) TransactWrite() (TransactWrite, error) {
	w, err := op.action()
	return op.e.actionAlone("upsert", w, err)
}

// action compiles the upsert as one action of a transaction, without the
// actions of unique attributes.
func (op UpsertOp[T]) action() (TransactWrite, error) {
	c, err := op.compile()
	if err != nil {
		return TransactWrite{}, err
	}
	return c.transactWrite(op.e.name), nil
}

func (c *compiledUpsert) transactWrite(entity string) TransactWrite {
	in := c.in
	return txwrite.Classified(TransactWrite{
		Item:   txwrite.FromUpdate(in),
		Entity: entity, Op: "upsert", Key: in.Key, Size: expr.ItemSize(c.item),
	}, c.fail.classify)
}
