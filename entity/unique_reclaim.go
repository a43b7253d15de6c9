package entity

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/internal/errtext"
	"github.com/ddbmodel/ddbmodel/internal/expr"
	"github.com/ddbmodel/ddbmodel/internal/txwrite"
)

// The marker items of an entity whose table has a TTLAttribute carry their
// owner item's TTL attribute and value, so that DynamoDB's TTL deletes
// them with it; every write that changes the owner's TTL rewrites them.
// A marker that outlives its owner anyway (written before, by a write
// that did not keep it, or deleted later than the owner) is orphaned, and
// the next write taking its value takes it over (txwrite.Reclaimer,
// sendUnique).

// ttlOf returns item's TTL attribute (the table's TTLAttribute), or nil.
func (e *entityCore) ttlOf(item map[string]types.AttributeValue) types.AttributeValue {
	if e.table.TTLAttribute == "" || item == nil {
		return nil
	}
	if av, ok := item[e.table.TTLAttribute]; ok && !isNull(av) {
		return av
	}
	return nil
}

// ttlChanged reports whether a write from old to new changes the item's
// TTL, which its markers carry.
func (e *entityCore) ttlChanged(old, new map[string]types.AttributeValue) bool {
	a, b := e.ttlOf(old), e.ttlOf(new)
	if a == nil || b == nil {
		return a != b
	}
	x, okx := avText(a)
	y, oky := avText(b)
	return !okx || !oky || x != y
}

// claim is what the take of u's value (as new holds it) by the item owner
// needs to take over an orphaned marker.
func (e *entityCore) claim(u *uniqueDef, owner string, new map[string]types.AttributeValue) *txwrite.Claim {
	return &txwrite.Claim{
		Owner: owner, OwnerAttr: uniqueOwnerAttr, EntityAttr: e.table.EntityAttr(), Marker: u.marker,
		PartitionKey: e.table.PartitionKey.Name, Attr: u.attr, Value: new[u.attr], TTL: e.table.TTLAttribute,
	}
}

// releaseFailure is the outcome of the failed release of u's value was:
// its marker, returned as old, belongs to another item.
func (e *entityCore) releaseFailure(u *uniqueDef, was string) func(map[string]types.AttributeValue) error {
	return func(old map[string]types.AttributeValue) error {
		out := &ddbmodel.UniqueOwnerError{Entity: e.name, Attribute: u.attr, Value: was}
		if stringAttr(old, e.table.EntityAttr()) == u.marker.(*types.AttributeValueMemberS).Value {
			if _, key, ok := expr.ParseKeyID(stringAttr(old, uniqueOwnerAttr)); ok {
				out.Owner = expr.DescribeKey(key)
			}
		}
		return out
	}
}

// readRaw reads the item under key of the model table (strongly
// consistent), whatever entity's it is; nil when there is none.
func readRaw(ctx context.Context, db *DB, entity, table string, key map[string]types.AttributeValue) (map[string]types.AttributeValue, error) {
	out, err := Send(ctx, db, db.Client.GetItem, &dynamodb.GetItemInput{TableName: db.Table(table), Key: key, ConsistentRead: aws.Bool(true)}, Request{Entities: []string{entity}})
	if err != nil {
		return nil, errtext.Errorf("%s: %w", entity, err)
	}
	return out.Item, nil
}

// sendUnique sends writes, a write with its marker actions, as one
// transaction; when it is canceled only because values' markers are
// orphaned (their owners no longer hold them), it sends it again taking
// them over (txwrite.Reclaimer).
func sendUnique(ctx context.Context, db *DB, entity string, writes []TransactWrite) error {
	send := func(ctx context.Context, writes []TransactWrite) error {
		return transactWriteItems(ctx, db, "", writes)
	}
	read := func(ctx context.Context, table string, key map[string]types.AttributeValue) (map[string]types.AttributeValue, error) {
		return readRaw(ctx, db, entity, table, key)
	}
	return txwrite.Reclaim(ctx, writes, send, read)
}
