package txn

import (
	"context"
	"errors"
	"strings"

	"github.com/ddbmodel/ddbmodel/internal/errtext"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/internal/contract"
	"github.com/ddbmodel/ddbmodel/query"
)

// PartitionDelete deletes the items of one partition of a table: those of
// one entity, or with AllEntities every item there. It is an immutable
// value; make one with DeletePartition.
type PartitionDelete struct {
	e     query.Member
	where entity.Values
	all   bool
	limit int
}

// DeletePartition returns an operation deleting e's items in the partition
// whose key composites are values (every composite of e's partition key
// template, nothing else). Only items carrying e's entity marker are
// deleted: the partition is read with a filter on the marker, and each
// item read is checked again before it is deleted, so other entities'
// items in the partition stay. An entity with unique attributes is
// refused before any request (a batch delete would leave its values'
// marker items behind): delete its items with Delete or txn.Write; so is
// an entity sharing table keys with another (see Run).
func DeletePartition[T any](e *entity.Entity[T], values entity.Values) PartitionDelete {
	w := make(entity.Values, len(values))
	for k, v := range values {
		w[k] = v
	}
	d := PartitionDelete{where: w}
	if e != nil && e.Table() != nil {
		d.e = e
	}
	return d
}

// AllEntities deletes every item of the partition, whatever its entity.
// Build refuses it when any entity of the table has unique attributes
// (the check is by entity, not by whether its keys can fall in the
// partition).
func (d PartitionDelete) AllEntities() PartitionDelete { d.all = true; return d }

// Limit caps the items read per page (DynamoDB's Limit; 0, the default,
// reads up to 1 MB per page). Each page is deleted before the next is read.
func (d PartitionDelete) Limit(n int) PartitionDelete { d.limit = n; return d }

// PartitionDeleted is what a PartitionDelete did.
type PartitionDeleted struct {
	// Deleted counts the items whose deletion DynamoDB confirmed.
	Deleted int
	// Cursor is where to resume: "" once the partition holds no more items
	// to delete; otherwise the cursor to pass to Run again (after an error,
	// the start of the page that was being deleted).
	Cursor string
}

// collection is the read of the partition.
func (d PartitionDelete) collection() query.Collection {
	c := query.Of(d.e).Where(d.where).Limit(d.limit)
	if d.all {
		c = c.WholePartition()
	} else {
		c = c.Filter(entity.Attr(d.e.Table().EntityAttr()).Eq(d.e.Name()))
	}
	return c
}

// Build compiles the first Query request of the deletion without sending
// it: a query of the partition, filtered on the entity marker unless
// AllEntities is set.
func (d PartitionDelete) Build() (*dynamodb.QueryInput, error) {
	if d.e == nil || d.e.Table() == nil {
		return nil, &ddbmodel.ValidationError{Reason: "delete partition: nil or zero entity (entities are made by entity.Define)"}
	}
	// Batch deletes cannot remove the marker items of unique attributes.
	names := []string{d.e.Name()}
	if d.all {
		names = d.e.Table().Entities()
	}
	for _, name := range names {
		if u := d.e.Table().UniqueAttributes(name); len(u) > 0 {
			return nil, &ddbmodel.ValidationError{Entity: name, Attribute: strings.Join(u, ", "),
				Reason: "delete partition: the entity has unique attributes, whose marker items a batch delete would leave behind; delete its items with Delete or txn.Write"}
		}
	}
	// Batch deletes carry no marker condition: another entity's item put
	// under a key between the read and the delete would go too.
	if other := contract.Of(d.e).SharesKeysWith(); other != "" && !d.all {
		return nil, &ddbmodel.ValidationError{Entity: d.e.Name(),
			Reason: "delete partition: the entity shares table keys with " + other + " (Config.SharesKeysWith), and batch deletes carry no condition on the entity marker, so one could delete an item of " + other + " put under a key read; delete the items with Delete or txn.Write, which check it"}
	}
	// Only the partition's composites: a sort composite would not narrow
	// the deletion, and a misspelt name must not widen it.
	pk, _, ok := contract.Of(d.e).KeySpecs("")
	if ok && pk.Template != nil {
		for name := range d.where {
			if !pk.Template.Uses(name) {
				return nil, &ddbmodel.ValidationError{Entity: d.e.Name(), Attribute: name,
					Reason: "delete partition: the values name an attribute that is no composite of the partition key " + pk.Attribute}
			}
		}
	}
	return d.collection().Build()
}

// Run deletes the partition's items from cursor ("" to start), page by
// page: each page is read (a Query) and its items deleted in BatchWriteItem
// requests of 25, with opts' concurrency, retries and backoff. It returns
// when the partition holds no more items to delete (Cursor ""), or at the
// first error with what was deleted so far and the cursor to resume from:
// items DynamoDB did not confirm deleting are in a *ddbmodel.UnprocessedError
// (nothing is dropped silently), and when ctx ends errors.Is(err,
// ctx.Err()) holds. Resuming re-reads the page that failed; items already
// gone are not counted twice.
//
// Batch deletes carry no conditions: an item read as this entity's is
// deleted by its key. An entity that shares table keys with another
// (SharesKeysWith), whose item could be put under that very key between
// the read and the delete, is therefore refused before any request, as
// BatchWrite refuses its writes (AllEntities deletes whatever the
// partition holds, and is not refused).
func (d PartitionDelete) Run(ctx context.Context, db *entity.DB, opts BatchOptions, cursor string) (PartitionDeleted, error) {
	var res PartitionDeleted
	if err := checkDB(db, "delete partition"); err != nil {
		return res, err
	}
	if err := opts.check("delete partition"); err != nil {
		return res, err
	}
	if _, err := d.Build(); err != nil {
		return res, err
	}
	c := d.collection()
	table := d.e.Table()
	keyNames := table.PrimaryKeyNames("")
	for {
		res.Cursor = cursor
		page, err := c.Page(ctx, db, cursor)
		if err != nil {
			return res, err
		}
		var dels []batchWriter
		for _, it := range page.Items {
			if !d.all && !d.e.Is(it) {
				continue // the filter keeps them out; never delete one anyway
			}
			key := make(map[string]types.AttributeValue, len(keyNames))
			for _, n := range keyNames {
				key[n] = it[n]
			}
			name, _, _ := table.EntityOf(it)
			dels = append(dels, rawDelete{table: table.Name, entity: name, key: key})
		}
		if len(dels) > 0 {
			if err := batchWrite(ctx, db, opts, dels); err != nil {
				var ue *ddbmodel.UnprocessedError
				if errors.As(err, &ue) {
					res.Deleted += len(dels) - len(ue.Deletes)
				}
				return res, errtext.Errorf("delete partition of %s: %w", d.e.Name(), err)
			}
			res.Deleted += len(dels)
		}
		if page.Cursor == "" {
			res.Cursor = ""
			return res, nil
		}
		cursor = page.Cursor
	}
}

// rawDelete is a batch delete of an item by its table key, as read.
type rawDelete struct {
	table, entity string
	key           map[string]types.AttributeValue
}

// BatchWrite compiles the delete for BatchWrite.
func (r rawDelete) BatchWrite() (entity.BatchWrite, error) {
	return entity.BatchWrite{Request: types.WriteRequest{DeleteRequest: &types.DeleteRequest{Key: r.key}},
		Table: r.table, Entity: r.entity, Key: r.key}, nil
}
