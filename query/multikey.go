package query

// Queries on a multi-attribute index (entity.Index.PartitionKeys and
// SortKeys), whose key is the item's own attributes:
//
//   - Where gives every partition attribute (equality) and, optionally,
//     equality on a leading run of the sort attributes, left to right;
//   - one range condition (Lt, Le, Gt, Ge, Between, BeginsWith, SortKey,
//     BetweenKeys) may follow, on the next sort attribute: Lt, Le, Gt, Ge
//     and Between name that one attribute in their Values; the raw forms
//     give its value as text (number text for a number attribute);
//   - a missing partition attribute, a gap in the sort attributes, a
//     condition on any other attribute, or begins_with on a number is a
//     *ddbmodel.ValidationError before anything is sent (DynamoDB refuses
//     them too).
//
// Values are encoded as a put encodes the entity's field, so a number
// attribute compares numbers, not their text.

import (
	"bytes"
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/internal/composite"
)

// multiRange is the key condition of a query on a multi-attribute index,
// against which a cursor's position is checked.
type multiRange struct {
	pk, eq []string // partition attributes, then sort attributes with equality
	vals   map[string]types.AttributeValue
	attr   string // the sort attribute of the range condition, if any
	op     sortOp
	lo, hi types.AttributeValue
}

// outside returns why a cursor position does not satisfy the condition, or "".
func (m *multiRange) outside(pos map[string]types.AttributeValue) string {
	for _, n := range m.pk {
		if !sameAV(pos[n], m.vals[n]) {
			return "position lies outside the query's partition"
		}
	}
	for _, n := range m.eq {
		if !sameAV(pos[n], m.vals[n]) {
			return "position lies outside the query's sort key range"
		}
	}
	if m.op == sortNone {
		return ""
	}
	v := pos[m.attr]
	ok := false
	switch m.op {
	case sortBegins:
		switch x := v.(type) {
		case *types.AttributeValueMemberS:
			p, isS := m.lo.(*types.AttributeValueMemberS)
			ok = isS && strings.HasPrefix(x.Value, p.Value)
		case *types.AttributeValueMemberB:
			p, isB := m.lo.(*types.AttributeValueMemberB)
			ok = isB && bytes.HasPrefix(x.Value, p.Value)
		}
	case sortBetween:
		ok = sameKind(v, m.lo) && compareAV(v, m.lo) >= 0 && compareAV(v, m.hi) <= 0
	default:
		ok = sameKind(v, m.lo) && (keyRange{op: m.op}).compares(compareAV(v, m.lo))
	}
	if !ok {
		return "position lies outside the query's sort key range"
	}
	return ""
}

// compares reports whether a comparison result c satisfies r's operator.
func (r keyRange) compares(c int) bool {
	switch r.op {
	case sortEq:
		return c == 0
	case sortLt:
		return c < 0
	case sortLe:
		return c <= 0
	case sortGt:
		return c > 0
	case sortGe:
		return c >= 0
	}
	return false
}

func sameKind(a, b types.AttributeValue) bool {
	return a != nil && b != nil && reflect.TypeOf(a) == reflect.TypeOf(b)
}

func sameAV(a, b types.AttributeValue) bool { return sameKind(a, b) && compareAV(a, b) == 0 }

// isKeyAttribute reports whether a is a key attribute of index (or the table).
func isKeyAttribute(table *entity.Table, index, a string) bool {
	pk, sk, _ := table.KeyAttributes(index)
	for _, k := range slices.Concat(pk, sk) {
		if k.Name == a {
			return true
		}
	}
	return false
}

// compileMulti compiles a query on the multi-attribute index s.index.
func (s *spec) compileMulti(table *entity.Table) ([]*dynamodb.QueryInput, keyRange, error) {
	name := s.members[0].Name()
	for _, m := range s.members {
		if _, _, ok := modelOf(m).KeySpecs(s.index); !ok {
			return nil, keyRange{}, invalidIn(m.Name(), "", "the entity is in no index %q", s.index)
		}
	}
	if s.allShards {
		return nil, keyRange{}, &ddbmodel.ValidationError{Entity: name, Reason: fmt.Sprintf("AllShards: index %s has a multi-attribute key, which has no shard composite", s.index)}
	}
	pks, sks, err := table.KeyAttributes(s.index)
	if err != nil {
		return nil, keyRange{}, &ddbmodel.ValidationError{Entity: name, Err: err}
	}
	bad := func(attr, format string, args ...any) error {
		return &ddbmodel.ValidationError{Entity: name, Attribute: attr, Reason: fmt.Sprintf("query on index %s (multi-attribute key %s): ", s.index, keyText(pks, sks)) + fmt.Sprintf(format, args...)}
	}
	inKey := map[string]bool{}
	for _, k := range slices.Concat(pks, sks) {
		inKey[k.Name] = true
	}
	for _, n := range s.where.Names() {
		if !inKey[n] {
			return nil, keyRange{}, bad(n, "Where names an attribute that is no attribute of the key")
		}
	}
	var missing []string
	for _, k := range pks {
		if !s.where.Has(k.Name) {
			missing = append(missing, k.Name)
		}
	}
	if len(missing) > 0 {
		err := bad(missing[0], "Where must give every partition attribute; missing %s", strings.Join(missing, ", "))
		err.(*ddbmodel.ValidationError).Err = &ddbmodel.MissingCompositesError{Entity: name, KeyAttribute: "index " + s.index, Missing: missing}
		return nil, keyRange{}, err
	}
	eqN := 0
	for eqN < len(sks) {
		if !s.where.Has(sks[eqN].Name) {
			break
		}
		eqN++
	}
	for _, k := range sks[min(eqN+1, len(sks)):] {
		if s.where.Has(k.Name) {
			return nil, keyRange{}, bad(k.Name, "Where gives this sort attribute but not %s, which comes before it; sort attributes are given left to right, without gaps", sks[eqN].Name)
		}
	}
	val := func(k entity.KeyAttribute, v any, loose bool) (types.AttributeValue, error) {
		av, err := modelOf(s.members[0]).AttributeValue(k.Name, v, loose, s.others()...)
		if err != nil {
			return nil, withEntity(err, name)
		}
		if av == nil {
			return nil, bad(k.Name, "the value %#v is one a put does not store (empty, nil or omitempty zero), so no key holds it", v)
		}
		if why := keyValueProblem(av, k); why != "" {
			return nil, bad(k.Name, "%s", why)
		}
		return av, nil
	}
	q := newQueryOut()
	defer q.done()
	w := q.w
	m := &multiRange{vals: map[string]types.AttributeValue{}}
	var conds []string
	for i, k := range slices.Concat(pks, sks[:eqN]) {
		v, _ := s.where.Get(k.Name)
		// Text of a number or time is taken, as a template key's
		// composite takes it; it is converted to the field's type.
		av, err := val(k, v, true)
		if err != nil {
			return nil, keyRange{}, err
		}
		conds = append(conds, w.Name(k.Name)+" = "+w.Value(av))
		m.vals[k.Name] = av
		if i < len(pks) {
			m.pk = append(m.pk, k.Name)
		} else {
			m.eq = append(m.eq, k.Name)
		}
	}
	if s.sort.op != sortNone {
		if eqN == len(sks) {
			return nil, keyRange{}, bad("", "a range condition needs a sort attribute after those Where gives, and there is none")
		}
		k := sks[eqN]
		var lo, hi any
		if s.sort.raw {
			lo, hi = s.sort.rawLo, s.sort.rawHi
		} else {
			one := func(v composite.List) (any, error) {
				if len(v) != 1 {
					return nil, bad(k.Name, "a range condition names exactly one attribute, the next sort attribute %s; got %s", k.Name, strings.Join(v.Names(), ", "))
				}
				x, ok := v.Get(k.Name)
				if !ok {
					n := v[0].Name
					return nil, bad(n, "a range condition applies to the next sort attribute after those Where gives, %s", k.Name)
				}
				return x, nil
			}
			if lo, err = one(s.sort.lo); err != nil {
				return nil, keyRange{}, err
			}
			if s.sort.op == sortBetween {
				if hi, err = one(s.sort.hi); err != nil {
					return nil, keyRange{}, err
				}
			}
		}
		n := w.Name(k.Name)
		m.attr, m.op = k.Name, s.sort.op
		if m.lo, err = val(k, lo, true); err != nil {
			return nil, keyRange{}, err
		}
		switch s.sort.op {
		case sortBegins:
			if k.Type == types.ScalarAttributeTypeN {
				return nil, keyRange{}, bad(k.Name, "begins_with on a number attribute")
			}
			conds = append(conds, "begins_with("+n+", "+w.Value(m.lo)+")")
		case sortBetween:
			if m.hi, err = val(k, hi, true); err != nil {
				return nil, keyRange{}, err
			}
			if compareAV(m.lo, m.hi) > 0 {
				return nil, keyRange{}, bad(k.Name, "Between: the low value is above the high value")
			}
			conds = append(conds, n+" BETWEEN "+w.Value(m.lo)+" AND "+w.Value(m.hi))
		default:
			conds = append(conds, n+" "+string(s.sort.op)+" "+w.Value(m.lo))
		}
	}
	if err := checkMultiSize(name, s.index, m); err != nil {
		return nil, keyRange{}, err
	}
	in, err := s.input(table, q, strings.Join(conds, " AND "))
	if err != nil {
		return nil, keyRange{}, err
	}
	return []*dynamodb.QueryInput{in}, keyRange{multi: m}, nil
}

// keyValueProblem says why av cannot be compared with key attribute k, or "".
func keyValueProblem(av types.AttributeValue, k entity.KeyAttribute) string {
	switch x := av.(type) {
	case *types.AttributeValueMemberS:
		if k.Type == types.ScalarAttributeTypeS {
			if x.Value == "" {
				return "an empty string is no key value"
			}
			return ""
		}
	case *types.AttributeValueMemberN:
		if k.Type == types.ScalarAttributeTypeN {
			return ""
		}
	case *types.AttributeValueMemberB:
		if k.Type == types.ScalarAttributeTypeB {
			if len(x.Value) == 0 {
				return "an empty binary is no key value"
			}
			return ""
		}
	}
	return fmt.Sprintf("the attribute is of type %s; the value is not", k.Type)
}

// keyText writes a multi-attribute key as "(a, b) (c, d)".
func keyText(pks, sks []entity.KeyAttribute) string {
	names := func(ks []entity.KeyAttribute) string {
		out := make([]string, len(ks))
		for i, k := range ks {
			out[i] = k.Name
		}
		return "(" + strings.Join(out, ", ") + ")"
	}
	if len(sks) == 0 {
		return names(pks)
	}
	return names(pks) + " " + names(sks)
}
