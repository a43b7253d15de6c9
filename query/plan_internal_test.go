package query

import (
	"encoding/json"
	"fmt"
	"reflect"
	"testing"
	"time"

	"github.com/ddbmodel/ddbmodel/entity"
)

// planModel is a model of many key shapes, for the planned query path:
// number and string sort keys, literal and composite-led templates,
// padded and formatted composites, a default on a composite, a local
// index, a computed sort key, a sharded partition and a sort key built
// from a partition composite (the last two are compiled in full).
type planModel struct {
	Org     string    `dynamo:"org"`
	ID      string    `dynamo:"id"`
	Seq     int       `dynamo:"seq"`
	Kind    string    `dynamo:"kind"`
	At      time.Time `dynamo:"at"`
	Rank    int       `dynamo:"rank"`
	Region  string    `dynamo:"region"`
	Deleted bool      `dynamo:"deleted"`
}

func planEntities(t *testing.T) []*entity.Entity[planModel] {
	t.Helper()
	ix := func(name string, num bool) entity.Index {
		sk := entity.S(name + "SK")
		if num {
			sk = entity.N(name + "SK")
		}
		return entity.Index{Name: name, PartitionKey: entity.S(name + "PK"), SortKey: sk}
	}
	table := &entity.Table{Name: "plans", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"),
		Indexes: []entity.Index{ix("GSI1", false), ix("GSI2", true), ix("GSI3", false), ix("GSI4", false), ix("GSI5", false),
			{Name: "GSI6", PartitionKey: entity.N("GSI6PK"), SortKey: entity.S("GSI6SK")},
			{Name: "LSI1", Local: true, SortKey: entity.S("L1SK")}}}
	a := entity.MustDefine(table, entity.Config[planModel]{
		Name: "A",
		Key:  entity.Key{Partition: "ORG#${org}", Sort: "ID#${id}"},
		Indexes: []entity.IndexKey[planModel]{
			{Index: "GSI1", Partition: "KIND#${kind}#${region}", Sort: "${at:time}#${id}"},
			{Index: "GSI2", Partition: "R#${region}", Sort: "${rank}"},
			{Index: "GSI3", Partition: "S#${org:shard(4)}", Sort: "ID#${id}"},
			{Index: "GSI4", Partition: "X#${id}", Sort: "X#${id}#${seq:pad(5)}"},
			{Index: "GSI5", Partition: "F#${org}", SortFunc: func(m planModel) (string, error) { return "K#" + m.Kind, nil }, SortUses: []string{"kind"}},
			{Index: "GSI6", Partition: "${rank}", Sort: "ID#${id}"},
			{Index: "LSI1", Sort: "SEQ#${seq:pad(6)}"},
		},
		Attributes: map[string]entity.Attribute{"kind": {Default: "plain"}},
	})
	b := entity.MustDefine(table, entity.Config[planModel]{
		Name: "B",
		Key:  entity.Key{Partition: "ORG#${org}", Sort: "#META"},
		Indexes: []entity.IndexKey[planModel]{
			{Index: "GSI1", Partition: "KIND#${kind}#${region}", Sort: "B"},
		},
	})
	return []*entity.Entity[planModel]{a, b}
}

// A query of the planned shape builds exactly what the general path
// builds, the same sort range (which cursors are checked against) and the
// same errors, on every index of a model of many key shapes, with valid
// and refused values, in every order, limit and consistency.
func TestAPlannedQueryBuildsWhatTheGeneralPathBuilds(t *testing.T) {
	es := planEntities(t)
	valueSets := []entity.Values{
		{"org": "acme", "kind": "k1", "region": "eu", "id": "i1", "seq": 7, "rank": 3},
		{"org": "", "kind": "", "region": "", "id": "", "seq": 0, "rank": 0},
		{"org": "a#b", "kind": "x#y", "region": "r#", "id": "#", "seq": -1, "rank": -12},
		{"org": "\xff", "kind": "\xfe", "region": "\xff", "id": "\xff", "seq": 1 << 40, "rank": 1 << 62},
		{"org": 12, "kind": 3.5, "region": true, "id": []string{"x"}, "seq": "7", "rank": "x"},
	}
	// The partition composites exactly (the planned shape), and beside
	// them: a sort composite too, one missing, a name of no key.
	wheres := []struct {
		index string
		names []string
	}{
		{"", []string{"org"}}, {"", []string{"org", "id"}}, {"", []string{"id"}},
		{"GSI1", []string{"kind", "region"}}, {"GSI1", []string{"kind"}}, {"GSI1", []string{"kind", "region", "at"}},
		{"GSI1", []string{"kind", "region", "id"}}, {"GSI1", []string{"kind", "region", "seq"}},
		{"GSI2", []string{"region"}}, {"GSI2", []string{"region", "rank"}},
		{"GSI3", []string{"org"}}, {"GSI4", []string{"id"}}, {"GSI5", []string{"org"}}, {"GSI5", []string{"org", "kind"}},
		{"GSI6", []string{"rank"}}, {"GSI6", []string{"rank", "id"}},
		{"LSI1", []string{"org"}}, {"LSI1", []string{"org", "seq"}},
	}
	planned := 0
	for _, e := range es {
		for _, wh := range wheres {
			index, names := wh.index, wh.names
			for vi, vals := range valueSets {
				for variant := range 4 {
					w := entity.Values{}
					for _, n := range names {
						w[n] = vals[n]
					}
					q := New(e).Index(index).Where(w)
					switch variant {
					case 1:
						q = q.Desc().Limit(10)
					case 2:
						q = q.Consistent()
					case 3:
						q = q.Where(entity.Values{names[0]: vals[names[0]]})
					}
					name := fmt.Sprintf("%s/%s/values%d/variant%d", e.Name(), index, vi, variant)
					if q.s.planned() != nil {
						planned++
					}
					compareWithGeneral(t, name, &q.s)
				}
			}
		}
	}
	// The planned shapes: the table and G1 of both entities, G2, L1 (no
	// Consistent on a global index), for the values that pass.
	if planned == 0 {
		t.Fatal("no query took the planned path")
	}
	t.Logf("%d queries planned", planned)
}

// compareWithGeneral compiles s with plans and without, and fails unless
// both give the same inputs, range and error.
func compareWithGeneral(t *testing.T, name string, s *spec) {
	t.Helper()
	ins, rng, err := s.compile()
	plansOff = true
	gins, grng, gerr := s.compile()
	plansOff = false
	if fmt.Sprint(err) != fmt.Sprint(gerr) || reflect.TypeOf(err) != reflect.TypeOf(gerr) {
		t.Errorf("%s: error %T %v, general path %T %v", name, err, err, gerr, gerr)
		return
	}
	if !reflect.DeepEqual(rng, grng) {
		t.Errorf("%s: range %+v, general path %+v", name, rng, grng)
	}
	// DeepEqual tells an S value from an N value of the same text, which
	// JSON does not.
	if !reflect.DeepEqual(ins, gins) {
		a, _ := json.Marshal(ins)
		b, _ := json.Marshal(gins)
		t.Errorf("%s: built\n%s\ngeneral path\n%s", name, a, b)
	}
}

// The plan of an index is made once and then read: a query after the
// first does not make it again, and an index whose queries cannot be
// planned (a sharded partition key, a sort key of a partition composite)
// holds noPlan.
func TestQueryPlansAreMadeOncePerIndex(t *testing.T) {
	e := planEntities(t)[0]
	cache := modelOf(e).QueryPlans()
	q := New(e).Index("GSI1").Where(entity.Values{"kind": "k", "region": "r"})
	p := q.s.planned()
	if p == nil || p == noPlan {
		t.Fatalf("G1: no plan")
	}
	q2 := New(e).Index("GSI1").Where(entity.Values{"kind": "k2", "region": "r2"})
	if again := q2.s.planned(); again != p {
		t.Errorf("G1: a second query made another plan")
	}
	for _, ix := range []string{"GSI3", "GSI4"} {
		names := map[string]string{"GSI3": "org", "GSI4": "id"}
		qx := New(e).Index(ix).Where(entity.Values{names[ix]: "v"})
		qx.s.planned()
		if v, _ := cache.Load(ix); v != noPlan {
			t.Errorf("%s: cached %v, want noPlan", ix, v)
		}
	}
}
