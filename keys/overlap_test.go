package keys

import (
	"strings"
	"testing"
)

func pair(pk, sk string) Pair {
	p := Pair{Partition: MustParse(pk)}
	if sk != "" {
		p.Sort = MustParse(sk)
	}
	return p
}

func TestOverlap(t *testing.T) {
	maxed := func(src string, max int) *Template { return MustCompile(Spec{Template: src, MaxBytes: max}) }
	tests := []struct {
		name    string
		a, b    Pair
		overlap bool
		sample  [2]string // when not empty, the sample expected
	}{
		// The collisions of the reliability issue, each with its clean twin.
		{"line spells a refund", pair("ORDER#${o}", "LINE-${line}"), pair("ORDER#${o}", "LINE-${line}#REFUND#${refund}"), true, [2]string{"ORDER#0", "LINE-0#REFUND#0"}},
		{"one delimiter keeps lines and refunds apart", pair("ORDER#${o}", "LINE#${line}"), pair("ORDER#${o}", "LINE#${line}#REFUND#${refund}"), false, [2]string{}},
		{"key spells the literal", pair("U#${u}", "#${key}"), pair("U#${u}", "#PROFILE"), true, [2]string{"U#0", "#PROFILE"}},
		{"a label keeps key and literal apart", pair("U#${u}", "KEY#${key}"), pair("U#${u}", "#PROFILE"), false, [2]string{}},
		{"same shape, two entities", pair("U#${x}", "#META"), pair("U#${y}", "#META"), true, [2]string{"U#0", "#META"}},
		{"same shape, other partitions", pair("U#${x}", "#META"), pair("G#${y}", "#META"), false, [2]string{}},
		{"partitions overlap, sort keys do not", pair("A#${x}", "P#${p}"), pair("A#${y}", "Q#${q}"), false, [2]string{}},
		{"no sort key", pair("A#${x}", ""), pair("A#B${y}", ""), true, [2]string{"A#B0", ""}},
		{"no sort key, delimiter", pair("A#${x}", ""), pair("A#${y}#B", ""), false, [2]string{}},
		// Formats.
		{"leap day", pair("X", "D#${d:date}"), pair("X", "D#2024-02-29"), true, [2]string{"X", "D#2024-02-29"}},
		{"no leap day 2023", pair("X", "D#${d:date}"), pair("X", "D#2023-02-29"), false, [2]string{}},
		{"no leap day 1900", pair("X", "D#${d:date}"), pair("X", "D#1900-02-29"), false, [2]string{}},
		{"leap day 2000", pair("X", "D#${d:date}"), pair("X", "D#2000-02-29"), true, [2]string{}},
		{"leap day 0000", pair("X", "D#${d:date}"), pair("X", "D#0000-02-29"), true, [2]string{}},
		{"no month 13", pair("X", "D#${d:date}"), pair("X", "D#2024-13-01"), false, [2]string{}},
		{"no April 31", pair("X", "D#${d:date}"), pair("X", "D#2024-04-31"), false, [2]string{}},
		{"time vs date and literal", pair("X", "T#${t:time}"), pair("X", "T#${d:date}T23:59:59.000000000Z"), true, [2]string{"X", "T#0000-01-01T23:59:59.000000000Z"}},
		{"no hour 24", pair("X", "T#${t:time}"), pair("X", "T#${d:date}T24:00:00.000000000Z"), false, [2]string{}},
		{"no second 60", pair("X", "T#${t:time}"), pair("X", "T#${d:date}T23:59:60.000000000Z"), false, [2]string{}},
		{"time vs free text", pair("X", "T#${t:time}"), pair("X", "T#${s}"), true, [2]string{}},
		{"time vs text without its colons", pair("X", "T#${t:time}"), pair("X", "T#${s}:${u}"), false, [2]string{}},
		{"pad vs pad", pair("X", "V${v:pad(3)}"), pair("X", "V${w:pad(3)}"), true, [2]string{"X", "V000"}},
		{"pad widths differ", pair("X", "V${v:pad(3)}"), pair("X", "V${w:pad(4)}"), false, [2]string{}},
		{"rev vs pad", pair("X", "V${v:rev(2)}"), pair("X", "V${w:pad(2)}"), true, [2]string{}},
		{"pad vs letters", pair("X", "V${v:pad(2)}"), pair("X", "VAB"), false, [2]string{}},
		{"shard in range", pair("X", "S${s:shard(7)}"), pair("X", "S6"), true, [2]string{"X", "S6"}},
		{"shard out of range", pair("X", "S${s:shard(7)}"), pair("X", "S7"), false, [2]string{}},
		{"shard 100 of 3 digits", pair("X", "S${s:shard(101)}"), pair("X", "S1${p:pad(2)}"), true, [2]string{"X", "S100"}},
		{"shard 101 of 3 digits", pair("X", "S${s:shard(101)}"), pair("X", "S101"), false, [2]string{}},
		{"free text forbids its delimiter", pair("X", "A#${a}"), pair("X", "A#B#C"), false, [2]string{}},
		{"free text takes other punctuation", pair("X", "A#${a}"), pair("X", "A#B-C"), true, [2]string{"X", "A#B-C"}},
		{"unicode delimiter", pair("X", "É${a}é${b}"), pair("X", "Ééx"), false, [2]string{}},
		{"letters are no delimiters", pair("X", "É${a}é${b}"), pair("X", "ÉxéYé"), true, [2]string{}},
		{"unicode literal", pair("X", "É${a}"), pair("X", "Éxé"), true, [2]string{}},
		{"numbers", Pair{Partition: MustParse("X"), Sort: MustCompile(Spec{Template: "${n}", Kind: Number})}, Pair{Partition: MustParse("X"), Sort: MustCompile(Spec{Template: "${m}", Kind: Number})}, true, [2]string{"X", "0"}},
		{"computed sort key", pair("X#${x}", "A"), Pair{Partition: MustParse("X#${y}"), AnySort: true}, true, [2]string{}},
		{"computed sort key, other partition", pair("X#${x}", "A"), Pair{Partition: MustParse("Y#${y}"), AnySort: true}, false, [2]string{}},
		// MaxBytes bounds the shared key: the shortest common key is 5 bytes.
		{"within MaxBytes", Pair{Partition: maxed("${a}", 5)}, Pair{Partition: MustParse("ÉÉ${b}")}, true, [2]string{"ÉÉ0", ""}},
		{"beyond MaxBytes", Pair{Partition: maxed("${a}", 4)}, Pair{Partition: MustParse("ÉÉ${b}")}, false, [2]string{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, flip := range []bool{false, true} {
				a, b := tt.a, tt.b
				if flip {
					a, b = b, a
				}
				c, ok := Overlap(a, b)
				if ok != tt.overlap {
					t.Fatalf("Overlap(%v / %v, %v / %v) = %+v, %v; want %v", a.Partition, a.Sort, b.Partition, b.Sort, c, ok, tt.overlap)
				}
				if !ok {
					continue
				}
				if !c.Confirmed {
					t.Errorf("sample %+v not confirmed", c)
				}
				checkSample(t, a, b, c)
				if tt.sample[0] != "" && (c.Partition != tt.sample[0] || c.Sort != tt.sample[1]) {
					t.Errorf("sample = %q / %q, want %q / %q", c.Partition, c.Sort, tt.sample[0], tt.sample[1])
				}
			}
		})
	}
}

// Composites shared by the partition and sort templates hold one value in
// both keys: the analysis confirms a sample when it can, and otherwise still
// reports the overlap (conservatively).
func TestOverlapSharedComposites(t *testing.T) {
	c, ok := Overlap(pair("ACCOUNT#${u}", "ACCOUNT#${u}"), pair("ACCOUNT#${o}", "ACCOUNT#${o}"))
	if !ok || !c.Confirmed || c.Partition != "ACCOUNT#0" || c.Sort != "ACCOUNT#0" {
		t.Errorf("accounts: %+v, %v", c, ok)
	}
	a, b := pair("${a}", "${a}"), pair("P${b}", "Q${b}")
	c, ok = Overlap(a, b)
	if !ok || c.Confirmed {
		t.Errorf("${a}/${a} vs P${b}/Q${b}: %+v, %v; want an unconfirmed overlap", c, ok)
	}
	checkSample(t, a, b, c)
}

func TestPrefixOverlap(t *testing.T) {
	tests := []struct {
		name         string
		a, b         Pair
		want         bool
		prefix, sort string
	}{
		{"modules read lessons", pair("C#${c}", "MODULE#${m}"), pair("C#${c}", "MODULE#${m}#LESSON#${l}"), true, "MODULE#", "MODULE#0#LESSON#0"},
		{"lessons of a module do not read the module", pair("C#${c}", "MODULE#${m}#LESSON#${l}"), pair("C#${c}", "MODULE#${m}"), true, "MODULE#", "MODULE#0"},
		{"other partitions", pair("C#${c}", "MODULE#${m}"), pair("D#${c}", "MODULE#${m}#LESSON#${l}"), false, "", ""},
		{"labels apart", pair("C#${c}", "MODULE#${m}"), pair("C#${c}", "LESSON#${m}#${l}"), false, "", ""},
		{"an empty prefix reads everything", pair("C#${c}", "${x}#${y}"), pair("C#${c}", "META"), true, "", "META"},
		{"a literal sort key has no partial prefix", pair("C#${c}", "META"), pair("C#${c}", "META#${x}"), false, "", ""},
		{"composites the partition gives are present", pair("A#${u}", "A#${u}"), pair("A#${o}", "A#${o}#B"), false, "", ""},
		{"after the partition's composites", pair("A#${u}", "A#${u}#${v}"), pair("A#${o}", "A#${o}#B"), true, "A#0#", "A#0#B"},
		{"pad prefix", pair("X", "V#${v:pad(2)}#${w}"), pair("X", "V#12#a"), true, "V#", "V#12#a"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, ok := PrefixOverlap(tt.a, tt.b)
			if ok != tt.want {
				t.Fatalf("PrefixOverlap = %+v, %v; want %v", c, ok, tt.want)
			}
			if !ok {
				return
			}
			if c.Prefix != tt.prefix || c.Sort != tt.sort || !c.Confirmed {
				t.Errorf("PrefixOverlap = %+v; want prefix %q, sort %q, confirmed", c, tt.prefix, tt.sort)
			}
			if !strings.HasPrefix(c.Sort, c.Prefix) || !tt.b.renders(c.Partition, c.Sort) || !tt.a.rendersPrefix(c.Partition, c.Prefix) {
				t.Errorf("sample %+v is not a prefix of a's rendering a key of b", c)
			}
		})
	}
}
