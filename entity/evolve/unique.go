package evolve

import (
	"context"
	"errors"
	"slices"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/internal/contract"
	"github.com/ddbmodel/ddbmodel/internal/errtext"
	"github.com/ddbmodel/ddbmodel/internal/expr"
	"github.com/ddbmodel/ddbmodel/internal/ttl"
	"github.com/ddbmodel/ddbmodel/internal/txwrite"
)

// UniqueDiff is one value of a unique attribute (entity.Attribute.Unique)
// that an item holds without a marker item naming it.
type UniqueDiff struct {
	// Attribute is the unique attribute.
	Attribute string
	// Kind is MissingUniqueMarker, DuplicateUniqueValue or
	// StaleUniqueMarker.
	Kind Kind
	// Value is the value, as the item holds it.
	Value types.AttributeValue
	// MarkerKey is the table key of the value's marker item.
	MarkerKey map[string]types.AttributeValue
	// Holders lists, for DuplicateUniqueValue, the table keys of the
	// items holding the value: this item's first, then the other (the one
	// the marker names, or the one this run found first holding the value
	// without a marker).
	Holders []map[string]types.AttributeValue

	marker contract.UniqueMarker
	// orphan is the owner attribute of a marker that names an item not
	// holding the value (other code changed or deleted it), or no item at
	// all: the repair takes it over, checking that the item it names
	// (orphanItem) still does not hold the value.
	orphan     string
	orphaned   bool
	orphanItem bool
}

// ErrDuplicateUnique is the error of a DuplicateUniqueValue finding in
// Report.Failed: two items hold one value of a unique attribute, so no
// marker item can name both; change the value of one of them (an update
// of the item that does not hold the marker releases nothing of the
// other's). A delete of the item the marker names, or an update moving
// its value away, releases the marker while the other keeps the value:
// run Repair again after resolving a duplicate, and it writes the marker
// of the holder left.
var ErrDuplicateUnique = errors.New("ddbmodel: a value of a unique attribute is held by two items")

// uniqueKinds reports whether k is a kind of the unique markers' check.
func uniqueKinds(k Kind) bool {
	return k == MissingUniqueMarker || k == DuplicateUniqueValue || k == StaleUniqueMarker
}

// uniques checks the marker items of the unique values item holds (it
// reads each, strongly consistent) and adds what it finds to f (a new
// finding when f is nil). An item that names no unique value, or whose
// markers all name it, leaves f as it is; so does an item whose TTL has
// passed (ttl.Expired): it holds no value (DynamoDB deletes it, and a
// write taking its value takes its marker over).
func (rn *run) uniques(ctx context.Context, t Target, item map[string]types.AttributeValue, f *Finding) (*Finding, error) {
	if a := t.table().TTLAttribute; a != "" && ttl.Expired(item[a], time.Now()) {
		return f, nil
	}
	ms, err := t.markers(item)
	if err != nil || len(ms) == 0 {
		// A value no marker key can hold: a put of the item is refused
		// too (an Invalid finding).
		return f, nil
	}
	tb := t.table()
	key := tableKey(tb, item)
	var diffs []UniqueDiff
	for _, m := range ms {
		d, err := rn.uniqueDiff(ctx, t, key, m)
		if err != nil {
			return f, err
		}
		if d != nil {
			diffs = append(diffs, *d)
		}
	}
	if len(diffs) == 0 {
		return f, nil
	}
	if f == nil {
		f = &Finding{Entity: t.Name(), Key: key, Item: item, table: tb.Name}
	}
	f.Unique = diffs
	for _, d := range diffs {
		if !slices.Contains(f.Kinds, d.Kind) {
			f.Kinds = append(f.Kinds, d.Kind)
		}
	}
	slices.Sort(f.Kinds)
	return f, nil
}

// uniqueDiff checks the marker m of one value the item at key holds; nil
// when the marker names the item, with the item's TTL.
func (rn *run) uniqueDiff(ctx context.Context, t Target, key map[string]types.AttributeValue, m contract.UniqueMarker) (*UniqueDiff, error) {
	marker, err := rn.readRaw(ctx, t, m.Key)
	if err != nil {
		return nil, errtext.Errorf("reading the marker item of %s's unique attribute %s: %w", t.Name(), m.Attribute, err)
	}
	d := &UniqueDiff{Attribute: m.Attribute, Kind: MissingUniqueMarker, Value: m.Value, MarkerKey: m.Key, marker: m}
	if len(marker) > 0 && expr.SameScalar(marker[m.EntityAttr], m.Marker) {
		owner := expr.StringOf(marker[m.OwnerAttr])
		if owner == m.Owner {
			if staleTTL(marker, m) {
				d.Kind = StaleUniqueMarker
				return d, nil
			}
			return nil, nil
		}
		other, named, holds, err := rn.holder(ctx, t, m, owner)
		if err != nil {
			return nil, err
		}
		if holds {
			d.Kind, d.Holders = DuplicateUniqueValue, []map[string]types.AttributeValue{key, other}
			return d, nil
		}
		// A marker whose owner no longer holds the value, or names no
		// item (orphaned): the repair takes it over. As for a value
		// without a marker, a second item holding it is a duplicate.
		d.orphan, d.orphaned, d.orphanItem = owner, true, named
	}
	// No marker naming a holder: another item this run found holding the
	// value without one makes it a duplicate.
	id := expr.KeyID(t.table().Name, m.Key)
	rn.mu.Lock()
	first, seen := rn.unmarked[id]
	if !seen {
		if rn.unmarked == nil {
			rn.unmarked = map[string]map[string]types.AttributeValue{}
		}
		rn.unmarked[id] = key
	}
	rn.mu.Unlock()
	if seen && expr.KeyID("", first) != expr.KeyID("", key) {
		d.Kind, d.Holders = DuplicateUniqueValue, []map[string]types.AttributeValue{key, first}
	}
	return d, nil
}

// staleTTL reports whether marker, naming the item, carries another TTL
// than the marker m the item's put writes.
func staleTTL(marker map[string]types.AttributeValue, m contract.UniqueMarker) bool {
	if m.TTL == "" {
		return false
	}
	a, b := marker[m.TTL], m.Item[m.TTL]
	if a == nil || b == nil {
		return (a == nil) != (b == nil)
	}
	return !expr.SameScalar(a, b)
}

// holder reports whether owner, a marker's owner attribute, names an
// item to read (a key of the table, neither the marker item itself nor
// the holder m names under another spelling) and whether that item, of
// the entity, holds m's value, unexpired; key is the item's table key.
func (rn *run) holder(ctx context.Context, t Target, m contract.UniqueMarker, owner string) (key map[string]types.AttributeValue, named, holds bool, _ error) {
	_, key, ok := expr.ParseKeyID(owner)
	if !ok || m.IsKey != nil && !m.IsKey(key) {
		return nil, false, false, nil
	}
	if id := expr.KeyID("", key); id == m.Owner || id == expr.KeyID("", m.Key) {
		return nil, false, false, nil
	}
	item, err := rn.readRaw(ctx, t, key)
	if err != nil {
		return key, true, false, errtext.Errorf("reading the item a marker of %s's unique attribute %s names: %w", t.Name(), m.Attribute, err)
	}
	if len(item) == 0 || !expr.SameScalar(item[m.Attribute], m.Value) || m.Holder != nil && item[m.EntityAttr] != nil && !expr.SameScalar(item[m.EntityAttr], m.Holder) {
		return key, true, false, nil
	}
	return key, true, m.TTL == "" || !ttl.Expired(item[m.TTL], time.Now()), nil
}

// readRaw reads the item at key of t's table, strongly consistent, at
// the job's read rate.
func (rn *run) readRaw(ctx context.Context, t Target, key map[string]types.AttributeValue) (map[string]types.AttributeValue, error) {
	if err := rn.read.wait(ctx); err != nil {
		return nil, err
	}
	return rn.readAt(ctx, &Finding{Entity: t.Name(), table: t.table().Name}, key)
}

// withoutUnique returns f without its unique kinds, for the repair of
// its keys; nil when it has no other kind.
func (f *Finding) withoutUnique() *Finding {
	if !slices.ContainsFunc(f.Kinds, uniqueKinds) {
		return f
	}
	kinds := slices.DeleteFunc(slices.Clone(f.Kinds), uniqueKinds)
	if len(kinds) == 0 {
		return nil
	}
	c := *f
	c.Kinds = kinds
	return &c
}

// fixUnique writes, for each value of f missing its marker, the marker
// item naming the item, in one transaction with the check that the item
// still holds the value; the marker's condition is that it is absent or
// already names the item. A value another item holds too is reported
// (ErrDuplicateUnique) and no marker is written for it.
func (rn *run) fixUnique(ctx context.Context, t Target, f *Finding) {
	fail := func(err error) {
		rn.mu.Lock()
		rn.r.Failed = append(rn.r.Failed, &RepairError{Entity: f.Entity, Key: f.Key, Kinds: f.Kinds, Err: err})
		rn.mu.Unlock()
	}
	for _, d := range f.Unique {
		if d.Kind == DuplicateUniqueValue {
			fail(duplicate(d))
			continue
		}
		if rn.j.dryRun {
			rn.count(&rn.r.WouldWriteMarkers)
			continue
		}
		if !rn.repairMarker(ctx, t, f, d, fail) {
			rn.count(&rn.r.NotReached)
			return
		}
	}
}

// markerAttempts bounds the marker writes of one value: a marker whose
// owner changes between every read and write is reported ErrChanged.
const markerAttempts = 3

// repairMarker writes the marker of d (writeMarker), and when DynamoDB
// refuses it reads the marker again and tries once more as it now is; a
// value taken by another holder or still refused is reported with fail.
// It returns false when ctx ended before a write.
func (rn *run) repairMarker(ctx context.Context, t Target, f *Finding, d UniqueDiff, fail func(error)) bool {
	for attempt := 1; ; attempt++ {
		if ctx.Err() != nil {
			return false
		}
		if err := rn.write.wait(ctx); err != nil {
			return false
		}
		err := rn.writeMarker(ctx, t, f, d)
		var tce *types.TransactionCanceledException
		switch {
		case err == nil:
			rn.count(&rn.r.MarkersWritten)
			return true
		case !errors.As(err, &tce):
			fail(err)
			return true
		}
		again, retry := rn.markerRefused(ctx, t, f, d, tce, fail)
		if !retry {
			return true
		}
		if attempt == markerAttempts {
			fail(errtext.Errorf("%w: [%s]: the marker item of attribute %s value %s changed owner at each of %d writes", ErrChanged, MissingUniqueMarker, d.Attribute, valueText(d.Value), markerAttempts))
			return true
		}
		d = again
	}
}

// duplicate is the error of a value two items hold.
func duplicate(d UniqueDiff) error {
	return errtext.Errorf("%w: attribute %s value %s is held by %s and by %s; change (or delete) the value of all but one holder, then run Repair again to write the marker of the one left", ErrDuplicateUnique,
		d.Attribute, valueText(d.Value), expr.DescribeKey(d.Holders[0]), expr.DescribeKey(d.Holders[1]))
}

// writeMarker sends the marker write of d: a put of the marker item
// conditioned on its being absent or already the item's, and a check
// that the item still holds the value, in one transaction.
func (rn *run) writeMarker(ctx context.Context, t Target, f *Finding, d UniqueDiff) error {
	m := d.marker
	table := rn.db.Table(f.table)
	var pw expr.Writer
	pk := t.table().PartitionKey.Name
	owner := pw.Name(m.OwnerAttr) + " = " + pw.Value(&types.AttributeValueMemberS{Value: m.Owner})
	if d.orphaned {
		owner = "(" + owner + " OR " + txwrite.OwnerIs(&pw, m.OwnerAttr, d.orphan) + ")"
	}
	putCond := "attribute_not_exists(" + pw.Name(pk) + ") OR (" + pw.Name(m.EntityAttr) + " = " + pw.Value(m.Marker) + " AND " + owner + ")"
	var cw expr.Writer
	checkCond := cw.Name(m.Attribute) + " = " + cw.Value(m.Value)
	if m.Holder != nil {
		// The item is still the entity's (or unmarked, as holds counts
		// it): another entity's item put at its key meanwhile, holding an
		// equal attribute, does not hold the value.
		ea := cw.Name(m.EntityAttr)
		checkCond += " AND (attribute_not_exists(" + ea + ") OR " + ea + " = " + cw.Value(m.Holder) + ")"
	}
	if m.TTL != "" {
		// The marker carries the TTL read: a write changing the item's
		// TTL meanwhile (which rewrites the marker) fails the check.
		if v := m.Item[m.TTL]; v != nil {
			checkCond += " AND " + cw.Name(m.TTL) + " = " + cw.Value(v)
		} else {
			checkCond += " AND attribute_not_exists(" + cw.Name(m.TTL) + ")"
		}
	}
	in := &dynamodb.TransactWriteItemsInput{
		TransactItems: []types.TransactWriteItem{
			{Put: &types.Put{TableName: table, Item: m.Item, ConditionExpression: aws.String(putCond),
				ExpressionAttributeNames: pw.Names(), ExpressionAttributeValues: pw.Values()}},
			{ConditionCheck: &types.ConditionCheck{TableName: table, Key: f.Key, ConditionExpression: aws.String(checkCond),
				ExpressionAttributeNames: cw.Names(), ExpressionAttributeValues: cw.Values()}},
		},
		ReturnConsumedCapacity: types.ReturnConsumedCapacityTotal,
	}
	if d.orphanItem {
		// The orphaned marker's owner still does not hold the value: an
		// owner taking it back meanwhile keeps its marker.
		_, key, _ := expr.ParseKeyID(d.orphan)
		var ow expr.Writer
		cond := txwrite.NotHolding(&ow, pk, m.Attribute, m.Value, m.EntityAttr, m.Holder, m.TTL, time.Now())
		in.TransactItems = append(in.TransactItems, types.TransactWriteItem{ConditionCheck: &types.ConditionCheck{
			TableName: table, Key: key, ConditionExpression: aws.String(cond),
			ExpressionAttributeNames: ow.Names(), ExpressionAttributeValues: ow.Values()}})
	}
	out, err := entity.Send(ctx, rn.db, rn.db.Client.TransactWriteItems, in, entity.Request{Entities: []string{f.Entity}})
	if err != nil {
		return err
	}
	for i := range out.ConsumedCapacity {
		rn.consumed(&rn.write, "TransactWriteItems", &out.ConsumedCapacity[i])
	}
	return nil
}

// markerRefused classifies a marker write of d that DynamoDB canceled:
// the item no longer holds the value (SkippedChanged); the marker now
// names the item (SkippedChanged: its own write took it); the marker
// names another item, which holds the value too (ErrDuplicateUnique) or
// not (an orphaned marker, or one that changed or went meanwhile: retry
// with again, d as the marker now is).
func (rn *run) markerRefused(ctx context.Context, t Target, f *Finding, d UniqueDiff, tce *types.TransactionCanceledException, fail func(error)) (again UniqueDiff, retry bool) {
	reasons := tce.CancellationReasons
	if len(reasons) >= 2 && aws.ToString(reasons[1].Code) == "ConditionalCheckFailed" {
		rn.count(&rn.r.SkippedChanged)
		return d, false
	}
	if len(reasons) == 0 || !slices.ContainsFunc(reasons, func(r types.CancellationReason) bool {
		return aws.ToString(r.Code) == "ConditionalCheckFailed"
	}) || slices.ContainsFunc(reasons, func(r types.CancellationReason) bool {
		code := aws.ToString(r.Code)
		return code != "" && code != "None" && code != "ConditionalCheckFailed"
	}) {
		fail(errtext.Errorf("writing the marker item of attribute %s: %w", d.Attribute, tce))
		return d, false
	}
	marker, err := rn.readRaw(ctx, t, d.MarkerKey)
	if err != nil {
		fail(err)
		return d, false
	}
	if len(marker) == 0 {
		d.orphan, d.orphaned, d.orphanItem = "", false, false // deleted meanwhile: a marker may be written where none is
		return d, true
	}
	if !expr.SameScalar(marker[d.marker.EntityAttr], d.marker.Marker) {
		fail(errtext.Errorf("%w: [%s]: the key of the marker item of attribute %s value %s holds an item that is no marker of it", ErrNotRepairable, MissingUniqueMarker, d.Attribute, valueText(d.Value)))
		return d, false
	}
	owner := expr.StringOf(marker[d.marker.OwnerAttr])
	if owner == d.marker.Owner {
		rn.count(&rn.r.SkippedChanged) // written meanwhile by the item's own write
		return d, false
	}
	other, named, holds, err := rn.holder(ctx, t, d.marker, owner)
	switch {
	case err != nil:
		fail(err)
		return d, false
	case holds:
		d.Kind, d.Holders = DuplicateUniqueValue, []map[string]types.AttributeValue{f.Key, other}
		fail(duplicate(d))
		return d, false
	}
	d.orphan, d.orphaned, d.orphanItem = owner, true, named
	return d, true
}

// valueText is a scalar value as text, quoted when a string.
func valueText(av types.AttributeValue) string {
	switch v := av.(type) {
	case *types.AttributeValueMemberS:
		return `"` + v.Value + `"`
	case *types.AttributeValueMemberN:
		return v.Value
	}
	return "(no scalar)"
}
