package keys

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func TestRender(t *testing.T) {
	tests := []struct {
		tmpl string
		src  Source
		want string
	}{
		{"ARTICLE#${articleId}", Strings{"articleId": "a1"}, "ARTICLE#a1"},
		{"#METADATA", Strings{}, "#METADATA"},
		{"REPO#${owner}#${repo_name}", Strings{"owner": "alex", "repo_name": "ddb-model"}, "REPO#alex#ddb-model"},
		{"MODULE#${moduleId}#LESSON#${lessonId}", Strings{"moduleId": "m1", "lessonId": "l2"}, "MODULE#m1#LESSON#l2"},
		{"USER-${id}", Strings{"id": "a#b$c"}, "USER-a#b$c"}, // a composite at the end holds anything but the delimiter before it
		{"PRICE$${p}", Strings{"p": "3"}, "PRICE$3"},
		{"VERSION#${version:pad(10)}", Strings{"version": "10"}, "VERSION#0000000010"},
		{"VERSION#${version:pad(10)}", Values{"version": 10}, "VERSION#0000000010"},
		{"VERSION#${version:pad(3)}", Strings{"version": "007"}, "VERSION#007"},
		{"VERSION#${version:pad(3)}", Strings{"version": "0"}, "VERSION#000"},
		{"V#${v:pad(38)}", Strings{"v": strings.Repeat("9", 38)}, "V#" + strings.Repeat("9", 38)},
		{"REV#${n:rev(8)}", Strings{"n": "1"}, "REV#99999998"},
		{"REV#${n:rev(8)}", Strings{"n": "99999999"}, "REV#00000000"},
		{"REV#${n:rev(8)}", Values{"n": int64(0)}, "REV#99999999"},
		{"AT#${t:time}", Strings{"t": "2024-01-02T03:04:05Z"}, "AT#2024-01-02T03:04:05.000000000Z"},
		{"AT#${t:time}", Strings{"t": "2024-01-02T03:04:05.5+01:30"}, "AT#2024-01-02T01:34:05.500000000Z"},
		{"AT#${t:time}", Strings{"t": "2024-01-02T03:04:05.123456789-00:00"}, "AT#2024-01-02T03:04:05.123456789Z"},
		{"AT#${t:time}", Strings{"t": "0"}, "AT#1970-01-01T00:00:00.000000000Z"},
		{"AT#${t:time}", Values{"t": time.Date(2024, 5, 6, 7, 8, 9, 10, time.FixedZone("x", 3600))}, "AT#2024-05-06T06:08:09.000000010Z"},
		{"DAY#${d:date}", Strings{"d": "2024-02-29"}, "DAY#2024-02-29"},
		{"DAY#${d:date}", Strings{"d": "2024-03-01T00:30:00+01:00"}, "DAY#2024-02-29"},
		{"S#${s:shard(10)}", Strings{"s": "abc"}, "S#" + string(rune('0'+ShardOf("abc", 10)))},
		{"V${v:pad(2)}${w:rev(2)}${t:date}${x}", Strings{"v": "1", "w": "1", "t": "2024-01-02", "x": "z"}, "V01982024-01-02z"},
		{"É${a}é${b}", Strings{"a": "xÉ", "b": "é"}, "ÉxÉéé"},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprint(tt.tmpl, " ", tt.src), func(t *testing.T) {
			tm := MustParse(tt.tmpl)
			got, err := tm.Render(tt.src)
			if err != nil {
				t.Errorf("%s.Render(%v): %v", tt.tmpl, tt.src, err)
				return
			}
			if got != tt.want {
				t.Errorf("%s.Render(%v) = %q, want %q", tt.tmpl, tt.src, got, tt.want)
			}
		})
	}
}

func TestRenderErrors(t *testing.T) {
	tests := []struct {
		spec      Spec
		src       Source
		err       error
		composite string
	}{
		{Spec{Template: "M#${m}#L#${l}"}, Strings{"m": "m1"}, ErrMissing, "l"},
		{Spec{Template: "M#${m}#L#${l}"}, Strings{"m": "", "l": "x"}, ErrEmpty, "m"},
		{Spec{Template: "M#${m}#L#${l}"}, Strings{"m": "a#b", "l": "x"}, ErrDelimiter, "m"},
		{Spec{Template: "M#${m}|L#${l}"}, Strings{"m": "a|b", "l": "x"}, ErrDelimiter, "m"},
		{Spec{Template: "M#${m}#L#${l}"}, Strings{"m": "a", "l": "\xff"}, ErrFormat, "l"},
		{Spec{Template: "É${a}é${b}"}, Strings{"a": "xé", "b": "y"}, ErrDelimiter, "a"},
		// Every delimiter of the template, not only the composite's neighbours.
		{Spec{Template: "${r}REACTION#${o}"}, Strings{"r": "ISSUE#1#", "o": "x"}, ErrDelimiter, "r"},
		{Spec{Template: "LINE-${line}#REFUND#${refund}"}, Strings{"line": "7", "refund": "r-1"}, ErrDelimiter, "refund"},
		{Spec{Template: "A-${a}|B#${b}"}, Strings{"a": "x#y", "b": "z"}, ErrDelimiter, "a"},
		{Spec{Template: "A-${a}|B#${b}"}, Strings{"a": "x", "b": "z|"}, ErrDelimiter, "b"},
		{Spec{Template: "V#${v:pad(2)}"}, Strings{"v": "100"}, ErrFormat, "v"},
		{Spec{Template: "V#${v:pad(2)}"}, Strings{"v": "-1"}, ErrFormat, "v"},
		{Spec{Template: "V#${v:pad(2)}"}, Strings{"v": "1.0"}, ErrFormat, "v"},
		{Spec{Template: "V#${v:pad(2)}"}, Strings{"v": "+1"}, ErrFormat, "v"},
		{Spec{Template: "V#${v:rev(8)}"}, Strings{"v": "100000000"}, ErrFormat, "v"},
		{Spec{Template: "T#${t:time}"}, Strings{"t": "yesterday"}, ErrFormat, "t"},
		{Spec{Template: "T#${t:time}"}, Strings{"t": "2024-01-02"}, ErrFormat, "t"},
		{Spec{Template: "T#${t:time}"}, Strings{"t": "0000-01-01T00:00:00+00:01"}, ErrFormat, "t"},
		{Spec{Template: "T#${t:time}"}, Strings{"t": "999999999999"}, ErrFormat, "t"},
		{Spec{Template: "D#${d:date}"}, Strings{"d": "2023-02-29"}, ErrFormat, "d"},
		{Spec{Template: "S#${s:shard(4)}"}, Strings{"s": ""}, ErrEmpty, "s"},
		{Spec{Template: "U#${u}", MaxBytes: 5}, Strings{"u": "abcd"}, ErrTooLong, ""},
		{Spec{Template: "${n}", Kind: Number}, Strings{"n": "12abc"}, ErrFormat, "n"},
		{Spec{Template: "${n}", Kind: Number}, Strings{"n": strings.Repeat("1", 39)}, ErrFormat, "n"},
		{Spec{Template: "${n}", Kind: Number}, Strings{"n": "1e-131"}, ErrFormat, "n"},
		{Spec{Template: "${n}", Kind: Number}, Strings{}, ErrMissing, "n"},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprint(tt.spec.Template, " ", tt.src), func(t *testing.T) {
			tm := MustCompile(tt.spec)
			got, err := tm.Render(tt.src)
			if !errors.Is(err, tt.err) {
				t.Errorf("%s.Render(%v) = %q, %v; want %v", tt.spec.Template, tt.src, got, err, tt.err)
				return
			}
			var ve *ValueError
			if !errors.As(err, &ve) {
				t.Errorf("%s.Render(%v): error %T is not a *ValueError", tt.spec.Template, tt.src, err)
				return
			}
			if ve.Composite != tt.composite || ve.Template != tt.spec.Template {
				t.Errorf("%s.Render(%v): ValueError names composite %q of %q, want %q", tt.spec.Template, tt.src, ve.Composite, ve.Template, tt.composite)
			}
			if !strings.HasPrefix(err.Error(), "keys: ") {
				t.Errorf("error %q lacks the keys: prefix", err)
			}
		})
	}
}

func TestValueErrorMessage(t *testing.T) {
	tm := MustCompile(Spec{Attribute: "GSI1SK", Template: "MODULE#${moduleId}#LESSON#${lessonId}"})
	_, err := tm.Render(Strings{"moduleId": "a#b", "lessonId": "l"})
	want := `keys: GSI1SK from "MODULE#${moduleId}#LESSON#${lessonId}": composite moduleId "a#b" contains a delimiter of its key ("#")`
	if err == nil || err.Error() != want {
		t.Errorf("got %v\nwant %s", err, want)
	}
	var ve *ValueError
	if !errors.As(err, &ve) {
		t.Fatal("not a ValueError")
	}
	if diff := cmp.Diff(ValueError{Attribute: "GSI1SK", Template: tm.String(), Composite: "moduleId", Value: "a#b", Err: ErrDelimiter},
		*ve, cmp.Comparer(func(a, b error) bool { return a == b }), cmp.FilterPath(func(p cmp.Path) bool { return p.Last().String() == ".msg" }, cmp.Ignore())); diff != "" {
		t.Errorf("ValueError (-want +got):\n%s", diff)
	}
	// A hand-built ValueError still has a sensible message.
	e := &ValueError{Template: "X#${x}", Composite: "x", Value: "v", Err: ErrFormat}
	if got := e.Error(); got != `keys: template "X#${x}": composite x "v": value does not fit the composite's format` {
		t.Errorf("hand-built ValueError: %s", got)
	}
}

func TestSyntaxErrors(t *testing.T) {
	tests := []struct {
		spec Spec
		pos  int
	}{
		{Spec{Template: ""}, 0},
		{Spec{Template: "A#${a"}, 2},
		{Spec{Template: "A#${"}, 2},
		{Spec{Template: "A#${}"}, 4},
		{Spec{Template: "A#${:pad(2)}"}, 4},
		{Spec{Template: "V#${v:pad10}"}, 6},
		{Spec{Template: "V#${v:sha}"}, 6},
		{Spec{Template: "V#${v:}"}, 6},
		{Spec{Template: "V#${v:pad(0)}"}, 10},
		{Spec{Template: "V#${v:pad(39)}"}, 10},
		{Spec{Template: "V#${v:pad(x)}"}, 10},
		{Spec{Template: "V#${v:pad(07)}"}, 10},
		{Spec{Template: "V#${v:pad(3}"}, 6},
		{Spec{Template: "V#${v:rev()}"}, 10},
		{Spec{Template: "S#${s:shard(1)}"}, 12},
		{Spec{Template: "S#${s:shard(1001)}"}, 12},
		{Spec{Template: "S#${s:shard(4)}#${t:shard(4)}"}, 16},
		{Spec{Template: "A#${a}#${a}"}, 9},
		{Spec{Template: "A#${a}${b}"}, 6},
		{Spec{Template: "A#${a}${b:pad(2)}"}, 6},
		{Spec{Template: "A#{a}"}, 2},
		{Spec{Template: "A#}"}, 2},
		{Spec{Template: "A#${a${b}}"}, 5},
		{Spec{Template: "A#${a{b}"}, 5},
		{Spec{Template: "A#${a b}"}, 5},
		{Spec{Template: "A#\xff"}, 2},
		{Spec{Template: "${n}#", Kind: Number}, 0},
		{Spec{Template: "${n:pad(3)}", Kind: Number}, 0},
		{Spec{Template: "${n}${m:pad(2)}", Kind: Number}, 4},
		{Spec{Template: "${n:pad(2)}${m}", Kind: Number}, 0},
		{Spec{Template: "N", Kind: Number}, 0},
		{Spec{Template: "A", Kind: Kind(7)}, 0},
		{Spec{Template: "A", MaxBytes: -1}, 0},
		{Spec{Template: "ABC#${a:pad(10)}", MaxBytes: 10}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.spec.Template, func(t *testing.T) {
			_, err := Compile(tt.spec)
			var se *SyntaxError
			if !errors.As(err, &se) {
				t.Errorf("Compile(%q) = %v, want a *SyntaxError", tt.spec.Template, err)
				return
			}
			if se.Pos != tt.pos || se.Template != tt.spec.Template {
				t.Errorf("Compile(%q): error at %d (%v), want at %d", tt.spec.Template, se.Pos, err, tt.pos)
			}
			if !strings.HasPrefix(err.Error(), "keys: template ") {
				t.Errorf("error %q lacks the keys: prefix", err)
			}
		})
	}
	_, err := Parse("V#${v:pad10}")
	if want := `keys: template "V#${v:pad10}" at 6: unknown format "pad10"`; err == nil || err.Error() != want {
		t.Errorf("got %v, want %s", err, want)
	}
}

func TestMustPanics(t *testing.T) {
	defer func() {
		if r := recover(); r == nil {
			t.Error("MustParse did not panic")
		}
	}()
	MustParse("${")
}

func TestAccessors(t *testing.T) {
	tm := MustCompile(Spec{Attribute: "GSI1PK", Template: "ORDERS#${status}#${id:shard(16)}", MaxBytes: 2048})
	if diff := cmp.Diff([]string{"status", "id"}, tm.Composites()); diff != "" {
		t.Errorf("Composites (-want +got):\n%s", diff)
	}
	tm.Composites()[0] = "changed"
	if tm.Composites()[0] != "status" {
		t.Error("Composites does not return a fresh slice")
	}
	if tm.Attribute() != "GSI1PK" || tm.Kind() != String || tm.String() != "ORDERS#${status}#${id:shard(16)}" || tm.MaxBytes() != 2048 {
		t.Errorf("accessors: %q %v %q %d", tm.Attribute(), tm.Kind(), tm.String(), tm.MaxBytes())
	}
	if diff := cmp.Diff(Spec{Attribute: "GSI1PK", Template: "ORDERS#${status}#${id:shard(16)}", MaxBytes: 2048}, tm.Spec()); diff != "" {
		t.Errorf("Spec (-want +got):\n%s", diff)
	}
	if tm.IsLiteral() || !MustParse("#METADATA").IsLiteral() {
		t.Error("IsLiteral")
	}
	if !tm.Uses("status") || !tm.Uses("id") || tm.Uses("other") {
		t.Error("Uses")
	}
	if attr, n, ok := tm.Shard(); attr != "id" || n != 16 || !ok {
		t.Errorf("Shard() = %q, %d, %v", attr, n, ok)
	}
	if _, _, ok := MustParse("A#${a}").Shard(); ok {
		t.Error("Shard() on a template without one")
	}
	if Number.String() != "N" || String.String() != "S" {
		t.Error("Kind.String")
	}
}

func TestPrefix(t *testing.T) {
	lesson := MustParse("MODULE#${moduleId}#LESSON#${lessonId}")
	tests := []struct {
		tm       *Template
		src      Source
		want     string
		complete bool
	}{
		{lesson, Strings{}, "MODULE#", false},
		{lesson, Strings{"moduleId": "m1"}, "MODULE#m1#LESSON#", false},
		{lesson, Strings{"moduleId": "m1", "lessonId": "l1"}, "MODULE#m1#LESSON#l1", true},
		{MustParse("${a}#${b}"), Strings{}, "", false},
		{MustParse("#METADATA"), Strings{}, "#METADATA", true},
		{MustParse("V#${v:pad(4)}${w:rev(2)}#"), Strings{"v": "7"}, "V#0007", false},
		{MustParse("V#${v:pad(4)}#${w:rev(2)}#"), Strings{"v": "7", "w": "1"}, "V#0007#98#", true},
		{MustParse("T#${t:time}#${id}"), Strings{"t": "2024-01-01T00:00:00Z"}, "T#2024-01-01T00:00:00.000000000Z#", false},
		{MustCompile(Spec{Template: "${n}", Kind: Number}), Strings{"n": "1.0"}, "1", true},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprint(tt.tm, " ", tt.src), func(t *testing.T) {
			got, complete, err := tt.tm.Prefix(tt.src)
			if err != nil || got != tt.want || complete != tt.complete {
				t.Errorf("%s.Prefix(%v) = %q, %v, %v; want %q, %v", tt.tm, tt.src, got, complete, err, tt.want, tt.complete)
			}
		})
	}
	// The prefix for m1 never matches module m10.
	p1, _, _ := lesson.Prefix(Strings{"moduleId": "m1"})
	k10, _ := lesson.Render(Strings{"moduleId": "m10", "lessonId": "l1"})
	k1, _ := lesson.Render(Strings{"moduleId": "m1", "lessonId": "l1"})
	if strings.HasPrefix(k10, p1) || !strings.HasPrefix(k1, p1) {
		t.Errorf("prefix %q: matches m10 key %q or misses m1 key %q", p1, k10, k1)
	}

	_, _, err := lesson.Prefix(Strings{"lessonId": "l1"})
	var ve *ValueError
	if !errors.Is(err, ErrOutOfOrder) || errors.Is(err, ErrMissing) || !errors.As(err, &ve) || ve.Composite != "moduleId" || ve.Value != "lessonId" {
		t.Errorf("Prefix with a gap: %v, want ErrOutOfOrder naming moduleId and lessonId", err)
	}
	if _, _, err := lesson.Prefix(Strings{"moduleId": "a#b"}); !errors.Is(err, ErrDelimiter) {
		t.Errorf("Prefix with a bad value: %v", err)
	}
	if _, _, err := MustCompile(Spec{Template: "${n}", Kind: Number}).Prefix(Strings{}); !errors.Is(err, ErrMissing) {
		t.Errorf("Number Prefix without the value: %v", err)
	}
	if _, _, err := MustCompile(Spec{Template: "LONG#${a}#${b}", MaxBytes: 8}).Prefix(Strings{"a": "abcd"}); !errors.Is(err, ErrTooLong) {
		t.Errorf("Prefix too long: %v", err)
	}
}

func TestPadOrdering(t *testing.T) {
	tm := MustParse("VERSION#${version:pad(10)}")
	k9, _ := tm.Render(Values{"version": 9})
	k10, _ := tm.Render(Values{"version": 10})
	if k9 != "VERSION#0000000009" || k10 != "VERSION#0000000010" || !(k9 < k10) {
		t.Errorf("pad: %q, %q: 9 must sort before 10", k9, k10)
	}
	prev := ""
	for n := 0; n < 2000; n += 7 {
		k, err := tm.Render(Values{"version": n})
		if err != nil || k <= prev {
			t.Fatalf("pad(%d) = %q, %v after %q", n, k, err, prev)
		}
		prev = k
	}
}

func TestRevOrdering(t *testing.T) {
	tm := MustParse("REV#${n:rev(8)}")
	k9, _ := tm.Render(Values{"n": 9})
	k10, _ := tm.Render(Values{"n": 10})
	if k9 != "REV#99999990" || k10 != "REV#99999989" || !(k10 < k9) {
		t.Errorf("rev: %q, %q: 10 must sort before 9", k9, k10)
	}
	prev := "REV#A"
	for n := 0; n < 2000; n += 7 {
		k, err := tm.Render(Values{"n": n})
		if err != nil || k >= prev {
			t.Fatalf("rev(%d) = %q, %v after %q", n, k, err, prev)
		}
		prev = k
	}
}

func TestTimeOrdering(t *testing.T) {
	tm := MustParse("AT#${t:time}")
	// Increasing instants, written with different offsets and precisions.
	inputs := []string{
		"1969-12-31T23:59:59Z",
		"0",
		"2024-01-01T09:00:00+09:00", // 00:00Z
		"2024-01-01T00:00:00.000000001Z",
		"2023-12-31T19:00:00.5-05:00", // 00:00:00.5Z
		"2024-01-01T01:00:00.5+01:00", // 00:00:00.5Z; equal to the previous
		"2024-01-01T00:00:01Z",
		"1704067210", // 00:00:10Z
		"2024-01-01T00:00:10.25Z",
	}
	var prev string
	for i, in := range inputs {
		k, err := tm.Render(Strings{"t": in})
		if err != nil {
			t.Fatalf("Render(%q): %v", in, err)
		}
		if len(k) != len("AT#")+timeWidth {
			t.Errorf("Render(%q) = %q: not fixed width", in, k)
		}
		if i == 5 {
			if k != prev {
				t.Errorf("equal instants render %q and %q", prev, k)
			}
		} else if k <= prev {
			t.Errorf("Render(%q) = %q does not sort after %q", in, k, prev)
		}
		prev = k
	}
}

func TestExtract(t *testing.T) {
	tests := []struct {
		tmpl string
		key  string
		want Strings
	}{
		{"MODULE#${moduleId}#LESSON#${lessonId}", "MODULE#m1#LESSON#l#2", Strings{"moduleId": "m1", "lessonId": "l#2"}},
		{"#METADATA", "#METADATA", Strings{}},
		{"V#${v:pad(10)}", "V#0000000010", Strings{"v": "10"}},
		{"V#${v:pad(3)}", "V#000", Strings{"v": "0"}},
		{"R#${n:rev(8)}", "R#99999989", Strings{"n": "10"}},
		{"R#${n:rev(2)}", "R#99", Strings{"n": "0"}},
		{"T#${t:time}", "T#2024-01-02T03:04:05.500000000Z", Strings{"t": "2024-01-02T03:04:05.5Z"}},
		{"D#${d:date}#${x}", "D#2024-02-29#y", Strings{"d": "2024-02-29", "x": "y"}},
		{"S#${s:shard(10)}#${x}", "S#7#y", Strings{"x": "y"}},
		{"V${v:pad(2)}${w:rev(2)}${t:date}${x}", "V01982024-01-02z", Strings{"v": "1", "w": "1", "t": "2024-01-02", "x": "z"}},
		{"É${a}é${b}", "ÉxÉéé", Strings{"a": "xÉ", "b": "é"}},
	}
	for _, tt := range tests {
		t.Run(tt.tmpl+" "+tt.key, func(t *testing.T) {
			got, err := MustParse(tt.tmpl).Extract(tt.key)
			if err != nil {
				t.Errorf("%s.Extract(%q): %v", tt.tmpl, tt.key, err)
				return
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("%s.Extract(%q) (-want +got):\n%s", tt.tmpl, tt.key, diff)
			}
		})
	}
	num := MustCompile(Spec{Template: "${n}", Kind: Number})
	if got, err := num.Extract("-1.5"); err != nil || got["n"] != "-1.5" {
		t.Errorf("Number Extract: %v, %v", got, err)
	}
}

func TestExtractNoMatch(t *testing.T) {
	tests := []struct {
		spec Spec
		key  string
	}{
		{Spec{Template: "MODULE#${m}#LESSON#${l}"}, "MODULE#m1#LESSON#"},
		{Spec{Template: "MODULE#${m}#LESSON#${l}"}, "MODULE##LESSON#x"},
		{Spec{Template: "MODULE#${m}#LESSON#${l}"}, "MODULE#m1#L#x"},
		{Spec{Template: "MODULE#${m}#LESSON#${l}"}, "LESSON#x"},
		{Spec{Template: "A#${a}#"}, "A#x#y#"},
		{Spec{Template: "#METADATA"}, "#METADATA#"},
		{Spec{Template: "V#${v:pad(3)}"}, "V#12"},
		{Spec{Template: "V#${v:pad(3)}"}, "V#1234"},
		{Spec{Template: "V#${v:pad(3)}"}, "V#12a"},
		{Spec{Template: "T#${t:time}"}, "T#2024-01-02T03:04:05.000000000+"},
		{Spec{Template: "T#${t:time}"}, "T#2024-01-02T24:04:05.000000000Z"},
		{Spec{Template: "T#${t:time}"}, "T#2024-02-30T03:04:05.000000000Z"},
		{Spec{Template: "D#${d:date}"}, "D#2024-13-01"},
		{Spec{Template: "S#${s:shard(10)}"}, "S#10"},
		{Spec{Template: "S#${s:shard(12)}"}, "S#12"},
		{Spec{Template: "U#${u}"}, "U#\xff"},
		{Spec{Template: "U#${u}", MaxBytes: 4}, "U#abc"},
		{Spec{Template: "${n}", Kind: Number}, "1.50"},
		{Spec{Template: "${n}", Kind: Number}, "x"},
	}
	for _, tt := range tests {
		t.Run(tt.spec.Template+" "+tt.key, func(t *testing.T) {
			got, err := MustCompile(tt.spec).Extract(tt.key)
			if !errors.Is(err, ErrNoMatch) {
				t.Errorf("%s.Extract(%q) = %v, %v; want ErrNoMatch", tt.spec.Template, tt.key, got, err)
			}
		})
	}
}

func TestRenderShard(t *testing.T) {
	tm := MustParse("ORDERS#${status}#${id:shard(12)}")
	for s := 0; s < 12; s++ {
		got, err := tm.RenderShard(Strings{"status": "open"}, s)
		want := "ORDERS#open#" + string(rune('0'+s/10)) + string(rune('0'+s%10))
		if err != nil || got != want {
			t.Errorf("RenderShard(%d) = %q, %v; want %q", s, got, err, want)
		}
	}
	k, _ := tm.Render(Strings{"status": "open", "id": "order-1"})
	ks, _ := tm.RenderShard(Strings{"status": "open"}, ShardOf("order-1", 12))
	if k != ks {
		t.Errorf("Render %q != RenderShard %q", k, ks)
	}
	if _, err := tm.RenderShard(Strings{"status": "open"}, 12); !errors.Is(err, ErrFormat) {
		t.Errorf("RenderShard out of range: %v", err)
	}
	if _, err := tm.RenderShard(Strings{}, 1); !errors.Is(err, ErrMissing) {
		t.Errorf("RenderShard without status: %v", err)
	}
	if _, err := MustParse("A#${a}").RenderShard(Strings{"a": "x"}, 0); !errors.Is(err, ErrNoShard) {
		t.Errorf("RenderShard without a shard composite: %v", err)
	}
}

func TestShardOf(t *testing.T) {
	// FNV-1a 32 of "" is 2166136261, of "a" is 0xe40c292c.
	if got := ShardOf("", 1000); got != 2166136261%1000 {
		t.Errorf("ShardOf(\"\", 1000) = %d", got)
	}
	if got := ShardOf("a", 1000); got != 0xe40c292c%1000 {
		t.Errorf("ShardOf(\"a\", 1000) = %d", got)
	}
	if ShardOf("a", 1) != 0 || ShardOf("a", 0) != 0 {
		t.Error("ShardOf with count < 2")
	}
}

func TestNumber(t *testing.T) {
	tm := MustCompile(Spec{Attribute: "LSI1SK", Template: "${score}", Kind: Number})
	tests := map[string]string{
		"0": "0", "-0": "0", "+0.000e5": "0", "007": "7", "1.50": "1.5", "-1.50": "-1.5",
		"1e2": "100", "1E+2": "100", "12.5e-1": "1.25", ".5": "0.5", "5.": "5", "-0.001": "-0.001",
		"1e-130": "0." + strings.Repeat("0", 129) + "1",
		"9.9999999999999999999999999999999999999E+125": strings.Repeat("9", 38) + strings.Repeat("0", 88),
		"123456789012345678901234567890.12345678":      "123456789012345678901234567890.12345678",
	}
	for in, want := range tests {
		t.Run(in, func(t *testing.T) {
			got, err := tm.Render(Strings{"score": in})
			if err != nil || got != want {
				t.Errorf("Render(%q) = %q, %v; want %q", in, got, err, want)
			}
		})
	}
	for _, in := range []string{"", "-", ".", "e5", "1e", "1e+", "1.2.3", "0x10", "1 ", "NaN", "Inf", "1e126", "1e-131", "1e99999999999999999999"} {
		if got, err := tm.Render(Strings{"score": in}); err == nil {
			t.Errorf("Render(%q) = %q, want an error", in, got)
		}
	}
	if got, err := tm.Render(Values{"score": 2.5}); err != nil || got != "2.5" {
		t.Errorf("Render(2.5) = %q, %v", got, err)
	}
}

type stringer struct{}

func (stringer) String() string { return "str" }

type textual struct{ fail bool }

func (t textual) MarshalText() ([]byte, error) {
	if t.fail {
		return nil, errors.New("no")
	}
	return []byte("text"), nil
}

type named string

func TestValues(t *testing.T) {
	ts := time.Date(2024, 1, 2, 3, 4, 5, 6, time.FixedZone("x", -3600))
	str := "p"
	pstr := &str
	var iface any = &ts
	v := Values{
		"s": "x", "i": -3, "i8": int8(-8), "i16": int16(16), "i32": int32(32), "i64": int64(-64),
		"u": uint(1), "u8": uint8(8), "u16": uint16(16), "u32": uint32(32), "u64": uint64(1 << 63),
		"f32": float32(0.1), "f64": 1e21, "f": 2.5, "t": ts, "tp": &ts, "txt": textual{}, "txtp": &textual{},
		"named": named("n"), "ps": pstr, "pps": &pstr, "iface": &iface,
	}
	want := map[string]string{
		"s": "x", "i": "-3", "i8": "-8", "i16": "16", "i32": "32", "i64": "-64",
		"u": "1", "u8": "8", "u16": "16", "u32": "32", "u64": "9223372036854775808",
		"f32": "0.10000000149011612", "f64": "1000000000000000000000", "f": "2.5", "t": "2024-01-02T04:04:05.000000006Z",
		"tp": "2024-01-02T04:04:05.000000006Z", "txt": "text", "txtp": "text", "named": "n",
		"ps": "p", "pps": "p", "iface": "2024-01-02T04:04:05.000000006Z",
	}
	for k, w := range want {
		if got, ok := v.Lookup(k); !ok || got != w {
			t.Errorf("Lookup(%q) = %q, %v; want %q", k, got, ok, w)
		}
	}
	var nilTime *time.Time
	var nilStr *string
	var nilIface any
	absent := Values{"nil": nil, "niltime": nilTime, "nilstr": nilStr, "nilptrptr": &nilStr, "niliface": &nilIface}
	for _, k := range []string{"nil", "niltime", "nilstr", "nilptrptr", "niliface", "none"} {
		if got, ok, err := absent.LookupChecked(k); ok || err != nil {
			t.Errorf("LookupChecked(%q) = %q, %v, %v; want absent", k, got, ok, err)
		}
	}
	refused := map[string]struct {
		v    any
		want error
	}{
		"stringer": {stringer{}, ErrType}, "bool": {true, ErrType}, "uintptr": {uintptr(9), ErrType},
		"bytes": {[]byte("x"), ErrType}, "map": {map[string]string{}, ErrType}, "func": {func() {}, ErrType},
		"chan": {make(chan int), ErrType}, "complex": {complex(1, 2), ErrType}, "struct": {struct{ A int }{}, ErrType},
		"ptrstruct": {&struct{ A int }{}, ErrType}, "dynamo": {selfEncoding("x"), ErrType},
		"badtext": {textual{fail: true}, ErrFormat}, "nan": {math.NaN(), ErrFormat}, "inf": {float32(math.Inf(1)), ErrFormat},
		"huge": {1e200, ErrFormat},
	}
	for k, c := range refused {
		t.Run(k, func(t *testing.T) {
			src := Values{k: c.v}
			got, ok, err := src.LookupChecked(k)
			var ve *ValueError
			if !errors.Is(err, c.want) || !errors.As(err, &ve) || ve.Composite != k {
				t.Errorf("LookupChecked(%q: %#v) = %q, %v, %v; want a *ValueError wrapping %v", k, c.v, got, ok, err, c.want)
			}
			// Lookup alone reports it present and empty, which no template renders.
			if got, ok := src.Lookup(k); !ok || got != "" {
				t.Errorf("Lookup(%q) = %q, %v; want present and empty", k, got, ok)
			}
			tm := MustCompile(Spec{Attribute: "PK", Template: "X#${" + k + "}"})
			_, err = tm.Render(src)
			if !errors.As(err, &ve) || !errors.Is(err, c.want) || ve.Attribute != "PK" || ve.Composite != k {
				t.Errorf("Render(%q: %#v) error %v; want a *ValueError for PK wrapping %v", k, c.v, err, c.want)
			}
			if _, _, err := tm.Prefix(src); !errors.Is(err, c.want) {
				t.Errorf("Prefix(%q: %#v) error %v; want %v", k, c.v, err, c.want)
			}
		})
	}
}

// selfEncoding has its own DynamoDB encoding, which a key cannot know.
type selfEncoding string

func (selfEncoding) MarshalDynamo() (any, error) { return nil, nil }

func TestConcurrentRender(t *testing.T) {
	tm := MustCompile(Spec{Attribute: "SK", Template: "MODULE#${moduleId}#LESSON#${lessonId:pad(6)}", MaxBytes: 1024})
	var wg sync.WaitGroup
	for g := 0; g < 16; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 500; i++ {
				src := Values{"moduleId": "m" + strings.Repeat("x", g), "lessonId": i}
				k, err := tm.Render(src)
				if err != nil {
					t.Error(err)
					return
				}
				got, err := tm.Extract(k)
				if err != nil || got["moduleId"] != src["moduleId"] {
					t.Errorf("Extract(%q) = %v, %v", k, got, err)
					return
				}
				if _, _, err := tm.Prefix(Strings{"moduleId": "m"}); err != nil {
					t.Error(err)
					return
				}
			}
		}()
	}
	wg.Wait()
}

func TestRenderAllocs(t *testing.T) {
	tm := MustParse("REPO#${owner}#${repo_name}")
	src := Strings{"owner": "alex", "repo_name": "ddb-model"}
	if n := testing.AllocsPerRun(100, func() { _, _ = tm.Render(src) }); n > 1 {
		t.Errorf("Render allocates %v times, want at most 1", n)
	}
	lit := MustParse("#METADATA")
	if n := testing.AllocsPerRun(100, func() { _, _ = lit.Render(src) }); n != 0 {
		t.Errorf("literal Render allocates %v times, want 0", n)
	}
}

// A value cannot forge a deeper level of another template's key.
func TestNoForgedLevels(t *testing.T) {
	item := MustParse("ORDER#${orderId}#ITEM#${itemId}")
	ret := MustParse("ORDER#${orderId}#ITEM#${itemId}#RETURN#${returnId}")
	forged, err := item.Render(Strings{"orderId": "o1", "itemId": "i1#RETURN#r9"})
	if !errors.Is(err, ErrDelimiter) {
		t.Fatalf("item id with a delimiter rendered %q, err %v", forged, err)
	}
	real, err := ret.Render(Strings{"orderId": "o1", "itemId": "i1", "returnId": "r9"})
	if err != nil || real != "ORDER#o1#ITEM#i1#RETURN#r9" {
		t.Fatalf("return key = %q, %v", real, err)
	}
	// Punctuation inside a literal is not a delimiter: USER_EMAIL#${email}
	// takes underscores.
	if got, err := MustParse("USER_EMAIL#${email}").Render(Strings{"email": "a_b@c.d"}); err != nil || got != "USER_EMAIL#a_b@c.d" {
		t.Errorf("USER_EMAIL#${email} = %q, %v", got, err)
	}
	// Letters before a composite are not delimiters: prefixes like "v" in v${n} stay free.
	if got, err := MustParse("v${n}").Render(Strings{"n": "1.2#3"}); err != nil || got != "v1.2#3" {
		t.Errorf("v${n} = %q, %v", got, err)
	}
}

func TestRenderValuesTo(t *testing.T) {
	cases := []struct {
		tmpl string
		kind Kind
		vals []string
		want string
	}{
		{"MODULE#${moduleId}#LESSON#${lessonId}", String, []string{"m1", "l2"}, "MODULE#m1#LESSON#l2"},
		{"VERSION#${v:pad(10)}", String, []string{"10"}, "VERSION#0000000010"},
		{"T#${ts:time}", String, []string{"2024-01-02T03:04:05Z"}, "T#2024-01-02T03:04:05.000000000Z"},
		{"#METADATA", String, []string{}, "#METADATA"},
		{"${n}", Number, []string{"007"}, "7"},
	}
	for _, c := range cases {
		t.Run(c.tmpl, func(t *testing.T) {
			tm := MustCompile(Spec{Template: c.tmpl, Kind: c.kind})
			var b strings.Builder
			b.WriteString("<")
			if err := tm.RenderValuesTo(&b, c.vals); err != nil {
				t.Fatalf("%s: %v", c.tmpl, err)
			}
			if got := b.String(); got != "<"+c.want {
				t.Errorf("%s: got %q, want %q", c.tmpl, got, "<"+c.want)
			}
		})
	}
	tm := MustParse("REPO#${owner}#${repo_name}")
	var b strings.Builder
	err := tm.RenderValuesTo(&b, []string{"alex", ""})
	var ve *ValueError
	if !errors.Is(err, ErrMissing) || !errors.As(err, &ve) || ve.Composite != "repo_name" || b.Len() != 0 {
		t.Errorf("absent repo_name: %v (builder %q)", err, b.String())
	}
	if err := tm.RenderValuesTo(&b, []string{"alex"}); !errors.Is(err, ErrFormat) || b.Len() != 0 {
		t.Errorf("one value for two composites: %v", err)
	}
	if err := tm.RenderValuesTo(&b, []string{"a#b", "r"}); !errors.Is(err, ErrDelimiter) {
		t.Errorf("delimiter in owner: %v", err)
	}
}

// A prefix of no composite is the template's leading literal, returned as
// the template holds it: rendering it allocates nothing. A composite given
// after an absent one is still refused.
func TestPrefixOfNoCompositeIsTheLeadingLiteral(t *testing.T) {
	tmpl := MustParse("ARTICLE#${articleId}#V#${version}")
	src := Values{"other": "x"}
	var got string
	var complete bool
	var err error
	allocs := testing.AllocsPerRun(100, func() { got, complete, err = tmpl.Prefix(src) })
	if got != "ARTICLE#" || complete || err != nil {
		t.Fatalf("Prefix = %q, %v, %v; want ARTICLE#, false, nil", got, complete, err)
	}
	if allocs != 0 {
		t.Errorf("Prefix of the leading literal: %v allocations, want 0", allocs)
	}
	if _, _, err := tmpl.Prefix(Values{"version": 3}); !errors.Is(err, ErrOutOfOrder) {
		t.Errorf("Prefix with only the second composite: %v, want ErrOutOfOrder", err)
	}
	if p, _, err := tmpl.Prefix(Values{"articleId": "a1"}); p != "ARTICLE#a1#V#" || err != nil {
		t.Errorf("Prefix with the first composite = %q, %v", p, err)
	}
}
