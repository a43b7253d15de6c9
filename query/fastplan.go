package query

import (
	"slices"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/internal/contract"
)

// queryPlan is the compiled shape of the commonest query, made once per
// entity and index: one entity, Where giving exactly the partition key's
// composites, and no sort condition, filter, projection or shards. Such a
// query's key condition, names and sort range depend only on the entity
// and the index, so compile writes them once; each query renders its
// partition key (with the checks of every query) and fills the input from
// the plan. TestAPlannedQueryBuildsWhatTheGeneralPathBuilds checks that
// the two build the same inputs.
type queryPlan struct {
	pk         contract.KeySpec
	composites []string // the partition key's composites, sorted
	rng        keyRange // the sort range: constant for such a query
	kc         string   // the key condition
	names      []string // placeholder and name, in pairs
	pkValue    string   // the partition key value's placeholder
	consts     []planValue
}

// planValue is a constant value of a planned key condition: a sort key
// prefix or key.
type planValue struct {
	placeholder, text string
	number            bool
}

// plansOff makes every query compile in full (tests compare the two).
var plansOff bool

// noPlan stands in the cache for an index whose queries compile in full.
var noPlan = &queryPlan{}

// planned returns the plan of s's query, or nil when s is not of the
// planned shape or its index has none. s has passed compile's checks up to
// the key specs.
func (s *spec) planned() *queryPlan {
	if plansOff || len(s.members) != 1 || s.allShards || s.wholePartition || s.sort.op != sortNone ||
		!s.filter.IsZero() || len(s.project) > 0 || len(s.where) == 0 {
		return nil
	}
	m := modelOf(s.members[0])
	cache := m.QueryPlans()
	if cache == nil {
		return nil
	}
	var p *queryPlan
	if v, ok := cache.Load(s.index); ok {
		p = v.(*queryPlan)
	} else {
		p = s.makePlan()
		cache.Store(s.index, p)
	}
	if p == noPlan || len(s.where) != len(p.composites) {
		return nil
	}
	for i := range s.where { // both sorted by name
		if s.where[i].Name != p.composites[i] {
			return nil
		}
	}
	return p
}

// makePlan compiles the plan of s's index with the general path's own
// parts, or returns noPlan when its queries cannot be planned: a computed
// or sharded partition key, or a sort key built from a partition key
// composite (whose prefix then depends on the values).
func (s *spec) makePlan() *queryPlan {
	var one [1]contract.KeySpec
	pk, sks, err := s.keySpecs(one[:0])
	if err != nil || pk.Template == nil || len(sks) != 1 {
		return noPlan
	}
	if _, _, sharded := pk.Template.Shard(); sharded {
		return noPlan
	}
	composites := slices.Clone(pk.Template.Composites())
	slices.Sort(composites)
	for _, c := range composites {
		if slices.Contains(sks[0].Uses, c) || sks[0].Template != nil && sks[0].Template.Uses(c) {
			return noPlan
		}
	}
	// The sort range of a query giving no sort composite: compiled as the
	// general path compiles it, without Where's values (none of which the
	// sort key uses).
	bare := spec{members: s.members, index: s.index}
	rng, err := bare.sortRange(sks, modelOf(s.members[0]).KeySource(nil))
	if err != nil || rng.multi != nil {
		return noPlan
	}
	const sentinel = "\x00partition key\x00"
	q := newQueryOut()
	kc := rng.keyCondition(q, pk, sentinel, sks[0].Attribute)
	names, values := q.w.Names(), q.w.Values()
	q.done()
	if checkExpressions(s.members[0].Name(), &kc) != nil {
		return noPlan
	}
	p := &queryPlan{pk: pk, composites: composites, rng: rng, kc: kc}
	for ph, n := range names {
		p.names = append(p.names, ph, n)
	}
	for ph, av := range values {
		var v planValue
		switch x := av.(type) {
		case *types.AttributeValueMemberS:
			v = planValue{placeholder: ph, text: x.Value}
		case *types.AttributeValueMemberN:
			v = planValue{placeholder: ph, text: x.Value, number: true}
		default:
			return noPlan
		}
		if v.text == sentinel {
			if p.pkValue != "" {
				return noPlan
			}
			p.pkValue = ph
			continue
		}
		p.consts = append(p.consts, v)
	}
	if p.pkValue == "" {
		return noPlan
	}
	return p
}

// compilePlanned is compile for a query of p's shape.
func (s *spec) compilePlanned(p *queryPlan, table *entity.Table) ([]*dynamodb.QueryInput, keyRange, error) {
	v, err := p.pk.Template.Render(modelOf(s.members[0]).KeySource(s.where))
	if err != nil {
		return nil, keyRange{}, keyErr(s, p.pk.Attribute, err)
	}
	q := &queryOut{}
	in := &q.in
	s.setInput(table, q, p.kc)
	names := make(map[string]string, len(p.names)/2)
	for i := 0; i < len(p.names); i += 2 {
		names[p.names[i]] = p.names[i+1]
	}
	values := make(map[string]types.AttributeValue, 1+len(p.consts))
	values[p.pkValue] = q.keyAV(p.pk.Number, v)
	for _, c := range p.consts {
		values[c.placeholder] = q.keyAV(c.number, c.text)
	}
	in.ExpressionAttributeNames, in.ExpressionAttributeValues = names, values
	q.one[0] = in
	return q.one[:], p.rng, nil
}

// setInput sets the table, key condition kc, index, order, limit and
// consistency of s on q's input.
func (s *spec) setInput(table *entity.Table, q *queryOut, kc string) {
	in := &q.in
	q.strs = [3]string{table.Name, kc, s.index}
	in.TableName, in.KeyConditionExpression = &q.strs[0], &q.strs[1]
	if s.index != "" {
		in.IndexName = &q.strs[2]
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
}
