package docpath_test

import (
	"fmt"
	"sort"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// Literals for test items: obj is a map (M), arr a list (L), strings are S,
// ints N, bools BOOL, nil NULL; sets and other values are given as
// attribute values.
type (
	obj  = map[string]any
	arr  = []any
	ss   []string
	ns   []string
	item = obj
)

func av(v any) types.AttributeValue {
	switch v := v.(type) {
	case types.AttributeValue:
		return v
	case string:
		return &types.AttributeValueMemberS{Value: v}
	case int:
		return &types.AttributeValueMemberN{Value: fmt.Sprint(v)}
	case bool:
		return &types.AttributeValueMemberBOOL{Value: v}
	case nil:
		return &types.AttributeValueMemberNULL{Value: true}
	case ss:
		return &types.AttributeValueMemberSS{Value: sortedCopy(v)}
	case ns:
		return &types.AttributeValueMemberNS{Value: sortedCopy(v)}
	case obj:
		m := make(map[string]types.AttributeValue, len(v))
		for k, e := range v {
			m[k] = av(e)
		}
		return &types.AttributeValueMemberM{Value: m}
	case arr:
		l := make([]types.AttributeValue, len(v))
		for i, e := range v {
			l[i] = av(e)
		}
		return &types.AttributeValueMemberL{Value: l}
	}
	panic(fmt.Sprintf("av: unsupported %T", v))
}

func sortedCopy(s []string) []string {
	c := append([]string(nil), s...)
	sort.Strings(c)
	return c
}

func toItem(o obj) map[string]types.AttributeValue {
	if o == nil {
		return nil
	}
	return av(o).(*types.AttributeValueMemberM).Value
}

// updateCase is one UpdateItem action on one path of one item: what
// DynamoDB does (as checked against DynamoDB Local by
// TestSemanticsMatchDynamoDB) and so what docpath must do for SET and
// REMOVE. A nil want with wantErr means DynamoDB answers with a
// ValidationException and leaves the item unchanged.
type updateCase struct {
	name    string
	item    obj
	op      string // "SET", "REMOVE", "ADD" or "DELETE"
	path    string
	value   any
	want    obj
	wantErr bool
}

var nested = obj{"k": "v", "sub": obj{"x": 1}, "l": arr{1, 2}}

var updateCases = []updateCase{
	// SET of top-level attributes.
	{name: "set new top", item: item{"a": "x"}, op: "SET", path: "b", value: 1, want: item{"a": "x", "b": 1}},
	{name: "set existing top", item: item{"a": "x"}, op: "SET", path: "a", value: arr{1}, want: item{"a": arr{1}}},
	{name: "set top name with dot", item: item{"a": obj{"b": 1}}, op: "SET", path: `"a.b"`, value: 2, want: item{"a": obj{"b": 1}, "a.b": 2}},
	// SET of map keys.
	{name: "set map key replace", item: item{"m": nested}, op: "SET", path: "m.k", value: "w", want: item{"m": obj{"k": "w", "sub": obj{"x": 1}, "l": arr{1, 2}}}},
	{name: "set map key add", item: item{"m": obj{"k": "v"}}, op: "SET", path: "m.new", value: "x", want: item{"m": obj{"k": "v", "new": "x"}}},
	{name: "set map key in empty map", item: item{"m": obj{}}, op: "SET", path: "m.k", value: "x", want: item{"m": obj{"k": "x"}}},
	{name: "set deep map key", item: item{"m": nested}, op: "SET", path: "m.sub.y", value: 2, want: item{"m": obj{"k": "v", "sub": obj{"x": 1, "y": 2}, "l": arr{1, 2}}}},
	{name: "set map key with dot", item: item{"m": obj{"k": "v"}}, op: "SET", path: `m."k.k"`, value: 1, want: item{"m": obj{"k": "v", "k.k": 1}}},
	{name: "set map key with brackets and space", item: item{"m": obj{}}, op: "SET", path: `m."a [0] b"`, value: 1, want: item{"m": obj{"a [0] b": 1}}},
	{name: "set under missing top", item: item{"a": 1}, op: "SET", path: "m.k", value: 1, wantErr: true},
	{name: "set under missing map key", item: item{"m": obj{}}, op: "SET", path: "m.sub.k", value: 1, wantErr: true},
	{name: "set map key into string", item: item{"s": "x"}, op: "SET", path: "s.k", value: 1, wantErr: true},
	{name: "set map key into number", item: item{"n": 1}, op: "SET", path: "n.k", value: 1, wantErr: true},
	{name: "set map key into null", item: item{"z": nil}, op: "SET", path: "z.k", value: 1, wantErr: true},
	{name: "set map key into string set", item: item{"t": ss{"a"}}, op: "SET", path: "t.k", value: 1, wantErr: true},
	{name: "set map key into list", item: item{"l": arr{1}}, op: "SET", path: "l.k", value: 1, wantErr: true},
	{name: "set map key under number", item: item{"m": nested}, op: "SET", path: "m.sub.x.y", value: 1, wantErr: true},
	// SET of list elements.
	{name: "set list element replace", item: item{"l": arr{"a", "b", "c"}}, op: "SET", path: "l[1]", value: "x", want: item{"l": arr{"a", "x", "c"}}},
	{name: "set list index at end appends", item: item{"l": arr{"a", "b"}}, op: "SET", path: "l[2]", value: "x", want: item{"l": arr{"a", "b", "x"}}},
	{name: "set list index beyond end appends", item: item{"l": arr{"a", "b"}}, op: "SET", path: "l[100]", value: "x", want: item{"l": arr{"a", "b", "x"}}},
	{name: "set index into empty list appends", item: item{"l": arr{}}, op: "SET", path: "l[5]", value: "x", want: item{"l": arr{"x"}}},
	{name: "set nested list element", item: item{"l": arr{arr{1, 2}}}, op: "SET", path: "l[0][1]", value: 9, want: item{"l": arr{arr{1, 9}}}},
	{name: "set nested list beyond end appends", item: item{"l": arr{arr{1, 2}}}, op: "SET", path: "l[0][7]", value: 9, want: item{"l": arr{arr{1, 2, 9}}}},
	{name: "set key of map in list", item: item{"l": arr{"a", obj{"k": "v"}}}, op: "SET", path: "l[1].k2", value: 1, want: item{"l": arr{"a", obj{"k": "v", "k2": 1}}}},
	{name: "set list in map appends", item: item{"m": nested}, op: "SET", path: "m.l[9]", value: 3, want: item{"m": obj{"k": "v", "sub": obj{"x": 1}, "l": arr{1, 2, 3}}}},
	{name: "set under list index beyond end", item: item{"l": arr{obj{}}}, op: "SET", path: "l[1].k", value: 1, wantErr: true},
	{name: "set key of string in list", item: item{"l": arr{"a"}}, op: "SET", path: "l[0].k", value: 1, wantErr: true},
	{name: "set index into missing top", item: item{"a": 1}, op: "SET", path: "l[0]", value: 1, wantErr: true},
	{name: "set index into map", item: item{"m": obj{"0": 1}}, op: "SET", path: "m[0]", value: 1, wantErr: true},
	{name: "set index into string", item: item{"s": "abc"}, op: "SET", path: "s[0]", value: 1, wantErr: true},
	{name: "set index into string set", item: item{"t": ss{"a"}}, op: "SET", path: "t[0]", value: "b", wantErr: true},
	// REMOVE of top-level attributes.
	{name: "remove top", item: item{"a": 1, "b": 2}, op: "REMOVE", path: "a", want: item{"b": 2}},
	{name: "remove missing top", item: item{"a": 1}, op: "REMOVE", path: "b", want: item{"a": 1}},
	// REMOVE of map keys.
	{name: "remove map key", item: item{"m": obj{"k": "v", "j": 1}}, op: "REMOVE", path: "m.k", want: item{"m": obj{"j": 1}}},
	{name: "remove last map key leaves empty map", item: item{"m": obj{"k": "v"}}, op: "REMOVE", path: "m.k", want: item{"m": obj{}}},
	{name: "remove missing map key", item: item{"m": obj{"k": "v"}}, op: "REMOVE", path: "m.j", want: item{"m": obj{"k": "v"}}},
	{name: "remove deep map key", item: item{"m": nested}, op: "REMOVE", path: "m.sub.x", want: item{"m": obj{"k": "v", "sub": obj{}, "l": arr{1, 2}}}},
	{name: "remove map key with dot", item: item{"m": obj{"k.k": 1, "k": 2}}, op: "REMOVE", path: `m."k.k"`, want: item{"m": obj{"k": 2}}},
	{name: "remove under missing top", item: item{"a": 1}, op: "REMOVE", path: "m.k", wantErr: true},
	{name: "remove under missing map key", item: item{"m": obj{}}, op: "REMOVE", path: "m.sub.k", wantErr: true},
	{name: "remove map key of string", item: item{"s": "x"}, op: "REMOVE", path: "s.k", wantErr: true},
	{name: "remove map key of list", item: item{"l": arr{1}}, op: "REMOVE", path: "l.k", wantErr: true},
	{name: "remove map key of string set", item: item{"t": ss{"a"}}, op: "REMOVE", path: "t.a", wantErr: true},
	// REMOVE of list elements.
	{name: "remove list element shifts", item: item{"l": arr{"a", "b", "c"}}, op: "REMOVE", path: "l[0]", want: item{"l": arr{"b", "c"}}},
	{name: "remove last list element", item: item{"l": arr{"a", "b", "c"}}, op: "REMOVE", path: "l[2]", want: item{"l": arr{"a", "b"}}},
	{name: "remove only list element leaves empty list", item: item{"l": arr{"a"}}, op: "REMOVE", path: "l[0]", want: item{"l": arr{}}},
	{name: "remove list index at end", item: item{"l": arr{"a", "b"}}, op: "REMOVE", path: "l[2]", want: item{"l": arr{"a", "b"}}},
	{name: "remove list index beyond end", item: item{"l": arr{"a", "b"}}, op: "REMOVE", path: "l[100]", want: item{"l": arr{"a", "b"}}},
	{name: "remove nested list element", item: item{"m": nested}, op: "REMOVE", path: "m.l[0]", want: item{"m": obj{"k": "v", "sub": obj{"x": 1}, "l": arr{2}}}},
	{name: "remove key of map in list", item: item{"l": arr{obj{"k": 1, "j": 2}}}, op: "REMOVE", path: "l[0].k", want: item{"l": arr{obj{"j": 2}}}},
	{name: "remove under list index beyond end", item: item{"l": arr{obj{"k": 1}}}, op: "REMOVE", path: "l[1].k", wantErr: true},
	{name: "remove key of string in list", item: item{"l": arr{"a"}}, op: "REMOVE", path: "l[0].k", wantErr: true},
	{name: "remove index of missing top", item: item{"a": 1}, op: "REMOVE", path: "l[0]", wantErr: true},
	{name: "remove index of map", item: item{"m": obj{"0": 1}}, op: "REMOVE", path: "m[0]", wantErr: true},
	{name: "remove index of string set", item: item{"t": ss{"a", "b"}}, op: "REMOVE", path: "t[0]", wantErr: true},
	{name: "remove index of string", item: item{"s": "abc"}, op: "REMOVE", path: "s[0]", wantErr: true},
	// ADD and DELETE on nested paths (docpath implements neither; these
	// record what DynamoDB does).
	{name: "add number to nested number", item: item{"m": obj{"n": 1}}, op: "ADD", path: "m.n", value: 2, want: item{"m": obj{"n": 3}}},
	{name: "add number to missing nested key", item: item{"m": obj{}}, op: "ADD", path: "m.n", value: 2, want: item{"m": obj{"n": 2}}},
	{name: "add to set in map", item: item{"m": obj{"s": ss{"a"}}}, op: "ADD", path: "m.s", value: ss{"b"}, want: item{"m": obj{"s": ss{"a", "b"}}}},
	{name: "add set to missing nested key", item: item{"m": obj{}}, op: "ADD", path: "m.s", value: ss{"b"}, want: item{"m": obj{"s": ss{"b"}}}},
	{name: "add number to list element", item: item{"l": arr{1, 2}}, op: "ADD", path: "l[1]", value: 5, want: item{"l": arr{1, 7}}},
	{name: "add under missing top", item: item{"a": 1}, op: "ADD", path: "m.n", value: 1, wantErr: true},
	{name: "delete from set in map", item: item{"m": obj{"s": ss{"a", "b"}}}, op: "DELETE", path: "m.s", value: ss{"a"}, want: item{"m": obj{"s": ss{"b"}}}},
	{name: "delete last from set in map removes it", item: item{"m": obj{"s": ss{"a"}, "k": 1}}, op: "DELETE", path: "m.s", value: ss{"a"}, want: item{"m": obj{"k": 1}}},
	{name: "delete under missing top", item: item{"a": 1}, op: "DELETE", path: "m.s", value: ss{"a"}, wantErr: true},
	{name: "delete from missing nested set", item: item{"m": obj{}}, op: "DELETE", path: "m.s", value: ss{"a"}, want: item{"m": obj{}}},
}
