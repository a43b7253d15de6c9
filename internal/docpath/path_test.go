package docpath_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/ddbmodel/ddbmodel/internal/docpath"
)

func name(s string) docpath.Elem { return docpath.Elem{Name: s} }
func index(n int) docpath.Elem   { return docpath.Elem{Index: n, IsIndex: true} }

func TestParse(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		in, canonical string
		want          docpath.Path
	}{
		{"a", "a", docpath.Path{name("a")}},
		{"a.b.c", "a.b.c", docpath.Path{name("a"), name("b"), name("c")}},
		{"a[0][1].b", "a[0][1].b", docpath.Path{name("a"), index(0), index(1), name("b")}},
		{"a.b[10].c[2147483647]", "a.b[10].c[2147483647]", docpath.Path{name("a"), name("b"), index(10), name("c"), index(2147483647)}},
		{`addresses."my.home"`, `addresses."my.home"`, docpath.Path{name("addresses"), name("my.home")}},
		{`"a.b"`, `"a.b"`, docpath.Path{name("a.b")}},
		{`"a"."b"[3]`, `a.b[3]`, docpath.Path{name("a"), name("b"), index(3)}},
		{`"x[0]"`, `"x[0]"`, docpath.Path{name("x[0]")}},
		{`"a]"`, `"a]"`, docpath.Path{name("a]")}},
		{`"say \"hi\""`, `"say \"hi\""`, docpath.Path{name(`say "hi"`)}},
		{`"back\\slash"`, `"back\\slash"`, docpath.Path{name(`back\slash`)}},
		{"with space.status", "with space.status", docpath.Path{name("with space"), name("status")}},
		{"#x.:y-z", "#x.:y-z", docpath.Path{name("#x"), name(":y-z")}},
		{"héllo.日本", "héllo.日本", docpath.Path{name("héllo"), name("日本")}},
	} {
		got, err := docpath.Parse(c.in)
		if err != nil {
			t.Errorf("Parse(%q): %v", c.in, err)
			continue
		}
		if diff := cmp.Diff(c.want, got); diff != "" {
			t.Errorf("Parse(%q) (-want +got):\n%s", c.in, diff)
		}
		if s := got.String(); s != c.canonical {
			t.Errorf("Parse(%q).String() = %q, want %q", c.in, s, c.canonical)
		}
	}
}

func TestParseErrors(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		in     string
		offset int
		reason string
	}{
		{"", 0, "empty path"},
		{".a", 0, "empty name"},
		{"a..b", 2, "empty name"},
		{"a.", 2, "empty name"},
		{"a.[0]", 2, "empty segment"},
		{"[0]", 0, "must start with a name"},
		{"[0].a", 0, "must start with a name"},
		{`"a`, 0, "unterminated"},
		{`a."b\"`, 2, "unterminated"},
		{`a."b\`, 2, "unterminated"},
		{`"a\nb"`, 2, "unknown escape"},
		{`""`, 0, "empty name"},
		{`a.""`, 2, "empty name"},
		{"a[]", 2, "non-negative decimal"},
		{"a[-1]", 2, "non-negative decimal"},
		{"a[+1]", 2, "non-negative decimal"},
		{"a[01]", 2, "leading zero"},
		{"a[00]", 2, "leading zero"},
		{"a[1", 3, "closed by ']'"},
		{"a[1x]", 3, "closed by ']'"},
		{"a[ 1]", 2, "non-negative decimal"},
		{"a[2147483648]", 1, "too large"},
		{"a[99999999999999999999999]", 1, "too large"},
		{"a]", 1, `unexpected ']'`},
		{`a"b"`, 1, `unexpected '"'`},
		{`a\b`, 1, `unexpected '\\'`},
		{`"a"b`, 3, `unexpected 'b' after a segment`},
		{"a[0]b", 4, `unexpected 'b' after a segment`},
		{"a.]", 2, `unexpected ']' at start`},
		{"ab\xffc", 2, "invalid UTF-8"},
		{"a.\"\xc3\"", 3, "invalid UTF-8"},
	} {
		p, err := docpath.Parse(c.in)
		var se *docpath.SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("Parse(%q) = %v, %v; want a *SyntaxError", c.in, p, err)
			continue
		}
		if p != nil || se.Text != c.in || se.Offset != c.offset || !strings.Contains(se.Reason, c.reason) {
			t.Errorf("Parse(%q) = %v, %v; want an error at byte %d saying %q", c.in, p, err, c.offset, c.reason)
		}
	}
}

func TestStringQuotesOnlyWhatNeedsIt(t *testing.T) {
	t.Parallel()
	p := docpath.Path{name("plain"), name("a.b"), index(2), name("x[1]"), name(`q"`), name(`b\`), name(""), name("sp ace"), name("]")}
	want := `plain."a.b"[2]."x[1]"."q\""."b\\"."".sp ace."]"`
	if got := p.String(); got != want {
		t.Errorf("String() = %s, want %s", got, want)
	}
}

func TestRootIsTop(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		p    docpath.Path
		root string
		top  bool
	}{
		{docpath.MustParse("a"), "a", true},
		{docpath.MustParse(`"a.b"`), "a.b", true},
		{docpath.MustParse("a.b"), "a", false},
		{docpath.MustParse("a[0]"), "a", false},
		{nil, "", false},
		{docpath.Path{index(0)}, "", false},
	} {
		if got := c.p.Root(); got != c.root {
			t.Errorf("%v.Root() = %q, want %q", c.p, got, c.root)
		}
		if got := c.p.IsTop(); got != c.top {
			t.Errorf("%v.IsTop() = %v, want %v", c.p, got, c.top)
		}
	}
}

func TestEqual(t *testing.T) {
	t.Parallel()
	a := docpath.MustParse("a[1].b")
	if !a.Equal(docpath.Path{name("a"), {Index: 1, IsIndex: true, Name: "ignored"}, {Name: "b", Index: 7}}) {
		t.Error("paths differing only in unused fields are not Equal")
	}
	for _, b := range []string{"a[1]", "a[2].b", "a.b", "a[1].c", "a[1].b.c"} {
		if a.Equal(docpath.MustParse(b)) {
			t.Errorf("%v Equal %s", a, b)
		}
	}
}

func FuzzParseRoundTrip(f *testing.F) {
	for _, s := range []string{
		"a", "a.b", "a[0][1].b", `addresses."my.home"`, `"a.b"`, `"q\"\\"`, `"[x]".y`,
		"a[2147483647]", "a..b", "[0]", `"a`, "a[01]", "sp ace.日本", "a\xff",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := docpath.Parse(s)
		if err != nil {
			var se *docpath.SyntaxError
			if !errors.As(err, &se) || se.Offset < 0 || se.Offset > len(s) {
				t.Fatalf("Parse(%q) error %v is no *SyntaxError within the text", s, err)
			}
			return
		}
		if len(p) == 0 || p.Root() == "" {
			t.Fatalf("Parse(%q) = %v, which does not start with a name", s, p)
		}
		text := p.String()
		q, err := docpath.Parse(text)
		if err != nil {
			t.Fatalf("Parse(%q) = %v; Parse of its String %q: %v", s, p, text, err)
		}
		if !p.Equal(q) || !cmp.Equal(p, q) {
			t.Fatalf("Parse(%q) = %v; Parse(%q) = %v", s, p, text, q)
		}
		if q.String() != text {
			t.Fatalf("String is not canonical: %q then %q", text, q.String())
		}
	})
}
