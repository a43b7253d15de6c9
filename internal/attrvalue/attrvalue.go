// Package attrvalue compares DynamoDB attribute values by what they hold,
// as DynamoDB does: numbers as numbers, sets as sets (in any order), lists
// element by element and maps member by member.
package attrvalue

import (
	"bytes"
	"sort"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel/internal/ddbnum"
)

// Same reports whether a and b are the same DynamoDB value: numbers
// compared as numbers, sets as sets, lists element by element, maps
// member by member.
func Same(a, b types.AttributeValue) bool { return SameBy(a, b, canonicalNumber) }

// SameBy is Same with numbers compared by their key.
func SameBy(a, b types.AttributeValue, key func(string) string) bool {
	switch x := a.(type) {
	case *types.AttributeValueMemberS:
		y, ok := b.(*types.AttributeValueMemberS)
		return ok && x.Value == y.Value
	case *types.AttributeValueMemberN:
		y, ok := b.(*types.AttributeValueMemberN)
		return ok && (x.Value == y.Value || key(x.Value) == key(y.Value))
	case *types.AttributeValueMemberB:
		y, ok := b.(*types.AttributeValueMemberB)
		return ok && bytes.Equal(x.Value, y.Value)
	case *types.AttributeValueMemberBOOL:
		y, ok := b.(*types.AttributeValueMemberBOOL)
		return ok && x.Value == y.Value
	case *types.AttributeValueMemberNULL:
		_, ok := b.(*types.AttributeValueMemberNULL)
		return ok
	case *types.AttributeValueMemberL:
		y, ok := b.(*types.AttributeValueMemberL)
		if !ok || len(x.Value) != len(y.Value) {
			return false
		}
		for i := range x.Value {
			if !SameBy(x.Value[i], y.Value[i], key) {
				return false
			}
		}
		return true
	case *types.AttributeValueMemberM:
		y, ok := b.(*types.AttributeValueMemberM)
		if !ok || len(x.Value) != len(y.Value) {
			return false
		}
		for k, v := range x.Value {
			w, ok := y.Value[k]
			if !ok || !SameBy(v, w, key) {
				return false
			}
		}
		return true
	case *types.AttributeValueMemberSS:
		y, ok := b.(*types.AttributeValueMemberSS)
		return ok && sameSet(x.Value, y.Value, func(s string) string { return s })
	case *types.AttributeValueMemberNS:
		y, ok := b.(*types.AttributeValueMemberNS)
		return ok && sameSet(x.Value, y.Value, key)
	case *types.AttributeValueMemberBS:
		y, ok := b.(*types.AttributeValueMemberBS)
		if !ok {
			return false
		}
		str := func(bs [][]byte) []string {
			out := make([]string, len(bs))
			for i, v := range bs {
				out[i] = string(v)
			}
			return out
		}
		return sameSet(str(x.Value), str(y.Value), func(s string) string { return s })
	}
	return false
}

// sameSet reports whether a and b hold the same elements, each compared
// by its key.
func sameSet(a, b []string, key func(string) string) bool {
	if len(a) != len(b) {
		return false
	}
	ka := make([]string, len(a))
	kb := make([]string, len(b))
	for i := range a {
		ka[i], kb[i] = key(a[i]), key(b[i])
	}
	sort.Strings(ka)
	sort.Strings(kb)
	for i := range ka {
		if ka[i] != kb[i] {
			return false
		}
	}
	return true
}

// SameItem reports whether items a and b hold the same attributes with
// the same values (Same).
func SameItem(a, b map[string]types.AttributeValue) bool {
	if len(a) != len(b) {
		return false
	}
	for n, v := range a {
		w, ok := b[n]
		if !ok || !Same(v, w) {
			return false
		}
	}
	return true
}

// canonicalNumber is the canonical text of the number s, or s when it is
// not one.
func canonicalNumber(s string) string {
	if c, why := ddbnum.Canonical(s); why == "" {
		return c
	}
	return s
}
