package query

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"math"
	"reflect"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/internal/expr"
	"github.com/ddbmodel/ddbmodel/internal/link"
	"github.com/ddbmodel/ddbmodel/internal/model"
	"github.com/ddbmodel/ddbmodel/keys"
)

// Member is an entity of a collection: every *entity.Entity[T] is one,
// and nothing else is (the interface is sealed).
type Member interface {
	Name() string
	Table() *entity.Table
	Is(item map[string]types.AttributeValue) bool
	link.Holder[model.Entity[entity.Condition]]
}

// modelOf returns what the query needs of m beyond its public API.
func modelOf(m Member) model.Entity[entity.Condition] { return model.Of(m) }

type sortOp string

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

type sortCond struct {
	op     sortOp
	lo, hi entity.Values // composites, rendered with the sort template
	rawLo  string        // explicit key text (or number text)
	rawHi  string
	raw    bool
}

// spec is the part of a query shared by entity queries and collections.
type spec struct {
	members    []Member
	index      string
	where      entity.Values
	sort       sortCond
	desc       bool
	limit      int
	consistent bool
	project    []string
	filter     entity.Condition
	signKey    []byte
	allShards  bool
	// wholePartition: no sort key condition at all (Collection.WholePartition).
	wholePartition bool
	// concurrency bounds the shard queries of AllShards in flight at
	// once; 0 means fanout.DefaultLimit.
	concurrency int
	err         error
}

// Query reads items of one entity from its table or one of its indexes. It
// is an immutable value: every method returns a modified copy, so a base
// query can be shared and refined concurrently. Errors are kept and
// returned by Build and the run methods.
type Query[T any] struct {
	e *entity.Entity[T]
	s spec
	// onUnrecognized is OnUnrecognized's fn (unrecognized.go).
	onUnrecognized func(map[string]types.AttributeValue) error
}

// New starts a query of e's items on the table's primary key.
func New[T any](e *entity.Entity[T]) Query[T] {
	return Query[T]{e: e, s: spec{members: []Member{e}}}
}

// Index queries the named secondary index instead of the table.
func (q Query[T]) Index(name string) Query[T] { q.s.index = name; return q }

// Where gives the partition key's composites (all required) and, optionally,
// leading sort key composites: all of them select one sort key, a leading
// part selects the prefix they render, which always ends on a boundary
// (module m1 never matches m10). A value that is no composite of the key
// queried is an error (*ddbmodel.ValidationError), so that a misspelt name
// never widens the query.
func (q Query[T]) Where(values entity.Values) Query[T] {
	q.s.where = merge(q.s.where, values)
	return q
}

// BeginsWith narrows the sort key to an explicit prefix (for keys computed
// by a function, or a prefix a template cannot express).
func (q Query[T]) BeginsWith(prefix string) Query[T] {
	q.s.sort = sortCond{op: sortBegins, rawLo: prefix, raw: true}
	return q
}

// Between selects sort keys from the key lo renders to the key hi renders,
// inclusive. Where's values fill composites lo and hi leave out. A partial
// bound (leading composites only) stands for every key under the prefix it
// renders, so both ends are inclusive of whole groups: Between(month 01,
// month 03) selects every key of months 01, 02 and 03.
func (q Query[T]) Between(lo, hi entity.Values) Query[T] {
	q.s.sort = sortCond{op: sortBetween, lo: merge(nil, lo), hi: merge(nil, hi)}
	return q
}

// BetweenKeys selects sort keys from lo to hi, inclusive, given as raw key text.
func (q Query[T]) BetweenKeys(lo, hi string) Query[T] {
	q.s.sort = sortCond{op: sortBetween, rawLo: lo, rawHi: hi, raw: true}
	return q
}

// Gt selects sort keys greater than the key values render; with a partial
// key, greater than every key under the prefix it renders.
func (q Query[T]) Gt(values entity.Values) Query[T] {
	q.s.sort = sortCond{op: sortGt, lo: merge(nil, values)}
	return q
}

// Ge selects sort keys greater than or equal to the key values render; with
// a partial key, from the first key under the prefix it renders.
func (q Query[T]) Ge(values entity.Values) Query[T] {
	q.s.sort = sortCond{op: sortGe, lo: merge(nil, values)}
	return q
}

// Lt selects sort keys less than the key values render; with a partial key,
// before every key under the prefix it renders.
func (q Query[T]) Lt(values entity.Values) Query[T] {
	q.s.sort = sortCond{op: sortLt, lo: merge(nil, values)}
	return q
}

// Le selects sort keys less than or equal to the key values render; with a
// partial key, up to the last key under the prefix it renders.
func (q Query[T]) Le(values entity.Values) Query[T] {
	q.s.sort = sortCond{op: sortLe, lo: merge(nil, values)}
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
		q.s.sort = sortCond{op: sortOp(op), rawLo: key, raw: true}
	default:
		q.s.err = invalidf("unknown sort key operator %q", op)
	}
	return q
}

// Desc returns items in descending sort key order (newest first for time
// keys).
func (q Query[T]) Desc() Query[T] { q.s.desc = true; return q }

// Asc returns items in ascending sort key order (the default).
func (q Query[T]) Asc() Query[T] { q.s.desc = false; return q }

// Limit caps the number of items DynamoDB evaluates per request: the page
// size of Page.
func (q Query[T]) Limit(n int) Query[T] { q.s.limit = n; return q }

// Consistent asks for strongly consistent reads; DynamoDB allows them on
// tables and local indexes, not on global indexes (an error before sending).
func (q Query[T]) Consistent() Query[T] { q.s.consistent = true; return q }

// Project reads only the named attributes (the keys and entity markers are
// always read, so that items decode and pages continue).
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
// a cursor that was tampered with, or signed under another key, is rejected.
func (q Query[T]) SignCursors(key []byte) Query[T] {
	q.s.signKey = append([]byte(nil), key...)
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
		q.s.err = invalidf("concurrency must not be negative, got %d", n)
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
		return nil, invalidf("%d shard queries: use BuildShards", len(ins))
	}
	return ins[0], nil
}

// BuildShards compiles one input per shard (one input for unsharded queries).
func (q Query[T]) BuildShards() ([]*dynamodb.QueryInput, error) { return q.s.build() }

// Page is one page of typed results.
type Page[T any] struct {
	Items []T
	// Cursor continues the query after this page; "" when there is no more.
	Cursor string
	// Unrecognized holds, for an entity recognising unmarked items
	// (entity.Config.RecognizeUnmarked), the items read without an entity
	// marker whose key its templates do not render: not the entity's, left
	// out of Items, and shown here rather than dropped unseen.
	Unrecognized []map[string]types.AttributeValue
}

// Page runs the query from cursor ("" for the first page) and returns one
// page. Items of other entities sharing the partition are skipped, and
// Limit (like DynamoDB's) counts the items read, so a page may hold fewer
// items than Limit, or none, while its Cursor is not empty: follow the
// cursor until it is "".
func (q Query[T]) Page(ctx context.Context, db *entity.DB, cursor string) (Page[T], error) {
	raw, next, err := q.s.page(ctx, db, cursor, false)
	if err != nil {
		return Page[T]{}, err
	}
	p := Page[T]{Cursor: next, Items: make([]T, 0, len(raw))}
	for _, it := range raw {
		if !q.e.Is(it) {
			p.noteUnrecognized(q.e, it)
			continue
		}
		v, err := q.e.Decode(it)
		if err != nil {
			return Page[T]{}, err
		}
		p.Items = append(p.Items, v)
	}
	return p, nil
}

// All streams every matching item, page by page, in constant memory. The
// sequence stops at the first error, which it yields. Items a page lists
// as Unrecognized are left out; OnUnrecognized shows them.
func (q Query[T]) All(ctx context.Context, db *entity.DB) iter.Seq2[T, error] {
	return func(yield func(T, error) bool) {
		cursor := ""
		for {
			p, err := q.Page(ctx, db, cursor)
			if err == nil {
				err = reportUnrecognized(q.e.Name(), q.onUnrecognized, p.Unrecognized)
			}
			if err != nil {
				var zero T
				yield(zero, err)
				return
			}
			for _, v := range p.Items {
				if !yield(v, nil) {
					return
				}
			}
			if p.Cursor == "" {
				return
			}
			cursor = p.Cursor
		}
	}
}

// Collect reads every matching item into a slice.
func (q Query[T]) Collect(ctx context.Context, db *entity.DB) ([]T, error) {
	var out []T
	for v, err := range q.All(ctx, db) {
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, nil
}

// One returns the only matching item: ErrNotFound when there is none,
// ErrTooMany when there are more.
func (q Query[T]) One(ctx context.Context, db *entity.DB) (T, error) {
	var found []T
	for v, err := range q.All(ctx, db) {
		if err != nil {
			var zero T
			return zero, err
		}
		found = append(found, v)
		if len(found) > 1 {
			var zero T
			return zero, fmt.Errorf("query: %s: %w", q.e.Name(), ddbmodel.ErrTooMany)
		}
	}
	if len(found) == 0 {
		var zero T
		return zero, fmt.Errorf("query: %s: %w", q.e.Name(), ddbmodel.ErrNotFound)
	}
	return found[0], nil
}

// First returns the first matching item in the query's order, or ErrNotFound.
func (q Query[T]) First(ctx context.Context, db *entity.DB) (T, error) {
	for v, err := range q.All(ctx, db) {
		return v, err
	}
	var zero T
	return zero, fmt.Errorf("query: %s: %w", q.e.Name(), ddbmodel.ErrNotFound)
}

// Count counts the matching items of this entity with Select COUNT, over
// every page, without reading them. For an entity recognising unmarked
// items (entity.Config.RecognizeUnmarked) it reads them, since whether an
// unmarked item is the entity's depends on its key.
func (q Query[T]) Count(ctx context.Context, db *entity.DB) (int, error) {
	if modelOf(q.e).RecognizesUnmarked() {
		return q.countRecognized(ctx, db)
	}
	s := q.s
	t := q.e.Table()
	s.filter = entity.And(s.filter, entity.Attr(t.EntityAttr()).Eq(q.e.Name()))
	s.project = nil // DynamoDB refuses a projection with Select COUNT
	ins, err := s.build()
	if err != nil {
		return 0, err
	}
	total := 0
	for _, in := range ins {
		in.Select = types.SelectCount
		in.Limit = nil
		in.TableName = db.Table(aws.ToString(in.TableName))
		for {
			out, err := entity.Send(ctx, db, db.Client.Query, in, entity.Request{Entities: []string{q.e.Name()}})
			if err != nil {
				return 0, fmt.Errorf("query: count %s: %w", q.e.Name(), err)
			}
			total += int(out.Count)
			if len(out.LastEvaluatedKey) == 0 {
				break
			}
			in.ExclusiveStartKey = out.LastEvaluatedKey
		}
	}
	return total, nil
}

func merge(a, b entity.Values) entity.Values {
	out := make(entity.Values, len(a)+len(b))
	for k, v := range a {
		out[k] = v
	}
	for k, v := range b {
		out[k] = v
	}
	return out
}

// keySpecs finds the key specs of the index for every member; the
// partition templates must agree.
func (s *spec) keySpecs() (pk model.KeySpec, sks []model.KeySpec, err error) {
	for i, m := range s.members {
		p, sk, ok := modelOf(m).KeySpecs(s.index)
		if !ok {
			return pk, nil, invalidf("entity %s is not in index %q", m.Name(), s.index)
		}
		if i == 0 {
			pk = p
		} else if p.Template == nil || pk.Template == nil || p.Template.String() != pk.Template.String() {
			return pk, nil, invalidf("entities %s and %s do not share a partition key template on %q", s.members[0].Name(), m.Name(), indexName(s.index))
		}
		sks = append(sks, sk)
	}
	return pk, sks, nil
}

func indexName(ix string) string {
	if ix == "" {
		return "the table"
	}
	return ix
}

func (s *spec) build() ([]*dynamodb.QueryInput, error) {
	ins, _, err := s.compile()
	return ins, err
}

// compile builds one input per partition (shard) and returns the sort key
// range they share, against which cursors are checked.
func (s *spec) compile() ([]*dynamodb.QueryInput, keyRange, error) {
	if s.err != nil {
		return nil, keyRange{}, s.err
	}
	if len(s.members) == 0 {
		return nil, keyRange{}, invalidf("no entity")
	}
	for i, m := range s.members {
		if isNilMember(m) {
			return nil, keyRange{}, invalidf("member %d is a nil entity", i)
		}
	}
	if s.limit < 0 || s.limit > math.MaxInt32 {
		return nil, keyRange{}, &ddbmodel.ValidationError{Entity: s.members[0].Name(), Reason: fmt.Sprintf("query: Limit must be 0 (no limit) to %d, got %d", math.MaxInt32, s.limit)}
	}
	table := s.members[0].Table()
	ix, isIndex := table.Index(s.index)
	if s.index != "" && !isIndex {
		return nil, keyRange{}, invalidf("table %q has no index %q", table.Name, s.index)
	}
	if s.consistent && isIndex && !ix.Local {
		return nil, keyRange{}, &ddbmodel.ValidationError{Reason: fmt.Sprintf("index %s is global: DynamoDB does not allow consistent reads on global indexes", s.index)}
	}
	if isIndex && ix.MultiAttribute() {
		return s.compileMulti(table)
	}
	pk, sks, err := s.keySpecs()
	if err != nil {
		return nil, keyRange{}, err
	}
	if pk.Template == nil {
		return nil, keyRange{}, invalidf("the partition key %s is computed; it cannot be queried by composites", pk.Attribute)
	}
	where := keys.Values(s.where)
	// Every value must feed the key queried: a misspelt sort composite
	// would otherwise widen the query silently.
	for _, name := range sortedNames(where) {
		known := pk.Template.Uses(name)
		if len(sks) == 1 {
			// A collection narrows its sort key only by explicit keys.
			known = known || slices.Contains(sks[0].Uses, name)
		}
		if !known {
			return nil, keyRange{}, &ddbmodel.ValidationError{Entity: s.members[0].Name(), Attribute: name,
				Reason: fmt.Sprintf("Where names an attribute that is no composite of the key of %s", indexName(s.index))}
		}
	}
	// Partition values: every composite is required (but the shard one under AllShards).
	shardAttr, shards, sharded := pk.Template.Shard()
	var missing []string
	for _, c := range pk.Template.Composites() {
		if _, ok := where[c]; !ok {
			if sharded && c == shardAttr && s.allShards {
				continue
			}
			missing = append(missing, c)
		}
	}
	if len(missing) > 0 {
		return nil, keyRange{}, &ddbmodel.MissingCompositesError{Entity: s.members[0].Name(), KeyAttribute: pk.Attribute, Missing: missing}
	}
	var pkvals []string
	if sharded && s.allShards {
		if _, given := where[shardAttr]; given {
			return nil, keyRange{}, &ddbmodel.ValidationError{Attribute: shardAttr, Reason: "AllShards queries every shard; do not give the sharded attribute"}
		}
		for i := 0; i < shards; i++ {
			v, err := pk.Template.RenderShard(modelOf(s.members[0]).KeySource(where), i)
			if err != nil {
				return nil, keyRange{}, keyErr(s, pk.Attribute, err)
			}
			pkvals = append(pkvals, v)
		}
	} else {
		if s.allShards {
			return nil, keyRange{}, &ddbmodel.ValidationError{Reason: "AllShards: the partition key template has no shard composite"}
		}
		v, err := pk.Template.Render(modelOf(s.members[0]).KeySource(where))
		if err != nil {
			return nil, keyRange{}, keyErr(s, pk.Attribute, err)
		}
		pkvals = []string{v}
	}

	rng, err := s.sortRange(sks)
	if err != nil {
		return nil, keyRange{}, err
	}
	var ins []*dynamodb.QueryInput
	for _, pkv := range pkvals {
		var w expr.Writer
		kc := w.Name(pk.Attribute) + " = " + w.Value(keyAV(pk, pkv))
		if rng.op != sortNone {
			kc += " AND " + rng.render(&w, sks[0].Attribute)
		}
		in, err := s.input(table, &w, kc)
		if err != nil {
			return nil, keyRange{}, err
		}
		ins = append(ins, in)
	}
	return ins, rng, nil
}

// input builds the query input for the key condition kc, written with w:
// the index, order, limit, consistency, filter and projection of s.
func (s *spec) input(table *entity.Table, w *expr.Writer, kc string) (*dynamodb.QueryInput, error) {
	in := &dynamodb.QueryInput{TableName: aws.String(table.Name), KeyConditionExpression: aws.String(kc)}
	if s.index != "" {
		in.IndexName = aws.String(s.index)
	}
	if s.desc {
		in.ScanIndexForward = aws.Bool(false)
	}
	if s.limit > 0 {
		in.Limit = aws.Int32(int32(s.limit))
	}
	if s.consistent {
		in.ConsistentRead = aws.Bool(true)
	}
	if !s.filter.IsZero() {
		if err := s.checkFilter(table); err != nil {
			return nil, err
		}
		f, err := modelOf(s.members[0]).RenderCondition(s.filter, w, s.others()...)
		if err != nil {
			return nil, withEntity(err, s.members[0].Name())
		}
		in.FilterExpression = aws.String(f)
	}
	if len(s.project) > 0 {
		need := append([]string{table.EntityAttr(), table.EntityVersionAttr()}, table.PrimaryKeyNames(s.index)...)
		seen := map[string]bool{}
		var ps []string
		for i, a := range append(need, s.project...) {
			var p string
			if i < len(need) {
				p = w.Name(a)
			} else {
				// The caller's names: attributes or document paths of
				// the entities queried.
				var err error
				if p, err = modelOf(s.members[0]).ProjectionPath(a, w, s.others()...); err != nil {
					return nil, withEntity(err, s.members[0].Name())
				}
			}
			if !seen[p] {
				seen[p] = true
				ps = append(ps, p)
			}
		}
		in.ProjectionExpression = aws.String(strings.Join(ps, ", "))
	}
	in.ExpressionAttributeNames = w.Names()
	in.ExpressionAttributeValues = w.Values()
	if err := checkExpressions(s.members[0].Name(), in.KeyConditionExpression, in.FilterExpression, in.ProjectionExpression); err != nil {
		return nil, err
	}
	return in, nil
}

// others returns what the members after the first carry, for the checks
// of names against all of them.
func (s *spec) others() []model.Entity[entity.Condition] {
	if len(s.members) < 2 {
		return nil
	}
	out := make([]model.Entity[entity.Condition], 0, len(s.members)-1)
	for _, m := range s.members[1:] {
		out = append(out, modelOf(m))
	}
	return out
}

// isNilMember reports a nil entity behind the Member interface, whose
// methods would panic.
func isNilMember(m Member) bool {
	if m == nil {
		return true
	}
	v := reflect.ValueOf(m)
	return v.Kind() == reflect.Pointer && v.IsNil()
}

// checkFilter refuses a filter on the partition or sort key of the table
// or index queried: DynamoDB refuses it, and the key condition is where
// those belong (Where, Between, BeginsWith...).
func (s *spec) checkFilter(table *entity.Table) error {
	pk, sk, err := table.KeyNames(s.index)
	if err != nil {
		return &ddbmodel.ValidationError{Entity: s.members[0].Name(), Err: err}
	}
	for _, a := range modelOf(s.members[0]).Attributes(s.filter) {
		if a != "" && (a == pk || a == sk || isKeyAttribute(table, s.index, a)) {
			return &ddbmodel.ValidationError{Entity: s.members[0].Name(), Attribute: a,
				Reason: fmt.Sprintf("a filter cannot use the key attribute %s of %s; narrow the key with Where or a sort condition", a, indexName(s.index))}
		}
	}
	return nil
}

// withEntity names the entity in a *ddbmodel.ValidationError that does not
// name one yet (a condition is rendered without knowing its entity).
func withEntity(err error, name string) error {
	var ve *ddbmodel.ValidationError
	if errors.As(err, &ve) && ve.Entity == "" {
		ve.Entity = name
	}
	return err
}

// invalidf reports a query that cannot be built from what it was given: a
// *ddbmodel.ValidationError, so that errors.Is(err, ddbmodel.ErrInvalid).
func invalidf(format string, args ...any) error {
	return &ddbmodel.ValidationError{Reason: "query: " + fmt.Sprintf(format, args...)}
}

// checkExpressions refuses expressions longer than DynamoDB takes.
func checkExpressions(entityName string, exprs ...*string) error {
	for _, e := range exprs {
		if n := len(aws.ToString(e)); n > expr.MaxExpressionBytes {
			return &ddbmodel.LimitError{Entity: entityName, What: "expression size in bytes", Limit: expr.MaxExpressionBytes, Got: n}
		}
	}
	return nil
}

func keyErr(s *spec, attr string, err error) error {
	name := s.members[0].Name()
	var ve *keys.ValueError
	if errors.As(err, &ve) {
		if errors.Is(err, keys.ErrMissing) {
			return &ddbmodel.MissingCompositesError{Entity: name, KeyAttribute: attr, Missing: []string{ve.Composite}}
		}
		return &ddbmodel.ValidationError{Entity: name, Attribute: ve.Composite, Reason: "key " + attr, Err: err}
	}
	return &ddbmodel.ValidationError{Entity: name, Attribute: attr, Err: err}
}

func keyAV(k model.KeySpec, v string) types.AttributeValue {
	if k.Number {
		return &types.AttributeValueMemberN{Value: v}
	}
	return &types.AttributeValueMemberS{Value: v}
}

// keyRange is the sort part of a compiled key condition: op over the key
// text lo (and hi for between). op is sortNone when the query reads the
// whole partition.
type keyRange struct {
	op     sortOp
	lo, hi string
	number bool
	// multi, on a multi-attribute index, is the whole key condition
	// (op, lo and hi are then unused).
	multi *multiRange
}

func (r keyRange) av(v string) types.AttributeValue {
	if r.number {
		return &types.AttributeValueMemberN{Value: v}
	}
	return &types.AttributeValueMemberS{Value: v}
}

// render writes the condition on the sort key attribute name.
func (r keyRange) render(w *expr.Writer, name string) string {
	n := w.Name(name)
	switch r.op {
	case sortBegins:
		return "begins_with(" + n + ", " + w.Value(r.av(r.lo)) + ")"
	case sortBetween:
		lo := w.Value(r.av(r.lo))
		return n + " BETWEEN " + lo + " AND " + w.Value(r.av(r.hi))
	default:
		return n + " " + string(r.op) + " " + w.Value(r.av(r.lo))
	}
}

// holds reports whether the sort key value v satisfies the range, as
// DynamoDB compares keys.
func (r keyRange) holds(v types.AttributeValue) bool {
	if r.op == sortNone {
		return true
	}
	if r.op == sortBegins {
		x, ok := v.(*types.AttributeValueMemberS)
		return ok && strings.HasPrefix(x.Value, r.lo)
	}
	c := compareAV(v, r.av(r.lo))
	if r.op == sortBetween {
		return c >= 0 && compareAV(v, r.av(r.hi)) <= 0
	}
	return r.compares(c)
}

// sortRange compiles the sort part of the key condition.
func (s *spec) sortRange(sks []model.KeySpec) (keyRange, error) {
	sk := sks[0]
	none := keyRange{}
	if s.wholePartition {
		if s.sort.op != sortNone {
			return none, invalidf("WholePartition reads every sort key; it takes no sort condition")
		}
		return none, nil
	}
	if sk.Attribute == "" {
		if s.sort.op != sortNone {
			return none, invalidf("the index has no sort key")
		}
		return none, nil
	}
	rng := func(op sortOp, lo, hi string) (keyRange, error) {
		return keyRange{op: op, lo: lo, hi: hi, number: sk.Number}, nil
	}
	if s.sort.raw {
		if s.sort.op == sortBegins && sk.Number {
			return none, invalidf("begins_with on a number sort key")
		}
		if s.sort.op == sortBegins && s.sort.rawLo == "" {
			return none, &ddbmodel.ValidationError{Entity: s.members[0].Name(), Attribute: sk.Attribute, Reason: "BeginsWith: an empty prefix selects every key; leave BeginsWith out"}
		}
		for _, k := range []string{s.sort.rawLo, s.sort.rawHi} {
			if !utf8.ValidString(k) {
				return none, &ddbmodel.ValidationError{Entity: s.members[0].Name(), Attribute: sk.Attribute, Reason: fmt.Sprintf("sort key %q is not valid UTF-8", k)}
			}
		}
		if s.sort.op == sortBetween {
			if err := s.checkOrder(sk, s.sort.rawLo, s.sort.rawHi); err != nil {
				return none, err
			}
		}
		return rng(s.sort.op, s.sort.rawLo, s.sort.rawHi)
	}
	// Composite-based conditions need one sort template for every member.
	var tmpl *keys.Template
	for i, k := range sks {
		if k.Template == nil {
			if s.sort.op != sortNone || hasAny(s.where, k.Uses) {
				return none, invalidf("the sort key %s is computed; use BeginsWith or SortKey with explicit keys", k.Attribute)
			}
			continue
		}
		if i == 0 {
			tmpl = k.Template
		}
	}
	if tmpl == nil {
		return none, nil
	}
	if len(sks) > 1 {
		// A collection: only a common literal prefix narrows the sort key.
		if s.sort.op != sortNone {
			return none, invalidf("sort conditions on a collection take explicit keys (BeginsWith, SortKey, BetweenKeys)")
		}
		prefix := commonLiteralPrefix(sks)
		if prefix == "" || sk.Number {
			return none, nil
		}
		return rng(sortBegins, prefix, "")
	}
	for _, v := range []entity.Values{s.sort.lo, s.sort.hi} {
		for _, name := range sortedNames(keys.Values(v)) {
			if !tmpl.Uses(name) {
				return none, &ddbmodel.ValidationError{Entity: s.members[0].Name(), Attribute: name,
					Reason: fmt.Sprintf("the sort condition names an attribute that is no composite of the sort key %s", sk.Attribute)}
			}
		}
	}
	sortOnly := func(v entity.Values) keys.Values {
		out := keys.Values{}
		for k, x := range s.where {
			if tmpl.Uses(k) {
				out[k] = x
			}
		}
		for k, x := range v {
			out[k] = x
		}
		return out
	}
	render := func(v entity.Values) (string, bool, error) {
		p, complete, err := tmpl.Prefix(modelOf(s.members[0]).KeySource(sortOnly(v)))
		if err != nil {
			return "", false, keyErr(s, sk.Attribute, err)
		}
		return p, complete, nil
	}
	switch s.sort.op {
	case sortNone:
		if sk.Number && !hasAny(s.where, tmpl.Composites()) {
			return none, nil
		}
		p, complete, err := render(nil)
		if err != nil {
			return none, err
		}
		if complete {
			return rng(sortEq, p, "")
		}
		if p == "" || sk.Number {
			return none, nil
		}
		return rng(sortBegins, p, "")
	case sortBetween:
		lo, _, err := render(s.sort.lo)
		if err != nil {
			return none, err
		}
		hi, complete, err := render(s.sort.hi)
		if err != nil {
			return none, err
		}
		if !complete {
			hi = lastUnder(hi)
		}
		if err := s.checkOrder(sk, lo, hi); err != nil {
			return none, err
		}
		return rng(sortBetween, lo, hi)
	default:
		v, complete, err := render(s.sort.lo)
		if err != nil {
			return none, err
		}
		if !complete && (s.sort.op == sortGt || s.sort.op == sortLe) {
			// Greater than, or up to, the whole group under the prefix.
			v = lastUnder(v)
		}
		return rng(s.sort.op, v, "")
	}
}

// checkOrder refuses a range whose low end is above its high end, which
// DynamoDB refuses as a BETWEEN.
func (s *spec) checkOrder(sk model.KeySpec, lo, hi string) error {
	if compareAV(keyAV(sk, lo), keyAV(sk, hi)) > 0 {
		return &ddbmodel.ValidationError{Entity: s.members[0].Name(), Attribute: sk.Attribute,
			Reason: fmt.Sprintf("Between: the low key %q is above the high key %q", lo, hi)}
	}
	return nil
}

// lastUnder returns the largest sort key that begins with prefix: prefix
// followed by as many U+10FFFF (the largest character, 4 bytes) as fit in
// the 1,024-byte sort key limit, then the largest character of the bytes
// left (U+FFFF, U+07FF or U+007F). DynamoDB compares string keys bytewise,
// and UTF-8 orders as the characters do, so every key DynamoDB can store
// under prefix sorts at or before it, and every key after it is outside
// the group: an inclusive bound at lastUnder(prefix) is exact, whatever
// characters keys hold.
func lastUnder(prefix string) string {
	room := expr.MaxSortKeyBytes - len(prefix)
	if room <= 0 {
		return prefix
	}
	var b strings.Builder
	b.Grow(expr.MaxSortKeyBytes)
	b.WriteString(prefix)
	for ; room >= utf8.UTFMax; room -= utf8.UTFMax {
		b.WriteRune(utf8.MaxRune)
	}
	switch room {
	case 3:
		b.WriteRune('\uffff')
	case 2:
		b.WriteRune('\u07ff')
	case 1:
		b.WriteRune('\u007f')
	}
	return b.String()
}

func sortedNames(v keys.Values) []string {
	names := make([]string, 0, len(v))
	for n := range v {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

func hasAny(v entity.Values, attrs []string) bool {
	for _, a := range attrs {
		if _, ok := v[a]; ok {
			return true
		}
	}
	return false
}

func commonLiteralPrefix(sks []model.KeySpec) string {
	var prefix string
	for i, k := range sks {
		if k.Template == nil {
			return ""
		}
		p, _, err := k.Template.Prefix(keys.Strings{})
		if err != nil {
			return ""
		}
		if i == 0 {
			prefix = p
			continue
		}
		n := 0
		for n < len(prefix) && n < len(p) && prefix[n] == p[n] {
			n++
		}
		prefix = prefix[:n]
	}
	return prefix
}
