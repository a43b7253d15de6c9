package query

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/internal/composite"
	"github.com/ddbmodel/ddbmodel/internal/contract"
	"github.com/ddbmodel/ddbmodel/internal/expr"
	"github.com/ddbmodel/ddbmodel/keys"
)

type sortOp string

type sortCond struct {
	op     sortOp
	lo, hi composite.List // composites, rendered with the sort template
	rawLo  string         // explicit key text (or number text)
	rawHi  string
	raw    bool
}

// keySpecs finds the key specs of the index for every member, appending
// the sort keys' to sks; the partition templates must agree.
func (s *spec) keySpecs(sks []contract.KeySpec) (pk contract.KeySpec, _ []contract.KeySpec, err error) {
	for i, m := range s.members {
		p, sk, ok := modelOf(m).KeySpecs(s.index)
		if !ok {
			return pk, nil, invalidIn(m.Name(), "", "the entity is in no index %q", s.index)
		}
		if i == 0 {
			pk = p
		} else if p.Template == nil || pk.Template == nil || p.Template.String() != pk.Template.String() {
			return pk, nil, invalidIn(s.members[0].Name(), pk.Attribute, "the entity and %s do not share a partition key template on %s", m.Name(), indexName(s.index))
		}
		sks = append(sks, sk)
	}
	return pk, sks, nil
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

func keyAV(k contract.KeySpec, v string) types.AttributeValue {
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

// keyCondition writes the key condition of the partition key pk equal to
// the key text pkv and of the range on the sort key attribute sk: the
// placeholders through w, the text in one allocation.
func (r keyRange) keyCondition(q *queryOut, pk contract.KeySpec, pkv, sk string) string {
	w := q.w
	var buf [10]string
	parts := append(buf[:0], w.Name(pk.Attribute), " = ", w.Value(q.keyAV(pk.Number, pkv)))
	if r.op != sortNone {
		parts = r.render(q, sk, append(parts, " AND "))
	}
	return strings.Join(parts, "")
}

// render appends the parts of the condition on the sort key attribute
// name to parts, its values held in q.
func (r keyRange) render(q *queryOut, name string, parts []string) []string {
	w := q.w
	n := w.Name(name)
	switch r.op {
	case sortBegins:
		return append(parts, "begins_with(", n, ", ", w.Value(q.keyAV(r.number, r.lo)), ")")
	case sortBetween:
		lo := w.Value(q.keyAV(r.number, r.lo))
		return append(parts, n, " BETWEEN ", lo, " AND ", w.Value(q.keyAV(r.number, r.hi)))
	default:
		return append(parts, n, " ", string(r.op), " ", w.Value(q.keyAV(r.number, r.lo)))
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
//
// whereSrc is the key source of Where's values (the sort key's composites
// among them render the same through it as through sortOnly's).
func (s *spec) sortRange(sks []contract.KeySpec, whereSrc keys.Source) (keyRange, error) {
	sk := sks[0]
	none := keyRange{}
	if s.wholePartition {
		if s.sort.op != sortNone {
			return none, s.sortInvalid(sk.Attribute, "WholePartition reads every sort key; it takes no sort condition")
		}
		return none, nil
	}
	if sk.Attribute == "" {
		if s.sort.op != sortNone {
			return none, s.sortInvalid("", "a sort condition on %s, which has no sort key", indexName(s.index))
		}
		return none, nil
	}
	if err := s.checkEmptyBounds(sk); err != nil {
		return none, err
	}
	rng := func(op sortOp, lo, hi string) (keyRange, error) {
		return keyRange{op: op, lo: lo, hi: hi, number: sk.Number}, nil
	}
	if s.sort.raw {
		if s.sort.op == sortBegins && sk.Number {
			return none, s.sortInvalid(sk.Attribute, "BeginsWith: %s is a number sort key, which takes =, <, <=, >, >= and BETWEEN, not begins_with", sk.Attribute)
		}
		if s.sort.op == sortBegins && s.sort.rawLo == "" {
			return none, &ddbmodel.ValidationError{Entity: s.members[0].Name(), Attribute: sk.Attribute, Reason: "BeginsWith: an empty prefix selects every key; leave BeginsWith out"}
		}
		for _, k := range []string{s.sort.rawLo, s.sort.rawHi} {
			if !utf8.ValidString(k) {
				return none, &ddbmodel.ValidationError{Entity: s.members[0].Name(), Attribute: sk.Attribute, Reason: fmt.Sprintf("sort key %q is not valid UTF-8", k)}
			}
		}
		if err := s.checkRawNumbers(sk); err != nil {
			return none, err
		}
		if s.sort.op == sortBegins {
			if err := s.checkBeginsWith(sks, s.sort.rawLo); err != nil {
				return none, err
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
			if s.sort.op != sortNone || s.where.HasAny(k.Uses) {
				return none, s.sortInvalid(k.Attribute, "the sort key %s is computed; use BeginsWith or SortKey with explicit keys", k.Attribute)
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
			return none, s.sortInvalid(sk.Attribute, "sort conditions on a collection take explicit keys (BeginsWith, SortKey, BetweenKeys)")
		}
		prefix := commonLiteralPrefix(sks)
		if prefix == "" || sk.Number {
			return none, nil
		}
		return rng(sortBegins, prefix, "")
	}
	for _, v := range []composite.List{s.sort.lo, s.sort.hi} {
		for _, name := range v.Names() {
			if !tmpl.Uses(name) {
				return none, &ddbmodel.ValidationError{Entity: s.members[0].Name(), Attribute: name,
					Reason: fmt.Sprintf("the sort condition names an attribute that is no composite of the sort key %s%s", sk.Attribute, compositesHint(name, sk.Uses))}
			}
		}
	}
	sortOnly := func(v composite.List) composite.List {
		var out composite.List
		for _, x := range s.where {
			if tmpl.Uses(x.Name) {
				out = append(out, x)
			}
		}
		return out.Merge(v)
	}
	render := func(v composite.List) (string, bool, error) {
		src := whereSrc
		if len(v) > 0 {
			src = modelOf(s.members[0]).KeySource(sortOnly(v))
		}
		p, complete, err := tmpl.Prefix(src)
		if err != nil {
			return "", false, keyErr(s, sk.Attribute, err)
		}
		return p, complete, nil
	}
	switch s.sort.op {
	case sortNone:
		if sk.Number && !s.where.HasAny(tmpl.Composites()) {
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
		if !sk.Number {
			// Stay among the keys under the template's leading literal
			// (group_bound.go).
			if group, whole, err := tmpl.Prefix(keys.Strings{}); err == nil && group != "" && !whole {
				if lo, hi, ok := groupRange(s.sort.op, v, complete, group); ok {
					return rng(sortBetween, lo, hi)
				}
			}
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
func (s *spec) checkOrder(sk contract.KeySpec, lo, hi string) error {
	if compareAV(keyAV(sk, lo), keyAV(sk, hi)) > 0 {
		shown := fmt.Sprintf("%q", hi)
		if prefix := strings.TrimRight(hi, string(utf8.MaxRune)+"\uffff\u07ff\u007f"); prefix != hi {
			shown = fmt.Sprintf("%q (with the keys under it)", prefix) // hi is the last key under prefix
		}
		reason := fmt.Sprintf("Between: the low key %q is above the high key %s", lo, shown)
		if reversed := reversedComposites(sk); len(reversed) > 0 {
			reason += fmt.Sprintf(" (the template %q renders %s reversed, larger values first: give Between the larger value as its low bound)", sk.Template.String(), strings.Join(reversed, ", "))
		}
		return &ddbmodel.ValidationError{Entity: s.members[0].Name(), Attribute: sk.Attribute, Reason: reason}
	}
	return nil
}

// reversedComposites returns the composites sk's template renders with
// rev(W), whose keys sort their values from the largest.
func reversedComposites(sk contract.KeySpec) []string {
	if sk.Template == nil {
		return nil
	}
	var out []string
	for _, c := range sk.Template.Composites() {
		if f, _ := sk.Template.CompositeFormat(c); strings.HasPrefix(f, "rev(") {
			out = append(out, c)
		}
	}
	return out
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

func commonLiteralPrefix(sks []contract.KeySpec) string {
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
