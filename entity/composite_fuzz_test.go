package entity_test

import (
	"math"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/google/go-cmp/cmp"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
)

// fuzzRow holds one composite kind V in its key; fuzzRowSlow adds a map
// field, so that its puts go through guregu/dynamo rather than the fast
// encoder.
type fuzzRow[V any] struct {
	ID   V      `dynamo:"id"`
	Name string `dynamo:"name"`
}

type fuzzRowSlow[V any] struct {
	ID    V                 `dynamo:"id"`
	Name  string            `dynamo:"name"`
	Extra map[string]string `dynamo:"extra"`
}

type (
	fuzzName  string
	fuzzCount int64
)

func defineFuzz[T any](tb testing.TB, name string) *entity.Entity[T] {
	tb.Helper()
	table := &entity.Table{Name: "fuzz", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"), Indexes: []entity.Index{
		{Name: "GSI1", PartitionKey: entity.S("GSI1PK"), SortKey: entity.S("GSI1SK")},
	}}
	e, err := entity.Define(table, entity.Config[T]{
		Name:    name,
		Key:     entity.Key{Partition: "K#${id}", Sort: "#M"},
		Indexes: []entity.IndexKey[T]{{Index: "GSI1", Partition: "N#${name}", Sort: "AT#${id}"}},
	})
	if err != nil {
		tb.Fatal(err)
	}
	return e
}

// kindCheck checks one composite kind for one fuzz input.
type kindCheck func(t *testing.T, in fuzzInput)

type fuzzInput struct {
	s   string
	i   int64
	u   uint64
	f32 float32
	f64 float64
	t   time.Time
}

// fuzzKind returns the check of kind V: whenever a put of a struct whose
// field holds the value succeeds, through the fast encoder and through
// guregu/dynamo alike, a Get given the value through Values in any of the
// forms givens makes of it addresses the very key the put wrote.
func fuzzKind[V any](tb testing.TB, name string, value func(fuzzInput) V, givens func(V) []any) kindCheck {
	fast := defineFuzz[fuzzRow[V]](tb, name+"Fast")
	slow := defineFuzz[fuzzRowSlow[V]](tb, name+"Slow")
	return func(t *testing.T, in fuzzInput) {
		v := value(in)
		fastIn, fastErr := fast.Put(fuzzRow[V]{ID: v, Name: "n"}).Build()
		slowIn, slowErr := slow.Put(fuzzRowSlow[V]{ID: v, Name: "n"}).Build()
		if (fastErr == nil) != (slowErr == nil) {
			t.Fatalf("%s %#v: fast encoder put: %v; guregu put: %v", name, v, fastErr, slowErr)
		}
		if fastErr != nil {
			return
		}
		keysOf := func(item map[string]types.AttributeValue) map[string]types.AttributeValue {
			return map[string]types.AttributeValue{"PK": item["PK"], "SK": item["SK"], "GSI1SK": item["GSI1SK"]}
		}
		if diff := cmp.Diff(keysOf(fastIn.Item), keysOf(slowIn.Item), entitytest.CmpOptions); diff != "" {
			t.Fatalf("%s %#v: the put paths write different keys (-fast +guregu):\n%s", name, v, diff)
		}
		want := map[string]types.AttributeValue{"PK": fastIn.Item["PK"], "SK": fastIn.Item["SK"]}
		for _, g := range givens(v) {
			got, err := fast.Get(entity.Values{"id": g}).Build()
			if err != nil {
				t.Fatalf("%s: put of %#v wrote %v but Get of %T %#v fails: %v", name, v, want["PK"], g, g, err)
			}
			if diff := cmp.Diff(want, got.Key, entitytest.CmpOptions); diff != "" {
				t.Fatalf("%s: Get of %T %#v does not find the put of %#v (-put +get):\n%s", name, g, g, v, diff)
			}
		}
	}
}

func ptrForms[V any](v V) []any {
	p := &v
	var i any = v
	return []any{v, p, &p, &i}
}

// FuzzCompositePutMatchesGet checks, for random values of every composite
// kind, that the key a put renders from a struct field equals the key a
// Get renders from the same value given through Values: strings and named
// strings, pointers to them, integers, named integers, unsigned integers,
// float32 (which a put stores as the float64 it widens to), float64,
// times in any zone and pointers to them. Its seed corpus runs with the
// normal tests; go test -fuzz FuzzCompositePutMatchesGet explores further.
func FuzzCompositePutMatchesGet(f *testing.F) {
	f.Add("u1", int64(42), uint64(7), float32(0.1), 2.5, int64(1700000000), uint32(123456789), int16(-7*60))
	f.Add("", int64(-1), uint64(1<<63), float32(-3.4e38), 1e-7, int64(0), uint32(0), int16(0))
	f.Add("a#b", int64(math.MinInt64), uint64(math.MaxUint64), float32(1e-45), math.Inf(1), int64(253402300799), uint32(999999999), int16(14*60))
	f.Add("é:x", int64(math.MaxInt64), uint64(0), float32(math.NaN()), math.Copysign(0, -1), int64(-62135596800), uint32(1), int16(-14*60))
	f.Add("2024-01-01T00:00:00+01:00", int64(10), uint64(10), float32(16777217), 1e21, int64(253402300799), uint32(0), int16(-60))
	checks := []kindCheck{
		fuzzKind(f, "String", func(in fuzzInput) string { return in.s }, func(v string) []any { return append(ptrForms(v), fuzzName(v)) }),
		fuzzKind(f, "Named", func(in fuzzInput) fuzzName { return fuzzName(in.s) }, func(v fuzzName) []any { return append(ptrForms(v), string(v)) }),
		fuzzKind(f, "StringPtr", func(in fuzzInput) *string { return &in.s }, func(v *string) []any { return append(ptrForms(v), *v) }),
		fuzzKind(f, "Int", func(in fuzzInput) int64 { return in.i }, func(v int64) []any { return append(ptrForms(v), fuzzCount(v), int(v)) }),
		fuzzKind(f, "Count", func(in fuzzInput) fuzzCount { return fuzzCount(in.i) }, func(v fuzzCount) []any { return append(ptrForms(v), int64(v)) }),
		fuzzKind(f, "IntPtr", func(in fuzzInput) *int64 { return &in.i }, func(v *int64) []any { return append(ptrForms(v), *v) }),
		fuzzKind(f, "Int16", func(in fuzzInput) int16 { return int16(in.i) }, func(v int16) []any { return append(ptrForms(v), int(v)) }),
		fuzzKind(f, "Uint", func(in fuzzInput) uint64 { return in.u }, func(v uint64) []any { return ptrForms(v) }),
		fuzzKind(f, "Uint8", func(in fuzzInput) uint8 { return uint8(in.u) }, func(v uint8) []any { return append(ptrForms(v), uint(v), int(v)) }),
		fuzzKind(f, "Float32", func(in fuzzInput) float32 { return in.f32 }, func(v float32) []any { return append(ptrForms(v), float64(v)) }),
		fuzzKind(f, "Float32Ptr", func(in fuzzInput) *float32 { return &in.f32 }, func(v *float32) []any { return append(ptrForms(v), *v) }),
		fuzzKind(f, "Float64", func(in fuzzInput) float64 { return in.f64 }, func(v float64) []any { return ptrForms(v) }),
		fuzzKind(f, "Time", func(in fuzzInput) time.Time { return in.t }, func(v time.Time) []any { return append(ptrForms(v), v.UTC(), v.In(time.Local)) }),
		fuzzKind(f, "TimePtr", func(in fuzzInput) *time.Time { return &in.t }, func(v *time.Time) []any { return append(ptrForms(v), *v, v.UTC()) }),
	}
	f.Fuzz(func(t *testing.T, s string, i int64, u uint64, f32 float32, f64 float64, sec int64, nsec uint32, zoneMin int16) {
		zone := time.FixedZone("z", int(zoneMin)%(24*60)*60)
		in := fuzzInput{s: s, i: i, u: u, f32: f32, f64: f64, t: time.Unix(sec, int64(nsec%1e9)).In(zone)}
		for _, check := range checks {
			check(t, in)
		}
	})
}

// A unixtime field's key holds Unix seconds, as its put stores them: a Get
// given the time (in any zone) or its RFC 3339 text renders the same key.
func TestUnixTimeCompositeGetMatchesPut(t *testing.T) {
	t.Parallel()
	type stamped struct {
		At   time.Time `dynamo:"at,unixtime"`
		Note string    `dynamo:"note"`
	}
	table := &entity.Table{Name: "unix", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
	e, err := entity.Define(table, entity.Config[stamped]{Name: "Stamped", Key: entity.Key{Partition: "T#${at}", Sort: "#M"}})
	if err != nil {
		t.Fatal(err)
	}
	at := time.Date(2023, 11, 14, 14, 13, 20, 0, time.FixedZone("PST", -8*3600))
	put, err := e.Put(stamped{At: at, Note: "n"}).Build()
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]types.AttributeValue{"PK": put.Item["PK"], "SK": put.Item["SK"]}
	if diff := cmp.Diff(map[string]types.AttributeValue{"PK": s("T#1700000000"), "SK": s("#M")}, want, entitytest.CmpOptions); diff != "" {
		t.Fatalf("put keys (-want +got):\n%s", diff)
	}
	for _, g := range []any{at, at.UTC(), &at, "2023-11-14T22:13:20Z", "2023-11-14T14:13:20-08:00"} {
		got, err := e.Get(entity.Values{"at": g}).Build()
		if err != nil {
			t.Fatalf("Get(%#v): %v", g, err)
		}
		if diff := cmp.Diff(want, got.Key, entitytest.CmpOptions); diff != "" {
			t.Errorf("Get(%#v) key (-put +get):\n%s", g, diff)
		}
	}
}
