package txn

import (
	"context"
	"maps"
	"slices"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/internal/txwrite"
)

// The entities of a request, for db's Observer. Without an Observer they
// are nil, so that an unobserved request allocates nothing for them.

// A batch chunk's first attempt carries the whole chunk; a later one only
// what DynamoDB left unprocessed, whose entities are found by key.

func writeEntities(db *entity.DB, chunk []entity.BatchWrite, attempt int, pending map[string][]types.WriteRequest) []string {
	if db.Observer == nil {
		return nil
	}
	if attempt <= 1 {
		names := make([]string, len(chunk))
		for i, w := range chunk {
			names[i] = w.Entity
		}
		return names
	}
	byKey := map[string]string{}
	keyNames := map[string][]string{}
	for _, w := range chunk {
		byKey[keyID(w.Table, w.Key)] = w.Entity
		if keyNames[w.Table] == nil {
			keyNames[w.Table] = slices.Sorted(maps.Keys(w.Key))
		}
	}
	var names []string
	for _, table := range slices.Sorted(maps.Keys(pending)) {
		for _, r := range pending[table] {
			var key map[string]types.AttributeValue
			switch {
			case r.PutRequest != nil:
				key = keyOfItem(r.PutRequest.Item, keyNames[table])
			case r.DeleteRequest != nil:
				key = r.DeleteRequest.Key
			}
			names = append(names, byKey[keyID(table, key)])
		}
	}
	return names
}

func readEntities(db *entity.DB, chunk []batchKey, attempt int, pending map[string]types.KeysAndAttributes) []string {
	if db.Observer == nil {
		return nil
	}
	if attempt <= 1 {
		names := make([]string, len(chunk))
		for i, k := range chunk {
			names[i] = k.entity
		}
		return names
	}
	byKey := map[string]string{}
	for _, k := range chunk {
		byKey[keyID(k.table, k.key)] = k.entity
	}
	var names []string
	for _, table := range slices.Sorted(maps.Keys(pending)) {
		for _, key := range pending[table].Keys {
			names = append(names, byKey[keyID(table, key)])
		}
	}
	return names
}

// keyOfItem returns the attributes of item named in names.
func keyOfItem(item map[string]types.AttributeValue, names []string) map[string]types.AttributeValue {
	key := make(map[string]types.AttributeValue, len(names))
	for _, n := range names {
		key[n] = item[n]
	}
	return key
}

func (t GetTx) request(db *entity.DB) entity.Request {
	if db.Observer == nil {
		return entity.Request{}
	}
	names := make([]string, len(t.ops))
	for i, op := range t.ops {
		names[i] = readOf(op).Entity
	}
	return entity.Request{Entities: names}
}

// sendWrites sends the write transaction in (assembled from writes) under
// t's retry policy, telling db's Observer which attempt each sending is.
func (t WriteTx) sendWrites(ctx context.Context, db *entity.DB, in *dynamodb.TransactWriteItemsInput, writes []entity.TransactWrite) error {
	var req entity.Request
	if db.Observer != nil {
		req.Entities = make([]string, len(writes))
		for i, w := range writes {
			req.Entities[i] = w.Entity
		}
	}
	return t.retry.run(ctx, t.token != "", func() error {
		req.Attempt++
		if _, err := entity.Send(ctx, db, db.Client.TransactWriteItems, in, req); err != nil {
			return txwrite.CancelError(err, writes)
		}
		return nil
	})
}
