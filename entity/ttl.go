package entity

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/ddbmodel/ddbmodel/internal/errtext"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/internal/docpath"
	"github.com/ddbmodel/ddbmodel/internal/expr"
	"github.com/ddbmodel/ddbmodel/internal/ttl"
)

// checkTTL refuses an entity whose T stores the table's TTL attribute as
// anything but a number: DynamoDB expires only items whose TTL attribute is
// a number of Unix seconds, and ignores the others silently.
func (e *entityCore) checkTTL() error {
	name := e.table.TTLAttribute
	if name == "" {
		return nil
	}
	n := e.sch.attrs[name]
	if n == nil {
		return nil
	}
	if n.kind != "N" {
		return &ddbmodel.ValidationError{Entity: e.name, Attribute: name,
			Reason: fmt.Sprintf("the table's TTL attribute is %s stored as %s; DynamoDB expires items by a number of Unix seconds: use an int64, or a time.Time tagged dynamo:\"%s,unixtime\"", withArticle(n.goType()), kindName(n), name)}
	}
	return nil
}

// ttlValue refuses a value of the table's TTL attribute that is not a
// number, written to an attribute T does not declare (ExtraAttributes):
// checkTTL checks T's own field at Define, but an extra attribute's values
// are encoded by their Go type, and DynamoDB silently never expires an
// item whose TTL attribute is not a number of Unix seconds.
func (e *entityCore) ttlValue(attr string, ref attrRef, av types.AttributeValue) error {
	if ref.node != nil || ref.top != e.table.TTLAttribute || e.table.TTLAttribute == "" {
		return nil
	}
	if _, ok := av.(*types.AttributeValueMemberN); ok {
		return nil
	}
	return &ddbmodel.ValidationError{Entity: e.name, Attribute: attr, Reason: fmt.Sprintf(
		"the table's TTL attribute takes a number of Unix seconds (an int64, or a time.Time as Unix seconds), got %s; DynamoDB never expires an item whose TTL attribute is not a number", avKind(av))}
}

// TimeToLiveInput returns the UpdateTimeToLive request that enables the
// table's TTL attribute, or nil when the table declares none. Set its
// TableName to enable it on a table of another name. CreateTable cannot
// enable TTL: Ensure sends both. It is nil for a nil *Table too.
func (t *Table) TimeToLiveInput() *dynamodb.UpdateTimeToLiveInput {
	if t == nil || t.TTLAttribute == "" {
		return nil
	}
	return &dynamodb.UpdateTimeToLiveInput{
		TableName: aws.String(t.Name),
		TimeToLiveSpecification: &types.TimeToLiveSpecification{
			AttributeName: aws.String(t.TTLAttribute),
			Enabled:       aws.Bool(true),
		},
	}
}

// TableClient is the part of *dynamodb.Client that Ensure calls, besides
// Client's.
type TableClient interface {
	DescribeTable(ctx context.Context, in *dynamodb.DescribeTableInput, optFns ...func(*dynamodb.Options)) (*dynamodb.DescribeTableOutput, error)
	CreateTable(ctx context.Context, in *dynamodb.CreateTableInput, optFns ...func(*dynamodb.Options)) (*dynamodb.CreateTableOutput, error)
	DescribeTimeToLive(ctx context.Context, in *dynamodb.DescribeTimeToLiveInput, optFns ...func(*dynamodb.Options)) (*dynamodb.DescribeTimeToLiveOutput, error)
	UpdateTimeToLive(ctx context.Context, in *dynamodb.UpdateTimeToLiveInput, optFns ...func(*dynamodb.Options)) (*dynamodb.UpdateTimeToLiveOutput, error)
}

var _ TableClient = (*dynamodb.Client)(nil)

// Ensure makes the table exist as described, under its physical name in db
// (db.Table(t.Name)): it creates it with CreateTableInput when it is
// missing and waits, at most maxWait (0 means five minutes), until it is
// ACTIVE; then, when the table declares a TTLAttribute, it enables TTL on
// it. Running it again changes nothing: it is meant for program start-up
// and tests, and several callers may run it at once on the same table (a
// table another caller is creating is waited for, the same way). It
// never changes an existing table's keys, indexes, billing or stream: it
// compares them with the model and returns a *ddbmodel.TableMismatchError
// listing each difference (a missing global or local index, another key
// schema or key attribute type, a projection that lacks attributes the
// model projects, another billing mode, other provisioned read or write
// units of the table or of a global index unless Provisioned.AutoScaled
// says auto scaling manages them, a missing stream, a stream the model
// does not declare or of another view, TTL on another attribute, TTL on
// while the model declares no TTLAttribute (DynamoDB would delete items
// the model does not expect to expire), or TTL off on a table that
// differs otherwise too),
// so that a service fails fast on a table its requests do not fit; nil
// when it fits. An index projecting more than the model (ALL where it
// declares INCLUDE or KEYS_ONLY, or more INCLUDE attributes) fits: it
// serves every read the model makes. On a table that fits but for TTL
// being off, it enables TTL, as on a table it creates; so when enabling
// TTL fails after Ensure created the table, running Ensure again
// finishes it.
// db.Client must also be a TableClient (a *dynamodb.Client is). A nil
// *Table is a *ddbmodel.ValidationError, before any request.
func (t *Table) Ensure(ctx context.Context, db *DB, maxWait time.Duration) error {
	if t == nil {
		return nilTable("Ensure")
	}
	if err := checkDB(db, "ensure table "+t.Name); err != nil {
		return err
	}
	if err := t.validateAs(aws.ToString(db.Table(t.Name))); err != nil {
		return err
	}
	c, ok := db.Client.(TableClient)
	if !ok {
		return &ddbmodel.ValidationError{Reason: fmt.Sprintf("ensure table %s: the DB's client %T cannot describe or create tables (it is not an entity.TableClient)", t.Name, db.Client)}
	}
	c = observeTables(c, db)
	if maxWait <= 0 {
		maxWait = 5 * time.Minute
	}
	name := db.Table(t.Name)
	desc, err := c.DescribeTable(ctx, &dynamodb.DescribeTableInput{TableName: name}, db.Options...)
	var missing *types.ResourceNotFoundException
	switch {
	case err == nil:
		if desc.Table != nil && desc.Table.TableStatus == types.TableStatusActive {
			break
		}
		// Another caller may be creating it: wait for ACTIVE below, as
		// for a table this call creates, then compare.
		if desc, err = t.waitActive(ctx, c, db, name, maxWait); err != nil {
			return err
		}
	case errors.As(err, &missing):
		in := t.CreateTableInput()
		in.TableName = name
		if _, err := c.CreateTable(ctx, in, db.Options...); err != nil {
			var inUse *types.ResourceInUseException
			if !errors.As(err, &inUse) { // created meanwhile by another caller
				return errtext.Errorf("ensure table %s: %w", aws.ToString(name), err)
			}
		}
		if desc, err = t.waitActive(ctx, c, db, name, maxWait); err != nil {
			return err
		}
	default:
		return errtext.Errorf("ensure table %s: %w", aws.ToString(name), err)
	}
	return t.ensureFits(ctx, c, db, name, desc.Table)
}

// waitActive waits, at most maxWait, until the table is ACTIVE, and
// returns its description then.
func (t *Table) waitActive(ctx context.Context, c TableClient, db *DB, name *string, maxWait time.Duration) (*dynamodb.DescribeTableOutput, error) {
	out, err := dynamodb.NewTableExistsWaiter(c, func(o *dynamodb.TableExistsWaiterOptions) {
		o.MinDelay, o.MaxDelay = 100*time.Millisecond, 5*time.Second
		o.ClientOptions = append(o.ClientOptions, db.Options...)
	}).WaitForOutput(ctx, &dynamodb.DescribeTableInput{TableName: name}, maxWait)
	if err != nil {
		return nil, errtext.Errorf("ensure table %s: waiting for ACTIVE: %w", aws.ToString(name), err)
	}
	return out, nil
}

// Unexpired is the condition that an item's TTL has not passed when the
// request is built: the table's TTL attribute is absent, is no number
// (DynamoDB's TTL ignores it, and GetOp.SkipExpired keeps the item too),
// is a number of Unix seconds above the current time's, or is more than
// five years (calendar years, UTC) before it: DynamoDB's TTL never
// deletes such an item, so it is live. The same rule decides
// GetOp.SkipExpired and the takeover of unique markers whose owner has
// expired (Attribute.Unique). DynamoDB deletes expired items
// some time after they expire (within days), and until then reads return
// them: as a filter, Unexpired leaves them out of queries and scans (the
// query package's SkipExpired adds it). It is the zero Condition (no
// condition) when the table declares no TTLAttribute. The attribute is the
// table's, so it applies to every entity of the table, whether its T
// stores the attribute or not. A nil *Table gives the zero Condition.
func (t *Table) Unexpired() Condition {
	if t == nil || t.TTLAttribute == "" {
		return Condition{}
	}
	return Condition{&condNode{op: "unexpired", attr: t.TTLAttribute}}
}

// UnexpiredAt is Unexpired at the time now instead of the time of Build,
// for requests whose text must not depend on the clock.
func (t *Table) UnexpiredAt(now time.Time) Condition {
	if t == nil || t.TTLAttribute == "" {
		return Condition{}
	}
	return Condition{&condNode{op: "unexpired", attr: t.TTLAttribute, vals: []any{now.Unix()}}}
}

func renderUnexpired(w *expr.Writer, n *condNode) string {
	now := time.Now().Unix()
	if len(n.vals) == 1 {
		now = n.vals[0].(int64)
	}
	name := w.Path(docpath.Path{{Name: n.attr}})
	av := &types.AttributeValueMemberN{Value: strconv.FormatInt(now, 10)}
	hv := &types.AttributeValueMemberN{Value: strconv.FormatInt(ttl.Horizon(time.Unix(now, 0)), 10)}
	v, h := w.Clock(av), w.Clock(hv) // the clock's reading: not part of a cursor's query
	if len(n.vals) == 1 {
		v, h = w.Value(av), w.Value(hv) // UnexpiredAt's time is the caller's value, and binds the cursor
	}
	// DynamoDB's TTL ignores an attribute that is no number (it never
	// expires the item), and so does a get's expired: a string there is
	// not expired here either. Nor does it delete an item whose TTL is
	// more than five years in the past (ttl.Expired).
	return "attribute_not_exists(" + name + ") OR NOT attribute_type(" + name + ", " + w.Value(&types.AttributeValueMemberS{Value: "N"}) + ") OR " + name + " > " + v + " OR " + name + " < " + h
}

// SkipExpired makes Run report an item whose TTL has passed (the table's
// TTLAttribute holds Unix seconds at or before the time of the read, and
// not more than five years before it: see Unexpired) as not found, as if DynamoDB had deleted it already: GetItem takes no
// filter, so the item is read and then left out. Without a TTLAttribute on
// the table it changes nothing. In a read transaction (txn.Get) or a batch
// get (txn.BatchGet) the read's item is left out the same way: Found is
// false, Expired is true and Decode reports ddbmodel.ErrNotFound.
func (op GetOp[T]) SkipExpired() GetOp[T] {
	op.skipExpired = true
	return op.linked()
}

// expired reports whether the read leaves item out as expired: it was
// asked to SkipExpired, and item's TTL (the table's TTLAttribute) holds
// Unix seconds at or before now and not more than five years before it
// (see Unexpired). Run asks it of the item it read; read transactions and
// batch gets (package txn) ask the same of contract.Read.
func (op getRequest) expired(item map[string]types.AttributeValue, now time.Time) bool {
	return op.skipExpired && op.e != nil && op.e.table.expired(item, now)
}

// expired reports whether item's TTL attribute (of table t) counts it
// expired at now (ttl.Expired): a number of Unix seconds at or before now
// and not more than five years before it.
func (t *Table) expired(item map[string]types.AttributeValue, now time.Time) bool {
	return t.TTLAttribute != "" && ttl.Expired(item[t.TTLAttribute], now)
}
