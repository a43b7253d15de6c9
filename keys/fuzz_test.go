package keys

import (
	"errors"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// fuzzTemplates are the templates the value fuzzers render.
var fuzzTemplates = []*Template{
	MustParse("MODULE#${moduleId}#LESSON#${lessonId}"),
	MustParse("REPO#${owner}#${repo_name}"),
	MustParse("${a}|${b}|"),
	MustParse("É${a}é${b}"),
	MustParse("V#${v:pad(10)}#${w:rev(8)}"),
	MustParse("V${v:pad(2)}${w:rev(3)}${x}"),
	MustParse("T#${ts:time}${id}"),
	MustParse("D#${d:date}#${x}"),
	MustParse("S#${s:shard(10)}#${x}#${y}"),
	MustParse("${x}"),
	MustCompile(Spec{Template: "${n}", Kind: Number}),
}

// canonical returns the canonical form of raw for composite c: the value
// Extract returns for it (for a shard, its shard number), or false if raw
// does not render.
func canonical(t *Template, c *composite, raw string) (string, bool) {
	if t.spec.Kind == Number {
		s, why := canonicalNumber(raw)
		return s, why == "" && raw != ""
	}
	v, _, err := c.prepare(raw)
	if err != nil {
		return "", false
	}
	if c.format == fmtShard {
		return strconv.Itoa(v.n), true
	}
	var b strings.Builder
	c.write(&b, &v)
	return c.parseRendered(b.String())
}

// fuzzSource assigns vals to the composites of t in order, cycling.
func fuzzSource(t *Template, vals ...string) Strings {
	src := Strings{}
	for i := range t.comps {
		src[t.comps[i].name] = vals[i%len(vals)]
	}
	return src
}

func checkRenderError(t *testing.T, err error) {
	t.Helper()
	var ve *ValueError
	if !errors.As(err, &ve) {
		t.Fatalf("error %v is not a *ValueError", err)
	}
	if !errors.Is(err, ErrEmpty) && !errors.Is(err, ErrDelimiter) && !errors.Is(err, ErrFormat) {
		t.Fatalf("unexpected error %v", err)
	}
}

// checkPositional checks that RenderValuesTo, given src's values by
// position, does what Render did with src: the same key or the same kind of
// error, leaving the builder as it was. An empty value is absent to
// RenderValuesTo: where Render found it empty, RenderValuesTo reports
// ErrMissing.
func checkPositional(t *testing.T, tm *Template, src Strings, key string, err error) {
	t.Helper()
	vals := make([]string, len(tm.comps))
	empty := false
	for i := range tm.comps {
		vals[i] = src[tm.comps[i].name]
		empty = empty || vals[i] == ""
	}
	var b strings.Builder
	b.WriteString("x")
	perr := tm.RenderValuesTo(&b, vals)
	switch {
	case empty && errors.Is(perr, ErrMissing):
		// Render met the same composite first and found it empty.
		if !errors.Is(err, ErrEmpty) || b.String() != "x" {
			t.Fatalf("%s.RenderValuesTo(%q) = %q, %v; Render failed with %v", tm, vals, b.String(), perr, err)
		}
	case err == nil:
		if perr != nil || b.String() != "x"+key {
			t.Fatalf("%s.RenderValuesTo(%q) = %q, %v; Render gave %q", tm, vals, b.String(), perr, key)
		}
	default:
		for _, sentinel := range []error{ErrEmpty, ErrDelimiter, ErrFormat, ErrTooLong} {
			if errors.Is(err, sentinel) != errors.Is(perr, sentinel) || b.String() != "x" {
				t.Fatalf("%s.RenderValuesTo(%q) = %q, %v; Render failed with %v", tm, vals, b.String(), perr, err)
			}
		}
	}
}

func FuzzRoundTrip(f *testing.F) {
	f.Add(uint8(0), "m1", "l1", "x")
	f.Add(uint8(4), "10", "007", "")
	f.Add(uint8(5), "1", "999", "z")
	f.Add(uint8(6), "2024-01-02T03:04:05.123+01:00", "id", "")
	f.Add(uint8(7), "2024-02-29", "x", "")
	f.Add(uint8(8), "abc", "x", "y")
	f.Add(uint8(3), "xÉ", "é", "")
	f.Add(uint8(10), "1.50e3", "", "")
	f.Fuzz(func(t *testing.T, idx uint8, a, b, c string) {
		tm := fuzzTemplates[int(idx)%len(fuzzTemplates)]
		src := fuzzSource(tm, a, b, c)
		key, err := tm.Render(src)
		checkPositional(t, tm, src, key, err)
		if err != nil {
			checkRenderError(t, err)
			return
		}
		if !utf8.ValidString(key) {
			t.Fatalf("%s rendered invalid UTF-8 %q", tm, key)
		}
		got, err := tm.Extract(key)
		if err != nil {
			t.Fatalf("%s.Extract(%q) of %v: %v", tm, key, src, err)
		}
		want := Strings{}
		for i := range tm.comps {
			cp := &tm.comps[i]
			cv, ok := canonical(tm, cp, src[cp.name])
			if !ok {
				t.Fatalf("%s rendered %q from %v but %s=%q has no canonical form", tm, key, src, cp.name, src[cp.name])
			}
			if cp.format != fmtShard {
				want[cp.name] = cv
			}
		}
		if len(got) != len(want) {
			t.Fatalf("%s.Extract(%q) = %v, want %v", tm, key, got, want)
		}
		for k, v := range want {
			if got[k] != v {
				t.Fatalf("%s.Extract(%q) = %v, want %v", tm, key, got, want)
			}
		}
		// The canonical values render the same key.
		again, err := tm.Render(got)
		if tm.shard < 0 && (err != nil || again != key) {
			t.Fatalf("%s.Render(%v) = %q, %v; want %q", tm, got, again, err, key)
		}
		// Every prefix is a prefix of the key.
		for i := 0; i <= len(tm.comps) && tm.spec.Kind == String; i++ {
			part := Strings{}
			for j := 0; j < i; j++ {
				part[tm.comps[j].name] = src[tm.comps[j].name]
			}
			p, complete, err := tm.Prefix(part)
			if err != nil || complete != (i == len(tm.comps)) || !strings.HasPrefix(key, p) {
				t.Fatalf("%s.Prefix(%v) = %q, %v, %v; key %q", tm, part, p, complete, err, key)
			}
		}
	})
}

func FuzzInjective(f *testing.F) {
	f.Add(uint8(0), "m1", "l1", "m1", "l1")
	f.Add(uint8(0), "m1#", "l1", "m1", "#l1")
	f.Add(uint8(4), "10", "1", "010", "01")
	f.Add(uint8(6), "2024-01-02T03:04:05+01:00", "x", "2024-01-02T02:04:05Z", "x")
	f.Add(uint8(5), "1", "2x", "12", "x")
	f.Add(uint8(3), "a", "b", "aé", "b")
	f.Fuzz(func(t *testing.T, idx uint8, a1, b1, a2, b2 string) {
		tm := fuzzTemplates[int(idx)%len(fuzzTemplates)]
		src1, src2 := fuzzSource(tm, a1, b1), fuzzSource(tm, a2, b2)
		k1, err1 := tm.Render(src1)
		k2, err2 := tm.Render(src2)
		if err1 != nil || err2 != nil {
			return
		}
		same := true
		for i := range tm.comps {
			cp := &tm.comps[i]
			c1, ok1 := canonical(tm, cp, src1[cp.name])
			c2, ok2 := canonical(tm, cp, src2[cp.name])
			if !ok1 || !ok2 {
				t.Fatalf("%s rendered values without a canonical form: %v, %v", tm, src1, src2)
			}
			same = same && c1 == c2
		}
		if (k1 == k2) != same {
			t.Fatalf("%s: %v renders %q, %v renders %q; canonically equal: %v", tm, src1, k1, src2, k2, same)
		}
	})
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"MODULE#${moduleId}#LESSON#${lessonId}", "#METADATA", "V#${v:pad(10)}", "R#${n:rev(8)}",
		"T#${t:time}${id}", "D#${d:date}", "S#${s:shard(10)}#${x}", "${a", "${}", "$${a}$", "a{b}", "É${a}é${b}",
	} {
		f.Add(s, false)
	}
	f.Add("${n}", true)
	f.Fuzz(func(t *testing.T, src string, number bool) {
		spec := Spec{Template: src}
		if number {
			spec.Kind = Number
		}
		tm, err := Compile(spec)
		if err != nil {
			var se *SyntaxError
			if !errors.As(err, &se) || se.Pos < 0 || se.Pos > len(src) {
				t.Fatalf("Compile(%q): %v", src, err)
			}
			return
		}
		if tm.String() != src {
			t.Fatalf("String() = %q, want %q", tm.String(), src)
		}
		// Render a value that fits every composite, then extract it again.
		vals := Strings{}
		for i := range tm.comps {
			c := &tm.comps[i]
			v := "x"
			switch c.format {
			case fmtText:
				if c.delim == "x" {
					v = "y"
				}
			case fmtPad, fmtRev:
				v = "1"
			case fmtTime:
				v = "2024-01-02T03:04:05Z"
			case fmtDate:
				v = "2024-01-02"
			}
			if number {
				v = "1"
			}
			vals[c.name] = v
		}
		key, err := tm.Render(vals)
		if err != nil {
			t.Fatalf("%q.Render(%v): %v", src, vals, err)
		}
		got, err := tm.Extract(key)
		if err != nil {
			t.Fatalf("%q.Extract(%q): %v", src, key, err)
		}
		for i := range tm.comps {
			c := &tm.comps[i]
			if c.format == fmtShard {
				continue
			}
			want, _ := canonical(tm, c, vals[c.name])
			if got[c.name] != want {
				t.Fatalf("%q.Extract(%q) = %v, want %s=%q", src, key, got, c.name, want)
			}
		}
	})
}

// FuzzNoForgedLevels checks the cross-template half of injectivity: a key
// of a shallow template (an order item) never equals a key of a deeper
// template sharing its shape (a return of an item), whatever the values.
func FuzzNoForgedLevels(f *testing.F) {
	f.Add("o1", "i1#RETURN#r9", "o1", "i1", "r9")
	f.Add("o1", "i1", "o1", "i1", "r1")
	f.Add("o#1", "i", "o", "1#ITEM#i", "r")
	shallow := MustParse("ORDER#${orderId}#ITEM#${itemId}")
	deep := MustParse("ORDER#${orderId}#ITEM#${itemId}#RETURN#${returnId}")
	f.Fuzz(func(t *testing.T, o1, i1, o2, i2, r2 string) {
		a, err := shallow.Render(Strings{"orderId": o1, "itemId": i1})
		if err != nil {
			return
		}
		b, err := deep.Render(Strings{"orderId": o2, "itemId": i2, "returnId": r2})
		if err != nil {
			return
		}
		if a == b {
			t.Fatalf("item (%q, %q) and return (%q, %q, %q) share the key %q", o1, i1, o2, i2, r2, a)
		}
	})
}
