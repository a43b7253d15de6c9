package txn

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/internal/errtext"
	"github.com/ddbmodel/ddbmodel/internal/txwrite"
)

// tokenReads refuses op, action i of a transaction with a Token, when it
// reads its item first (unique attributes): a second run of the
// transaction would send other actions under the same token, which
// DynamoDB refuses (IdempotentParameterMismatch), so the Token could not
// keep its promise.
func (t WriteTx) tokenReads(ctx context.Context, db *entity.DB, i int, op entity.WriteOp, name string) error {
	if t.token == "" || db == nil {
		return nil
	}
	if _, err := entity.TransactWrites(ctx, nil, op); !errors.Is(err, entity.ErrNeedsRead) {
		return nil
	}
	return &ddbmodel.ValidationError{Entity: name, Attribute: "ClientRequestToken",
		Reason: fmt.Sprintf("action %d reads its item first (its entity has unique attributes), so a second run of the transaction would send other actions under the same idempotency token, which DynamoDB refuses (IdempotentParameterMismatch); run it without a Token, or use Create", i)}
}

// sendReclaiming sends the transaction; when it is canceled only because
// unique values' markers are orphaned (see entity.Attribute.Unique), it
// sends it again taking them over (txwrite.Reclaimer). A transaction with
// a Token is sent once: its second request would carry other actions.
func (t WriteTx) sendReclaiming(ctx context.Context, db *entity.DB, in *dynamodb.TransactWriteItemsInput, writes []entity.TransactWrite) error {
	err := t.sendWrites(ctx, db, in, writes)
	if err == nil || t.token != "" {
		return err
	}
	r := txwrite.NewReclaimer(writes)
	read := func(ctx context.Context, table string, key map[string]types.AttributeValue) (map[string]types.AttributeValue, error) {
		out, err := entity.Send(ctx, db, db.Client.GetItem, &dynamodb.GetItemInput{TableName: db.Table(table), Key: key, ConsistentRead: aws.Bool(true)}, entity.Request{})
		if err != nil {
			return nil, errtext.Errorf("transaction: %w", err)
		}
		return out.Item, nil
	}
	for {
		next, ok, rerr := r.Next(ctx, err, read, time.Now())
		if rerr != nil || !ok {
			if rerr != nil {
				return rerr
			}
			return err
		}
		if in, err = txwrite.Input(tablesOf(db), "", next); err != nil {
			return err
		}
		if err = t.sendWrites(ctx, db, in, next); err == nil {
			return nil
		}
	}
}
