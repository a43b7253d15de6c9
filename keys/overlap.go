package keys

import (
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Pair is the key one entity gives its items on a table or on one index: a
// partition template and, when the table or index has a sort key, a sort
// template.
type Pair struct {
	// Partition is the partition template; nil is taken as any non-empty
	// string, like AnySort.
	Partition *Template
	// Sort is nil when the table or index has no sort key, unless AnySort.
	Sort *Template
	// AnySort: the sort key is computed by a function the analysis cannot
	// read, so it is taken to be any non-empty string.
	AnySort bool
	// Values limits free-text composites, by name, to the values listed
	// (an attribute's Enum rule): such a composite renders only these, in
	// both templates of the pair. A composite not named is any text its
	// format allows.
	Values map[string][]string
}

// Collision is a key that two pairs can both render.
type Collision struct {
	Partition string
	Sort      string // "" when the pairs have no sort key
	// Confirmed reports that each pair renders Partition and Sort from one
	// set of composite values. It is false only when a pair's partition and
	// sort templates share a composite and the sample found for each key
	// attribute needs that composite to hold two different values: the
	// analysis then still reports the overlap (see Overlap).
	Confirmed bool
}

// PrefixCollision is a sort key of one pair that begins with a prefix the
// other pair's partial key renders, in a partition both render: a query of
// the other pair with some sort composites given (a begins_with condition)
// reads it.
type PrefixCollision struct {
	Partition string
	Prefix    string // the begins_with prefix: literals and leading composites of the querying pair's sort template
	Sort      string // a sort key of the other pair that begins with Prefix
	Confirmed bool   // as in Collision
}

// Overlap reports whether pairs a and b can render the same key: the same
// partition key and, when they have sort keys, the same sort key. It
// returns a sample of such a key.
//
// The analysis is exact for the template language. Each template is taken
// as a language over Unicode code points (a key is valid UTF-8, so equal
// keys are equal code point sequences): literals match exactly; a free-text
// composite is any non-empty text without the characters it forbids (see the
// package documentation); pad(W) and rev(W) are exactly W digits; shard(N) is
// the zero-padded numbers 0..N-1; date is a valid date 0000-01-01 ..
// 9999-12-31 written 2006-01-02; time is such a date followed by a valid time
// of day with nine fraction digits, as 2006-01-02T15:04:05.000000000Z; a
// Number template is any canonical number. The key attribute's MaxBytes
// bounds the shared key. The intersection of two templates' languages is
// decided by a shortest-path search over the product of their automata,
// which also yields the shortest sample.
//
// The partition and sort keys are decided one after the other. When a pair's
// partition and sort templates share a composite (ORDER#${id} / ORDER#${id}),
// that composite holds one value in both keys; Overlap then looks for a sample
// that honours this and reports Confirmed. If the shortest samples do not, it
// still reports the overlap, unconfirmed: it may refuse a pair whose shared
// composites keep it apart, never accept a pair that can collide.
func Overlap(a, b Pair) (Collision, bool) {
	pk, ok := intersect(keyNFA(a.Partition, a.Values), keyNFA(b.Partition, b.Values), maxBytes(a.Partition, b.Partition))
	if !ok {
		return Collision{}, false
	}
	c := Collision{Partition: pk}
	hasSort := a.Sort != nil || a.AnySort
	if hasSort != (b.Sort != nil || b.AnySort) {
		// One has a sort key, the other not: they cannot be on the same
		// table or index. Treat the missing one as not colliding.
		return Collision{}, false
	}
	if hasSort {
		sk, ok := intersect(sortNFA(a), sortNFA(b), maxBytes(a.Sort, b.Sort))
		if !ok {
			return Collision{}, false
		}
		c.Sort = sk
	}
	c.Confirmed = a.renders(c.Partition, c.Sort) && b.renders(c.Partition, c.Sort)
	return c, true
}

// PrefixOverlap reports whether a query of pair a with only some of its sort
// composites given, which reads the sort keys beginning with a prefix of a's
// sort template (see [Template.Prefix]), can return an item whose key pair b
// renders, in a partition both render. It returns a sample.
//
// Only a partial prefix counts: the leading literal alone, or the literals
// and values up to and including the literal after some composite, short of
// the full key (a full key is an exact match: see [Overlap]). A pair whose
// sort key is a Number, computed, or a template without composites has no
// partial prefix, and PrefixOverlap reports false. The analysis is exact in
// the sense of Overlap.
func PrefixOverlap(a, b Pair) (PrefixCollision, bool) {
	if a.Partition == nil || a.Sort == nil || a.Sort.spec.Kind != String || (b.Sort == nil && !b.AnySort) {
		return PrefixCollision{}, false
	}
	// A query gives every partition composite, so the sort composites the
	// partition template shares are present, and so is every one before
	// them: a partial prefix stops short of a later composite.
	first := 0
	for k := range a.Sort.comps {
		if a.Partition.Uses(a.Sort.comps[k].name) {
			first = k + 1
		}
	}
	if first >= len(a.Sort.comps) {
		return PrefixCollision{}, false
	}
	pk, ok := intersect(keyNFA(a.Partition, a.Values), keyNFA(b.Partition, b.Values), maxBytes(a.Partition, b.Partition))
	if !ok {
		return PrefixCollision{}, false
	}
	sk, at, ok := intersectAt(prefixNFA(a.Sort, first, a.Values), sortNFA(b), maxBytes(a.Sort, b.Sort))
	if !ok {
		return PrefixCollision{}, false
	}
	c := PrefixCollision{Partition: pk, Prefix: sk[:at], Sort: sk}
	c.Confirmed = b.renders(pk, sk) && a.rendersPrefix(pk, c.Prefix)
	return c, true
}

func maxBytes(a, b *Template) int {
	m := 0
	for _, t := range []*Template{a, b} {
		if t != nil && t.spec.MaxBytes > 0 && (m == 0 || t.spec.MaxBytes < m) {
			m = t.spec.MaxBytes
		}
	}
	return m
}

func sortNFA(p Pair) *nfa {
	if p.AnySort {
		return anyNFA()
	}
	return keyNFA(p.Sort, p.Values)
}

// charset is a set of code points: those listed, or (neg) every code point
// but those listed. runes is sorted without repeats.
type charset struct {
	neg   bool
	runes []rune
}

func one(r rune) charset { return charset{runes: []rune{r}} }

func runesOf(s string) charset {
	var rs []rune
	for _, r := range s {
		rs = append(rs, r)
	}
	slices.Sort(rs)
	return charset{runes: slices.Compact(rs)}
}

func (a charset) has(r rune) bool {
	_, found := slices.BinarySearch(a.runes, r)
	return found != a.neg
}

func (a charset) intersect(b charset) charset {
	switch {
	case !a.neg && !b.neg:
		var out []rune
		for _, r := range a.runes {
			if b.has(r) {
				out = append(out, r)
			}
		}
		return charset{runes: out}
	case !a.neg:
		return a.minus(b.runes)
	case !b.neg:
		return b.minus(a.runes)
	}
	u := slices.Concat(a.runes, b.runes)
	slices.Sort(u)
	return charset{neg: true, runes: slices.Compact(u)}
}

func (a charset) minus(rs []rune) charset {
	var out []rune
	for _, r := range a.runes {
		if !slices.Contains(rs, r) {
			out = append(out, r)
		}
	}
	return charset{runes: out}
}

// preferred is the order in which samples pick characters.
const preferred = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_.:-#|/~!$%&*+=?@^"

// pick returns a member of a with the shortest UTF-8 encoding, readable
// where it can, and false if a is empty. A negated set lists finitely many
// of the 1,112,064 code points, so it is never empty.
func (a charset) pick() (rune, bool) {
	if !a.neg {
		best, ok := rune(0), false
		for _, r := range a.runes {
			if !ok || utf8.RuneLen(r) < utf8.RuneLen(best) {
				best, ok = r, true
			}
		}
		return best, ok
	}
	for _, r := range preferred {
		if a.has(r) {
			return r, true
		}
	}
	for r := rune(0x20); r <= utf8.MaxRune; r++ {
		if utf8.ValidRune(r) && a.has(r) {
			return r, true
		}
	}
	return 0, false
}

// nfa is a nondeterministic automaton over code points without empty
// moves. State 0 is the start.
type nfa struct {
	edges [][]edge
	final []bool
	// anyState, in a prefix automaton, is the final state that a partial
	// prefix's end moves to on any character, and loops on any; else -1.
	anyState int
}

type edge struct {
	to  int
	set charset
}

func newNFA() *nfa { return &nfa{edges: [][]edge{nil}, final: []bool{false}, anyState: -1} }

func (n *nfa) state() int {
	n.edges = append(n.edges, nil)
	n.final = append(n.final, false)
	return len(n.edges) - 1
}

func (n *nfa) add(from, to int, set charset) { n.edges[from] = append(n.edges[from], edge{to, set}) }

// chain adds the literal s after state from and returns the state it ends in.
func (n *nfa) chain(from int, s string) int {
	for _, r := range s {
		to := n.state()
		n.add(from, to, one(r))
		from = to
	}
	return from
}

// anyNFA accepts every non-empty string.
func anyNFA() *nfa {
	n := newNFA()
	s := n.state()
	n.add(0, s, charset{neg: true})
	n.add(s, s, charset{neg: true})
	n.final[s] = true
	return n
}

var digits = runesOf("0123456789")

// keyNFA builds the automaton of the keys t renders, its free-text
// composites limited to values where it names them (see Pair.Values).
func keyNFA(t *Template, values map[string][]string) *nfa { return templateNFA(t, -1, values) }

// prefixNFA builds the automaton of the strings that begin with a partial
// prefix of t that stops before composite k, for some k >= first: the
// literals and values before it, up to and including the literal before it.
func prefixNFA(t *Template, first int, values map[string][]string) *nfa {
	return templateNFA(t, first, values)
}

func templateNFA(t *Template, first int, values map[string][]string) *nfa {
	if t == nil {
		return anyNFA()
	}
	if t.spec.Kind == Number {
		return numberNFA()
	}
	n := newNFA()
	if first >= 0 {
		n.anyState = n.state()
		n.add(n.anyState, n.anyState, charset{neg: true})
		n.final[n.anyState] = true
	}
	s := 0
	for i := range t.comps {
		s = n.chain(s, t.lits[i])
		if first >= 0 && i >= first {
			n.final[s] = true
			n.add(s, n.anyState, charset{neg: true})
		}
		if vs, ok := values[t.comps[i].name]; ok && t.comps[i].format == fmtText {
			s = t.comps[i].valuesNFA(n, s, vs)
			continue
		}
		s = t.comps[i].nfa(n, s)
	}
	s = n.chain(s, t.lits[len(t.comps)])
	if first < 0 {
		n.final[s] = true
	}
	return n
}

// nfa adds the composite's rendered values after state from and returns the
// state they end in.
func (c *composite) nfa(n *nfa, from int) int {
	switch c.format {
	case fmtText:
		set := runesOf(c.forbid)
		set.neg = true
		to := n.state()
		n.add(from, to, set)
		n.add(to, to, set)
		return to
	case fmtPad, fmtRev:
		for i := 0; i < c.n; i++ {
			to := n.state()
			n.add(from, to, digits)
			from = to
		}
		return from
	case fmtShard:
		return stepNFA(n, from, c.width, "0123456789", shardStep(c.n-1, c.width))
	case fmtDate:
		return stepNFA(n, from, 10, "0123456789-", dateStep)
	case fmtTime:
		return stepNFA(n, from, timeWidth, "0123456789-T:.Z", timeStep)
	}
	panic("keys: unknown format")
}

// valuesNFA adds the values vs of a free-text composite after state from
// and returns the state they all end in. A value the composite cannot
// render (empty, or holding a character it forbids) is left out.
func (c *composite) valuesNFA(n *nfa, from int, vs []string) int {
	to := n.state()
	for _, v := range vs {
		if v == "" || strings.ContainsAny(v, c.forbid) {
			continue
		}
		s := from
		rs := []rune(v)
		for _, r := range rs[:len(rs)-1] {
			next := n.state()
			n.add(s, next, one(r))
			s = next
		}
		n.add(s, to, one(rs[len(rs)-1]))
	}
	return to
}

// fixedState is the state of a fixed-width format's automaton: the position
// and what the rest of the value depends on.
type fixedState struct{ pos, a int }

// stepNFA adds a fixed-width format's automaton, given by its step function
// over the characters of alphabet, after from, and returns its end state.
func stepNFA(n *nfa, from, width int, alphabet string, step func(fixedState, rune) (fixedState, bool)) int {
	end := n.state()
	ids := map[fixedState]int{{}: from}
	queue := []fixedState{{}}
	for len(queue) > 0 {
		st := queue[0]
		queue = queue[1:]
		byTarget := map[int][]rune{}
		var order []int
		for _, r := range alphabet {
			next, ok := step(st, r)
			if !ok {
				continue
			}
			to := end
			if next.pos < width {
				id, seen := ids[next]
				if !seen {
					id = n.state()
					ids[next] = id
					queue = append(queue, next)
				}
				to = id
			}
			if _, seen := byTarget[to]; !seen {
				order = append(order, to)
			}
			byTarget[to] = append(byTarget[to], r)
		}
		for _, to := range order {
			set := byTarget[to]
			slices.Sort(set)
			n.add(ids[st], to, charset{runes: set})
		}
	}
	return end
}

func digit(r rune) (int, bool) { return int(r - '0'), r >= '0' && r <= '9' }

// shardStep accepts the width-digit numbers 0..max.
func shardStep(max, width int) func(fixedState, rune) (fixedState, bool) {
	bound := strconv.Itoa(max)
	for len(bound) < width {
		bound = "0" + bound
	}
	return func(st fixedState, r rune) (fixedState, bool) {
		d, ok := digit(r)
		if !ok {
			return st, false
		}
		if st.a == 0 { // still equal to bound's leading digits
			b := int(bound[st.pos] - '0')
			if d > b {
				return st, false
			}
			if d < b {
				return fixedState{st.pos + 1, 1}, true
			}
			return fixedState{st.pos + 1, 0}, true
		}
		return fixedState{st.pos + 1, 1}, true
	}
}

func daysIn(month int, leap bool) int {
	switch month {
	case 2:
		if leap {
			return 29
		}
		return 28
	case 4, 6, 9, 11:
		return 30
	}
	return 31
}

// dateStep accepts the valid dates 0000-01-01 .. 9999-12-31 written
// 2006-01-02 (the proleptic Gregorian calendar of package time).
func dateStep(st fixedState, r rune) (fixedState, bool) {
	d, isDigit := digit(r)
	switch st.pos {
	case 0:
		if isDigit {
			return fixedState{1, d}, true
		}
	case 1: // a: the first digit; keep the century mod 4
		if isDigit {
			return fixedState{2, (st.a*10 + d) % 4}, true
		}
	case 2: // a: century mod 4
		if isDigit {
			return fixedState{3, st.a*10 + d}, true
		}
	case 3: // a: century mod 4, then the tens digit
		if isDigit {
			c, last := st.a/10, st.a%10*10+d
			leap := (last%4 == 0 && last != 0) || (last == 0 && c == 0)
			if leap {
				return fixedState{4, 1}, true
			}
			return fixedState{4, 0}, true
		}
	case 4, 7: // a: leap, then the days in the month
		if r == '-' {
			return fixedState{st.pos + 1, st.a}, true
		}
	case 5: // a: leap
		if r == '0' || r == '1' {
			return fixedState{6, st.a*10 + d}, true
		}
	case 6: // a: leap*10 + the month's tens digit
		if isDigit {
			month := st.a%10*10 + d
			if month >= 1 && month <= 12 {
				return fixedState{7, daysIn(month, st.a/10 == 1)}, true
			}
		}
	case 8: // a: the days in the month
		if isDigit && d*10 <= st.a {
			return fixedState{9, st.a*10 + d}, true
		}
	case 9: // a: days*10 + the day's tens digit
		if isDigit {
			day := st.a%10*10 + d
			if day >= 1 && day <= st.a/10 {
				return fixedState{10, 0}, true
			}
		}
	}
	return st, false
}

// timeStep accepts 2006-01-02T15:04:05.000000000Z with a valid date and
// time of day (seconds 00..59).
func timeStep(st fixedState, r rune) (fixedState, bool) {
	if st.pos < 10 {
		return dateStep(st, r)
	}
	d, isDigit := digit(r)
	next := fixedState{st.pos + 1, 0}
	switch st.pos {
	case 10:
		return next, r == 'T'
	case 11:
		next.a = d
		return next, isDigit && d <= 2
	case 12:
		return next, isDigit && (st.a < 2 || d <= 3)
	case 13, 16:
		return next, r == ':'
	case 14, 17:
		return next, isDigit && d <= 5
	case 19:
		return next, r == '.'
	case 29:
		return next, r == 'Z'
	}
	return next, isDigit
}

// numberNFA accepts canonical DynamoDB number text: 0, or an optional minus,
// an integer part without leading zeros, and a fraction without trailing
// zeros. (The 38-digit and magnitude limits are left out: every Number
// template renders the same set, so only whether both are numbers matters.)
func numberNFA() *nfa {
	n := newNFA()
	nonZero := runesOf("123456789")
	zero := n.state() // "0": final; or the 0 of 0.5
	n.add(0, zero, one('0'))
	n.final[zero] = true
	minus := n.state()
	n.add(0, minus, one('-'))
	intPart := n.state()
	n.add(0, intPart, nonZero)
	n.add(minus, intPart, nonZero)
	n.add(intPart, intPart, digits)
	n.final[intPart] = true
	negZero := n.state()
	n.add(minus, negZero, one('0'))
	dot := n.state()
	n.add(intPart, dot, one('.'))
	n.add(zero, dot, one('.'))
	n.add(negZero, dot, one('.'))
	frac := n.state()
	n.add(dot, dot, one('0'))
	n.add(dot, frac, nonZero)
	n.add(frac, dot, one('0'))
	n.add(frac, frac, nonZero)
	n.final[frac] = true
	return n
}

// intersect returns the shortest string (in bytes, at most max when max > 0)
// that both a and b accept.
func intersect(a, b *nfa, max int) (string, bool) {
	s, _, ok := intersectAt(a, b, max)
	return s, ok
}

// intersectAt is intersect that also returns, when a is a prefix automaton,
// the length of the partial prefix: the bytes read before a entered its
// anyState (all of them if it never did).
func intersectAt(a, b *nfa, max int) (string, int, bool) {
	nb := len(b.edges)
	dist := map[int]int{0: 0}
	back := map[int]prev{}
	// Dijkstra over the product with edge weights 1..4 (UTF-8 lengths):
	// buckets by distance.
	buckets := [][]int{{0}}
	for d := 0; d < len(buckets); d++ {
		for k := 0; k < len(buckets[d]); k++ {
			s := buckets[d][k]
			if dist[s] != d {
				continue
			}
			i, j := s/nb, s%nb
			if a.final[i] && b.final[j] {
				return spell(s, back, a, nb)
			}
			for _, ea := range a.edges[i] {
				for _, eb := range b.edges[j] {
					set := ea.set.intersect(eb.set)
					r, ok := set.pick()
					if !ok {
						continue
					}
					t := ea.to*nb + eb.to
					nd := d + utf8.RuneLen(r)
					if max > 0 && nd > max {
						continue
					}
					if old, seen := dist[t]; seen && old <= nd {
						continue
					}
					dist[t] = nd
					back[t] = prev{s, r}
					for len(buckets) <= nd {
						buckets = append(buckets, nil)
					}
					buckets[nd] = append(buckets[nd], t)
				}
			}
		}
	}
	return "", 0, false
}

// prev is how the search reached a product state: from which state, by
// which character.
type prev struct {
	from int
	r    rune
}

// spell rebuilds the string that reaches product state s.
func spell(s int, back map[int]prev, a *nfa, nb int) (string, int, bool) {
	var rs []rune
	var states []int
	for s != 0 {
		p := back[s]
		rs = append(rs, p.r)
		states = append(states, s)
		s = p.from
	}
	slices.Reverse(rs)
	slices.Reverse(states)
	at := -1
	n := 0
	for k, r := range rs {
		if a.anyState >= 0 && states[k]/nb == a.anyState && at < 0 {
			at = n
		}
		n += utf8.RuneLen(r)
	}
	if at < 0 {
		at = n
	}
	return string(rs), at, true
}

// renders reports whether p renders the key pk, sk from one set of composite
// values (sk "" for a pair without sort key, and any sk for AnySort).
func (p Pair) renders(pk, sk string) bool {
	ts := []*Template{p.Partition}
	keys := []string{pk}
	if p.Sort != nil {
		ts = append(ts, p.Sort)
		keys = append(keys, sk)
	}
	return rendersAll(ts, keys, nil)
}

// rendersPrefix reports whether the partition template renders pk and the
// sort template renders prefix as a partial prefix, from one set of values.
func (p Pair) rendersPrefix(pk, prefix string) bool {
	return rendersAll([]*Template{p.Partition, p.Sort}, []string{pk, prefix}, []bool{false, true})
}

// Renders reports whether t renders key from some composite values: the
// exact membership test the overlap analysis is checked against.
func (t *Template) Renders(key string) bool {
	return rendersAll([]*Template{t}, []string{key}, nil)
}

// rendersAll reports whether one source renders keys[i] with ts[i] for
// every i (as a partial prefix where prefix[i]).
func rendersAll(ts []*Template, keys []string, prefix []bool) bool {
	// Each composite's value is recovered from its rendered text: free
	// text as is, fixed formats in canonical form; a composite that only
	// shards is given a value of the shard wanted. A composite rendered in
	// several places gets each candidate in turn.
	cands := map[string][]string{}
	var names []string
	type shardWant struct {
		name     string
		n, shard int
	}
	var shards []shardWant
	for i, t := range ts {
		if t == nil {
			continue // computed: renders any key
		}
		segs, ok := t.segments(keys[i], prefix != nil && prefix[i])
		if !ok {
			return false
		}
		for k, seg := range segs {
			c := &t.comps[k]
			if t.spec.Kind == Number {
				seg, _ = canonicalNumber(seg)
			}
			if !slices.Contains(names, c.name) {
				names = append(names, c.name)
			}
			if c.format == fmtShard {
				v, _ := strconv.Atoi(seg)
				shards = append(shards, shardWant{c.name, c.n, v})
				continue
			}
			v := seg
			if c.format != fmtText && t.spec.Kind != Number {
				if v, ok = c.parseRendered(seg); !ok {
					return false
				}
			}
			if !slices.Contains(cands[c.name], v) {
				cands[c.name] = append(cands[c.name], v)
			}
		}
	}
	for _, sw := range shards {
		if len(cands[sw.name]) > 0 {
			continue
		}
		// Find a value in every shard the composite is rendered with.
		for i := 0; i < 1_000_000; i++ {
			v := strconv.Itoa(i)
			okAll := true
			for _, o := range shards {
				if o.name == sw.name && ShardOf(v, o.n) != o.shard {
					okAll = false
					break
				}
			}
			if okAll {
				cands[sw.name] = []string{v}
				break
			}
		}
		if len(cands[sw.name]) == 0 {
			return false
		}
	}
	src := Strings{}
	var try func(k int) bool
	try = func(k int) bool {
		if k == len(names) {
			for i, t := range ts {
				if t == nil {
					continue
				}
				var got string
				var err error
				if prefix != nil && prefix[i] {
					got, _, err = t.Prefix(src)
				} else {
					got, err = t.Render(src)
				}
				if err != nil || got != keys[i] {
					return false
				}
			}
			return true
		}
		for _, v := range cands[names[k]] {
			src[names[k]] = v
			if try(k + 1) {
				return true
			}
		}
		return false
	}
	return try(0)
}

// segments splits a key (or, with prefix, a partial prefix ending with a
// literal) into the rendered text of each composite, as Extract reads it.
func (t *Template) segments(key string, prefix bool) ([]string, bool) {
	if t.spec.Kind == Number {
		return []string{key}, key != ""
	}
	var out []string
	pos := 0
	for i := 0; ; i++ {
		if len(key)-pos < len(t.lits[i]) || key[pos:pos+len(t.lits[i])] != t.lits[i] {
			return nil, false
		}
		pos += len(t.lits[i])
		if i == len(t.comps) || (prefix && pos == len(key)) {
			break
		}
		c := &t.comps[i]
		rest := key[pos:]
		var text string
		switch {
		case c.width > 0:
			if len(rest) < c.width {
				return nil, false
			}
			text = rest[:c.width]
		case c.delim == "":
			text = rest
		default:
			j := strings.Index(rest, c.delim)
			if j < 0 {
				return nil, false
			}
			text = rest[:j]
		}
		out = append(out, text)
		pos += len(text)
	}
	return out, pos == len(key)
}
