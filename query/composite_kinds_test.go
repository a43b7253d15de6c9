package query_test

import (
	"context"
	"errors"
	"maps"
	"net/netip"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/google/go-cmp/cmp"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/keys"
	"github.com/ddbmodel/ddbmodel/query"
)

// compRow holds one composite kind V in two key composites: id (the table
// key) and grp (an index partition key, and the end of its sort key). All
// its fields are of kinds the fast encoder covers when V is.
type compRow[V any] struct {
	ID   V      `dynamo:"id"`
	Grp  V      `dynamo:"grp"`
	Name string `dynamo:"name"`
}

// compRowSlow is compRow with a map field, which the fast encoder does not
// cover: its puts go through guregu/dynamo.
type compRowSlow[V any] struct {
	ID    V                 `dynamo:"id"`
	Grp   V                 `dynamo:"grp"`
	Name  string            `dynamo:"name"`
	Extra map[string]string `dynamo:"extra"`
}

type (
	userID  string
	count   int
	ratio32 float32
)

// defineComp defines an entity of T keyed by its id and grp composites,
// on a table of its own.
func defineComp[T any](t testing.TB, name string) *entity.Entity[T] {
	t.Helper()
	table := &entity.Table{Name: "comp", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"), Indexes: []entity.Index{
		{Name: "GSI1", PartitionKey: entity.S("GSI1PK"), SortKey: entity.S("GSI1SK")},
	}}
	e, err := entity.Define(table, entity.Config[T]{
		Name: name,
		Key:  entity.Key{Partition: "C#${id}", Sort: "#M"},
		Indexes: []entity.IndexKey[T]{
			{Index: "GSI1", Partition: "G#${grp}", Sort: "N#${name}#${grp}"},
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// putKeys returns the key attributes a put of v writes.
func putKeys[T any](t *testing.T, e *entity.Entity[T], v T) map[string]types.AttributeValue {
	t.Helper()
	in, err := e.Put(v).Build()
	if err != nil {
		t.Fatalf("put: %v", err)
	}
	keys := map[string]types.AttributeValue{}
	for _, k := range []string{"PK", "SK", "GSI1PK", "GSI1SK"} {
		if in.Item[k] == nil {
			t.Fatalf("put wrote no %s: %v", k, in.Item)
		}
		keys[k] = in.Item[k]
	}
	return keys
}

func hasValue(values map[string]types.AttributeValue, want types.AttributeValue) bool {
	for _, v := range values {
		if cmp.Equal(v, want, entitytest.CmpOptions) {
			return true
		}
	}
	return false
}

// checkPaths asserts that every path taking key values through Values
// renders, for each of givens, the keys the put wrote.
func checkPaths[T any](t *testing.T, e *entity.Entity[T], want map[string]types.AttributeValue, givens []any) {
	t.Helper()
	primary := map[string]types.AttributeValue{"PK": want["PK"], "SK": want["SK"]}
	for _, g := range givens {
		id := entity.Values{"id": g}
		fail := func(path string, got map[string]types.AttributeValue, err error) {
			t.Helper()
			t.Errorf("%s with %T %#v: got %v, %v; want the put's keys %v", path, g, g, texts(got), err, texts(want))
		}
		if in, err := e.Get(id).Build(); err != nil || !cmp.Equal(in.Key, primary, entitytest.CmpOptions) {
			fail("Get", keyOf(in, func(in *dynamodb.GetItemInput) map[string]types.AttributeValue { return in.Key }), err)
		}
		if in, err := e.Delete(id).Build(); err != nil || !cmp.Equal(in.Key, primary, entitytest.CmpOptions) {
			fail("Delete", keyOf(in, func(in *dynamodb.DeleteItemInput) map[string]types.AttributeValue { return in.Key }), err)
		}
		if key, err := e.Key(id); err != nil || !cmp.Equal(key, primary, entitytest.CmpOptions) {
			fail("Key", key, err)
		}
		up, err := e.Update(id).Set("name", "n").With(entity.Values{"grp": g}).Build()
		if err != nil || !cmp.Equal(up.Key, primary, entitytest.CmpOptions) || !hasValue(up.ExpressionAttributeValues, want["GSI1SK"]) {
			fail("Update.With", keyOf(up, func(in *dynamodb.UpdateItemInput) map[string]types.AttributeValue {
				return merged(in.Key, in.ExpressionAttributeValues)
			}), err)
		}
		values := func(in *dynamodb.QueryInput) map[string]types.AttributeValue { return in.ExpressionAttributeValues }
		if in, err := query.New(e).Where(id).Build(); err != nil || !hasValue(in.ExpressionAttributeValues, want["PK"]) {
			fail("query", keyOf(in, values), err)
		}
		byGrp := entity.Values{"grp": g, "name": "n"}
		in, err := query.New(e).Index("GSI1").Where(byGrp).Build()
		if err != nil || !hasValue(in.ExpressionAttributeValues, want["GSI1PK"]) || !hasValue(in.ExpressionAttributeValues, want["GSI1SK"]) {
			fail("query GSI1", keyOf(in, values), err)
		}
		in, err = query.New(e).Index("GSI1").Where(entity.Values{"grp": g}).Between(byGrp, byGrp).Build()
		if err != nil || !hasValue(in.ExpressionAttributeValues, want["GSI1SK"]) {
			fail("query GSI1 Between", keyOf(in, values), err)
		}
	}
}

// keyOf returns the attribute values of a built input, or nil.
func keyOf[I any](in *I, f func(*I) map[string]types.AttributeValue) map[string]types.AttributeValue {
	if in == nil {
		return nil
	}
	return f(in)
}

func merged(a, b map[string]types.AttributeValue) map[string]types.AttributeValue {
	out := map[string]types.AttributeValue{}
	maps.Copy(out, a)
	maps.Copy(out, b)
	return out
}

// texts returns the text of each S or N value, for messages.
func texts(m map[string]types.AttributeValue) map[string]string {
	out := map[string]string{}
	for k, v := range m {
		switch v := v.(type) {
		case *types.AttributeValueMemberS:
			out[k] = v.Value
		case *types.AttributeValueMemberN:
			out[k] = "N:" + v.Value
		}
	}
	return out
}

// compositeCase checks one composite kind: a put of field through the
// fast encoder and through guregu/dynamo writes the same keys, and every
// path given any of givens renders them.
func compositeCase[V any](field V, givens ...any) func(t *testing.T) {
	return func(t *testing.T) {
		fast := defineComp[compRow[V]](t, "Fast")
		slow := defineComp[compRowSlow[V]](t, "Slow")
		want := putKeys(t, fast, compRow[V]{ID: field, Grp: field, Name: "n"})
		wantSlow := putKeys(t, slow, compRowSlow[V]{ID: field, Grp: field, Name: "n"})
		if diff := cmp.Diff(want, wantSlow, entitytest.CmpOptions); diff != "" {
			t.Errorf("the fast encoder and guregu write different keys (-fast +guregu):\n%s", diff)
		}
		givens = append(givens, field, &field, anyPtr(field))
		checkPaths(t, fast, want, givens)
		checkPaths(t, slow, wantSlow, givens)
	}
}

func anyPtr(v any) *any { return &v }

// Every composite kind renders the same key on every path: a put's (fast
// encoder and guregu/dynamo), Get, Delete, Key, Update's key and With,
// and queries' partition and sort keys. Pointers and interfaces are
// followed, named types are their kind, times are in UTC and a float32 is
// what a put stores for it.
func TestCompositeKindsRenderTheSameKeyOnEveryPath(t *testing.T) {
	t.Parallel()
	s := "u1"
	ps := &s
	uid := userID("u1")
	n := 42
	c := count(42)
	f32 := float32(0.1)
	f64 := 2.5
	zone := time.FixedZone("UTC-7", -7*3600)
	utc := time.Date(2024, 3, 4, 5, 6, 7, 890, time.UTC)
	zoned := utc.In(zone)
	utcText := "2024-03-04T05:06:07.00000089Z"
	cases := map[string]func(*testing.T){
		"string":       compositeCase("u1", uid, &uid, ps, &ps, anyPtr(ps)),
		"named string": compositeCase(uid, "u1", ps, &uid),
		"*string":      compositeCase(ps, "u1", uid, &ps),
		"int":          compositeCase(42, int8(42), int64(42), uint(42), c, &c, &n, anyPtr(&n)),
		"negative":     compositeCase(int64(-7), -7, int8(-7), count(-7)),
		"named int":    compositeCase(c, 42, &n, uint8(42)),
		"*int":         compositeCase(&n, 42, c, &c),
		"uint16":       compositeCase(uint16(65535), 65535, uint64(65535)),
		"uint64":       compositeCase(uint64(1<<63), uint64(1<<63)),
		"float32":      compositeCase(f32, &f32, ratio32(0.1), float64(f32)),
		"named float":  compositeCase(ratio32(0.1), f32, &f32),
		"*float32":     compositeCase(&f32, f32, ratio32(0.1)),
		"float64":      compositeCase(f64, &f64, float32(2.5), "2.5"),
		"time UTC":     compositeCase(utc, zoned, &zoned, utcText),
		"time zoned":   compositeCase(zoned, utc, &utc, utcText),
		"*time zoned":  compositeCase(&zoned, utc, zoned, &utc, utcText),
		"TextMarshaler": compositeCase(netip.MustParseAddr("10.0.0.1"), "10.0.0.1",
			anyPtr(netip.MustParseAddr("10.0.0.1"))),
	}
	for name, run := range cases {
		t.Run(name, run)
	}
}

// A field that is a pointer to a pointer, which guregu/dynamo cannot
// encode (it panics), is refused at Define.
func TestCompositePointerToPointerFieldRefused(t *testing.T) {
	t.Parallel()
	table := &entity.Table{Name: "comp", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
	_, err := entity.Define(table, entity.Config[compRow[**string]]{Name: "PP", Key: entity.Key{Partition: "C#${id}", Sort: "#M"}})
	if err == nil {
		t.Fatal("Define accepted a **string field")
	}
}

// A nil pointer, a nil interface or untyped nil is a missing composite on
// every path, never the text "<nil>"; a value no composite can hold is a
// *ddbmodel.ValidationError wrapping keys.ErrType. Neither sends a request.
func TestCompositeNilAndRefusedValues(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	strs := defineComp[compRowSlow[*string]](t, "Strings")
	var nilStr *string
	var nilAny any
	var nilUID *userID
	s := "u1"
	for name, run := range map[string]func(*entity.DB, entity.Values) error{
		"Get":    func(db *entity.DB, v entity.Values) error { _, err := strs.Get(v).Run(ctx, db); return err },
		"Delete": func(db *entity.DB, v entity.Values) error { return strs.Delete(v).Run(ctx, db) },
		"Update": func(db *entity.DB, v entity.Values) error {
			_, err := strs.Update(v).Set("name", "n").Run(ctx, db)
			return err
		},
		"With": func(db *entity.DB, v entity.Values) error {
			_, err := strs.Update(entity.Values{"id": "u1"}).Set("name", "n").With(entity.Values{"grp": v["id"]}).Run(ctx, db)
			return err
		},
		"query": func(db *entity.DB, v entity.Values) error {
			_, err := query.New(strs).Where(v).Collect(ctx, db)
			return err
		},
		"query GSI1": func(db *entity.DB, v entity.Values) error {
			_, err := query.New(strs).Index("GSI1").Where(entity.Values{"grp": v["id"]}).Collect(ctx, db)
			return err
		},
	} {
		t.Run(name, func(t *testing.T) {
			db := entity.NewDB(entitytest.NoRequests(t), "t")
			for _, nilValue := range []any{nil, nilStr, &nilStr, &nilAny, nilUID} {
				err := run(db, entity.Values{"id": nilValue})
				var me *ddbmodel.MissingCompositesError
				if name == "With" {
					// With's values are conditions as well: a nil one is refused.
					if !errors.Is(err, ddbmodel.ErrMissingComposites) && !errors.Is(err, ddbmodel.ErrInvalid) {
						t.Errorf("%#v: err = %v, want a missing composite or an invalid value", nilValue, err)
					}
					continue
				}
				if !errors.As(err, &me) {
					t.Errorf("%#v: err = %v, want *ddbmodel.MissingCompositesError", nilValue, err)
				}
			}
			for _, bad := range []any{true, struct{ A string }{"u1"}, &struct{ A string }{"u1"}, map[string]string{"a": "u1"},
				[]string{"u1"}, []byte("u1"), func() string { return s }, make(chan string), complex(1, 1), uintptr(1)} {
				err := run(db, entity.Values{"id": bad})
				var ve *ddbmodel.ValidationError
				if !errors.As(err, &ve) || !errors.Is(err, keys.ErrType) {
					t.Errorf("%T: err = %v, want *ddbmodel.ValidationError wrapping keys.ErrType", bad, err)
				}
			}
		})
	}
	t.Run("Put", func(t *testing.T) {
		db := entity.NewDB(entitytest.NoRequests(t), "t")
		_, err := strs.Put(compRowSlow[*string]{ID: nilStr, Grp: &s, Name: "n"}).Run(ctx, db)
		if !errors.Is(err, ddbmodel.ErrMissingComposites) {
			t.Errorf("put with a nil *string composite: err = %v, want ErrMissingComposites", err)
		}
	})
}

// reading keys on a time in its own zone and on a float32, through the
// fast encoder; readingPtr holds them behind pointers, through
// guregu/dynamo.
type reading struct {
	Sensor string    `dynamo:"sensor"`
	At     time.Time `dynamo:"at"`
	Level  float32   `dynamo:"level"`
	Note   string    `dynamo:"note"`
}

type readingPtr struct {
	Sensor string     `dynamo:"sensor"`
	At     *time.Time `dynamo:"at"`
	Level  *float32   `dynamo:"level"`
	Note   string     `dynamo:"note"`
}

func readingTable() *entity.Table {
	return &entity.Table{Name: "readings", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"), Indexes: []entity.Index{
		{Name: "GSI1", PartitionKey: entity.S("GSI1PK"), SortKey: entity.S("GSI1SK")},
	}}
}

func defineReadings[T any](t *testing.T, table *entity.Table, name string) *entity.Entity[T] {
	t.Helper()
	e, err := entity.Define(table, entity.Config[T]{
		Name: name,
		Key:  entity.Key{Partition: name + "#${sensor}", Sort: "AT#${at}#L#${level}"},
		Indexes: []entity.IndexKey[T]{
			{Index: "GSI1", Partition: name + "#L#${level}", Sort: "${at:time}"},
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// An item put with a time in another zone than UTC and a float32 in its
// keys is found again by Get and by queries given the same values, in
// any zone and behind pointers.
func TestNonUTCTimeAndFloat32CompositesFoundAgain(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	table := readingTable()
	plain := defineReadings[reading](t, table, "R")
	ptrs := defineReadings[readingPtr](t, table, "P")
	db := entitytest.NewDB(t, table)

	at := time.Date(2025, 6, 7, 23, 30, 15, 123456000, time.FixedZone("PDT", -7*3600))
	level := float32(0.1)
	if _, err := plain.Put(reading{Sensor: "s1", At: at, Level: level, Note: "plain"}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	if _, err := ptrs.Put(readingPtr{Sensor: "s1", At: &at, Level: &level, Note: "pointers"}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	tokyo := at.In(time.FixedZone("JST", 9*3600))
	for _, key := range []entity.Values{
		{"sensor": "s1", "at": at, "level": level},
		{"sensor": "s1", "at": tokyo, "level": &level},
		{"sensor": "s1", "at": &at, "level": float64(level)},
	} {
		got, err := plain.Get(key).Consistent().Run(ctx, db)
		if err != nil || got.Note != "plain" {
			t.Errorf("Get(%v) = %+v, %v; want the plain reading", key, got, err)
		}
		gotPtr, err := ptrs.Get(key).Consistent().Run(ctx, db)
		if err != nil || gotPtr.Note != "pointers" {
			t.Errorf("Get(%v) of the pointer entity = %+v, %v; want the reading", key, gotPtr, err)
		}
		rows, err := query.New(plain).Where(key).Collect(ctx, db)
		if err != nil || len(rows) != 1 || rows[0].Note != "plain" {
			t.Errorf("query Where(%v) = %+v, %v; want the plain reading", key, rows, err)
		}
		rows, err = query.New(plain).Index("GSI1").Where(entity.Values{"level": key["level"], "at": key["at"]}).Collect(ctx, db)
		if err != nil || len(rows) != 1 || rows[0].Note != "plain" {
			t.Errorf("query GSI1 Where(%v) = %+v, %v; want the plain reading", key, rows, err)
		}
		ptrRows, err := query.New(ptrs).Index("GSI1").Where(entity.Values{"level": key["level"]}).Collect(ctx, db)
		if err != nil || len(ptrRows) != 1 || ptrRows[0].Note != "pointers" {
			t.Errorf("query GSI1 of the pointer entity by level %v = %+v, %v; want the reading", key["level"], ptrRows, err)
		}
	}
}
