package txn

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"
	"unicode/utf8"

	"github.com/ddbmodel/ddbmodel/internal/errtext"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/internal/contract"
	"github.com/ddbmodel/ddbmodel/internal/expr"
	"github.com/ddbmodel/ddbmodel/internal/link"
	"github.com/ddbmodel/ddbmodel/internal/txwrite"
)

// WriteTx is a write transaction over any entities: all of its actions
// happen, or none. It is an immutable value.
type WriteTx struct {
	ops   []entity.WriteOp
	token string
	retry retryPolicy
}

// Write starts a write transaction with ops (puts, creates, updates,
// deletes and condition checks of any entities).
func Write(ops ...entity.WriteOp) WriteTx { return WriteTx{ops: append([]entity.WriteOp(nil), ops...)} }

// Add appends actions.
func (t WriteTx) Add(ops ...entity.WriteOp) WriteTx {
	t.ops = append(t.ops[:len(t.ops):len(t.ops)], ops...)
	return t
}

// Token sets the idempotency token (at most 36 characters): DynamoDB
// applies a transaction with the same token and the same actions at most
// once within ten minutes, and a second run with the same token succeeds
// without writing again. That holds only for a transaction whose actions
// do not depend on what the table holds: a put, upsert or delete of an
// entity with unique attributes, or an update changing one (or its TTL),
// reads the item first (see entity.TransactWrites), so a second run would
// send other actions and DynamoDB would refuse it
// (IdempotentParameterMismatch). Run refuses such a transaction with a
// Token before sending anything, with a *ddbmodel.ValidationError naming
// the action, its entity and its unique attributes; Create and updates
// that leave unique attributes alone run with a Token as usual. A
// transaction with a Token does not take over orphaned unique markers
// (see entity.Attribute.Unique): that takes a second request with other
// actions; it fails with the value's *ddbmodel.UniqueError instead.
func (t WriteTx) Token(token string) WriteTx { t.token = token; return t }

// maxTokenLength is the longest idempotency token DynamoDB takes.
const maxTokenLength = 36

func (t WriteTx) compile(ctx context.Context, db *entity.DB) ([]entity.TransactWrite, error) {
	if t.retry.err != nil {
		return nil, t.retry.err
	}
	if n := utf8.RuneCountInString(t.token); n > maxTokenLength {
		return nil, &ddbmodel.ValidationError{Attribute: "ClientRequestToken",
			Reason: fmt.Sprintf("idempotency token of %d characters, over DynamoDB's %d", n, maxTokenLength)}
	}
	if len(t.ops) > expr.MaxTransactItems {
		return nil, &ddbmodel.LimitError{What: "transaction actions", Limit: expr.MaxTransactItems, Got: len(t.ops)}
	}
	if err := t.tokenReads(ctx); err != nil {
		return nil, err
	}
	// Each op's own action, in order; then the actions keeping the unique
	// attributes of their entities (marker items), which may need a read
	// of the item first. Every op is compiled without db first, so that
	// invalid input anywhere is refused before any read; those that need
	// one (ErrNeedsRead) are then compiled again with db.
	writes := make([]entity.TransactWrite, len(t.ops))
	extras := make([][]entity.TransactWrite, len(t.ops))
	var reads []int
	for i, op := range t.ops {
		ws, err := compile("transaction action", i, op, func() ([]entity.TransactWrite, error) { return entity.TransactWrites(ctx, nil, op) })
		if db != nil && errors.Is(err, entity.ErrNeedsRead) {
			reads = append(reads, i)
			continue
		}
		if err != nil {
			return nil, err
		}
		writes[i], extras[i] = ws[0], ws[1:]
	}
	for _, i := range reads {
		op := t.ops[i]
		ws, err := compile("transaction action", i, op, func() ([]entity.TransactWrite, error) { return entity.TransactWrites(ctx, db, op) })
		if err != nil {
			return nil, err
		}
		writes[i], extras[i] = ws[0], ws[1:]
	}
	// A unique value one op releases and another takes: one action on its
	// marker item (txwrite.Handoffs).
	return txwrite.Handoffs(append(writes, slices.Concat(extras...)...))
}

// Build checks the transaction (at most 100 actions, 4 MB, no two actions on
// one item) and compiles it without sending it. A put, update, upsert or
// delete that changes a unique attribute needs to read its item first (see
// entity.TransactWrites): Build fails for it with entity.ErrNeedsRead, and
// Run reads it.
func (t WriteTx) Build() (*dynamodb.TransactWriteItemsInput, error) {
	writes, err := t.compile(context.Background(), nil)
	if err != nil {
		return nil, err
	}
	return txwrite.Input(txwrite.Tables{}, t.token, writes)
}

// Run sends the transaction. Every action is checked first: invalid input
// in any action is refused before the reads that actions keeping unique
// attributes need, and before anything is written. A canceled transaction is a
// *ddbmodel.TxCanceledError whose Reasons name each action's index,
// entity, operation and code; it also satisfies errors.Is with the outcome
// of each failed condition (ErrAlreadyExists for a create, ErrVersionConflict,
// ErrNotFound for an update of a missing item, ErrConditionFailed).
func (t WriteTx) Run(ctx context.Context, db *entity.DB) error {
	if err := checkDB(db, "transaction"); err != nil {
		return err
	}
	writes, err := t.compile(ctx, db)
	if err != nil {
		return err
	}
	in, err := txwrite.Input(tablesOf(db), t.token, writes)
	if err != nil {
		return err
	}
	return t.sendReclaiming(ctx, db, in, writes)
}

// ReadOp is a read that can join a read transaction or a batch get: every
// entity's Get (entity.GetOp), and nothing else. Through it a read brings
// its entity's name for error reports, its consistency (batch gets honour
// Consistent; transactional reads are always consistent) and whether it
// skips expired items (entity.GetOp.SkipExpired).
type ReadOp interface {
	TransactGet() (types.TransactGetItem, error)
	link.Holder[contract.Read]
}

// readOf returns what op carries beyond its public API.
func readOf(op ReadOp) contract.Read { return contract.ReadOf(op) }

// GetTx reads several items of any entities as one consistent snapshot.
type GetTx struct {
	ops   []ReadOp
	retry retryPolicy
}

// Get starts a read transaction.
func Get(ops ...ReadOp) GetTx { return GetTx{ops: append([]ReadOp(nil), ops...)} }

// Build compiles the read transaction without sending it.
func (t GetTx) Build() (*dynamodb.TransactGetItemsInput, error) {
	if t.retry.err != nil {
		return nil, t.retry.err
	}
	if len(t.ops) == 0 {
		return nil, &ddbmodel.ValidationError{Reason: "empty read transaction"}
	}
	if len(t.ops) > expr.MaxTransactItems {
		return nil, &ddbmodel.LimitError{What: "transaction reads", Limit: expr.MaxTransactItems, Got: len(t.ops)}
	}
	in := &dynamodb.TransactGetItemsInput{}
	for i, op := range t.ops {
		g, err := compile("transaction read", i, op, func() (types.TransactGetItem, error) { return op.TransactGet() })
		if err != nil {
			return nil, err
		}
		in.TransactItems = append(in.TransactItems, g)
	}
	if err := checkGets(in.TransactItems); err != nil {
		return nil, err
	}
	return in, nil
}

// checkGets rejects two reads of one item, which DynamoDB refuses.
func checkGets(items []types.TransactGetItem) error {
	seen := make(map[string]int, len(items))
	for i, it := range items {
		id := keyID(aws.ToString(it.Get.TableName), it.Get.Key)
		if j, dup := seen[id]; dup {
			return &ddbmodel.ValidationError{Reason: fmt.Sprintf("transaction reads %d and %d are of the same item (%s)", j, i, expr.DescribeKey(it.Get.Key))}
		}
		seen[id] = i
	}
	return nil
}

// Items are the results of a read transaction, in the order of its reads.
type Items struct {
	raw     []map[string]types.AttributeValue
	expired []bool // reads whose item was left out by SkipExpired; nil when none
	// entities names the entity of each read, so that Decode refuses
	// another entity than the read's (nil for a transaction's written
	// items).
	entities []string
}

// Len returns the number of reads.
func (it Items) Len() int { return len(it.raw) }

// Found reports whether read i found an item of its entity. Another
// entity's item under the read's key (entities that SharesKeysWith each
// other) is not found, as entity.GetOp.Run reports it.
func (it Items) Found(i int) bool { return i >= 0 && i < len(it.raw) && len(it.raw[i]) > 0 }

// Raw returns read i's raw item (nil when not found, or when there is no
// read i).
func (it Items) Raw(i int) map[string]types.AttributeValue {
	if i < 0 || i >= len(it.raw) {
		return nil
	}
	return it.raw[i]
}

// Run performs the reads.
func (t GetTx) Run(ctx context.Context, db *entity.DB) (Items, error) {
	if err := checkDB(db, "read transaction"); err != nil {
		return Items{}, err
	}
	in, err := t.Build()
	if err != nil {
		return Items{}, err
	}
	dt := expr.DefaultTable{TableName: db.TableName, Tables: db.Tables}
	for i := range in.TransactItems {
		g := *in.TransactItems[i].Get
		if other := dt.Clash(aws.ToString(g.TableName)); other != "" {
			return Items{}, txwrite.AmbiguousTable(readOf(t.ops[i]).Entity, other, aws.ToString(g.TableName))
		}
		g.TableName = db.Table(aws.ToString(g.TableName))
		in.TransactItems[i].Get = &g
	}
	if err := checkGets(in.TransactItems); err != nil {
		return Items{}, err // reads of two default tables that the DB renames to one
	}
	var out *dynamodb.TransactGetItemsOutput
	req := t.request(db)
	err = t.retry.run(ctx, true, func() error {
		var err error
		req.Attempt++
		if out, err = entity.Send(ctx, db, db.Client.TransactGetItems, in, req); err != nil {
			reads := make([]entity.TransactWrite, len(t.ops))
			for i, op := range t.ops {
				reads[i] = entity.TransactWrite{Entity: readOf(op).Entity, Op: "get"}
			}
			return txwrite.CancelError(err, reads)
		}
		return nil
	})
	if err != nil {
		return Items{}, err
	}
	res := Items{raw: make([]map[string]types.AttributeValue, len(t.ops)), entities: entitiesOf(t.ops)}
	now := time.Now()
	for i, r := range out.Responses {
		if i < len(res.raw) {
			res.set(i, t.ops[i], r.Item, now)
		}
	}
	return res, nil
}

// entitiesOf names the entity of each read.
func entitiesOf(reads []ReadOp) []string {
	names := make([]string, len(reads))
	for i, r := range reads {
		names[i] = readOf(r).Entity
	}
	return names
}

// Decode decodes read i with e. A read that found nothing, or whose item
// SkipExpired left out, gives an error satisfying
// errors.Is(err, ddbmodel.ErrNotFound). An i that is no read, or an e
// that is not the read's entity, is a *ddbmodel.ValidationError.
func Decode[T any](it Items, i int, e *entity.Entity[T]) (T, error) {
	if i < 0 || i >= len(it.raw) {
		var zero T
		return zero, &ddbmodel.ValidationError{Entity: e.Name(), Reason: fmt.Sprintf("Decode: there is no read %d: the reads are numbered 0 to %d, in the order given", i, len(it.raw)-1)}
	}
	if i < len(it.entities) && it.entities[i] != "" && it.entities[i] != e.Name() {
		var zero T
		return zero, &ddbmodel.ValidationError{Entity: e.Name(), Reason: fmt.Sprintf("Decode: read %d is of entity %s, not %s; decode it with %s's entity", i, it.entities[i], e.Name(), it.entities[i])}
	}
	if it.Expired(i) {
		var zero T
		return zero, errtext.Errorf("read %d of the transaction (%s): the item's TTL has passed: %w", i, e.Name(), ddbmodel.ErrNotFound)
	}
	if !it.Found(i) {
		var zero T
		return zero, errtext.Errorf("read %d of the transaction (%s): %w", i, e.Name(), ddbmodel.ErrNotFound)
	}
	return e.Decode(it.raw[i])
}

// tablesOf is how db renames model tables in transactions (see entity.DB).
func tablesOf(db *entity.DB) txwrite.Tables {
	return txwrite.Tables{Rename: true, TableName: db.TableName, Tables: db.Tables}
}
