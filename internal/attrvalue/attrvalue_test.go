package attrvalue

import (
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

func TestSame(t *testing.T) {
	s := func(v string) types.AttributeValue { return &types.AttributeValueMemberS{Value: v} }
	n := func(v string) types.AttributeValue { return &types.AttributeValueMemberN{Value: v} }
	cases := []struct {
		name string
		a, b types.AttributeValue
		want bool
	}{
		{"equal strings", s("a"), s("a"), true},
		{"other strings", s("a"), s("b"), false},
		{"a string and a number", s("1"), n("1"), false},
		{"numbers as numbers", n("1.0"), n("1"), true},
		{"other numbers", n("1"), n("2"), false},
		{"string sets in any order", &types.AttributeValueMemberSS{Value: []string{"b", "a"}}, &types.AttributeValueMemberSS{Value: []string{"a", "b"}}, true},
		{"other string sets", &types.AttributeValueMemberSS{Value: []string{"a", "c"}}, &types.AttributeValueMemberSS{Value: []string{"a", "b"}}, false},
		{"number sets as numbers", &types.AttributeValueMemberNS{Value: []string{"2", "1.50"}}, &types.AttributeValueMemberNS{Value: []string{"1.5", "2"}}, true},
		{"binary sets in any order", &types.AttributeValueMemberBS{Value: [][]byte{{2}, {1}}}, &types.AttributeValueMemberBS{Value: [][]byte{{1}, {2}}}, true},
		{"lists in order", &types.AttributeValueMemberL{Value: []types.AttributeValue{s("a"), s("b")}}, &types.AttributeValueMemberL{Value: []types.AttributeValue{s("b"), s("a")}}, false},
		{"maps member by member", &types.AttributeValueMemberM{Value: map[string]types.AttributeValue{"x": &types.AttributeValueMemberSS{Value: []string{"q", "p"}}}},
			&types.AttributeValueMemberM{Value: map[string]types.AttributeValue{"x": &types.AttributeValueMemberSS{Value: []string{"p", "q"}}}}, true},
		{"a map missing a member", &types.AttributeValueMemberM{Value: map[string]types.AttributeValue{"x": s("1")}}, &types.AttributeValueMemberM{Value: map[string]types.AttributeValue{"y": s("1")}}, false},
		{"null", &types.AttributeValueMemberNULL{Value: true}, &types.AttributeValueMemberNULL{Value: true}, true},
		{"bool", &types.AttributeValueMemberBOOL{Value: true}, &types.AttributeValueMemberBOOL{Value: false}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := Same(c.a, c.b); got != c.want {
				t.Errorf("Same(%v, %v) = %v, want %v", c.a, c.b, got, c.want)
			}
			if got := SameItem(map[string]types.AttributeValue{"k": c.a}, map[string]types.AttributeValue{"k": c.b}); got != c.want {
				t.Errorf("SameItem = %v, want %v", got, c.want)
			}
		})
	}
	if SameItem(map[string]types.AttributeValue{"k": s("a")}, map[string]types.AttributeValue{"k": s("a"), "l": s("b")}) {
		t.Error("SameItem of items with other attributes")
	}
}
