package entity

import (
	"context"
	"strings"

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
		Holder: e.marker, IsKey: e.table.mayHold,
	}
}

// mayHold reports whether key can be the table key of an item holding a
// unique value: a table key DynamoDB can read (isTableKey) that is no
// marker item's (no entity renders one: Define refuses it). A marker's
// owner attribute naming anything else names no holder.
func (t *Table) mayHold(key map[string]types.AttributeValue) bool {
	if !t.isTableKey(key) {
		return false
	}
	pk, _ := key[t.PartitionKey.Name].(*types.AttributeValueMemberS)
	if pk == nil || !strings.HasPrefix(pk.Value, uniquePrefix) {
		return true
	}
	if t.SortKey.Name == "" {
		return false
	}
	sk, _ := key[t.SortKey.Name].(*types.AttributeValueMemberS)
	return sk == nil || sk.Value != uniqueSortKey
}

// isTableKey reports whether key is a table key of t DynamoDB can read:
// exactly its key attributes, each of its declared type, strings and
// binaries not empty and within the key limits (2,048 bytes for the
// partition key, 1,024 for the sort key). A marker's owner attribute that
// parses to anything else names no item.
func (t *Table) isTableKey(key map[string]types.AttributeValue) bool {
	want := 1
	if t.SortKey.Name != "" {
		want = 2
		if !keyValueFits(key[t.SortKey.Name], t.SortKey.typ(), 1024) {
			return false
		}
	}
	return len(key) == want && keyValueFits(key[t.PartitionKey.Name], t.PartitionKey.typ(), 2048)
}

// keyValueFits reports whether av is a key value of type typ that
// DynamoDB takes: a non-empty string or binary of at most limit bytes, or
// a number.
func keyValueFits(av types.AttributeValue, typ types.ScalarAttributeType, limit int) bool {
	if avCode(av) != string(typ) {
		return false
	}
	switch v := av.(type) {
	case *types.AttributeValueMemberS:
		return v.Value != "" && len(v.Value) <= limit
	case *types.AttributeValueMemberB:
		return len(v.Value) > 0 && len(v.Value) <= limit
	}
	return true
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
