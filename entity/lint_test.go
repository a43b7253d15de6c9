package entity_test

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ddbmodel/ddbmodel/entity"
)

type lintDoc struct {
	ID      string    `dynamo:"id"`
	Owner   string    `dynamo:"owner"`
	Version int       `dynamo:"version"`
	Score   float64   `dynamo:"score"`
	At      time.Time `dynamo:"at"`
	Unix    time.Time `dynamo:"unix,unixtime"`
	Day     string    `dynamo:"day"`
	Rank    int       `dynamo:"rank"`
	MaybeN  *int      `dynamo:"maybeN"`
	Tag     string    `dynamo:"tag,omitempty"`
}

type lintPart struct {
	ID    string `dynamo:"id"`
	Part  string `dynamo:"part"`
	Child string `dynamo:"child"`
}

// lintCase is one model: build defines its entities on a fresh table, and
// want is the code Lint must report (with its entities and index), or ""
// for a clean model.
type lintCase struct {
	name     string
	indexes  []entity.Index
	build    func(t *entity.Table)
	opts     entity.LintOptions
	want     string
	sev      entity.Severity
	entities []string
	index    string
	// noSortKey: the table has a partition key only.
	noSortKey bool
}

func gsi(name string) entity.Index {
	return entity.Index{Name: name, PartitionKey: entity.S(name + "PK"), SortKey: entity.S(name + "SK")}
}

func defDoc(tb *entity.Table, name, pk, sk string, ix ...entity.IndexKey[lintDoc]) {
	entity.MustDefine(tb, entity.Config[lintDoc]{Name: name, Key: entity.Key{Partition: pk, Sort: sk}, Indexes: ix})
}

func defPart(tb *entity.Table, name, pk, sk string, ix ...entity.IndexKey[lintPart]) {
	entity.MustDefine(tb, entity.Config[lintPart]{Name: name, Key: entity.Key{Partition: pk, Sort: sk}, Indexes: ix})
}

var lintCases = []lintCase{
	// unpadded-number: the cms seed's VERSION#${version} (VERSION#10 before VERSION#9).
	{name: "unpadded int in sort key", want: entity.LintUnpaddedNumber, sev: entity.Warning, entities: []string{"Doc"},
		build: func(tb *entity.Table) { defDoc(tb, "Doc", "DOC#${id}", "VERSION#${version}") }},
	{name: "padded int in sort key", build: func(tb *entity.Table) { defDoc(tb, "Doc", "DOC#${id}", "VERSION#${version:pad(6)}") }},
	{name: "reversed int in sort key", build: func(tb *entity.Table) { defDoc(tb, "Doc", "DOC#${id}", "VERSION#${version:rev(6)}") }},
	{name: "unpadded float in index sort key", indexes: []entity.Index{gsi("GSI")}, want: entity.LintUnpaddedNumber, sev: entity.Warning, entities: []string{"Doc"}, index: "GSI",
		build: func(tb *entity.Table) {
			defDoc(tb, "Doc", "DOC#${id}", "DOC", entity.IndexKey[lintDoc]{Index: "GSI", Partition: "OWNER#${owner}", Sort: "SCORE#${score}#${id}"})
		}},
	{name: "int composite also in the partition key", build: func(tb *entity.Table) { defDoc(tb, "Doc", "DOC#${id}#${version}", "V#${version}") }},
	{name: "int in a number sort key", indexes: []entity.Index{{Name: "NUM", PartitionKey: entity.S("NPK"), SortKey: entity.N("NSK")}},
		build: func(tb *entity.Table) {
			defDoc(tb, "Doc", "DOC#${id}", "DOC", entity.IndexKey[lintDoc]{Index: "NUM", Partition: "OWNER#${owner}", Sort: "${rank}"})
		}},
	{name: "int in a partition key only", build: func(tb *entity.Table) { defDoc(tb, "Doc", "DOC#${rank}", "DOC#${id}") }},
	// unpadded-time: papers' and github's dates, written as stored text.
	{name: "time as stored text", want: entity.LintUnpaddedTime, sev: entity.Warning, entities: []string{"Doc"},
		build: func(tb *entity.Table) { defDoc(tb, "Doc", "DOC#${owner}", "AT#${at}#${id}") }},
	{name: "unixtime as stored text", want: entity.LintUnpaddedTime, sev: entity.Warning, entities: []string{"Doc"},
		build: func(tb *entity.Table) { defDoc(tb, "Doc", "DOC#${owner}", "AT#${unix}#${id}") }},
	{name: "time with the time format", build: func(tb *entity.Table) { defDoc(tb, "Doc", "DOC#${owner}", "AT#${at:time}#${id}") }},
	{name: "time with the date format", build: func(tb *entity.Table) { defDoc(tb, "Doc", "DOC#${owner}", "AT#${at:date}#${id}") }},
	// hot-partition: blog's CONTACT_MESSAGE#ALL, and an index under one key.
	{name: "static partition on the table", want: entity.LintHotPartition, sev: entity.Warning, entities: []string{"Doc"},
		build: func(tb *entity.Table) { defDoc(tb, "Doc", "DOC#ALL", "DOC#${id}") }},
	{name: "static partition on an index", indexes: []entity.Index{gsi("GSI")}, want: entity.LintHotPartition, sev: entity.Warning, entities: []string{"Doc"}, index: "GSI",
		build: func(tb *entity.Table) {
			defDoc(tb, "Doc", "DOC#${id}", "DOC", entity.IndexKey[lintDoc]{Index: "GSI", Partition: "ALLDOCS", Sort: "DOC#${id}"})
		}},
	{name: "static index key for every item", indexes: []entity.Index{gsi("GSI")}, want: entity.LintHotPartition, sev: entity.Warning, entities: []string{"Doc"}, index: "GSI",
		build: func(tb *entity.Table) {
			defDoc(tb, "Doc", "DOC#${id}", "DOC", entity.IndexKey[lintDoc]{Index: "GSI", Partition: "ALLDOCS", Sort: "DOC"})
		}},
	{name: "sharded partition on an index", indexes: []entity.Index{gsi("GSI")},
		build: func(tb *entity.Table) {
			defDoc(tb, "Doc", "DOC#${id}", "DOC", entity.IndexKey[lintDoc]{Index: "GSI", Partition: "ALLDOCS#${id:shard(10)}", Sort: "DOC#${id}"})
		}},
	{name: "a singleton item", build: func(tb *entity.Table) { defDoc(tb, "Config", "CONFIG", "CONFIG") }},
	// prefix-overlap: edtech's MODULE#${m} and MODULE#${m}#LESSON#${l}.
	{name: "module and lesson prefixes", want: entity.LintPrefixOverlap, sev: entity.Warning, entities: []string{"Module", "Lesson"},
		build: func(tb *entity.Table) {
			defPart(tb, "Module", "COURSE#${id}", "MODULE#${part}")
			defPart(tb, "Lesson", "COURSE#${id}", "MODULE#${part}#LESSON#${child}")
		}},
	{name: "distinct literal prefixes", build: func(tb *entity.Table) {
		defPart(tb, "Module", "COURSE#${id}", "MODULE#${part}")
		defPart(tb, "Lesson", "COURSE#${id}", "LESSON#${part}#${child}")
	}},
	{name: "prefix overlap on an index", indexes: []entity.Index{gsi("GSI")}, want: entity.LintPrefixOverlap, sev: entity.Warning, entities: []string{"Module", "Lesson"}, index: "GSI",
		build: func(tb *entity.Table) {
			defPart(tb, "Module", "M#${id}", "M", entity.IndexKey[lintPart]{Index: "GSI", Partition: "C#${id}", Sort: "MODULE#${part}"})
			defPart(tb, "Lesson", "L#${id}", "L", entity.IndexKey[lintPart]{Index: "GSI", Partition: "C#${id}", Sort: "MODULE#${part}#LESSON#${child}"})
		}},
	// unused-index.
	{name: "unused index", indexes: []entity.Index{gsi("GSI"), gsi("Unused")}, want: entity.LintUnusedIndex, sev: entity.Warning, index: "Unused",
		build: func(tb *entity.Table) {
			defDoc(tb, "Doc", "DOC#${id}", "DOC", entity.IndexKey[lintDoc]{Index: "GSI", Partition: "O#${owner}", Sort: "D#${id}"})
		}},
	{name: "every index used", indexes: []entity.Index{gsi("GSI")},
		build: func(tb *entity.Table) {
			defDoc(tb, "Doc", "DOC#${id}", "DOC", entity.IndexKey[lintDoc]{Index: "GSI", Partition: "O#${owner}", Sort: "D#${id}"})
		}},
	// sparse-always-in: a sparse index keyed by what every item holds.
	{name: "sparse on an int", indexes: []entity.Index{gsi("GSI")}, want: entity.LintSparseAlwaysIn, sev: entity.Warning, entities: []string{"Doc"}, index: "GSI",
		build: func(tb *entity.Table) {
			defDoc(tb, "Doc", "DOC#${id}", "DOC", entity.IndexKey[lintDoc]{Index: "GSI", Partition: "RANK#${rank:pad(4)}", Sort: "D#${id}", Sparse: true})
		}},
	{name: "sparse on a pointer", indexes: []entity.Index{gsi("GSI")},
		build: func(tb *entity.Table) {
			defDoc(tb, "Doc", "DOC#${id}", "DOC", entity.IndexKey[lintDoc]{Index: "GSI", Partition: "RANK#${maybeN:pad(4)}", Sort: "D#${id}", Sparse: true})
		}},
	{name: "sparse on an omitempty string", indexes: []entity.Index{gsi("GSI")},
		build: func(tb *entity.Table) {
			defDoc(tb, "Doc", "DOC#${id}", "DOC", entity.IndexKey[lintDoc]{Index: "GSI", Partition: "TAG#${tag}", Sort: "D#${id}", Sparse: true})
		}},
	{name: "sparse on a required attribute", indexes: []entity.Index{gsi("GSI")}, want: entity.LintSparseAlwaysIn, sev: entity.Warning, entities: []string{"Doc"}, index: "GSI",
		build: func(tb *entity.Table) {
			entity.MustDefine(tb, entity.Config[lintDoc]{Name: "Doc", Key: entity.Key{Partition: "DOC#${id}", Sort: "DOC"},
				Indexes:    []entity.IndexKey[lintDoc]{{Index: "GSI", Partition: "TAG#${tag}", Sort: "D#${id}", Sparse: true}},
				Attributes: map[string]entity.Attribute{"tag": {Required: true}}})
		}},
	{name: "sparse on table key composites", indexes: []entity.Index{gsi("GSI")}, want: entity.LintSparseAlwaysIn, sev: entity.Warning, entities: []string{"Doc"}, index: "GSI",
		build: func(tb *entity.Table) {
			defDoc(tb, "Doc", "DOC#${id}", "DOC", entity.IndexKey[lintDoc]{Index: "GSI", Partition: "ALL#${id:shard(4)}", Sort: "D#${id}", Sparse: true})
		}},
	{name: "sparse with When", indexes: []entity.Index{gsi("GSI")},
		build: func(tb *entity.Table) {
			defDoc(tb, "Doc", "DOC#${id}", "DOC", entity.IndexKey[lintDoc]{Index: "GSI", Partition: "RANK#${rank:pad(4)}", Sort: "D#${id}", Sparse: true,
				When: func(d lintDoc) bool { return d.Rank > 0 }})
		}},
	// sort-order: github's seed, a "#" prefix meant to sort last sorts first.
	{name: "hash prefix declared last", want: entity.LintSortOrder, sev: entity.Error, entities: []string{"Fork", "Repo"},
		opts: entity.LintOptions{Orders: []entity.SortOrder{{Entities: []string{"Fork", "Repo"}}}},
		build: func(tb *entity.Table) {
			defPart(tb, "Repo", "REPO#${id}", "#REPO")
			defPart(tb, "Fork", "REPO#${id}", "FORK#${part}")
		}},
	{name: "hash prefix declared first", opts: entity.LintOptions{Orders: []entity.SortOrder{{Entities: []string{"Repo", "Fork"}}}},
		build: func(tb *entity.Table) {
			defPart(tb, "Repo", "REPO#${id}", "#REPO")
			defPart(tb, "Fork", "REPO#${id}", "FORK#${part}")
		}},
	{name: "order that depends on the values", want: entity.LintSortOrder, sev: entity.Warning, entities: []string{"Repo", "Fork"},
		opts: entity.LintOptions{Orders: []entity.SortOrder{{Entities: []string{"Repo", "Fork"}}},
			Allow: []entity.Allow{{Code: entity.LintPrefixOverlap, Entity: "Repo", Reason: "a repository is read with its forks"}}},
		build: func(tb *entity.Table) {
			defPart(tb, "Repo", "REPO#${id}", "R#${part}")
			defPart(tb, "Fork", "REPO#${id}", "R#${part}#F#${child}")
		}},
	{name: "literal key that prefixes the later keys", opts: entity.LintOptions{Orders: []entity.SortOrder{{Entities: []string{"Repo", "Fork"}}}},
		build: func(tb *entity.Table) {
			defPart(tb, "Repo", "REPO#${id}", "R")
			defPart(tb, "Fork", "REPO#${id}", "R#${part}")
		}},
	{name: "literal key declared after the keys it prefixes", want: entity.LintSortOrder, sev: entity.Error, entities: []string{"Fork", "Repo"},
		opts: entity.LintOptions{Orders: []entity.SortOrder{{Entities: []string{"Fork", "Repo"}}}},
		build: func(tb *entity.Table) {
			defPart(tb, "Repo", "REPO#${id}", "R")
			defPart(tb, "Fork", "REPO#${id}", "R#${part}")
		}},
	{name: "order of entities that never share a partition", want: entity.LintSortOrder, sev: entity.Warning, entities: []string{"Repo", "Fork"},
		opts: entity.LintOptions{Orders: []entity.SortOrder{{Entities: []string{"Repo", "Fork"}}}},
		build: func(tb *entity.Table) {
			defPart(tb, "Repo", "REPO#${id}", "#REPO")
			defPart(tb, "Fork", "FORK#${id}", "FORK#${part}")
		}},
	{name: "order naming an unknown entity", want: entity.LintSortOrder, sev: entity.Error, entities: []string{"Nope"},
		opts:  entity.LintOptions{Orders: []entity.SortOrder{{Entities: []string{"Repo", "Nope"}}}},
		build: func(tb *entity.Table) { defPart(tb, "Repo", "REPO#${id}", "#REPO") }},
	// Allow: an allowance without a finding, or without a reason, is itself a finding.
	{name: "stale allowance", want: entity.LintStaleAllow, sev: entity.Warning, entities: []string{"Doc"},
		opts:  entity.LintOptions{Allow: []entity.Allow{{Code: entity.LintHotPartition, Entity: "Doc", Reason: "few items"}}},
		build: func(tb *entity.Table) { defDoc(tb, "Doc", "DOC#${id}", "DOC") }},
	{name: "allowance without a reason", want: entity.LintStaleAllow, sev: entity.Warning, entities: []string{"Doc"},
		opts:  entity.LintOptions{Allow: []entity.Allow{{Code: entity.LintHotPartition, Entity: "Doc"}}},
		build: func(tb *entity.Table) { defDoc(tb, "Doc", "DOC#${id}", "DOC#${id}") }},
}

// TestLintFindsEachMistakeAndNotItsTwin builds one small model per case:
// each mistake must give exactly its finding (code, severity, entities,
// index), and each clean twin none at all.
func TestLintFindsEachMistakeAndNotItsTwin(t *testing.T) {
	t.Parallel()
	runLintCases(t, slices.Concat(lintCases, lintMoreCases))
}

// runLintCases runs each case as a subtest: its mistake must give exactly
// its finding (code, severity, entities, index), and a clean twin none.
func runLintCases(t *testing.T, cases []lintCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tb := &entity.Table{Name: "lint", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"), Indexes: c.indexes}
			if c.noSortKey {
				tb.SortKey = entity.KeyAttribute{}
			}
			c.build(tb)
			got := tb.Lint(c.opts)
			var open []entity.Finding
			for _, f := range got {
				if f.Allowed == "" {
					open = append(open, f)
				}
			}
			if c.want == "" {
				if len(open) > 0 {
					t.Fatalf("clean model: got %v", open)
				}
				return
			}
			if len(open) == 0 {
				t.Fatalf("want a %s finding, got none", c.want)
			}
			for _, f := range open {
				if f.Code != c.want || f.Severity != c.sev || f.Index != c.index || !sameNames(f.Entities, c.entities) || f.Message == "" {
					t.Errorf("got %+v, want code %s, severity %v, entities %v, index %q", f, c.want, c.sev, c.entities, c.index)
				}
			}
		})
	}
}

// sameNames compares entity lists as sets: a prefix overlap is reported
// for each entity that can query the other's items.
func sameNames(a, b []string) bool {
	return slices.Equal(slices.Sorted(slices.Values(a)), slices.Sorted(slices.Values(b)))
}

// TestLintAllowMarksTheFinding checks that an allowance with a reason
// covers exactly its finding and keeps it in the result, marked.
func TestLintAllowMarksTheFinding(t *testing.T) {
	t.Parallel()
	tb := &entity.Table{Name: "lint", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
	defDoc(tb, "Doc", "DOC#ALL", "DOC#${id}")
	defDoc(tb, "Other", "OTHER#ALL", "OTHER#${id}")
	got := tb.Lint(entity.LintOptions{Allow: []entity.Allow{{Code: entity.LintHotPartition, Entity: "Doc", Reason: "a handful of items"}}})
	if len(got) != 2 {
		t.Fatalf("got %v, want two hot-partition findings", got)
	}
	for _, f := range got {
		want := ""
		if f.Entities[0] == "Doc" {
			want = "a handful of items"
		}
		if f.Code != entity.LintHotPartition || f.Allowed != want {
			t.Errorf("%v: Allowed = %q, want %q", f, f.Allowed, want)
		}
	}
	// An allowance without a reason allows nothing, and says so.
	got2 := tb.Lint(entity.LintOptions{Allow: []entity.Allow{{Code: entity.LintHotPartition, Entity: "Doc"}}})
	if len(got2) != 3 || got2[0].Allowed != "" || got2[1].Allowed != "" || got2[2].Code != entity.LintStaleAllow {
		t.Errorf("reasonless allowance: got %v", got2)
	}
	if s := got[0].String(); !strings.Contains(s, "warning hot-partition (table)") || !strings.Contains(s, "[allowed: a handful of items]") {
		t.Errorf("String() = %q", s)
	}
}

// TestPlacementsListEveryEntityAndIndex checks the order and content of
// Table.Placements, which the lint and generated documents read.
func TestPlacementsListEveryEntityAndIndex(t *testing.T) {
	t.Parallel()
	tb := &entity.Table{Name: "p", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"), Indexes: []entity.Index{gsi("AAA"), gsi("BBB")}}
	defDoc(tb, "Zed", "Z#${id}", "Z", entity.IndexKey[lintDoc]{Index: "BBB", Partition: "T#${tag}", Sort: "Z#${id}", Sparse: true},
		entity.IndexKey[lintDoc]{Index: "AAA", Partition: "O#${owner}", Sort: "Z#${id}"})
	defDoc(tb, "Alpha", "A#${id}", "A")
	var got []string
	for _, p := range tb.Placements() {
		got = append(got, p.Entity+" "+p.Index+" "+p.Partition.Template.String()+" / "+p.Sort.Template.String()+" "+map[bool]string{true: "sparse"}[p.Sparse])
	}
	want := []string{"Alpha  A#${id} / A ", "Zed  Z#${id} / Z ", "Zed AAA O#${owner} / Z#${id} ", "Zed BBB T#${tag} / Z#${id} sparse"}
	if !slices.Equal(got, want) {
		t.Errorf("got %q\nwant %q", got, want)
	}
}
