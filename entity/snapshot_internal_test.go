package entity

import (
	"math/big"
	"reflect"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/guregu/dynamo/v2"
)

// snapStatus is a named string, kept as it is.
type snapStatus string

// snapMarshaled is a map type with its own encoding: its copy keeps the
// type, so the encoding still applies.
type snapMarshaled map[string]int

// MarshalDynamo encodes m as its number of entries.
func (m snapMarshaled) MarshalDynamo() (types.AttributeValue, error) {
	return &types.AttributeValueMemberN{Value: string(rune('0' + len(m)))}, nil
}

var _ dynamo.Marshaler = snapMarshaled(nil)

// snapInner holds a slice behind an exported field and an unexported number.
type snapInner struct {
	List   []int
	Ptr    *int
	hidden int
}

// snapOpaque hides a reference in an unexported field.
type snapOpaque struct {
	Name string
	refs []int
}

// snapNode can point to itself.
type snapNode struct {
	Next *snapNode
	Vals []int
}

// plainValues are values holding no reference: snapshot keeps them as
// they are.
func plainValues(now time.Time) []any {
	return []any{nil, "s", 1, int64(2), 1.5, true, now, snapStatus("x"), time.Second, [2]int{1, 2}, struct{ A, B int }{1, 2}, snapOpaque{Name: "o"}}
}

func TestSnapshotKeepsPlainValues(t *testing.T) {
	t.Parallel()
	now := time.Now()
	for _, v := range plainValues(now) {
		if got := snapshot(v); !reflect.DeepEqual(got, v) {
			t.Errorf("snapshot(%#v) = %#v", v, got)
		}
	}
	if got := snapshot(now).(time.Time); !got.Equal(now) || got.Location() != now.Location() {
		t.Errorf("snapshot(time) = %v, want %v in the same location", got, now)
	}
}

func TestSnapshotCopiesReferences(t *testing.T) {
	t.Parallel()
	m := map[string]string{"a": "1"}
	sm := snapshot(m).(map[string]string)
	m["a"], m["b"] = "2", "3"
	if !reflect.DeepEqual(sm, map[string]string{"a": "1"}) {
		t.Errorf("map copy = %v", sm)
	}

	n := 5
	nested := map[string]any{
		"list": []any{map[string]any{"x": 1}, []byte("ab")},
		"arr":  [2][]int{{1}, {2}},
		"in":   snapInner{List: []int{1, 2}, Ptr: &n, hidden: 7},
		"ptr":  &snapInner{List: []int{3}},
	}
	want := map[string]any{
		"list": []any{map[string]any{"x": 1}, []byte("ab")},
		"arr":  [2][]int{{1}, {2}},
		"in":   snapInner{List: []int{1, 2}, Ptr: func() *int { x := 5; return &x }(), hidden: 7},
		"ptr":  &snapInner{List: []int{3}},
	}
	got := snapshot(nested)
	nested["list"].([]any)[0].(map[string]any)["x"] = 2
	nested["list"].([]any)[1].([]byte)[0] = 'z'
	nested["arr"].([2][]int)[0][0] = 9
	nested["in"].(snapInner).List[0] = 9
	n = 6
	nested["ptr"].(*snapInner).List = nil
	nested["new"] = 1
	if !reflect.DeepEqual(got, want) {
		t.Errorf("deep copy changed with the original:\n got %#v\nwant %#v", got, want)
	}

	// nil stays nil, empty stays empty, types are kept.
	var nilMap map[string]int
	var nilSlice []string
	if s := snapshot(nilMap).(map[string]int); s != nil {
		t.Errorf("nil map copied to %#v", s)
	}
	if s := snapshot(nilSlice).([]string); s != nil {
		t.Errorf("nil slice copied to %#v", s)
	}
	if s := snapshot([]string{}).([]string); s == nil {
		t.Error("empty slice copied to nil")
	}
	if s := snapshot([]snapInner{}).([]snapInner); s == nil {
		t.Error("empty slice of structs copied to nil")
	}
	mm := snapMarshaled{"a": 1}
	cm, ok := snapshot(mm).(snapMarshaled)
	mm["b"] = 2
	if !ok || len(cm) != 1 {
		t.Fatalf("marshaler copy = %#v", snapshot(mm))
	}
	if av, err := marshalValue(cm); err != nil || av.(*types.AttributeValueMemberN).Value != "1" {
		t.Errorf("copy of a marshaler encodes as %#v, %v", av, err)
	}

	// An AttributeValue is copied too.
	av := &types.AttributeValueMemberM{Value: map[string]types.AttributeValue{"k": &types.AttributeValueMemberS{Value: "v"}}}
	cav := snapshot(av).(*types.AttributeValueMemberM)
	av.Value["k"].(*types.AttributeValueMemberS).Value = "changed"
	av.Value["k2"] = &types.AttributeValueMemberNULL{Value: true}
	if len(cav.Value) != 1 || cav.Value["k"].(*types.AttributeValueMemberS).Value != "v" {
		t.Errorf("AttributeValue copy = %#v", cav.Value)
	}
	// A time behind a pointer.
	tm := time.Unix(10, 0)
	ctm := snapshot(&tm).(*time.Time)
	tm = time.Unix(20, 0)
	if !ctm.Equal(time.Unix(10, 0)) {
		t.Errorf("*time.Time copy = %v", ctm)
	}
}

func TestSnapshotKeepsSharingAndCycles(t *testing.T) {
	t.Parallel()
	a := &snapNode{Vals: []int{1}}
	a.Next = a
	c := snapshot(a).(*snapNode)
	if c == a || c.Next != c || &c.Vals[0] == &a.Vals[0] {
		t.Errorf("cycle copy: c=%p c.Next=%p a=%p", c, c.Next, a)
	}
	m := map[string]any{}
	m["self"] = m
	cm := snapshot(m).(map[string]any)
	if reflect.ValueOf(cm["self"]).UnsafePointer() != reflect.ValueOf(cm).UnsafePointer() ||
		reflect.ValueOf(cm).UnsafePointer() == reflect.ValueOf(m).UnsafePointer() {
		t.Error("a map holding itself is not copied to a map holding itself")
	}
	s := []int{1, 2}
	pair := []any{s, s}
	cp := snapshot(pair).([]any)
	if &cp[0].([]int)[0] != &cp[1].([]int)[0] || &cp[0].([]int)[0] == &s[0] {
		t.Error("a slice given twice is not copied once")
	}
}

// A struct whose unexported fields hold references, and a pointer to one,
// cannot be copied faithfully: they are kept as given.
func TestSnapshotKeepsOpaqueValues(t *testing.T) {
	t.Parallel()
	b := big.NewInt(42)
	if got := snapshot(b); got != any(b) {
		t.Errorf("*big.Int copied: %p, want %p", got, b)
	}
	o := &snapOpaque{Name: "n", refs: []int{1}}
	if got := snapshot(o); got != any(o) {
		t.Errorf("pointer to an opaque struct copied")
	}
	if needsCopy(reflect.TypeFor[snapOpaque]()) {
		t.Error("an opaque struct held by value needs a copy")
	}
	if !needsCopy(reflect.TypeFor[snapInner]()) || needsCopy(reflect.TypeFor[time.Time]()) {
		t.Error("needsCopy is wrong for snapInner or time.Time")
	}
}

// Not parallel: testing.AllocsPerRun refuses to run in a parallel test.
func TestSnapshotOfPlainValuesAllocatesNothing(t *testing.T) {
	for _, v := range plainValues(time.Now()) {
		if n := testing.AllocsPerRun(100, func() { _ = snapshot(v) }); n != 0 {
			t.Errorf("snapshot(%T) allocates %v times, want 0", v, n)
		}
	}
}
