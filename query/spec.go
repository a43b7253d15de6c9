package query

import (
	"errors"
	"fmt"
	"maps"
	"math"
	"reflect"
	"runtime/debug"
	"slices"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/internal/composite"
	"github.com/ddbmodel/ddbmodel/internal/contract"
	"github.com/ddbmodel/ddbmodel/internal/docpath"
	"github.com/ddbmodel/ddbmodel/internal/expr"
	"github.com/ddbmodel/ddbmodel/internal/hint"
)

// spec is the part of a query shared by entity queries and collections.
type spec struct {
	members []Member
	index   string
	// indexGiven: Index (or a typed key) named the index, the table
	// included, so that another is refused rather than replacing it.
	indexGiven bool
	where      composite.List
	sort       sortCond
	desc       bool
	limit      int
	consistent bool
	project    []string
	filter     entity.Condition
	signKey    []byte
	// signGiven: SignCursors was called, so that an empty key is refused
	// rather than leaving the cursors unsigned (checkSignKey).
	signGiven bool
	allShards bool
	// wholePartition: no sort key condition at all (Collection.WholePartition).
	wholePartition bool
	// concurrency bounds the shard queries of AllShards in flight at
	// once; 0 means fanout.DefaultLimit.
	concurrency int
	err         error
	// conflict is a setting given twice with different values (once.go).
	conflict *conflict
}

func indexName(ix string) string {
	if ix == "" {
		return "the table"
	}
	return ix
}

// recovered, deferred by compile, fails the query with a
// *ddbmodel.ValidationError of its first entity wrapping the
// *ddbmodel.PanicError when compiling it panicked (a value's own
// marshalling code, say), instead of unwinding through Build or Run.
func (s *spec) recovered(err *error) {
	if x := recover(); x != nil {
		name := ""
		if len(s.members) > 0 && !isNilMember(s.members[0]) {
			name = s.members[0].Name()
		}
		*err = panicked(name, "query", x)
	}
}

// panicked is the error of building a request (what: "query", "scan") of
// the entity named entity that panicked with x.
func panicked(entity, what string, x any) error {
	return &ddbmodel.ValidationError{Entity: entity, Reason: "building the " + what + " panicked (a value's own marshalling code?)", Err: &ddbmodel.PanicError{Value: x, Stack: debug.Stack()}}
}

func (s *spec) build() ([]*dynamodb.QueryInput, error) {
	ins, _, err := s.compile()
	return ins, err
}

// compile builds one input per partition (shard) and returns the sort key
// range they share, against which cursors are checked.
func (s *spec) compile() (_ []*dynamodb.QueryInput, _ keyRange, err error) {
	defer s.recovered(&err)
	if s.err != nil {
		return nil, keyRange{}, s.err
	}
	if len(s.members) == 0 {
		return nil, keyRange{}, invalidf("no entity")
	}
	for i, m := range s.members {
		if isNilMember(m) {
			return nil, keyRange{}, invalidf("member %d is a nil or zero entity (entities are made by entity.Define)", i)
		}
		for _, earlier := range s.members[:i] {
			if earlier.Name() == m.Name() {
				return nil, keyRange{}, &ddbmodel.ValidationError{Entity: m.Name(), Reason: fmt.Sprintf("the collection names the entity twice (members %d and %d); name each entity once", slices.Index(s.members, earlier), i)}
			}
		}
	}
	if s.conflict != nil {
		return nil, keyRange{}, s.conflictErr()
	}
	if err := checkSignKey(s.members[0].Name(), s.signGiven, s.signKey); err != nil {
		return nil, keyRange{}, err
	}
	if s.limit < 0 || s.limit > math.MaxInt32 {
		return nil, keyRange{}, &ddbmodel.ValidationError{Entity: s.members[0].Name(), Reason: fmt.Sprintf("Limit must be 0 (no limit) to %d, got %d", math.MaxInt32, s.limit)}
	}
	table := s.members[0].Table()
	ix, isIndex := table.Index(s.index)
	if s.index != "" && !isIndex {
		return nil, keyRange{}, noIndex(s.members[0].Name(), table, s.index)
	}
	if err := checkUnmarkedProjection(s.members, table, s.index, len(s.project) > 0); err != nil {
		return nil, keyRange{}, err
	}
	if s.consistent && isIndex && !ix.Local {
		return nil, keyRange{}, &ddbmodel.ValidationError{Entity: s.members[0].Name(), Reason: fmt.Sprintf("Consistent: index %s is global, and DynamoDB does not allow consistent reads on global indexes", s.index)}
	}
	if isIndex && ix.MultiAttribute() {
		return s.compileMulti(table)
	}
	if p := s.planned(); p != nil {
		return s.compilePlanned(p, table)
	}
	var one [1]contract.KeySpec // an entity query's sort key, without an allocation
	pk, sks, err := s.keySpecs(one[:0])
	if err != nil {
		return nil, keyRange{}, err
	}
	if pk.Template == nil {
		return nil, keyRange{}, invalidIn(s.members[0].Name(), pk.Attribute, "the partition key %s is computed; it cannot be queried by composites", pk.Attribute)
	}
	where := s.where
	// Every value must feed the key queried: a misspelt sort composite
	// would otherwise widen the query silently.
	isKnown := func(name string) bool {
		// A collection narrows its sort key only by explicit keys.
		return pk.Template.Uses(name) || len(sks) == 1 && slices.Contains(sks[0].Uses, name)
	}
	allKnown := true
	for _, x := range where {
		allKnown = allKnown && isKnown(x.Name)
	}
	var sorted []string // to report the first unknown name
	if !allKnown {
		sorted = where.Names()
	}
	for _, name := range sorted {
		if !isKnown(name) {
			composites := slices.Clone(pk.Uses)
			if len(sks) == 1 {
				composites = append(composites, sks[0].Uses...)
			}
			return nil, keyRange{}, &ddbmodel.ValidationError{Entity: s.members[0].Name(), Attribute: name,
				Reason: fmt.Sprintf("Where names an attribute that is no composite of the key of %s%s", indexName(s.index), compositesHint(name, composites))}
		}
	}
	// Partition values: every composite is required (but the shard one under AllShards).
	shardAttr, shards, sharded := pk.Template.Shard()
	var missing []string
	for _, c := range pk.Template.Composites() {
		if !where.Has(c) {
			if sharded && c == shardAttr && s.allShards {
				continue
			}
			missing = append(missing, c)
		}
	}
	for _, c := range missing {
		if s.sort.lo.Has(c) || s.sort.hi.Has(c) {
			return nil, keyRange{}, &ddbmodel.ValidationError{Entity: s.members[0].Name(), Attribute: c, Reason: fmt.Sprintf(
				"a composite of the partition key %s, given only in the sort condition; give it in Where (the sort condition's bounds give sort composites)", pk.Attribute)}
		}
	}
	if len(missing) > 0 {
		return nil, keyRange{}, &ddbmodel.MissingCompositesError{Entity: s.members[0].Name(), KeyAttribute: pk.Attribute, Missing: missing}
	}
	// A sort composite given in Where and in the range: the range's value
	// would replace Where's equality, a query wider than either reading.
	// (A composite of the partition key too is Where's to give; the range
	// may repeat it.)
	for _, bound := range []composite.List{s.sort.lo, s.sort.hi} {
		for _, name := range bound.Names() {
			if both := where.Has(name); both && !slices.Contains(pk.Template.Composites(), name) {
				return nil, keyRange{}, &ddbmodel.ValidationError{Entity: s.members[0].Name(), Attribute: name,
					Reason: "given both in Where and in the sort condition; give it in one: Where for equality, the sort condition for a range"}
			}
		}
	}
	src := modelOf(s.members[0]).KeySource(where)
	var pkBuf [1]string // an unsharded query's one partition, without an allocation
	var pkvals []string
	if sharded && s.allShards {
		if where.Has(shardAttr) {
			return nil, keyRange{}, &ddbmodel.ValidationError{Entity: s.members[0].Name(), Attribute: shardAttr, Reason: "AllShards queries every shard; do not give the sharded attribute"}
		}
		for i := 0; i < shards; i++ {
			v, err := pk.Template.RenderShard(src, i)
			if err != nil {
				return nil, keyRange{}, keyErr(s, pk.Attribute, err)
			}
			pkvals = append(pkvals, v)
		}
	} else {
		if s.allShards {
			return nil, keyRange{}, &ddbmodel.ValidationError{Entity: s.members[0].Name(), Attribute: pk.Attribute, Reason: fmt.Sprintf("AllShards: the partition key template %s has no shard composite", pk.Template)}
		}
		v, err := pk.Template.Render(src)
		if err != nil {
			return nil, keyRange{}, keyErr(s, pk.Attribute, err)
		}
		pkvals = append(pkBuf[:0], v)
	}

	rng, err := s.sortRange(sks, src)
	if err != nil {
		return nil, keyRange{}, err
	}
	var ins []*dynamodb.QueryInput
	for _, pkv := range pkvals {
		q := newQueryOut()
		kc := rng.keyCondition(q, pk, pkv, sks[0].Attribute)
		in, err := s.input(table, q, kc)
		q.done()
		if err != nil {
			return nil, keyRange{}, err
		}
		ins = append(ins, in)
	}
	return ins, rng, nil
}

// input builds the query input for the key condition kc, written with
// q's writer: the index, order, limit, consistency, filter and projection
// of s. The input is q's.
func (s *spec) input(table *entity.Table, q *queryOut, kc string) (*dynamodb.QueryInput, error) {
	w, in := q.w, &q.in
	s.setInput(table, q, kc)
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
		// An entity recognising unmarked items needs the attributes that
		// tell whether an unmarked item is its own (checkUnmarkedProjection).
		wanted := unmarkedProjection(s.members)
		need = append(need, wanted...)
		seen := map[string]bool{}
		var ps []string
		for i, a := range append(need, s.project...) {
			var p string
			if i < len(need) {
				p = w.Name(a)
			} else if root := projectionRoot(a); slices.Contains(wanted, root) {
				continue // projected whole already
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
		if err := overlappingProjection(s.members[0].Name(), ps, w.Names()); err != nil {
			return nil, err
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
func (s *spec) others() []contract.Entity[entity.Condition] {
	if len(s.members) < 2 {
		return nil
	}
	out := make([]contract.Entity[entity.Condition], 0, len(s.members)-1)
	for _, m := range s.members[1:] {
		out = append(out, modelOf(m))
	}
	return out
}

// isNilMember reports a nil entity behind the Member interface, whose
// methods would panic, or a zero Entity (one Define did not make), which
// has no table.
func isNilMember(m Member) bool {
	if m == nil {
		return true
	}
	v := reflect.ValueOf(m)
	return v.Kind() == reflect.Pointer && v.IsNil() || m.Table() == nil
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
	return checkProjected(s.filterOwner, table, s.index, modelOf(s.members[0]).Attributes(s.filter))
}

// filterOwner names, for a refusal of the filter's attribute a, the
// first member that stores a (a collection's filter may use any member's
// attributes), or the first member when none does; and whether one does.
func (s *spec) filterOwner(a string) (string, bool) {
	for _, m := range s.members {
		if stores(m, a) {
			return m.Name(), true
		}
	}
	return s.members[0].Name(), false
}

// stores reports whether entity m stores attribute a: a field of its type
// or one of its ExtraAttributes.
func stores(m Member, a string) bool {
	return slices.Contains(modelOf(m).StoredNames(), a) || slices.Contains(modelOf(m).ExtraNames(), a)
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
	return &ddbmodel.ValidationError{Reason: fmt.Sprintf(format, args...)}
}

// invalidIn is a *ddbmodel.ValidationError of the entity named, about
// attr ("" for none), for refusals that concern one entity.
// checkSignKey refuses an empty SignCursors key (nil or no bytes): it
// would sign nothing, and the cursors would go out unsigned and any
// cursor be taken, silently.
func checkSignKey(entityName string, given bool, key []byte) error {
	if given && len(key) == 0 {
		return invalidIn(entityName, "", "SignCursors: the key is empty, so no cursor would be signed and any would be taken; give a secret key (32 random bytes, say), or leave SignCursors out")
	}
	return nil
}

func invalidIn(entityName, attr, format string, args ...any) error {
	return &ddbmodel.ValidationError{Entity: entityName, Attribute: attr, Reason: fmt.Sprintf(format, args...)}
}

// nameOf is m's name, or "" for a nil or zero member (whose refusal says so).
func nameOf(m Member) string {
	if isNilMember(m) {
		return ""
	}
	return m.Name()
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

// noIndex refuses a query or scan of entity on an index its table does
// not declare, with the closest declared name as a hint.
func noIndex(entityName string, t *entity.Table, index string) error {
	names := make([]string, len(t.Indexes))
	for i, ix := range t.Indexes {
		names[i] = ix.Name
	}
	reason := fmt.Sprintf("table %q has no index %q", t.Name, index)
	if near := hint.Suggest(index, names); near != "" {
		reason += fmt.Sprintf(" (did you mean %q?)", near)
	} else if len(names) > 0 {
		reason += fmt.Sprintf(" (its indexes: %s)", strings.Join(names, ", "))
	}
	return &ddbmodel.ValidationError{Entity: entityName, Reason: reason}
}

// compositesHint lists a key's composites, and the one name most likely
// meant, for the message refusing name.
func compositesHint(name string, composites []string) string {
	out := fmt.Sprintf(" (its composites: %s)", strings.Join(composites, ", "))
	if near := hint.Suggest(name, composites); near != "" {
		out += fmt.Sprintf("; did you mean %q?", near)
	}
	return out
}

// overlappingProjection refuses projection paths of which one holds
// another ("home" and "home.country"), which DynamoDB refuses ("Two
// document paths overlap"); paths are compared as written with their
// placeholders, names gives the placeholders' names for the message.
func overlappingProjection(entityName string, paths []string, names map[string]string) error {
	for _, p := range paths {
		for _, q := range paths {
			if len(q) > len(p) && strings.HasPrefix(q, p) && (q[len(p)] == '.' || q[len(p)] == '[') {
				return &ddbmodel.ValidationError{Entity: entityName, Attribute: spell(q, names),
					Reason: fmt.Sprintf("Project: %s is inside %s, which the projection holds whole; DynamoDB refuses overlapping paths", spell(q, names), spell(p, names))}
			}
		}
	}
	return nil
}

// spell writes a path with its placeholders replaced by their names.
func spell(path string, names map[string]string) string {
	phs := slices.SortedFunc(maps.Keys(names), func(a, b string) int { return len(b) - len(a) }) // "#n10" before "#n1"
	for _, ph := range phs {
		path = strings.ReplaceAll(path, ph, names[ph])
	}
	return path
}

// projectionRoot is the top-level attribute of a projection path.
func projectionRoot(path string) string {
	if p, err := docpath.Parse(path); err == nil {
		return p.Root()
	}
	return path
}
