package entity

import (
	"math"
	"reflect"
	"strconv"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/google/go-cmp/cmp"
	"github.com/guregu/dynamo/v2"

	"github.com/ddbmodel/ddbmodel/internal/expr"
)

type fastAll struct {
	S        string `dynamo:"s"`
	SOmit    string `dynamo:"s_omit,omitempty"`
	Untagged string
	B        bool      `dynamo:"b"`
	BOmit    bool      `dynamo:",omitempty"`
	I        int       `dynamo:"i"`
	I8       int8      `dynamo:"i8"`
	I64Omit  int64     `dynamo:"i64,omitempty"`
	U        uint32    `dynamo:"u"`
	UOmit    uint      `dynamo:"u_omit,omitempty"`
	F        float64   `dynamo:"f"`
	F32      float32   `dynamo:"f32,omitempty"`
	Set      []string  `dynamo:"set,set"`
	T        time.Time `dynamo:"t"`
	Skipped  string    `dynamo:"-"`
	hidden   string
}

// FuzzFastEncoderMatchesGuregu checks that the fast path encodes exactly
// what dynamo.MarshalItem encodes.
func FuzzFastEncoderMatchesGuregu(f *testing.F) {
	f.Add("a", "", "x", true, false, 1, int8(-3), int64(0), uint32(7), uint(0), 1.5, float32(0), "p", "q", int64(0), 0, uint8(0))
	f.Add("", "o", "", false, true, 0, int8(0), int64(-9), uint32(0), uint(9), math.Copysign(0, -1), float32(2.25), "", "", int64(1700000000), 123, uint8(3))
	f.Add("ü#", "\x00", "", true, true, math.MaxInt, int8(127), int64(math.MinInt64), uint32(math.MaxUint32), uint(math.MaxUint), 1e21, float32(1e-7), "dup", "dup", int64(-62135596800), 999999999, uint8(9))
	enc := newFastEncoder(reflect.TypeOf(fastAll{}))
	if enc == nil {
		f.Fatal("fastAll has no fast encoder")
	}
	f.Fuzz(func(t *testing.T, s, sOmit, untagged string, b, bOmit bool, i int, i8 int8, i64 int64, u uint32, uOmit uint, fl float64, f32 float32, e1, e2 string, sec int64, nsec int, more uint8) {
		v := fastAll{S: s, SOmit: sOmit, Untagged: untagged, B: b, BOmit: bOmit, I: i, I8: i8, I64Omit: i64, U: u, UOmit: uOmit,
			F: fl, F32: f32, T: time.Unix(sec, int64(nsec)%1e9).In(time.FixedZone("z", nsec%200000-100000)), Skipped: "x", hidden: "y"}
		if e1 != "" || e2 != "" {
			v.Set = []string{e1, e2}
			for k := range int(more % 8) { // sets of 2 to 9 strings
				v.Set = append(v.Set, e1+"/"+strconv.Itoa(k))
			}
		}
		want, wantErr := dynamo.MarshalItem(v)
		var iw itemWriter
		iw.initIn(nil, 0, 1) // room for one value: the rest are allocated one by one
		got, size, gotErr := enc.encode(reflect.ValueOf(&v).Elem(), 0, &iw)
		if (wantErr != nil) != (gotErr != nil) {
			t.Fatalf("guregu err %v, fast err %v", wantErr, gotErr)
		}
		if wantErr != nil {
			return
		}
		if gotErr != nil {
			t.Fatalf("fast err %v on an item guregu encodes", gotErr)
		}
		if want := expr.ItemSize(want); size != want {
			t.Fatalf("fast size %d, item size %d", size, want)
		}
		if diff := cmp.Diff(map[string]types.AttributeValue(want), got, testKit.CmpOptions); diff != "" {
			t.Fatalf("fast encoding differs from guregu's (-guregu +fast):\n%s", diff)
		}
	})
}

type textName string

func (n textName) MarshalText() ([]byte, error) { return []byte("n:" + string(n)), nil }

func TestFastEncoderFallsBack(t *testing.T) {
	t.Parallel()
	cases := map[string]any{
		"embedded struct": struct{ fastAll }{},
		"pointer field":   struct{ P *string }{},
		"text marshaler":  struct{ N textName }{},
		"unixtime": struct {
			T time.Time `dynamo:",unixtime"`
		}{},
		"allowempty": struct {
			S string `dynamo:",allowempty"`
		}{},
		"list of strings": struct{ L []string }{},
		"map":             struct{ M map[string]int }{},
		"nested struct":   struct{ N struct{ A int } }{},
		"duplicate names": struct {
			A string
			B string `dynamo:"A"`
		}{},
		"time omitempty": struct {
			T time.Time `dynamo:",omitempty"`
		}{},
		"interface": struct{ X any }{},
		"bytes":     struct{ B []byte }{},
	}
	for name, v := range cases {
		if newFastEncoder(reflect.TypeOf(v)) != nil {
			t.Errorf("%s: a fast encoder was built; these fields need guregu's rules", name)
		}
	}
}
