package query

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/internal/errtext"
)

// Collection queries one partition that holds several entities (an
// article's metadata with its versions, a course with its modules and
// lessons) in one request, and decodes each item into its own type with
// ItemsOf. Like Query it is an immutable value.
type Collection struct{ s spec }

// Of starts a collection query over members, which must share the
// partition key template on the index queried.
func Of(members ...Member) Collection {
	return Collection{s: spec{members: append([]Member(nil), members...)}}
}

// Table returns the table of the collection's first member (nil for none).
func (c Collection) Table() *entity.Table {
	if len(c.s.members) == 0 || isNilMember(c.s.members[0]) {
		return nil
	}
	return c.s.members[0].Table()
}

// Index queries the named secondary index instead of the table.
func (c Collection) Index(name string) Collection { c.s.setIndex(name); return c }

// Where gives the partition key's composites. Any other value (a sort
// composite, which a collection does not apply) is an error.
func (c Collection) Where(values entity.Values) Collection {
	c.s.addWhere(values)
	return c
}

// BeginsWith narrows the sort key to an explicit prefix.
func (c Collection) BeginsWith(prefix string) Collection {
	c.s.setSort(sortCond{op: sortBegins, rawLo: prefix, raw: true})
	return c
}

// BetweenKeys selects sort keys from lo to hi, inclusive, as raw key text.
func (c Collection) BetweenKeys(lo, hi string) Collection {
	c.s.setSort(sortCond{op: sortBetween, rawLo: lo, rawHi: hi, raw: true})
	return c
}

// Desc returns items in descending sort key order.
func (c Collection) Desc() Collection { c.s.desc = true; return c }

// Limit caps the number of items DynamoDB evaluates per page.
func (c Collection) Limit(n int) Collection { c.s.limit = n; return c }

// Consistent asks for strongly consistent reads (tables and local indexes).
func (c Collection) Consistent() Collection { c.s.consistent = true; return c }

// Filter adds a filter on non-key attributes.
func (c Collection) Filter(cond entity.Condition) Collection {
	c.s.filter = entity.And(c.s.filter, cond)
	return c
}

// SignCursors signs cursors with HMAC-SHA256 under key, as
// Query.SignCursors does. An empty key (nil or no bytes) signs nothing:
// Build, Page and Collect refuse it with a *ddbmodel.ValidationError,
// before any request.
func (c Collection) SignCursors(key []byte) Collection {
	c.s.signKey, c.s.signGiven = append([]byte(nil), key...), true
	return c
}

// Build compiles the query without I/O.
func (c Collection) Build() (*dynamodb.QueryInput, error) {
	ins, err := c.s.build()
	if err != nil {
		return nil, err
	}
	return ins[0], nil
}

// Result is a page (or all pages) of a collection: raw items in key order.
type Result struct {
	Items  []map[string]types.AttributeValue
	Cursor string // "" when there is no more
	table  *entity.Table
	// index is the index queried ("" for the table), against which an
	// unmarked item's index key is checked (see ItemsOf).
	index   string
	members []Member
}

// Page reads one page from cursor ("" for the first).
func (c Collection) Page(ctx context.Context, db *entity.DB, cursor string) (Result, error) {
	items, next, err := c.s.page(ctx, db, cursor, false)
	if err != nil {
		return Result{}, err
	}
	return Result{Items: items, Cursor: next, table: c.s.members[0].Table(), index: c.s.index, members: c.s.members}, nil
}

// Collect reads every page.
func (c Collection) Collect(ctx context.Context, db *entity.DB) (Result, error) {
	var all Result
	cursor := ""
	for {
		p, err := c.Page(ctx, db, cursor)
		if err != nil {
			return Result{}, err
		}
		all.table, all.index, all.members = p.table, p.index, p.members
		all.Items = append(all.Items, p.Items...)
		if p.Cursor == "" {
			return all, nil
		}
		cursor = p.Cursor
	}
}

// Decode decodes every item into the value of its entity, in key order.
// Items of entities the table does not know are an
// *ddbmodel.UnknownEntityError; so is, on an index, an unmarked item that
// a member recognising unmarked items takes by its table key but whose
// index key is not the one a put of its value writes (see ItemsOf).
func (r Result) Decode() ([]any, error) {
	out := make([]any, 0, len(r.Items))
	for _, it := range r.Items {
		if !r.indexKeyFits(it) {
			return nil, errtext.Errorf("decoding an unmarked item read from index %s: its index key is not the one a put of its value writes: %w", r.index, &ddbmodel.UnknownEntityError{})
		}
		v, err := r.table.Decode(it)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, nil
}

// ItemsOf decodes the items of r that belong to e, in key order. On an
// index, an unmarked item e takes by its table key (Config.RecognizeUnmarked)
// belongs to it only when the index key it holds is the one a put of its
// value writes, as for Query.Page (which lists the others as Unrecognized).
func ItemsOf[T any](r Result, e *entity.Entity[T]) ([]T, error) {
	var out []T
	for _, it := range r.Items {
		if !e.Is(it) || !modelOf(e).IndexKeyFits(it, r.index) {
			continue
		}
		v, err := e.Decode(it)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, nil
}

// indexKeyFits reports whether an item read from r's index is, when it
// has no marker, held under the index key a put of its value writes by
// every member taking it by its table key; true for a marked item and for
// a read of the table.
func (r Result) indexKeyFits(it map[string]types.AttributeValue) bool {
	if r.index == "" || !r.table.Unmarked(it) {
		return true
	}
	for _, m := range r.members {
		if m.Is(it) && !modelOf(m).IndexKeyFits(it, r.index) {
			return false
		}
	}
	return true
}
