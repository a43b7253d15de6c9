package query

import (
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/internal/composite"
	"github.com/ddbmodel/ddbmodel/internal/contract"
	"github.com/ddbmodel/ddbmodel/internal/link"
)

// Member is an entity of a collection: every *entity.Entity[T] is one,
// and nothing else is (the interface is sealed).
type Member interface {
	Name() string
	Table() *entity.Table
	Is(item map[string]types.AttributeValue) bool
	link.Holder[contract.Entity[entity.Condition]]
}

// modelOf returns what the query needs of m beyond its public API.
func modelOf(m Member) contract.Entity[entity.Condition] { return contract.Of(m) }

const (
	sortNone    sortOp = ""
	sortEq      sortOp = "="
	sortBegins  sortOp = "begins_with"
	sortBetween sortOp = "between"
	sortLt      sortOp = "<"
	sortLe      sortOp = "<="
	sortGt      sortOp = ">"
	sortGe      sortOp = ">="
)

// Query reads items of one entity from its table or one of its indexes. It
// is an immutable value: every method returns a modified copy, so a base
// query can be shared and refined concurrently. Errors are kept and
// returned by Build and the run methods.
type Query[T any] struct {
	e *entity.Entity[T]
	s spec
	// onUnrecognized is OnUnrecognized's fn (unrecognized.go).
	onUnrecognized func(map[string]types.AttributeValue) error
	// onUndecodable is OnUndecodable's fn (undecodable.go).
	onUndecodable func(Undecodable) error
}

// Table returns the table of the query's entity.
func (q Query[T]) Table() *entity.Table {
	if q.e == nil {
		return nil
	}
	return q.e.Table()
}

// New starts a query of e's items on the table's primary key.
func New[T any](e *entity.Entity[T]) Query[T] {
	return Query[T]{e: e, s: spec{members: []Member{e}}}
}

// Index queries the named secondary index instead of the table ("" names
// the table). A second Index naming another one, or naming another than
// the index of the typed key a query was started from (By, Between, Gt,
// ...), is refused at Build.
func (q Query[T]) Index(name string) Query[T] { q.s.setIndex(name); return q }

// Where gives the partition key's composites (all required) and, optionally,
// leading sort key composites: all of them select one sort key, a leading
// part selects the prefix they render, which always ends on a boundary
// (module m1 never matches m10). A value that is no composite of the key
// queried is an error (*ddbmodel.ValidationError), so that a misspelt name
// never widens the query. Where's values add up over calls; a composite
// given again with another value is refused at Build.
func (q Query[T]) Where(values entity.Values) Query[T] {
	q.s.addWhere(values)
	return q
}

// BeginsWith narrows the sort key to an explicit prefix (for keys computed
// by a function, or a prefix a template cannot express).
//
// A query takes one sort condition (BeginsWith, Between, BetweenKeys, Gt,
// Ge, Lt, Le or SortKey): a second, different one is refused at Build
// rather than replacing the first; Between gives two bounds.
func (q Query[T]) BeginsWith(prefix string) Query[T] {
	q.s.setSort(sortCond{op: sortBegins, rawLo: prefix, raw: true})
	return q
}

// Between selects sort keys from the key lo renders to the key hi renders,
// inclusive. Where's values fill composites lo and hi leave out. A partial
// bound (leading composites only) stands for every key under the prefix it
// renders, so both ends are inclusive of whole groups: Between(month 01,
// month 03) selects every key of months 01, 02 and 03.
func (q Query[T]) Between(lo, hi entity.Values) Query[T] {
	q.s.setSort(sortCond{op: sortBetween, lo: composite.Of(lo), hi: composite.Of(hi)})
	return q
}

// BetweenKeys selects sort keys from lo to hi, inclusive, given as raw key text.
func (q Query[T]) BetweenKeys(lo, hi string) Query[T] {
	q.s.setSort(sortCond{op: sortBetween, rawLo: lo, rawHi: hi, raw: true})
	return q
}

// Gt selects sort keys greater than the key values render; with a partial
// key, greater than every key under the prefix it renders.
func (q Query[T]) Gt(values entity.Values) Query[T] {
	q.s.setSort(sortCond{op: sortGt, lo: composite.Of(values)})
	return q
}

// Ge selects sort keys greater than or equal to the key values render; with
// a partial key, from the first key under the prefix it renders.
func (q Query[T]) Ge(values entity.Values) Query[T] {
	q.s.setSort(sortCond{op: sortGe, lo: composite.Of(values)})
	return q
}

// Lt selects sort keys less than the key values render; with a partial key,
// before every key under the prefix it renders.
func (q Query[T]) Lt(values entity.Values) Query[T] {
	q.s.setSort(sortCond{op: sortLt, lo: composite.Of(values)})
	return q
}

// Le selects sort keys less than or equal to the key values render; with a
// partial key, up to the last key under the prefix it renders.
func (q Query[T]) Le(values entity.Values) Query[T] {
	q.s.setSort(sortCond{op: sortLe, lo: composite.Of(values)})
	return q
}

// SortOp is a comparison of the sort key with raw key text (SortKey).
type SortOp string

// The comparisons SortKey takes.
const (
	SortEq SortOp = "="  // the sort key equals the text
	SortLt SortOp = "<"  // the sort key sorts before the text
	SortLe SortOp = "<=" // the sort key sorts before or equals the text
	SortGt SortOp = ">"  // the sort key sorts after the text
	SortGe SortOp = ">=" // the sort key sorts after or equals the text
)

// SortKey compares the sort key with raw key text: op is one of SortEq,
// SortLt, SortLe, SortGt, SortGe. Any other op fails at Build.
func (q Query[T]) SortKey(op SortOp, key string) Query[T] {
	switch sortOp(op) {
	case sortEq, sortLt, sortLe, sortGt, sortGe:
		q.s.setSort(sortCond{op: sortOp(op), rawLo: key, raw: true})
	default:
		q.s.err = q.s.sortInvalid("", "SortKey: unknown sort key operator %q; use SortEq, SortLt, SortLe, SortGt or SortGe", op)
	}
	return q
}

// Desc returns items in descending sort key order (newest first for time
// keys).
func (q Query[T]) Desc() Query[T] { q.s.desc = true; return q }

// Asc returns items in ascending sort key order (the default).
func (q Query[T]) Asc() Query[T] { q.s.desc = false; return q }

// Limit caps the number of items DynamoDB evaluates per request: the page
// size of Page, so that one page holds at most n items. It does not cap
// All, Collect or Count, which read page after page to the end of the
// range: to read at most n items, take one Page (or First for one).
func (q Query[T]) Limit(n int) Query[T] { q.s.limit = n; return q }

// Consistent asks for strongly consistent reads; DynamoDB allows them on
// tables and local indexes, not on global indexes (an error before sending).
func (q Query[T]) Consistent() Query[T] { q.s.consistent = true; return q }

// Project reads only the named attributes (the keys and entity markers are
// always read, so that items decode and pages continue). For an entity
// recognising unmarked items (entity.Config.RecognizeUnmarked) the
// attributes that tell whether an unmarked item is its own are read too
// (its key composites and the attributes with rules; every attribute it
// stores when that can depend on any), so that a projected query returns
// the items an unprojected one does; see the README's "Existing tables".
func (q Query[T]) Project(attrs ...string) Query[T] {
	q.s.project = append(q.s.project[:len(q.s.project):len(q.s.project)], attrs...)
	return q
}

// Filter adds a filter on non-key attributes, applied by DynamoDB after it
// reads each page (it saves transfer, not read capacity).
func (q Query[T]) Filter(c entity.Condition) Query[T] {
	q.s.filter = entity.And(q.s.filter, c)
	return q
}

// SignCursors signs the cursors of this query with HMAC-SHA256 under key;
// a cursor that was tampered with, or signed under another key, is rejected,
// and so is an unsigned one; a query that does not sign refuses a signed
// cursor, which it cannot check.
// An empty key (nil or no bytes) signs nothing: Build, Page, All and
// Collect refuse it with a *ddbmodel.ValidationError, before any request.
func (q Query[T]) SignCursors(key []byte) Query[T] {
	q.s.signKey, q.s.signGiven = append([]byte(nil), key...), true
	return q
}

// AllShards queries every shard of a write-sharded partition key (a template
// with a ${attr:shard(N)} composite) concurrently and merges the results in
// sort key order. Where must not give the sharded attribute.
func (q Query[T]) AllShards() Query[T] { q.s.allShards = true; return q }

// Concurrency bounds how many shard queries of AllShards are in flight at
// once (each shard's page is one request); default 8. It must not be
// negative.
func (q Query[T]) Concurrency(n int) Query[T] {
	if n < 0 && q.s.err == nil {
		q.s.err = invalidIn(nameOf(q.s.members[0]), "", "Concurrency must not be negative, got %d", n)
	}
	q.s.concurrency = n
	return q
}

// Build compiles the query without I/O. A sharded query (AllShards) has one
// input per shard: use BuildShards.
func (q Query[T]) Build() (*dynamodb.QueryInput, error) {
	ins, err := q.s.build()
	if err != nil {
		return nil, err
	}
	if len(ins) != 1 {
		return nil, invalidIn(nameOf(q.s.members[0]), "", "Build: AllShards makes %d shard queries; use BuildShards", len(ins))
	}
	return ins[0], nil
}

// BuildShards compiles one input per shard (one input for unsharded queries).
func (q Query[T]) BuildShards() ([]*dynamodb.QueryInput, error) { return q.s.build() }
