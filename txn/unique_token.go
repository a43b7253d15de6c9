package txn

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/internal/errtext"
	"github.com/ddbmodel/ddbmodel/internal/txwrite"
)

// tokenReads refuses a transaction with a Token when one of its actions
// reads its item first (a write changing unique attributes, or moving the
// item): a second run of the transaction would send other actions under
// the same token, which DynamoDB refuses (IdempotentParameterMismatch), so
// the Token could not keep its promise. It asks every action before any
// is compiled with db, so that nothing (not even the first action's read)
// is sent before the refusal.
func (t WriteTx) tokenReads(ctx context.Context) error {
	if t.token == "" {
		return nil
	}
	for i, op := range t.ops {
		_, err := compile("transaction action", i, op, func() ([]entity.TransactWrite, error) { return entity.TransactWrites(ctx, nil, op) })
		var nr *entity.NeedsReadError
		if !errors.As(err, &nr) {
			continue
		}
		return &ddbmodel.ValidationError{Entity: nr.Entity, Attribute: "ClientRequestToken",
			Reason: fmt.Sprintf("action %d (%s) reads its item first (for %s), so a second run of the transaction would send other actions under the same idempotency token, which DynamoDB refuses (IdempotentParameterMismatch); run it without a Token, or use Create", i, nr.Op, strings.Join(nr.Attributes, ", "))}
	}
	return nil
}

// sendReclaiming sends the transaction; when it is canceled only because
// unique values' markers are orphaned (see entity.Attribute.Unique), it
// sends it again taking them over (txwrite.Reclaimer). A transaction with
// a Token is sent once: its second request would carry other actions.
func (t WriteTx) sendReclaiming(ctx context.Context, db *entity.DB, in *dynamodb.TransactWriteItemsInput, writes []entity.TransactWrite) error {
	if t.token != "" {
		return t.sendWrites(ctx, db, in, writes)
	}
	send := func(ctx context.Context, writes []entity.TransactWrite) error {
		in, err := txwrite.Input(tablesOf(db), "", writes)
		if err != nil {
			return err
		}
		return t.sendWrites(ctx, db, in, writes)
	}
	read := func(ctx context.Context, table string, key map[string]types.AttributeValue) (map[string]types.AttributeValue, error) {
		out, err := entity.Send(ctx, db, db.Client.GetItem, &dynamodb.GetItemInput{TableName: db.Table(table), Key: key, ConsistentRead: aws.Bool(true)}, entity.Request{})
		if err != nil {
			return nil, errtext.Errorf("transaction: %w", err)
		}
		return out.Item, nil
	}
	return txwrite.Reclaim(ctx, writes, send, read)
}
