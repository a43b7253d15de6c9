package txn

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/internal/txwrite"
)

// The entities of a request, for db's Observer. Without an Observer they
// are nil, so that an unobserved request allocates nothing for them.

func writeEntities(db *entity.DB, chunk []entity.BatchWrite) []string {
	if db.Observer == nil {
		return nil
	}
	names := make([]string, len(chunk))
	for i, w := range chunk {
		names[i] = w.Entity
	}
	return names
}

func readEntities(db *entity.DB, chunk []batchKey) []string {
	if db.Observer == nil {
		return nil
	}
	names := make([]string, len(chunk))
	for i, k := range chunk {
		names[i] = k.entity
	}
	return names
}

func (t GetTx) request(db *entity.DB) entity.Request {
	if db.Observer == nil {
		return entity.Request{}
	}
	names := make([]string, len(t.ops))
	for i, op := range t.ops {
		names[i] = op.EntityName()
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
