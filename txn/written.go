package txn

import (
	"context"

	"github.com/ddbmodel/ddbmodel/internal/errtext"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/internal/txwrite"
)

// RunWritten sends the transaction, as Run does, and returns the items it
// wrote, aligned with its actions: Decode(items, i, e) gives action i's item
// typed, and Found(i) reports whether it has one.
//
//   - A put or create gives the item exactly as it was sent: with its
//     defaults, timestamps and lock version applied (no request is needed).
//   - An update gives the item as it is after the transaction. DynamoDB
//     transactions return no values, so RunWritten reads the updated items
//     back in a second request, one consistent TransactGetItems sent after
//     the write succeeded (only when the transaction holds updates). That
//     read is not part of the transaction: a write by someone else between
//     the two requests shows in what it returns, and an item deleted in
//     between is not found.
//   - A delete or a condition check gives no item.
//
// When the transaction succeeds but the read-back fails, the error says
// so (the writes happened) and the items of the puts are returned with it.
// Errors of the transaction itself are those of Run.
func (t WriteTx) RunWritten(ctx context.Context, db *entity.DB) (Items, error) {
	if err := checkDB(db, "transaction"); err != nil {
		return Items{}, err
	}
	writes, err := t.compile(ctx, db)
	if err != nil {
		return Items{}, err
	}
	in, err := txwrite.Input(tablesOf(db), t.token, writes)
	if err != nil {
		return Items{}, err
	}
	if err := t.sendWrites(ctx, db, in, writes); err != nil {
		return Items{}, err
	}
	res := Items{raw: make([]map[string]types.AttributeValue, len(writes))}
	var gets []types.TransactGetItem
	var at []int          // the action of each read
	var entities []string // the entity of each read, for the Observer
	for i, it := range in.TransactItems {
		switch {
		case it.Put != nil:
			res.raw[i] = it.Put.Item
		case it.Update != nil:
			gets = append(gets, types.TransactGetItem{Get: &types.Get{TableName: it.Update.TableName, Key: it.Update.Key}})
			at = append(at, i)
			entities = append(entities, writes[i].Entity)
		}
	}
	if len(gets) == 0 {
		return res, nil
	}
	out, err := entity.Send(ctx, db, db.Client.TransactGetItems, &dynamodb.TransactGetItemsInput{TransactItems: gets}, entity.Request{Entities: entities})
	if err != nil {
		return res, errtext.Errorf("the transaction was written; reading back its %d updated items failed: %w", len(gets), err)
	}
	for j, r := range out.Responses {
		if j < len(at) && len(r.Item) > 0 {
			res.raw[at[j]] = r.Item
		}
	}
	return res, nil
}
