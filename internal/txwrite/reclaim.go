package txwrite

import (
	"context"
	"errors"
	"maps"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/internal/errtext"
	"github.com/ddbmodel/ddbmodel/internal/expr"
	"github.com/ddbmodel/ddbmodel/internal/ttl"
)

// Claim is what the take of a unique value's marker item (a put) knows to
// take over an orphaned marker: one whose owner item no longer holds the
// value (see Reclaimer).
type Claim struct {
	Owner        string               // the marker's owner attribute as the take writes it
	OwnerAttr    string               // the marker's owner attribute
	EntityAttr   string               // the table's entity marker attribute
	Marker       types.AttributeValue // the marker item's entity marker
	PartitionKey string               // the table's partition key attribute
	Attr         string               // the unique attribute, in the owner item
	Value        types.AttributeValue // the value, as the owner item would store it
	TTL          string               // the table's TTL attribute; "" when none
	// Holder is the entity marker of the items that hold the value (the
	// entity's): an item of another entity holding an equal attribute
	// does not hold it. An item without the entity marker attribute may
	// (an unmarked item: Config.RecognizeUnmarked). Nil: not checked.
	Holder types.AttributeValue
	// IsKey reports whether a key is a table key of the marker's table
	// (its key attributes, of their types): a marker's owner that is
	// none names no item. Nil: every parsed key is.
	IsKey func(map[string]types.AttributeValue) bool
}

// ownerItem returns the table key of the item that owner, a marker's
// owner attribute, names, for the action on the marker item at
// markerKey; ok is false when it names no item to read: it is no key of
// the table (unparseable, other attributes or types), the marker item
// itself, or the item of c under another spelling (its own marker).
func (c *Claim) ownerItem(owner string, markerKey map[string]types.AttributeValue) (key map[string]types.AttributeValue, ok bool) {
	_, key, parsed := expr.ParseKeyID(owner)
	if !parsed || c.IsKey != nil && !c.IsKey(key) {
		return nil, false
	}
	id := expr.KeyID("", key)
	if id == c.Owner || id == expr.KeyID("", markerKey) {
		return nil, false
	}
	return key, true
}

// maxReclaims bounds the rounds of one Reclaimer: a marker that changes
// owner between every read and send fails the write as taken.
const maxReclaims = 4

// Reclaimer turns the takes of a canceled transaction whose marker items
// are orphaned into takeovers, for the caller to send again. A marker is
// orphaned when the item it names as owner does not exist, no longer holds
// the value, or holds it with a TTL (Claim.TTL) that counts it expired at
// the time of the check (ttl.Expired: at or before it, and not more than
// five years before it, which DynamoDB's TTL never deletes): DynamoDB's TTL deleted the owner (and, had it carried the
// TTL, would have deleted the marker too), or a write that did not
// release the marker changed it. A takeover is the take's put
// conditioned on the marker naming exactly the owner read, and a
// ConditionCheck on that owner that it still does not hold the value
// (it is absent, lacks the value, or has expired), both in the same
// transaction: two writers taking over one orphaned marker cannot both
// succeed, and an owner that takes its value back in between keeps it.
//
// A release (the delete of a marker item, Action.release) fails when the
// marker names another item. When that item holds the value too (two
// items stored with one value before the attribute was declared unique),
// the marker is the other item's to keep: the release becomes a
// ConditionCheck that the marker still names that item, with a
// ConditionCheck that the item still holds the value, unexpired, in the
// same transaction, and the write goes on without deleting it. When that
// item does not hold the value (the marker is orphaned: other code
// changed or deleted it), the marker protects nothing and the release
// deletes it, conditioned on the marker still naming that item and, as a
// takeover is, on that item still not holding the value.
type Reclaimer struct {
	orig     []Action
	claims   map[int]takeover // take index -> the marker's owner to take over
	releases map[int]kept     // release index -> the other holder its marker names
	rounds   int
}

// kept is a release whose marker names another item: one that holds the
// value too and keeps the marker, or (orphan) one that does not, whose
// marker the release deletes.
type kept struct {
	owner  string                          // the owner attribute the marker holds
	id     string                          // the item it names, canonical (expr.KeyID); "" for none
	marker map[string]types.AttributeValue // the marker item read
	orphan bool                            // the owner does not hold the value
	check  bool                            // orphan: the owner names an item, checked not to hold it
}

// takeover is the take of an orphaned marker: its put is conditioned on
// the marker naming owner, and when owner names an item (check) on that
// item not holding the value.
type takeover struct {
	owner string
	id    string // the item owner names, canonical (expr.KeyID)
	check bool
}

// NewReclaimer returns a Reclaimer for the transaction of actions.
func NewReclaimer(actions []Action) *Reclaimer {
	return &Reclaimer{orig: actions}
}

// Reclaim sends actions with send; when the transaction is canceled only
// because unique values' markers are orphaned, it sends the actions that
// take them over (Reclaimer.Next, reading owners with read), at most a few
// rounds. It returns nil, the first error that is no orphaned marker's, or
// the last send's error.
func Reclaim(ctx context.Context, actions []Action, send func(context.Context, []Action) error, read ReadFunc) error {
	r := NewReclaimer(actions)
	for {
		err := send(ctx, actions)
		if err == nil {
			return nil
		}
		next, ok, rerr := r.Next(ctx, err, read, time.Now())
		if rerr != nil {
			return rerr
		}
		if !ok {
			return err
		}
		actions = next
	}
}

// ReadFunc reads an item (strongly consistent) of the model table table;
// nil when there is none.
type ReadFunc func(ctx context.Context, table string, key map[string]types.AttributeValue) (map[string]types.AttributeValue, error)

// Next returns the actions to send after the transaction failed with err:
// ok is false when err is not a cancellation that takeovers of orphaned
// markers can fix (a value another item holds, any other failure), and
// the caller returns err as it is. A read that fails is returned with err.
func (r *Reclaimer) Next(ctx context.Context, err error, read ReadFunc, now time.Time) (actions []Action, ok bool, _ error) {
	var tce *ddbmodel.TxCanceledError
	if !errors.As(err, &tce) || r.rounds >= maxReclaims || len(r.orig) == 0 {
		return nil, false, nil
	}
	failed := tce.Failed()
	if len(failed) == 0 {
		return nil, false, nil
	}
	next := map[int]takeover{}
	for i, o := range r.claims {
		next[i] = o
	}
	releases := map[int]kept{}
	for i, k := range r.releases {
		releases[i] = k
	}
	// A check this Reclaimer added failing means an owner holds its value
	// again (the write fails), unless a kept release went back to the
	// release as built, which drops that holder's check.
	var checkFailed, reverted bool
	for _, f := range failed {
		if f.Code != "ConditionalCheckFailed" || f.Index < 0 {
			return nil, false, nil // another failure
		}
		if f.Index >= len(r.orig) {
			checkFailed = true
			continue
		}
		a := r.orig[f.Index]
		if a.release != nil && a.Item.Delete != nil {
			if _, was := releases[f.Index]; was && (len(f.Item) == 0 || expr.StringOf(f.Item[a.release.OwnerAttr]) == a.release.Owner) {
				// The marker went meanwhile (its other holder released
				// it), or names this item again: the release as built
				// deletes it.
				delete(releases, f.Index)
				reverted = true
				continue
			}
			k, ok, rerr := otherHolder(ctx, a, f.Item, read, now)
			if rerr != nil {
				return nil, false, errtext.Errorf("%w; reading the item the released value's marker names: %w", err, rerr)
			}
			if !ok {
				return nil, false, nil
			}
			releases[f.Index] = k
			continue
		}
		c := a.claim
		if c == nil || a.Item.Put == nil {
			return nil, false, nil
		}
		if len(f.Item) == 0 {
			// The marker was deleted meanwhile (its TTL): take it as a
			// take of an absent marker does.
			delete(next, f.Index)
			continue
		}
		if !expr.SameScalar(f.Item[c.EntityAttr], c.Marker) {
			return nil, false, nil
		}
		owner := expr.StringOf(f.Item[c.OwnerAttr])
		if owner == c.Owner {
			return nil, false, nil
		}
		key, isItem := c.ownerItem(owner, a.Key)
		if isItem {
			item, rerr := read(ctx, aws.ToString(a.Item.Put.TableName), key)
			if rerr != nil {
				return nil, false, errtext.Errorf("%w; reading the owner of the value's marker item: %w", err, rerr)
			}
			if holds(item, c, now) {
				return nil, false, nil
			}
		}
		next[f.Index] = takeover{owner: owner, id: expr.KeyID("", key), check: isItem}
	}
	if checkFailed && !reverted {
		return nil, false, nil
	}
	out := append([]Action(nil), r.orig...)
	// owners lists the items that must not hold a value: the owners of
	// the markers taken over and of the orphaned markers released;
	// byOwner gives the actions whose value each must lack.
	var owners []string
	byOwner := map[string][]int{}
	lacking := func(id string, i int) {
		if byOwner[id] == nil {
			owners = append(owners, id)
		}
		byOwner[id] = append(byOwner[id], i)
	}
	for _, i := range slices.Sorted(maps.Keys(next)) {
		a, owner := out[i], next[i].owner
		c := a.claim
		put := *a.Item.Put
		var w expr.Writer
		put.ConditionExpression = aws.String(namesOwner(&w, c, owner))
		put.ExpressionAttributeNames, put.ExpressionAttributeValues = w.Names(), w.Values()
		a.Item = types.TransactWriteItem{Put: &put}
		out[i] = a
		if next[i].check {
			lacking(next[i].id, i)
		}
	}
	for _, i := range slices.Sorted(maps.Keys(releases)) {
		if k := releases[i]; k.orphan {
			out[i] = dropOrphan(out[i], k.owner)
			if k.check {
				lacking(k.id, i)
			}
		}
	}
	out, holders := keep(out, releases)
	for _, owner := range append(slices.Clone(owners), holders...) {
		for _, o := range r.orig {
			if expr.KeyID("", o.Key) == owner {
				// The owner is written in this transaction too: DynamoDB
				// takes one action per item, so no check can join.
				return nil, false, nil
			}
		}
	}
	for _, owner := range owners {
		if !slices.Contains(holders, owner) {
			out = append(out, lacksCheck(out, owner, byOwner[owner], releases, now))
		}
	}
	// An item that holds one value and must lack another (two unique
	// attributes) gets one check of both: DynamoDB takes one action per
	// item.
	out = r.holderChecks(out, releases, holders, byOwner, now)
	r.claims, r.releases = next, releases
	r.rounds++
	return out, true, nil
}

// claimOf returns the Claim of a take, or the Release of a release.
func claimOf(a Action) *Claim {
	if a.claim != nil {
		return a.claim
	}
	return a.release
}

// markerTable returns the table a put or delete of a marker item writes.
func markerTable(a Action) *string {
	if a.Item.Put != nil {
		return a.Item.Put.TableName
	}
	return a.Item.Delete.TableName
}

// namesOwner renders into w the condition that a marker item is c's
// marker and names owner.
func namesOwner(w *expr.Writer, c *Claim, owner string) string {
	return w.Name(c.EntityAttr) + " = " + w.Value(c.Marker) + " AND " + OwnerIs(w, c.OwnerAttr, owner)
}

// OwnerIs renders into w the condition that a marker item's owner
// attribute ownerAttr is owner, as read: owner "" also matches a marker
// without the attribute (one other code wrote).
func OwnerIs(w *expr.Writer, ownerAttr, owner string) string {
	cond := w.Name(ownerAttr) + " = " + w.Value(&types.AttributeValueMemberS{Value: owner})
	if owner == "" {
		cond = "(attribute_not_exists(" + w.Name(ownerAttr) + ") OR " + cond + ")"
	}
	return cond
}

// dropOrphan returns the release a with its delete conditioned on the
// marker being absent (deleted meanwhile, as the release takes it) or
// naming owner, which names no item or one that does not hold the value
// (the ConditionCheck of lacksCheck sees that it still does not).
func dropOrphan(a Action, owner string) Action {
	c := a.release
	del := *a.Item.Delete
	var w expr.Writer
	del.ConditionExpression = aws.String("attribute_not_exists(" + w.Name(c.PartitionKey) + ") OR (" + namesOwner(&w, c, owner) + ")")
	del.ExpressionAttributeNames, del.ExpressionAttributeValues = w.Names(), w.Values()
	a.Item = types.TransactWriteItem{Delete: &del}
	a.Op += " (orphaned marker dropped)"
	return a
}

// lacksValue renders into w the condition that an item does not hold c's
// value: it lacks the value, or is no item of c's entity (an item of
// another entity holds none of its values).
func lacksValue(w *expr.Writer, c *Claim) string {
	attr := w.Name(c.Attr)
	cond := "attribute_not_exists(" + attr + ") OR " + attr + " <> " + w.Value(c.Value)
	if c.Holder != nil {
		ea := w.Name(c.EntityAttr)
		cond += " OR (attribute_exists(" + ea + ") AND " + ea + " <> " + w.Value(c.Holder) + ")"
	}
	return "(" + cond + ")"
}

// lacksCheck returns the ConditionCheck that owner, the item a marker
// names, does not hold the value of any of the actions idx of out (it
// is absent, lacks the value, or has expired at now).
func lacksCheck(out []Action, owner string, idx []int, releases map[int]kept, now time.Time) Action {
	_, key, _ := expr.ParseKeyID(owner)
	first := out[idx[0]]
	c := claimOf(first)
	var w expr.Writer
	var lacks []string
	for _, i := range idx {
		lacks = append(lacks, lacksValue(&w, claimOf(out[i])))
	}
	lack := lacks[0]
	if len(lacks) > 1 {
		lack = "(" + strings.Join(lacks, " AND ") + ")"
	}
	cond := "attribute_not_exists(" + w.Name(c.PartitionKey) + ") OR " + lack
	if c.TTL != "" {
		cond += " OR " + expiredCond(&w, c.TTL, now)
	}
	// The check failing means the owner holds the value again: the
	// outcome is the first action's, given the marker it read.
	marker := releases[idx[0]].marker
	outcome := func(map[string]types.AttributeValue) error {
		if first.classify != nil {
			return first.classify(marker)
		}
		return first.unique
	}
	return Action{
		Item: types.TransactWriteItem{ConditionCheck: &types.ConditionCheck{
			TableName: markerTable(first), Key: key, ConditionExpression: aws.String(cond),
			ExpressionAttributeNames: w.Names(), ExpressionAttributeValues: w.Values(),
		}},
		Entity: first.Entity, Op: first.Op + " (owner of the reclaimed value)", Key: key, Size: expr.ItemSize(key),
		classify: outcome,
	}
}

// otherHolder reports whether the release a failed because its marker
// (returned as marker) names another item or no item at all, and returns
// the marker's owner attribute and whether that owner does not hold the
// value, unexpired at now (the marker is orphaned).
func otherHolder(ctx context.Context, a Action, marker map[string]types.AttributeValue, read ReadFunc, now time.Time) (kept, bool, error) {
	c := a.release
	if len(marker) == 0 || !expr.SameScalar(marker[c.EntityAttr], c.Marker) {
		return kept{}, false, nil
	}
	owner := expr.StringOf(marker[c.OwnerAttr])
	if owner == c.Owner {
		return kept{}, false, nil
	}
	key, isItem := c.ownerItem(owner, a.Key)
	if !isItem {
		return kept{owner: owner, marker: marker, orphan: true}, true, nil
	}
	item, err := read(ctx, aws.ToString(a.Item.Delete.TableName), key)
	if err != nil {
		return kept{}, false, err
	}
	orphan := !holds(item, c, now)
	return kept{owner: owner, id: expr.KeyID("", key), marker: marker, orphan: orphan, check: orphan}, true, nil
}

// keep turns each release of releases whose marker another holder keeps
// (not orphaned) into a ConditionCheck that its marker still names that
// holder, and returns the holders to check, in order.
func keep(out []Action, releases map[int]kept) (_ []Action, holders []string) {
	for _, i := range slices.Sorted(maps.Keys(releases)) {
		k := releases[i]
		if k.orphan {
			continue
		}
		a := out[i]
		c := a.release
		del := a.Item.Delete
		var w expr.Writer
		cond := namesOwner(&w, c, k.owner)
		a.Item = types.TransactWriteItem{ConditionCheck: &types.ConditionCheck{
			TableName: del.TableName, Key: del.Key, ConditionExpression: aws.String(cond),
			ExpressionAttributeNames: w.Names(), ExpressionAttributeValues: w.Values(),
			ReturnValuesOnConditionCheckFailure: types.ReturnValuesOnConditionCheckFailureAllOld,
		}}
		a.Op += " (kept: another item holds the value)"
		out[i] = a
		if !slices.Contains(holders, k.id) {
			holders = append(holders, k.id)
		}
	}
	return out, holders
}

// holderChecks appends, for each holder, the ConditionCheck that it still
// holds every value whose release releases turned into a check of the
// marker naming it, unexpired at now, and lacks the value of each action
// lacking[holder] names (an orphaned marker of another attribute naming
// it).
func (r *Reclaimer) holderChecks(out []Action, releases map[int]kept, holders []string, lacking map[string][]int, now time.Time) []Action {
	for _, owner := range holders {
		_, key, _ := expr.ParseKeyID(owner)
		var w expr.Writer
		var conds []string
		firstIdx := -1
		for _, i := range slices.Sorted(maps.Keys(releases)) {
			if k := releases[i]; k.id != owner || k.orphan {
				continue
			}
			if firstIdx < 0 {
				firstIdx = i
			}
			a := r.orig[i]
			conds = append(conds, w.Name(a.release.Attr)+" = "+w.Value(a.release.Value))
		}
		fa, marker := r.orig[firstIdx], releases[firstIdx].marker
		c := fa.release
		if c.Holder != nil {
			ea := w.Name(c.EntityAttr)
			conds = append(conds, "(attribute_not_exists("+ea+") OR "+ea+" = "+w.Value(c.Holder)+")")
		}
		if c.TTL != "" {
			conds = append(conds, "("+unexpiredCond(&w, c.TTL, now)+")")
		}
		for _, i := range lacking[owner] {
			conds = append(conds, lacksValue(&w, claimOf(out[i])))
		}
		out = append(out, Action{
			Item: types.TransactWriteItem{ConditionCheck: &types.ConditionCheck{
				TableName: fa.Item.Delete.TableName, Key: key, ConditionExpression: aws.String(strings.Join(conds, " AND ")),
				ExpressionAttributeNames: w.Names(), ExpressionAttributeValues: w.Values(),
			}},
			Entity: fa.Entity, Op: fa.Op + " (other holder of the kept value)", Key: key, Size: expr.ItemSize(key),
			classify: func(map[string]types.AttributeValue) error { return fa.classify(marker) },
		})
	}
	return out
}

// expiredCond renders into w the condition that an item's TTL attribute
// attr counts it expired at now (ttl.Expired): at or before now, and not
// before ttl.Horizon(now).
func expiredCond(w *expr.Writer, attr string, now time.Time) string {
	name := w.Name(attr)
	return "(" + name + " <= " + w.Value(number(now.Unix())) + " AND " + name + " >= " + w.Value(number(ttl.Horizon(now))) + ")"
}

// unexpiredCond renders into w the condition that an item's TTL attribute
// attr does not count it expired at now: absent, no number, later than
// now, or before ttl.Horizon(now).
func unexpiredCond(w *expr.Writer, attr string, now time.Time) string {
	name := w.Name(attr)
	return "attribute_not_exists(" + name + ") OR NOT attribute_type(" + name + ", " + w.Value(&types.AttributeValueMemberS{Value: "N"}) + ") OR " +
		name + " > " + w.Value(number(now.Unix())) + " OR " + name + " < " + w.Value(number(ttl.Horizon(now)))
}

func number(n int64) types.AttributeValue {
	return &types.AttributeValueMemberN{Value: strconv.FormatInt(n, 10)}
}

// holds reports whether item, the owner a marker names, holds the value
// of c unexpired at now.
func holds(item map[string]types.AttributeValue, c *Claim, now time.Time) bool {
	if len(item) == 0 || !expr.SameScalar(item[c.Attr], c.Value) {
		return false
	}
	if c.Holder != nil && item[c.EntityAttr] != nil && !expr.SameScalar(item[c.EntityAttr], c.Holder) {
		return false
	}
	if c.TTL == "" {
		return true
	}
	return !ttl.Expired(item[c.TTL], now)
}

// NotHolding renders into w the condition that the item a marker names
// as its owner does not hold value in attr: the item is absent (pk is the
// table's partition key), lacks the value, is no item of the entity
// (its entityAttr is present and not holder; holder nil: not checked),
// or has a TTL
// attribute ttlAttr ("" for none) that counts it expired at now. It is
// the condition a takeover of an orphaned marker checks on that item.
func NotHolding(w *expr.Writer, pk, attr string, value types.AttributeValue, entityAttr string, holder types.AttributeValue, ttlAttr string, now time.Time) string {
	cond := "attribute_not_exists(" + w.Name(pk) + ") OR " + lacksValue(w, &Claim{Attr: attr, Value: value, EntityAttr: entityAttr, Holder: holder})
	if ttlAttr != "" {
		cond += " OR " + expiredCond(w, ttlAttr, now)
	}
	return cond
}
