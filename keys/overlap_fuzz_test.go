package keys

import (
	"strings"
	"testing"
)

// The overlap fuzzer builds two entities' key pairs from small random
// templates over a few characters (delimiters, a letter, a digit, a
// two-byte letter) and compares the analysis with brute force: every
// assignment of values of up to three characters over the same alphabet.
//
//   - Whatever brute force finds, the analysis finds: an overlap of two
//     templates, of two pairs, or a partial prefix of one pair's sort
//     template that begins a key of the other's in a shared partition.
//   - Whatever the analysis finds, its sample is real: each template
//     renders its part (Renders, which re-renders the values it parses
//     with Render), and a confirmed sample is rendered by each pair from
//     one set of values. An overlap whose shortest sample needs longer
//     values than brute force tries is thus still checked.
//   - When no composite is shared between a pair's partition and sort
//     templates, every overlap is confirmed.
//
// Run it with go test -run XXX -fuzz FuzzOverlap -fuzztime 5m ./keys/.

const fuzzAlphabet = "#-A0é"

var fuzzFormats = []string{"", "", "", ":pad(1)", ":pad(2)", ":rev(1)", ":shard(2)", ":shard(3)"}

type fuzzBytes struct {
	b []byte
	i int
}

func (r *fuzzBytes) next() int {
	if r.i >= len(r.b) {
		return 0
	}
	r.i++
	return int(r.b[r.i-1])
}

// template builds a template of one to five tokens: literal characters of
// the alphabet, or composites named from names (each at most once).
func (r *fuzzBytes) template(names []string) string {
	var b strings.Builder
	used := map[string]bool{}
	n := 1 + r.next()%5
	for k := 0; k < n; k++ {
		x := r.next()
		if x%3 == 0 {
			name := names[(x/3)%len(names)]
			if !used[name] {
				used[name] = true
				b.WriteString("${" + name + fuzzFormats[(x/6)%len(fuzzFormats)] + "}")
				continue
			}
		}
		b.WriteString(string([]rune(fuzzAlphabet)[x%len([]rune(fuzzAlphabet))]))
	}
	return b.String()
}

// fuzzValues are every string of one to three characters of the alphabet.
var fuzzValues = func() []string {
	var out []string
	level := []string{""}
	for l := 0; l < 3; l++ {
		var next []string
		for _, p := range level {
			for _, r := range fuzzAlphabet {
				next = append(next, p+string(r))
			}
		}
		out = append(out, next...)
		level = next
	}
	return out
}()

// eachSource calls fn with every assignment of fuzzValues to names.
func eachSource(names []string, fn func(Strings)) {
	src := Strings{}
	var rec func(k int)
	rec = func(k int) {
		if k == len(names) {
			fn(src)
			return
		}
		for _, v := range fuzzValues {
			src[names[k]] = v
			rec(k + 1)
		}
	}
	rec(0)
}

func unionNames(ts ...*Template) []string {
	var out []string
	for _, t := range ts {
		for _, n := range t.Composites() {
			if !strings.Contains(strings.Join(out, ","), n) {
				out = append(out, n)
			}
		}
	}
	return out
}

// brute is what a pair renders from fuzzValues.
type brute struct {
	// keys holds every (partition, sort) key, by partition; prefixes every
	// partial sort prefix a query renders, by partition.
	keys     map[string][]string
	prefixes map[string][]string
}

// bruteForce enumerates the keys and prefixes of p. Without shared
// composites it enumerates the partition and sort templates apart (and
// files every sort key under the partition ""), as any combination renders.
func bruteForce(p Pair, shared bool) brute {
	br := brute{keys: map[string][]string{}, prefixes: map[string][]string{}}
	first := 0
	for k := range p.Sort.comps {
		if p.Partition.Uses(p.Sort.comps[k].name) {
			first = k + 1
		}
	}
	add := func(src Strings, pk string) {
		if sk, err := p.Sort.Render(src); err == nil {
			br.keys[pk] = append(br.keys[pk], sk)
		}
		for k := first; k < len(p.Sort.comps); k++ {
			part := Strings{}
			for _, n := range p.Partition.Composites() {
				part[n] = src[n]
			}
			for _, c := range p.Sort.comps[:k] {
				part[c.name] = src[c.name]
			}
			if pre, complete, err := p.Sort.Prefix(part); err == nil && !complete {
				br.prefixes[pk] = append(br.prefixes[pk], pre)
			}
		}
	}
	if !shared {
		eachSource(p.Sort.Composites(), func(src Strings) { add(src, "") })
		return br
	}
	eachSource(unionNames(p.Partition, p.Sort), func(src Strings) {
		if pk, err := p.Partition.Render(src); err == nil {
			add(src, pk)
		}
	})
	return br
}

// collides reports whether brute force finds a key of a that b renders
// (prefix: a partial prefix of a that begins a key of b), in a partition
// both render.
func collides(a, b brute, pkMeet bool, shared, prefix bool) bool {
	if !shared && !pkMeet {
		return false
	}
	from := a.keys
	if prefix {
		from = a.prefixes
	}
	for pk, ps := range from {
		set := map[string]bool{}
		for _, k := range b.keys[pk] {
			set[k] = true
		}
		for _, p := range ps {
			if !prefix && set[p] {
				return true
			}
			if prefix {
				for k := range set {
					if strings.HasPrefix(k, p) {
						return true
					}
				}
			}
		}
	}
	return false
}

func bruteSet(t *Template) map[string]bool {
	out := map[string]bool{}
	eachSource(t.Composites(), func(src Strings) {
		if k, err := t.Render(src); err == nil {
			out[k] = true
		}
	})
	return out
}

func meets(a, b map[string]bool) bool {
	for k := range a {
		if b[k] {
			return true
		}
	}
	return false
}

func FuzzOverlap(f *testing.F) {
	f.Add([]byte{0, 1, 3, 4, 0, 1, 3, 3, 0, 3, 2, 3}, false)
	f.Add([]byte{2, 0, 1, 3, 1, 0, 4, 0, 3, 1, 5, 9, 3, 0}, true)
	f.Add([]byte{4, 1, 0, 1, 3, 24, 0, 9, 2, 6, 4, 18, 30, 0, 1}, false)
	f.Add([]byte{1, 0, 3, 1, 6, 2, 0, 1, 3, 2, 36, 1}, true)
	f.Fuzz(func(t *testing.T, data []byte, shared bool) {
		r := &fuzzBytes{b: data}
		names := [4][]string{{"a", "b"}, {"c", "d"}, {"e", "f"}, {"g", "h"}}
		if shared {
			names = [4][]string{{"a", "b"}, {"a", "b"}, {"e", "f"}, {"e", "f"}}
		}
		var ts [4]*Template
		for i := range ts {
			var err error
			if ts[i], err = Parse(r.template(names[i])); err != nil {
				return
			}
		}
		a, b := Pair{Partition: ts[0], Sort: ts[1]}, Pair{Partition: ts[2], Sort: ts[3]}

		// Each key attribute alone: brute force ⇒ analysis, analysis ⇒ real.
		var attrOK [2]bool
		for k, tp := range [][2]*Template{{ts[0], ts[2]}, {ts[1], ts[3]}} {
			w, ok := intersect(keyNFA(tp[0], nil), keyNFA(tp[1], nil), 0)
			attrOK[k] = ok
			if ok && (!tp[0].Renders(w) || !tp[1].Renders(w)) {
				t.Fatalf("%q and %q: sample %q is not rendered by both", tp[0], tp[1], w)
			}
			if !ok && meets(bruteSet(tp[0]), bruteSet(tp[1])) {
				t.Fatalf("%q and %q: brute force finds a common key, the analysis none", tp[0], tp[1])
			}
		}

		// The pairs.
		c, ok := Overlap(a, b)
		if ok != (attrOK[0] && attrOK[1]) {
			t.Fatalf("Overlap(%v/%v, %v/%v) = %v, the key attributes say %v", ts[0], ts[1], ts[2], ts[3], ok, attrOK)
		}
		if ok {
			checkSample(t, a, b, c)
			if !shared && !c.Confirmed {
				t.Fatalf("Overlap(%v/%v, %v/%v): unconfirmed sample %+v without shared composites", ts[0], ts[1], ts[2], ts[3], c)
			}
		}
		pkMeet := !shared && meets(bruteSet(ts[0]), bruteSet(ts[2]))
		ba, bb := bruteForce(a, shared), bruteForce(b, shared)
		if !ok && collides(ba, bb, pkMeet, shared, false) {
			t.Fatalf("Overlap(%v/%v, %v/%v): brute force finds a common key, the analysis nothing", ts[0], ts[1], ts[2], ts[3])
		}

		// Partial prefixes, both ways.
		for _, d := range []struct {
			q, o   Pair
			bq, bo brute
		}{{a, b, ba, bb}, {b, a, bb, ba}} {
			pc, pok := PrefixOverlap(d.q, d.o)
			if pok {
				if !strings.HasPrefix(pc.Sort, pc.Prefix) || !d.o.Sort.Renders(pc.Sort) || !d.o.Partition.Renders(pc.Partition) || !d.q.Partition.Renders(pc.Partition) {
					t.Fatalf("PrefixOverlap(%v/%v, %v/%v) = %+v: not a real sample", d.q.Partition, d.q.Sort, d.o.Partition, d.o.Sort, pc)
				}
				if pc.Confirmed && (!d.o.renders(pc.Partition, pc.Sort) || !d.q.rendersPrefix(pc.Partition, pc.Prefix)) {
					t.Fatalf("PrefixOverlap(%v/%v, %v/%v) = %+v: confirmed but not rendered", d.q.Partition, d.q.Sort, d.o.Partition, d.o.Sort, pc)
				}
				if !shared && !pc.Confirmed {
					t.Fatalf("PrefixOverlap(%v/%v, %v/%v) = %+v: unconfirmed without shared composites", d.q.Partition, d.q.Sort, d.o.Partition, d.o.Sort, pc)
				}
				continue
			}
			if collides(d.bq, d.bo, pkMeet, shared, true) {
				t.Fatalf("PrefixOverlap(%v/%v, %v/%v): brute force finds a prefix of one beginning a key of the other; the analysis nothing", d.q.Partition, d.q.Sort, d.o.Partition, d.o.Sort)
			}
		}
	})
}
