package entity

import (
	"math"
	"net/netip"
	"reflect"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

type plainName string

// A value of a plain kind encodes exactly as guregu/dynamo encodes the
// field, with and without omitempty, zero values and extremes included.
func TestPlainEncodingMatchesGuregu(t *testing.T) {
	values := []any{
		"", "x", "héllo", "\xff", plainName(""), plainName("a#b"),
		false, true,
		0, -1, math.MaxInt, math.MinInt, int8(-128), int16(7), int32(-9), int64(math.MinInt64),
		uint(0), uint8(255), uint16(1), uint32(math.MaxUint32), uint64(math.MaxUint64), time.Duration(-5),
	}
	ignore := cmpopts.IgnoreUnexported(types.AttributeValueMemberS{}, types.AttributeValueMemberN{}, types.AttributeValueMemberBOOL{})
	for _, opts := range []string{"", "omitempty"} {
		for _, v := range values {
			rt := reflect.TypeOf(v)
			n := newNode("v", rt, opts, map[reflect.Type]bool{})
			if !n.plain.ok {
				t.Fatalf("%T with options %q: not encoded plainly", v, opts)
			}
			fv := reflect.ValueOf(v)
			got, err := n.encode(fv)
			if err != nil {
				t.Fatal(err)
			}
			slow := *n
			slow.plain = plainEncoding{}
			want, err := slow.encode(fv)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(want, got, ignore); diff != "" {
				t.Errorf("%T %#v with options %q (-guregu +plain):\n%s", v, v, opts, diff)
			}
		}
	}
	// Types and options whose encoding only guregu decides.
	for _, c := range []struct {
		typ  reflect.Type
		opts string
	}{
		{reflect.TypeOf(""), "null"}, {reflect.TypeOf(""), "allowempty"}, {reflect.TypeOf(0), "unixtime"},
		{reflect.TypeOf(new(string)), ""}, {reflect.TypeOf(time.Time{}), ""}, {reflect.TypeOf(1.5), ""},
		{reflect.TypeOf(netip.Addr{}), ""}, {reflect.TypeOf([]string{}), "set"},
	} {
		if n := newNode("v", c.typ, c.opts, map[reflect.Type]bool{}); n.plain.ok {
			t.Errorf("%s with options %q: encoded plainly, want guregu's encoding", c.typ, c.opts)
		}
	}
}
