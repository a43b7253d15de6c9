package entity

import (
	"maps"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
)

type rpInner struct {
	X string `dynamo:"x"`
}

type rpDoc struct {
	ID     string            `dynamo:"id"`
	Dotted string            `dynamo:"a.b"`
	Braced string            `dynamo:"c[0]"`
	Quoted string            `dynamo:"q\"r"`
	Inner  rpInner           `dynamo:"inner"`
	Tags   map[string]string `dynamo:"tags"`
	Count  int               `dynamo:"count"`
	Empty  string            `dynamo:""`
}

// resolve answers a plain name from the references made at Define
// (schema.plain) exactly as it answers it without them: for every
// stored, key, marker and extra name, for paths and for unknown names.
func TestResolveOfAPlainNameIsTheFullResolve(t *testing.T) {
	tb := &Table{Name: "t", PartitionKey: S("PK"), SortKey: S("SK"), Indexes: []Index{{Name: "GSI1", PartitionKey: S("GSI1PK")}}}
	e, err := Define(tb, Config[rpDoc]{Name: "Doc", Key: Key{Partition: "D#${id}", Sort: "D"},
		Indexes: []IndexKey[rpDoc]{{Index: "GSI1", Partition: "C#${count}"}}, ExtraAttributes: []string{"note", "odd.name"}})
	if err != nil {
		t.Fatal(err)
	}
	s := e.sch
	if len(s.plain) == 0 {
		t.Fatal("no plain references made at Define")
	}
	names := []string{"inner.x", "tags.k", "a.b", "c[0]", "missing", "", "PK", "GSI1PK", "Id", "\xff"}
	for _, m := range []map[string]bool{s.special, s.extra} {
		names = append(names, slices.Collect(maps.Keys(m))...)
	}
	names = append(names, slices.Collect(maps.Keys(s.attrs))...)
	full := *s
	full.plain = nil
	for _, n := range names {
		for _, use := range []string{"Set", "condition"} {
			got, gerr := s.resolve(n, use)
			want, werr := full.resolve(n, use)
			if diff := cmp.Diff(want, got, cmp.AllowUnexported(attrRef{}), cmp.Comparer(func(a, b *attrNode) bool { return a == b })); diff != "" {
				t.Errorf("resolve(%q, %q): (-full +plain)\n%s", n, use, diff)
			}
			if (gerr == nil) != (werr == nil) || gerr != nil && gerr.Error() != werr.Error() {
				t.Errorf("resolve(%q, %q): error %v, full resolve's %v", n, use, gerr, werr)
			}
		}
	}
	for _, n := range []string{"id", "note", "PK", "__entity"} {
		if _, ok := s.plain[n]; !ok {
			t.Errorf("%q has no plain reference", n)
		}
	}
	for _, n := range []string{"a.b", "c[0]", "odd.name", `q"r`} {
		if _, ok := s.plain[n]; ok {
			t.Errorf("%q, which reads as a path, has a plain reference", n)
		}
	}
}
