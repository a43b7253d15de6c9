package entity_test

import (
	"errors"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
)

// ovItem has a field for every composite the overlap tests name.
type ovItem struct {
	ID     string `dynamo:"id"`
	Key    string `dynamo:"key"`
	X      string `dynamo:"x"`
	Y      string `dynamo:"y"`
	Order  string `dynamo:"order"`
	Line   string `dynamo:"line"`
	Refund string `dynamo:"refund"`
	Status string `dynamo:"status"`
	Rating int    `dynamo:"rating"`
	Day    string `dynamo:"day"`
}

func ovTable() *entity.Table {
	return &entity.Table{
		Name: "overlap", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"),
		Indexes: []entity.Index{
			{Name: "GSI1", PartitionKey: entity.S("GSI1PK"), SortKey: entity.S("GSI1SK")},
			{Name: "ByRating", PartitionKey: entity.S("GSI2PK"), SortKey: entity.N("rating_sk")},
			{Name: "LSI1", Local: true, SortKey: entity.S("LSI1SK")},
		},
	}
}

type ovCase struct {
	name        string
	first, then entity.Config[ovItem]
	// want is the refusal of then, without Sample and Confirmed; nil for a
	// clean twin that Define accepts.
	want *ddbmodel.KeyOverlapError
	// sample, when set, is the sample the refusal must carry.
	sample []string
}

func ovKey(pk, sk string) entity.Key { return entity.Key{Partition: pk, Sort: sk} }

func TestDefineRefusesOverlappingKeys(t *testing.T) {
	t.Parallel()
	a := func(key entity.Key, ix ...entity.IndexKey[ovItem]) entity.Config[ovItem] {
		return entity.Config[ovItem]{Name: "A", Key: key, Indexes: ix}
	}
	b := func(key entity.Key, ix ...entity.IndexKey[ovItem]) entity.Config[ovItem] {
		return entity.Config[ovItem]{Name: "B", Key: key, Indexes: ix}
	}
	// au recognises unmarked items, so that Define refuses an index overlap.
	au := func(key entity.Key, ix ...entity.IndexKey[ovItem]) entity.Config[ovItem] {
		c := a(key, ix...)
		c.RecognizeUnmarked = true
		return c
	}
	table := func(at, bt []string) *ddbmodel.KeyOverlapError {
		return &ddbmodel.KeyOverlapError{Entity: "B", Other: "A", Attributes: []string{"PK", "SK"}, Templates: bt, OtherTemplates: at}
	}
	statusSK := func(it ovItem) (string, error) { return "S#" + it.Status, nil }
	tests := []ovCase{
		{
			name:  "a line id spells a refund",
			first: a(ovKey("ORDER#${order}", "LINE-${line}")), then: b(ovKey("ORDER#${order}", "LINE-${line}#REFUND#${refund}")),
			want:   table([]string{"ORDER#${order}", "LINE-${line}"}, []string{"ORDER#${order}", "LINE-${line}#REFUND#${refund}"}),
			sample: []string{"ORDER#0", "LINE-0#REFUND#0"},
		},
		{name: "twin: one delimiter", first: a(ovKey("ORDER#${order}", "LINE#${line}")), then: b(ovKey("ORDER#${order}", "LINE#${line}#REFUND#${refund}"))},
		{
			name:  "a key spells the profile literal",
			first: a(ovKey("USER#${id}", "#${key}")), then: b(ovKey("USER#${id}", "#PROFILE")),
			want:   table([]string{"USER#${id}", "#${key}"}, []string{"USER#${id}", "#PROFILE"}),
			sample: []string{"USER#0", "#PROFILE"},
		},
		{name: "twin: a label before the key", first: a(ovKey("USER#${id}", "KEY#${key}")), then: b(ovKey("USER#${id}", "#PROFILE"))},
		{
			name:  "two entities of one shape",
			first: a(ovKey("U#${x}", "#META")), then: b(ovKey("U#${y}", "#META")),
			want:   table([]string{"U#${x}", "#META"}, []string{"U#${y}", "#META"}),
			sample: []string{"U#0", "#META"},
		},
		{name: "twin: other partitions", first: a(ovKey("U#${x}", "#META")), then: b(ovKey("G#${y}", "#META"))},
		{
			name:  "a global index",
			first: au(ovKey("A#${id}", "A"), entity.IndexKey[ovItem]{Index: "GSI1", Partition: "S#${status}", Sort: "${day:date}#${id}"}),
			then:  b(ovKey("B#${id}", "B"), entity.IndexKey[ovItem]{Index: "GSI1", Partition: "S#${status}", Sort: "2024-02-29#${x}"}),
			want: &ddbmodel.KeyOverlapError{Entity: "B", Other: "A", Index: "GSI1", Attributes: []string{"GSI1PK", "GSI1SK"},
				Templates: []string{"S#${status}", "2024-02-29#${x}"}, OtherTemplates: []string{"S#${status}", "${day:date}#${id}"}},
			sample: []string{"S#0", "2024-02-29#0"},
		},
		{
			name:  "twin: a global index and a day that does not exist",
			first: a(ovKey("A#${id}", "A"), entity.IndexKey[ovItem]{Index: "GSI1", Partition: "S#${status}", Sort: "${day:date}#${id}"}),
			then:  b(ovKey("B#${id}", "B"), entity.IndexKey[ovItem]{Index: "GSI1", Partition: "S#${status}", Sort: "2023-02-29#${x}"}),
		},
		{
			name:  "a computed sort key",
			first: au(ovKey("A#${id}", "A"), entity.IndexKey[ovItem]{Index: "GSI1", Partition: "S#${status}", SortFunc: statusSK, SortUses: []string{"status"}}),
			then:  b(ovKey("B#${id}", "B"), entity.IndexKey[ovItem]{Index: "GSI1", Partition: "S#${x}", Sort: "B#${id}"}),
			want: &ddbmodel.KeyOverlapError{Entity: "B", Other: "A", Index: "GSI1", Attributes: []string{"GSI1PK", "GSI1SK"},
				Templates: []string{"S#${x}", "B#${id}"}, OtherTemplates: []string{"S#${status}", "computed (SortUses status)"}},
		},
		{
			name:  "twin: a computed sort key in other partitions",
			first: a(ovKey("A#${id}", "A"), entity.IndexKey[ovItem]{Index: "GSI1", Partition: "S#${status}", SortFunc: statusSK, SortUses: []string{"status"}}),
			then:  b(ovKey("B#${id}", "B"), entity.IndexKey[ovItem]{Index: "GSI1", Partition: "T#${x}", Sort: "B#${id}"}),
		},
		{
			name:  "number sort keys in one partition",
			first: au(ovKey("A#${id}", "A"), entity.IndexKey[ovItem]{Index: "ByRating", Partition: "RATED", Sort: "${rating}"}),
			then:  b(ovKey("B#${id}", "B"), entity.IndexKey[ovItem]{Index: "ByRating", Partition: "RATED", Sort: "${rating}"}),
			want: &ddbmodel.KeyOverlapError{Entity: "B", Other: "A", Index: "ByRating", Attributes: []string{"GSI2PK", "rating_sk"},
				Templates: []string{"RATED", "${rating}"}, OtherTemplates: []string{"RATED", "${rating}"}},
			sample: []string{"RATED", "0"},
		},
		{
			name:  "twin: number sort keys in two partitions",
			first: a(ovKey("A#${id}", "A"), entity.IndexKey[ovItem]{Index: "ByRating", Partition: "RATED#A", Sort: "${rating}"}),
			then:  b(ovKey("B#${id}", "B"), entity.IndexKey[ovItem]{Index: "ByRating", Partition: "RATED#B", Sort: "${rating}"}),
		},
		{
			name:  "a local index",
			first: au(ovKey("P#${id}", "A#${x}"), entity.IndexKey[ovItem]{Index: "LSI1", Sort: "BY#${status}"}),
			then:  b(ovKey("P#${id}", "B#${x}"), entity.IndexKey[ovItem]{Index: "LSI1", Sort: "BY#${y}"}),
			want: &ddbmodel.KeyOverlapError{Entity: "B", Other: "A", Index: "LSI1", Attributes: []string{"PK", "LSI1SK"},
				Templates: []string{"P#${id}", "BY#${y}"}, OtherTemplates: []string{"P#${id}", "BY#${status}"}},
			sample: []string{"P#0", "BY#0"},
		},
		{
			name:  "twin: a local index one entity does not enter",
			first: a(ovKey("P#${id}", "A#${x}"), entity.IndexKey[ovItem]{Index: "LSI1", Sort: "BY#${status}"}),
			then:  b(ovKey("P#${id}", "B#${x}")),
		},
		{
			name:  "an index overlap without unmarked items is left to Lint",
			first: a(ovKey("A#${id}", "A"), entity.IndexKey[ovItem]{Index: "GSI1", Partition: "S#${status}", Sort: "${day:date}#${id}"}),
			then:  b(ovKey("B#${id}", "B"), entity.IndexKey[ovItem]{Index: "GSI1", Partition: "S#${status}", Sort: "2024-02-29#${x}"}),
		},
		{
			name:  "opt-in by the entity defined first",
			first: entity.Config[ovItem]{Name: "A", Key: ovKey("U#${x}", "#META"), SharesKeysWith: []string{"B"}},
			then:  b(ovKey("U#${y}", "#META")),
		},
		{
			name:  "opt-in by the entity defined second",
			first: a(ovKey("U#${x}", "#META")),
			then:  entity.Config[ovItem]{Name: "B", Key: ovKey("U#${y}", "#META"), SharesKeysWith: []string{"A"}},
		},
		{
			name:  "an opt-in for a third entity allows nothing here",
			first: a(ovKey("U#${x}", "#META")),
			then:  entity.Config[ovItem]{Name: "B", Key: ovKey("U#${y}", "#META"), SharesKeysWith: []string{"C"}},
			want:  table([]string{"U#${x}", "#META"}, []string{"U#${y}", "#META"}),
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tbl := ovTable()
			if _, err := entity.Define(tbl, tt.first); err != nil {
				t.Fatalf("first entity: %v", err)
			}
			_, err := entity.Define(tbl, tt.then)
			if tt.want == nil {
				if err != nil {
					t.Fatalf("clean twin refused: %v", err)
				}
				if got := tbl.Entities(); !slices.Equal(got, []string{"A", "B"}) {
					t.Errorf("entities = %v", got)
				}
				return
			}
			var oe *ddbmodel.KeyOverlapError
			if !errors.As(err, &oe) || !errors.Is(err, ddbmodel.ErrKeyOverlap) {
				t.Fatalf("Define = %v, want a *ddbmodel.KeyOverlapError", err)
			}
			if diff := cmp.Diff(tt.want, oe, cmpopts.IgnoreFields(ddbmodel.KeyOverlapError{}, "Sample", "Confirmed")); diff != "" {
				t.Errorf("KeyOverlapError (-want +got):\n%s", diff)
			}
			if len(oe.Sample) != len(oe.Attributes) || !oe.Confirmed {
				t.Errorf("sample %q (confirmed %v) for %v", oe.Sample, oe.Confirmed, oe.Attributes)
			}
			if tt.sample != nil && !slices.Equal(oe.Sample, tt.sample) {
				t.Errorf("sample = %q, want %q", oe.Sample, tt.sample)
			}
			if got := tbl.Entities(); !slices.Equal(got, []string{"A"}) {
				t.Errorf("a refused entity is registered: entities = %v", got)
			}
		})
	}
}

// The sample of a refusal is a key both entities render: B's put of the
// sample's values would have replaced A's item.
func TestOverlapSampleIsBothEntitiesKey(t *testing.T) {
	t.Parallel()
	tbl := ovTable()
	lines := entity.MustDefine(tbl, entity.Config[ovItem]{Name: "Line", Key: ovKey("ORDER#${order}", "LINE-${line}")})
	_, err := entity.Define(tbl, entity.Config[ovItem]{Name: "Refund", Key: ovKey("ORDER#${order}", "LINE-${line}#REFUND#${refund}")})
	var oe *ddbmodel.KeyOverlapError
	if !errors.As(err, &oe) {
		t.Fatalf("Define = %v", err)
	}
	refunds := entity.MustDefine(tbl, entity.Config[ovItem]{Name: "Refund", Key: ovKey("ORDER#${order}", "LINE-${line}#REFUND#${refund}"), SharesKeysWith: []string{"Line"}})
	in, err := lines.Get(entity.Values{"order": "0", "line": "0#REFUND#0"}).Build()
	if err != nil {
		t.Fatal(err)
	}
	rin, err := refunds.Get(entity.Values{"order": "0", "line": "0", "refund": "0"}).Build()
	if err != nil {
		t.Fatal(err)
	}
	for _, got := range []map[string]string{{"PK": str(in.Key["PK"]), "SK": str(in.Key["SK"])}, {"PK": str(rin.Key["PK"]), "SK": str(rin.Key["SK"])}} {
		if got["PK"] != oe.Sample[0] || got["SK"] != oe.Sample[1] {
			t.Errorf("key %v, sample %q", got, oe.Sample)
		}
	}
}

// PrefixOverlaps finds a partial query of one entity that reads another's
// items; the opt-in does not hide it.
func TestPrefixOverlaps(t *testing.T) {
	t.Parallel()
	tbl := ovTable()
	entity.MustDefine(tbl, entity.Config[ovItem]{Name: "Module", Key: ovKey("COURSE#${id}", "MODULE#${x}")})
	entity.MustDefine(tbl, entity.Config[ovItem]{Name: "Lesson", Key: ovKey("COURSE#${id}", "MODULE#${x}#LESSON#${y}")})
	entity.MustDefine(tbl, entity.Config[ovItem]{Name: "Course", Key: ovKey("COURSE#${id}", "#META")})
	got := tbl.PrefixOverlaps()
	want := []entity.PrefixOverlap{
		{Entity: "Lesson", Other: "Module", Attributes: []string{"PK", "SK"}, Template: "MODULE#${x}#LESSON#${y}", OtherTemplate: "MODULE#${x}",
			Partition: "COURSE#0", Prefix: "MODULE#", Sort: "MODULE#0"},
		{Entity: "Module", Other: "Lesson", Attributes: []string{"PK", "SK"}, Template: "MODULE#${x}", OtherTemplate: "MODULE#${x}#LESSON#${y}",
			Partition: "COURSE#0", Prefix: "MODULE#", Sort: "MODULE#0#LESSON#0"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("PrefixOverlaps (-want +got):\n%s", diff)
	}
}
