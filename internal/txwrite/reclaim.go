package txwrite

import (
	"context"
	"errors"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/internal/errtext"
	"github.com/ddbmodel/ddbmodel/internal/expr"
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
}

// maxReclaims bounds the rounds of one Reclaimer: a marker that changes
// owner between every read and send fails the write as taken.
const maxReclaims = 4

// Reclaimer turns the takes of a canceled transaction whose marker items
// are orphaned into takeovers, for the caller to send again. A marker is
// orphaned when the item it names as owner does not exist, no longer holds
// the value, or holds it with a TTL (Claim.TTL) at or before the time of
// the check: DynamoDB's TTL deleted the owner (and, had it carried the
// TTL, would have deleted the marker too), or a write that did not
// release the marker changed it. A takeover is the take's put
// conditioned on the marker naming exactly the owner read, and a
// ConditionCheck on that owner that it still does not hold the value
// (it is absent, lacks the value, or has expired), both in the same
// transaction: two writers taking over one orphaned marker cannot both
// succeed, and an owner that takes its value back in between keeps it.
type Reclaimer struct {
	orig   []Action
	claims map[int]string // take index -> the owner read from its marker
	rounds int
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
	next := map[int]string{}
	for i, o := range r.claims {
		next[i] = o
	}
	for _, f := range failed {
		if f.Code != "ConditionalCheckFailed" || f.Index < 0 || f.Index >= len(r.orig) {
			return nil, false, nil // another failure, or an owner that holds its value again
		}
		a := r.orig[f.Index]
		c := a.Claim
		if c == nil || a.Item.Put == nil {
			return nil, false, nil
		}
		if len(f.Item) == 0 {
			// The marker was deleted meanwhile (its TTL): take it as a
			// take of an absent marker does.
			delete(next, f.Index)
			continue
		}
		if !sameScalar(f.Item[c.EntityAttr], c.Marker) {
			return nil, false, nil
		}
		owner := stringOf(f.Item[c.OwnerAttr])
		_, key, parsed := expr.ParseKeyID(owner)
		if !parsed || owner == c.Owner {
			return nil, false, nil
		}
		item, rerr := read(ctx, aws.ToString(a.Item.Put.TableName), key)
		if rerr != nil {
			return nil, false, errtext.Errorf("%w; reading the owner of the value's marker item: %w", err, rerr)
		}
		if holds(item, c, now) {
			return nil, false, nil
		}
		next[f.Index] = owner
	}
	out := append([]Action(nil), r.orig...)
	takes := make([]int, 0, len(next))
	for i := range next {
		takes = append(takes, i)
	}
	slices.Sort(takes)
	var owners []string
	byOwner := map[string][]int{}
	for _, i := range takes {
		a, owner := out[i], next[i]
		c := a.Claim
		put := *a.Item.Put
		var w expr.Writer
		put.ConditionExpression = aws.String(w.Name(c.EntityAttr) + " = " + w.Value(c.Marker) + " AND " +
			w.Name(c.OwnerAttr) + " = " + w.Value(&types.AttributeValueMemberS{Value: owner}))
		put.ExpressionAttributeNames, put.ExpressionAttributeValues = w.Names(), w.Values()
		a.Item = types.TransactWriteItem{Put: &put}
		out[i] = a
		if byOwner[owner] == nil {
			owners = append(owners, owner)
		}
		byOwner[owner] = append(byOwner[owner], i)
	}
	for _, owner := range owners {
		_, key, _ := expr.ParseKeyID(owner)
		for _, o := range r.orig {
			if expr.KeyID("", o.Key) == owner {
				// The owner is written in this transaction too: DynamoDB
				// takes one action per item, so no check can join.
				return nil, false, nil
			}
		}
		first := out[byOwner[owner][0]]
		c := first.Claim
		var w expr.Writer
		var lacks []string
		for _, i := range byOwner[owner] {
			ci := out[i].Claim
			attr := w.Name(ci.Attr)
			lacks = append(lacks, "(attribute_not_exists("+attr+") OR "+attr+" <> "+w.Value(ci.Value)+")")
		}
		lack := lacks[0]
		if len(lacks) > 1 {
			lack = "(" + strings.Join(lacks, " AND ") + ")"
		}
		cond := "attribute_not_exists(" + w.Name(c.PartitionKey) + ") OR " + lack
		if c.TTL != "" {
			cond += " OR " + w.Name(c.TTL) + " <= " + w.Value(&types.AttributeValueMemberN{Value: strconv.FormatInt(now.Unix(), 10)})
		}
		taken := first.Unique
		out = append(out, Action{
			Item: types.TransactWriteItem{ConditionCheck: &types.ConditionCheck{
				TableName: first.Item.Put.TableName, Key: key, ConditionExpression: aws.String(cond),
				ExpressionAttributeNames: w.Names(), ExpressionAttributeValues: w.Values(),
			}},
			Entity: first.Entity, Op: first.Op + " (owner of the reclaimed value)", Key: key, Size: expr.ItemSize(key),
			classify: func(map[string]types.AttributeValue) error { return taken },
		})
	}
	r.claims = next
	r.rounds++
	return out, true, nil
}

// holds reports whether item, the owner a marker names, holds the value
// of c unexpired at now.
func holds(item map[string]types.AttributeValue, c *Claim, now time.Time) bool {
	if len(item) == 0 || !sameScalar(item[c.Attr], c.Value) {
		return false
	}
	if c.TTL == "" {
		return true
	}
	ttl, ok := item[c.TTL].(*types.AttributeValueMemberN)
	if !ok {
		return true
	}
	f, err := strconv.ParseFloat(ttl.Value, 64)
	return err != nil || f > float64(now.Unix())
}

// sameScalar reports whether a and b are the same string or number.
func sameScalar(a, b types.AttributeValue) bool {
	switch x := a.(type) {
	case *types.AttributeValueMemberS:
		y, ok := b.(*types.AttributeValueMemberS)
		return ok && x.Value == y.Value
	case *types.AttributeValueMemberN:
		y, ok := b.(*types.AttributeValueMemberN)
		return ok && x.Value == y.Value
	}
	return false
}

func stringOf(av types.AttributeValue) string {
	if s, ok := av.(*types.AttributeValueMemberS); ok {
		return s.Value
	}
	return ""
}
