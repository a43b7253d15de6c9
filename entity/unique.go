package entity

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"unsafe"

	"github.com/ddbmodel/ddbmodel/internal/errtext"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/internal/expr"
	"github.com/ddbmodel/ddbmodel/internal/txwrite"
)

// Unique attributes (Attribute.Unique) are kept unique by marker items, one
// per value in use, written and deleted in the same transaction as the
// entity's item. A marker item of entity E, attribute a and value v has
//
//	partition key  UNIQUE#E#a#v     (UNIQUE#E#a#HEX#<hex of v> when v holds "#")
//	sort key       UNIQUE          (on a table with a sort key)
//	entity marker  UNIQUE#E#a
//	uniqueOwner    the table key of the item holding the value
//
// Define checks these keys against every entity's templates as it checks
// two entities' keys (see SharesKeysWith), so a marker never shares a key
// with an entity's item.
const (
	uniquePrefix    = "UNIQUE#"
	uniqueSortKey   = "UNIQUE"
	uniqueOwnerAttr = "uniqueOwner"
)

// uniqueDef is one unique attribute of an entity.
type uniqueDef struct {
	attr   string
	index  []int
	marker types.AttributeValue // the marker items' entity marker
	pk, sk *keyDef
	esc    *keyDef // pk for values holding "#" (unique_escape.go)
}

// defineUniques compiles the entity's unique attributes (Define).
func (e *entityCore) defineUniques() error {
	for _, r := range e.rules {
		if !r.Unique {
			continue
		}
		bad := func(reason string) error {
			return &ddbmodel.ValidationError{Entity: e.name, Attribute: r.name, Reason: "Unique: " + reason}
		}
		if r.Hidden {
			// Every write compares the stored value with the one read to
			// move the marker, and a hidden attribute reads as its zero
			// value: no write of the item could succeed again.
			return bad("a unique attribute cannot be Hidden: writes read it to move its marker, and a hidden attribute reads as its zero value")
		}
		switch k := r.typ.Kind(); {
		case k == reflect.String, k >= reflect.Int && k <= reflect.Uint64:
		default:
			return bad(fmt.Sprintf("a unique attribute is a string or an integer, not %v", r.typ))
		}
		if e.table.PartitionKey.typ() != types.ScalarAttributeTypeS || e.table.SortKey.Name != "" && e.table.SortKey.typ() != types.ScalarAttributeTypeS {
			return bad("marker items need a table whose key attributes are strings")
		}
		if strings.ContainsAny(e.name+r.name, "#${}") {
			return bad("the entity's and the attribute's names may not hold #, $, { or }, which the marker key is made of")
		}
		base := uniquePrefix + e.name + "#" + r.name
		u := &uniqueDef{attr: r.name, index: r.index, marker: &types.AttributeValueMemberS{Value: base}}
		var err error
		if u.pk, err = e.compileKey(e.table.PartitionKey, base+"#${value}", nil, nil, expr.MaxPartitionKeyBytes); err != nil {
			return err
		}
		if err = e.compileEscaped(u, base); err != nil {
			return err
		}
		if e.table.SortKey.Name != "" {
			if u.sk, err = e.compileKey(e.table.SortKey, uniqueSortKey, nil, nil, expr.MaxSortKeyBytes); err != nil {
				return err
			}
		}
		e.uniques = append(e.uniques, u)
	}
	return nil
}

// uniqueSpaces returns the key spaces of the entity's marker items, by a
// name of their own, for the overlap analysis.
func (e *entityCore) uniqueSpaces() map[string]keySpace {
	out := map[string]keySpace{}
	for _, u := range e.uniques {
		ks := keySpace{keys: []keySpec{u.pk.keySpec}, marker: true}
		if u.sk != nil {
			ks.keys = append(ks.keys, u.sk.keySpec)
		}
		out[aws.ToString(&u.marker.(*types.AttributeValueMemberS).Value)] = ks
		out[u.marker.(*types.AttributeValueMemberS).Value+" ("+uniqueHexLiteral+")"] = u.escapedSpace()
	}
	return out
}

func (e *entityCore) uniqueAttrs() []string {
	names := make([]string, len(e.uniques))
	for i, u := range e.uniques {
		names[i] = u.attr
	}
	return names
}

// uniqueText returns the value item holds for u as its marker key holds it.
func uniqueText(attr string, item map[string]types.AttributeValue) (string, bool) {
	av, ok := item[attr]
	if !ok || isNull(av) {
		return "", false
	}
	return avText(av)
}

func (e *entityCore) markerKey(u *uniqueDef, text string) (map[string]types.AttributeValue, error) {
	if err := e.checkLength(u, text); err != nil {
		return nil, err
	}
	tmpl, rendered := u.markerTemplate(text)
	src := Values{"value": rendered}
	pk, err := e.renderKey(tmpl, src, nil)
	if err != nil {
		return nil, uniqueAttrErr(err, u.attr)
	}
	key := map[string]types.AttributeValue{e.table.PartitionKey.Name: pk}
	if u.sk != nil {
		if key[e.table.SortKey.Name], err = e.renderKey(u.sk, src, nil); err != nil {
			return nil, err
		}
	}
	return key, nil
}

// markerWrites returns the actions that move the markers of the unique
// values from those of old (nil: no item) to those of new (nil: deleted)
// for the item whose table key is owner: a new value's marker is created
// on the condition that no other item holds it, an old value's deleted on
// the condition that it is this item's (or absent, for items written
// before the attribute was declared unique). When the old value's marker
// names another item that holds the value too (two items stored with one
// value before it was declared unique), the write keeps that marker and
// checks that the other item still holds the value instead
// (txwrite.Reclaimer). An old item without a marker
// (Config.RecognizeUnmarked) has the markers of every value it keeps
// written too: other code never wrote them.
func (e *entityCore) markerWrites(old, new, owner map[string]types.AttributeValue) ([]TransactWrite, error) {
	return e.markerMoves(old, new, owner, owner)
}

// markerMoves is markerWrites for an item that moves from the table key
// oldOwner to newOwner (an update changing a primary-key composite): every
// value the moved item holds has its marker written naming newOwner, on
// the condition that the marker is absent or names either key.
func (e *entityCore) markerMoves(old, new, oldOwner, owner map[string]types.AttributeValue) ([]TransactWrite, error) {
	var out []TransactWrite
	ownerID := &types.AttributeValueMemberS{Value: expr.KeyID("", owner)}
	prevID := &types.AttributeValueMemberS{Value: expr.KeyID("", oldOwner)}
	moved := prevID.Value != ownerID.Value
	// An unmarked item (Config.RecognizeUnmarked) never had its values'
	// markers written: every value it keeps gets one (adopted).
	adopt := len(old) > 0 && e.table.Unmarked(old)
	for _, u := range e.uniques {
		was, had := uniqueText(u.attr, old)
		now, has := uniqueText(u.attr, new)
		if had == has && was == now && !moved && !adopt && !(has && e.ttlChanged(old, new)) {
			continue
		}
		// A value too long for any marker key never had a marker (it was
		// stored before the attribute became unique): nothing to release.
		if had && (!has || was != now) && e.checkLength(u, was) == nil {
			key, err := e.markerKey(u, was)
			if err != nil {
				return nil, err
			}
			var w expr.Writer
			cond := "attribute_not_exists(" + w.Name(e.table.PartitionKey.Name) + ") OR (" +
				w.Name(e.table.EntityAttr()) + " = " + w.Value(u.marker) + " AND " + w.Name(uniqueOwnerAttr) + " = " + w.Value(prevID) + ")"
			release := txwrite.MarkerRelease(TransactWrite{
				Item: types.TransactWriteItem{Delete: &types.Delete{
					TableName: aws.String(e.table.Name), Key: key, ConditionExpression: aws.String(cond),
					ExpressionAttributeNames: w.Names(), ExpressionAttributeValues: w.Values(),
					ReturnValuesOnConditionCheckFailure: types.ReturnValuesOnConditionCheckFailureAllOld,
				}},
				Entity: e.name, Op: "unique " + u.attr, Key: key, Size: expr.ItemSize(key),
			}, &ddbmodel.UniqueError{Entity: e.name, Attribute: u.attr, Value: was}, e.claim(u, prevID.Value, old))
			out = append(out, txwrite.Classified(release, e.releaseFailure(u, was)))
		}
		if has {
			key, err := e.markerKey(u, now)
			if err != nil {
				return nil, err
			}
			item := map[string]types.AttributeValue{e.table.EntityAttr(): u.marker, uniqueOwnerAttr: ownerID}
			if ttl := e.ttlOf(new); ttl != nil {
				item[e.table.TTLAttribute] = ttl // DynamoDB's TTL deletes the marker with its owner
			}
			for k, v := range key {
				item[k] = v
			}
			var w expr.Writer
			cond := "attribute_not_exists(" + w.Name(e.table.PartitionKey.Name) + ") OR " + w.Name(uniqueOwnerAttr) + " = " + w.Value(ownerID)
			if moved {
				cond += " OR " + w.Name(uniqueOwnerAttr) + " = " + w.Value(prevID)
			}
			taken := &ddbmodel.UniqueError{Entity: e.name, Attribute: u.attr, Value: now}
			take := txwrite.MarkerTake(TransactWrite{
				Item: types.TransactWriteItem{Put: &types.Put{
					TableName: aws.String(e.table.Name), Item: item, ConditionExpression: aws.String(cond),
					ExpressionAttributeNames: w.Names(), ExpressionAttributeValues: w.Values(),
					ReturnValuesOnConditionCheckFailure: types.ReturnValuesOnConditionCheckFailureAllOld,
				}},
				Entity: e.name, Op: "unique " + u.attr, Key: key, Size: expr.ItemSize(item),
			}, taken, e.claim(u, ownerID.Value, new))
			out = append(out, txwrite.Classified(take, func(map[string]types.AttributeValue) error { return taken }))
		}
	}
	return out, nil
}

// readOwn reads the item under key (strongly consistent); nil when there is
// none or it is another entity's.
func (e *entityCore) readOwn(ctx context.Context, db *DB, key map[string]types.AttributeValue) (map[string]types.AttributeValue, error) {
	out, err := Send(ctx, db, db.Client.GetItem, &dynamodb.GetItemInput{TableName: db.Table(e.table.Name), Key: key, ConsistentRead: aws.Bool(true)}, Request{Entities: []string{e.name}})
	if err != nil {
		return nil, errtext.Errorf("%s: reading the item for its unique attributes: %w", e.name, err)
	}
	if len(out.Item) == 0 || !e.is(out.Item) {
		return nil, nil
	}
	return out.Item, nil
}

// uniqueUnchanged is the condition that the item still holds the unique
// values read in old (nil: none).
func (e *entityCore) uniqueUnchanged(old map[string]types.AttributeValue) (Condition, error) {
	// Only the unique attributes are decoded: an item whose other
	// attributes no longer decode into T can still be deleted or replaced.
	v := reflect.New(e.typ)
	held := make(map[string]types.AttributeValue, len(e.uniques))
	for _, u := range e.uniques {
		if av, ok := old[u.attr]; ok {
			held[u.attr] = av
		}
	}
	if err := unmarshalItem(held, v.Interface()); err != nil {
		return Condition{}, &ddbmodel.DecodeError{Entity: e.name, Version: e.version, ItemVersion: stringAttr(old, e.table.EntityVersionAttr()),
			Err: err, Key: errtext.DescribeKey(e.tableKey(old)), Attribute: undecodableAttribute(e.typ, held)}
	}
	var c Condition
	for _, u := range e.uniques {
		if _, ok := old[u.attr]; ok {
			c = And(c, Attr(u.attr).Eq(v.Elem().FieldByIndex(u.index).Interface()))
		} else {
			c = And(c, Attr(u.attr).NotExists())
		}
	}
	return c, nil
}

// errNeedsReadUnique is the error of a write that must read the item for
// its unique attributes' old values but has no DB to read it with (Build,
// TransactWrite).
func (e *entityCore) errNeedsReadUnique(op string) error {
	return needsRead(e.name, op, e.uniqueNames(), "%s %s: the entity has unique attributes, whose old values the write reads first", op, e.name)
}

// ErrNeedsTransaction is returned by the Build of a create of an entity
// with unique attributes (see Attribute.Unique): its Run writes the item
// and the values' marker items in one transaction, which the PutItem
// request Build returns cannot carry; txn.Write(op).Build() builds that
// transaction. The input itself was checked and is valid.
var ErrNeedsTransaction = errors.New("ddbmodel: the write is one transaction with its unique values' marker items, which a single request cannot carry: build it with txn.Write(op).Build()")

// uniqueBuild refuses the Build of a write whose Run keeps unique
// attributes: Run sends the item's write and its marker items as one
// transaction, which the single request Build returns cannot carry. A
// create (needing no read) is refused with ErrNeedsTransaction; the others
// read the item first, as their Build in a transaction says: ErrNeedsRead.
func (e *entityCore) uniqueBuild(op string, create bool) error {
	if len(e.uniques) == 0 {
		return nil
	}
	if create {
		return errtext.Errorf("create %s: the entity has unique attributes (%s): %w", e.name, strings.Join(e.uniqueAttrs(), ", "), ErrNeedsTransaction)
	}
	hint := "Run reads them"
	if op == "put" || op == "upsert" {
		hint += "; Encode returns the item a put writes"
	}
	return needsRead(e.name, op, e.uniqueNames(), "%s %s: the entity has unique attributes, whose old values the write reads first (%s)", op, e.name, hint)
}

// uniqueAlone refuses a write compiled alone as a transaction action
// (TransactWrite) on an entity with unique attributes: the action would
// go without the marker actions that keep the attributes unique.
func (e *entityCore) uniqueAlone(op string) error {
	if len(e.uniques) == 0 {
		return nil
	}
	return &ddbmodel.ValidationError{Entity: e.name, Attribute: strings.Join(e.uniqueAttrs(), ", "),
		Reason: op + ": the entity has unique attributes, whose marker items must be written in the same transaction; pass the operation to txn.Write (or entity.TransactWrites) instead of calling TransactWrite"}
}

// actionAlone returns w, the action of a write compiled alone as a
// transaction action (TransactWrite), or the error compiling it: invalid
// input first, then uniqueAlone's refusal.
func (e *entityCore) actionAlone(op string, w TransactWrite, err error) (TransactWrite, error) {
	if err == nil {
		err = e.uniqueAlone(op)
	}
	if err != nil {
		return TransactWrite{}, err
	}
	return w, nil
}

// uniqueRefused refuses a write that cannot carry the marker actions of
// unique attributes (a batch write, a write returning the old item).
func (e *entityCore) uniqueRefused(op, instead string) error {
	if len(e.uniques) == 0 {
		return nil
	}
	return &ddbmodel.ValidationError{Entity: e.name, Attribute: strings.Join(e.uniqueAttrs(), ", "),
		Reason: op + " cannot keep the entity's unique attributes (their marker items are written in a transaction with the item); " + instead}
}

// uniqueWriter is a write of an entity that may have unique attributes:
// its action and the marker actions, reading the item first when it must
// (db nil: it fails with ErrNeedsRead then).
type uniqueWriter interface {
	uniqueWrites(ctx context.Context, db *DB) (TransactWrite, []TransactWrite, error)
}

// TransactWrites compiles ops as the actions of one write transaction: each
// op's own action, in order, and after them the actions that keep unique
// attributes true (the marker items). For an entity with unique
// attributes, a put, upsert or delete reads the item first (strongly
// consistent) with db, since it cannot know the values it replaces
// otherwise, and an update reads it first only when it changes a unique
// attribute; each is then conditioned on the unique values read. With a nil
// db such an op fails with ErrNeedsRead. Create needs no read. A value one op releases and
// another takes (user A gives up an e-mail address, user B takes it) is
// handed over in one action on its marker item, on the condition that the
// marker is the releasing item's; two ops taking one value are refused
// with its *ddbmodel.UniqueError.
func TransactWrites(ctx context.Context, db *DB, ops ...WriteOp) ([]TransactWrite, error) {
	main, extra := make([]TransactWrite, 0, len(ops)), []TransactWrite(nil)
	for _, op := range ops {
		if uw, ok := op.(uniqueWriter); ok {
			w, more, err := uw.uniqueWrites(ctx, db)
			if err != nil {
				return nil, err
			}
			main, extra = append(main, w), append(extra, more...)
			continue
		}
		w, err := op.TransactWrite()
		if err != nil {
			return nil, err
		}
		main = append(main, w)
	}
	// A value one op releases and another takes: one action on its marker.
	return txwrite.Handoffs(append(main, extra...))
}

// runUnique sends one write with its marker actions as a transaction and
// reports a failure as the single write would: a taken value as a
// *ddbmodel.UniqueError, the write's own failed condition as a
// *ddbmodel.ConditionError.
func runUnique(ctx context.Context, db *DB, entity, op string, writes []TransactWrite) error {
	// The writes may be sent again with markers reclaimed (txwrite.Reclaim),
	// so a reason's index names no write given here: no key is named.
	return operationError(sendUnique(ctx, db, entity, writes), entity, op, nil)
}

// operationError is the error of one operation (op of entity) that sent
// its writes as a transaction of its own: a unique value taken or not
// owned is its *ddbmodel.UniqueError or *ddbmodel.UniqueOwnerError, and
// another failed condition its *ddbmodel.ConditionError, as when the
// operation is one request; each has the canceled transaction as its
// Cause. A transaction canceled for another reason (a conflict) is
// returned as it is. sent, when not nil, is the transaction's writes in
// the order sent: the ConditionError names the key of the write that
// failed.
func operationError(err error, entity, op string, sent []TransactWrite) error {
	var tce *ddbmodel.TxCanceledError
	if !errors.As(err, &tce) {
		return err
	}
	for _, r := range tce.Failed() {
		var ue *ddbmodel.UniqueError
		if errors.As(r.Err, &ue) {
			c := *ue
			c.Cause = err
			return &c
		}
	}
	for _, r := range tce.Failed() {
		var oe *ddbmodel.UniqueOwnerError
		if errors.As(r.Err, &oe) {
			c := *oe
			c.Cause = err
			return &c
		}
	}
	for _, r := range tce.Failed() {
		if r.Err != nil {
			ce := &ddbmodel.ConditionError{Entity: entity, Op: op, Err: r.Err, Item: r.Item, Cause: err}
			if r.Index >= 0 && r.Index < len(sent) {
				ce.Key = sent[r.Index].Key
			}
			return ce
		}
	}
	return err
}

func (op PutOp[T]) uniqueWrites(ctx context.Context, db *DB) (TransactWrite, []TransactWrite, error) {
	if !op.e.defined() || len(op.e.uniques) == 0 {
		// No markers: the action alone (or the refusal of an undefined
		// entity), compiled with its value in one allocation.
		w, err := op.action()
		return w, nil, err
	}
	w, extra, _, err := op.putRequest.uniqueCompile(ctx, db, unsafe.Pointer(&op.v))
	return w, extra, err
}

// uniqueCompile compiles the put of a defined entity with unique
// attributes with its marker actions, reading the item first unless it is
// a create. v points to the value put (a *T, of the caller's own copy of
// the operation: the Defaults are applied to it), and the value as written
// is returned as a pointer (nil on an early refusal): it needs nothing of
// T.
func (op putRequest) uniqueCompile(ctx context.Context, db *DB, v unsafe.Pointer) (TransactWrite, []TransactWrite, unsafe.Pointer, error) {
	e := op.e
	// Defaults are drawn once: the item read, the item written, its
	// markers' owner and the value returned hold the same ones (a
	// Default of a key composite draws a new id at each compile).
	if err := e.applyDefaults(reflect.NewAt(e.typ, v).Elem()); err != nil {
		return TransactWrite{}, nil, nil, err
	}
	c, written, err := op.compileCopy(v)
	if err != nil {
		return TransactWrite{}, nil, nil, err
	}
	key := e.tableKey(c.item)
	var old map[string]types.AttributeValue
	if !op.create {
		if db == nil {
			return TransactWrite{}, nil, nil, e.errNeedsReadUnique("put")
		}
		if old, err = e.readOwn(ctx, db, key); err != nil {
			return TransactWrite{}, nil, nil, err
		}
		cond, err := e.uniqueUnchanged(old)
		if err != nil {
			return TransactWrite{}, nil, nil, err
		}
		op.cond = And(op.cond, cond)
		if c, written, err = op.compileCopy(v); err != nil {
			return TransactWrite{}, nil, nil, err
		}
	}
	// The action, the markers and the value returned are of one compile.
	w := op.actionOf(c)
	extra, err := e.markerWrites(old, c.item, e.tableKey(c.item))
	return w, extra, written, err
}

// runUnique is PutOp.Run on an entity with unique attributes, without T:
// v points to the value put (a *T, the Defaults are applied to it); it
// returns where the value as written is.
func (op putRequest) runUnique(ctx context.Context, db *DB, v unsafe.Pointer) (unsafe.Pointer, error) {
	w, extra, written, err := op.uniqueCompile(ctx, db, v)
	if err != nil {
		return nil, err
	}
	if err := runUnique(ctx, db, op.e.name, w.Op, append([]TransactWrite{w}, extra...)); err != nil {
		return nil, err
	}
	return written, nil
}

// touchesUnique reports whether the update changes a unique attribute.
func (op updateRequest) touchesUnique() bool {
	for _, a := range op.acts {
		top := a.attr
		if ref, err := op.e.sch.resolve(a.attr, ""); err == nil {
			top = ref.top
		}
		if ttl := op.e.table.TTLAttribute; ttl != "" && (top == ttl || a.attr == ttl) {
			return true // the markers carry the item's TTL
		}
		for _, u := range op.e.uniques {
			if top == u.attr || a.attr == u.attr || strings.HasPrefix(a.attr, u.attr+".") || strings.HasPrefix(a.attr, u.attr+"[") {
				return true
			}
		}
	}
	return false
}

func (op updateRequest) uniqueWrites(ctx context.Context, db *DB) (TransactWrite, []TransactWrite, error) {
	w, extra, _, err := op.uniqueWritesOld(ctx, db)
	return w, extra, err
}

// uniqueWritesOld is uniqueWrites, also returning the item it read (nil
// when the update changes no unique attribute and reads nothing); the
// writes are conditioned on that item being unchanged.
func (op updateRequest) uniqueWritesOld(ctx context.Context, db *DB) (TransactWrite, []TransactWrite, map[string]types.AttributeValue, error) {
	if op.e == nil || len(op.e.uniques) == 0 || !op.touchesUnique() {
		w, err := op.action()
		return w, nil, nil, err
	}
	e := op.e
	if _, err := op.compile(nil); err != nil {
		return TransactWrite{}, nil, nil, err // invalid input is refused before reading
	}
	if db == nil {
		return TransactWrite{}, nil, nil, e.errNeedsReadUnique("update")
	}
	old, err := e.readItem(ctx, db, op.key)
	if err != nil {
		return TransactWrite{}, nil, nil, err
	}
	cond, err := e.uniqueUnchanged(old)
	if err != nil {
		return TransactWrite{}, nil, nil, err
	}
	op = op.and(cond)
	c, err := op.compile(old)
	if err != nil {
		return TransactWrite{}, nil, nil, err
	}
	if c.move {
		return TransactWrite{}, nil, nil, &ddbmodel.ValidationError{Entity: e.name, Reason: "an update that moves the item to a new primary key reads it first and cannot join a transaction; run it alone (its Run moves the unique markers with the item)"}
	}
	if c.missing != nil {
		return TransactWrite{}, nil, nil, c.missing
	}
	in := c.in
	w := txwrite.Classified(TransactWrite{
		Item:   txwrite.FromUpdate(in),
		Entity: e.name, Op: "update", Key: in.Key, Size: expr.ItemSize(in.ExpressionAttributeValues) + expr.ItemSize(in.Key),
	}, c.fail.classify)
	extra, err := e.markerWrites(old, c.merged, in.Key)
	return w, extra, old, err
}

// runUniqueItem applies an update that changes a unique attribute, and
// returns, to be decoded as this entity's, the item Returning asks: the
// item replaced, or the item read back (none for ReturnValueNone). It
// needs nothing of T.
func (op updateRequest) runUniqueItem(ctx context.Context, db *DB) (updateRun, error) {
	w, extra, old, err := op.uniqueWritesOld(ctx, db)
	if err != nil {
		return updateRun{}, err
	}
	if err := runUnique(ctx, db, op.e.name, "update", append([]TransactWrite{w}, extra...)); err != nil {
		return updateRun{}, err
	}
	switch op.ret {
	case types.ReturnValueNone:
		return updateRun{}, nil
	case types.ReturnValueAllOld:
		// The transaction was conditioned on old being unchanged, so old is
		// exactly the item the update replaced.
		return updateRun{item: old, decode: true}, nil
	}
	item, err := getRequest{e: op.e, key: op.key, consistent: true}.read(ctx, db)
	if err != nil {
		return updateRun{}, err
	}
	return updateRun{item: item, decode: true}, nil
}

func (op deleteRequest) uniqueWrites(ctx context.Context, db *DB) (TransactWrite, []TransactWrite, error) {
	if op.e == nil || len(op.e.uniques) == 0 {
		w, err := op.action()
		return w, nil, err
	}
	e := op.e
	key, err := e.key(op.key)
	if err != nil {
		return TransactWrite{}, nil, err
	}
	if _, _, err := op.compile(); err != nil {
		return TransactWrite{}, nil, err
	}
	if db == nil {
		return TransactWrite{}, nil, e.errNeedsReadUnique("delete")
	}
	old, err := e.readOwn(ctx, db, key)
	if err != nil {
		return TransactWrite{}, nil, err
	}
	cond, err := e.uniqueUnchanged(old)
	if err != nil {
		return TransactWrite{}, nil, err
	}
	w, err := op.and(cond).action()
	if err != nil {
		return TransactWrite{}, nil, err
	}
	extra, err := e.markerWrites(old, nil, key)
	return w, extra, err
}

func (op UpsertOp[T]) uniqueWrites(ctx context.Context, db *DB) (TransactWrite, []TransactWrite, error) {
	return op.upsertRequest.uniqueWrites(ctx, db, unsafe.Pointer(&op.v))
}

// uniqueWrites is UpsertOp.uniqueWrites without T: v points to the value
// upserted (a *T), which each compile copies.
func (op upsertRequest) uniqueWrites(ctx context.Context, db *DB, v unsafe.Pointer) (TransactWrite, []TransactWrite, error) {
	if op.e == nil || len(op.e.uniques) == 0 {
		c, err := op.compileCopy(v)
		if err != nil {
			return TransactWrite{}, nil, err
		}
		return c.transactWrite(op.e.name), nil, nil
	}
	e := op.e
	c, err := op.compileCopy(v)
	if err != nil {
		return TransactWrite{}, nil, err
	}
	if db == nil {
		return TransactWrite{}, nil, e.errNeedsReadUnique("upsert")
	}
	old, err := e.readOwn(ctx, db, c.in.Key)
	if err != nil {
		return TransactWrite{}, nil, err
	}
	cond, err := e.uniqueUnchanged(old)
	if err != nil {
		return TransactWrite{}, nil, err
	}
	op.cond = And(op.cond, cond)
	if c, err = op.compileCopy(v); err != nil {
		return TransactWrite{}, nil, err
	}
	// The item after the upsert: what it sets, over what it keeps.
	after := map[string]types.AttributeValue{}
	for k, v := range c.item {
		after[k] = v
	}
	for k, v := range old {
		if !c.given[k] {
			after[k] = v
		}
	}
	extra, err := e.markerWrites(old, after, c.in.Key)
	return c.transactWrite(e.name), extra, err
}

// runUnique is UpsertOp.Run on an entity with unique attributes, up to
// the decoding of the item it reads back, which it returns (nil for none):
// v points to the value upserted (a *T), and it needs nothing of T.
func (op upsertRequest) runUnique(ctx context.Context, db *DB, v unsafe.Pointer) (map[string]types.AttributeValue, error) {
	w, extra, err := op.uniqueWrites(ctx, db, v)
	if err != nil {
		return nil, err
	}
	if err := runUnique(ctx, db, op.e.name, "upsert", append([]TransactWrite{w}, extra...)); err != nil {
		return nil, err
	}
	item, err := op.e.readOwn(ctx, db, w.Key)
	if err != nil || item == nil {
		return nil, err
	}
	return item, nil
}

// checkSpaces checks the key spaces of d, and of its unique attributes'
// marker items, against those of every entity already registered and of
// their marker items. The caller holds t.mu.
func (t *Table) checkSpaces(d decoder) error {
	spaces := map[string]keySpace{}
	for n, o := range t.entities {
		spaces[n] = o.keySpace()
		for un, uks := range o.uniqueSpaces() {
			spaces[un] = uks
		}
	}
	if err := t.checkOverlap(d.Name(), d.keySpace(), spaces); err != nil {
		return err
	}
	spaces[d.Name()] = d.keySpace()
	for un, uks := range d.uniqueSpaces() {
		if err := t.checkOverlap(un, uks, spaces); err != nil {
			return err
		}
		spaces[un] = uks
	}
	return nil
}
