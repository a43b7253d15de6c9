package entity

import (
	"bytes"
	"reflect"
	"sort"
	"strconv"
	"strings"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel/internal/ddbnum"
	"github.com/ddbmodel/ddbmodel/internal/errtext"
)

// rawValue takes av, a types.AttributeValue given as a value of the field
// n describes, as the Go value it decodes to, and returns what a put of
// that value stores (nil when a put leaves the attribute out). It refuses
// av when the put would store something else: a number the type cannot
// hold (N "300" for a uint8 decodes as 44), a member or element the Go
// value has no place for, a struct's members or an array's elements left
// out, a member of the wrong kind, a NULL or an empty string where a put
// stores none. So an item's stored attributes stay what a put of its
// value writes, whichever form the value was given in.
//
// Numbers are taken as DynamoDB takes them, by value: N "1.0" and "1e2"
// are the integers 1 and 100 (see canonicalNumbers), and a number that
// reads back as the same float as a put's text (N "0.1" for a float32,
// which a put stores as "0.10000000149011612") is that float; the value
// sent is the put's.
func (n *attrNode) rawValue(av types.AttributeValue) (types.AttributeValue, reflect.Value, error) {
	given := av
	av = canonicalNumbers(av)
	fv, err := n.decode(av)
	if err != nil {
		if num, ok := av.(*types.AttributeValueMemberN); ok && n.notWhole(num.Value) != "" {
			return nil, reflect.Value{}, errtext.Errorf("want %s: N %s", n.goType(), n.notWhole(num.Value))
		}
		return nil, reflect.Value{}, errtext.Errorf("want %s: the attribute value does not decode as one: %w", n.goType(), err)
	}
	put, err := n.encode(fv)
	if err != nil {
		return nil, reflect.Value{}, errtext.Errorf("want %s: the attribute value decodes as %#v, which does not encode: %w", n.goType(), fv.Interface(), err)
	}
	if why := n.beyondFloat(given, put); why != "" {
		return nil, reflect.Value{}, errtext.Errorf("want %s: %s", n.goType(), why)
	}
	if put == nil && zeroAV(av) || put != nil && (sameAV(av, put) || n.sameFloats(av, put)) {
		return put, fv, nil
	}
	stored := "nothing (a put leaves the attribute out)"
	if put != nil {
		stored = rawAVText(put)
	}
	return nil, reflect.Value{}, errtext.Errorf("want %s: the attribute value %s reads back as %#v, for which a put stores %s; give the value a put stores, or the Go value", n.goType(), rawAVText(given), fv.Interface(), stored)
}

// zeroAV reports whether av is the encoding of a zero value that a put
// leaves out: NULL, an empty string, binary or collection, the number 0,
// false.
func zeroAV(av types.AttributeValue) bool {
	switch v := av.(type) {
	case *types.AttributeValueMemberNULL:
		return true
	case *types.AttributeValueMemberS:
		return v.Value == ""
	case *types.AttributeValueMemberB:
		return len(v.Value) == 0
	case *types.AttributeValueMemberBOOL:
		return !v.Value
	case *types.AttributeValueMemberN:
		c, why := ddbnum.Canonical(v.Value)
		return why == "" && c == "0"
	case *types.AttributeValueMemberL:
		return len(v.Value) == 0
	case *types.AttributeValueMemberM:
		return len(v.Value) == 0
	case *types.AttributeValueMemberSS:
		return len(v.Value) == 0
	case *types.AttributeValueMemberNS:
		return len(v.Value) == 0
	case *types.AttributeValueMemberBS:
		return len(v.Value) == 0
	}
	return false
}

// sameAV reports whether a and b are the same DynamoDB value: numbers
// compared as numbers, sets as sets, lists element by element, maps
// member by member.
func sameAV(a, b types.AttributeValue) bool { return sameAVBy(a, b, canonicalNumber) }

// sameAVBy is sameAV with numbers compared by their key.
func sameAVBy(a, b types.AttributeValue, key func(string) string) bool {
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
			if !sameAVBy(x.Value[i], y.Value[i], key) {
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
			if !ok || !sameAVBy(v, w, key) {
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

// canonicalNumber is the canonical text of the number s, or s when it is
// not one.
func canonicalNumber(s string) string {
	if c, why := ddbnum.Canonical(s); why == "" {
		return c
	}
	return s
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

// rawAVText writes av for an error message: its kind and value, members and
// elements in order, cut short past 200 characters.
func rawAVText(av types.AttributeValue) string {
	var b strings.Builder
	writeAV(&b, av)
	if b.Len() > 200 {
		return b.String()[:200] + "..."
	}
	return b.String()
}

func writeAV(b *strings.Builder, av types.AttributeValue) {
	if b.Len() > 200 {
		return
	}
	switch v := av.(type) {
	case *types.AttributeValueMemberS:
		b.WriteString("S " + strconv.Quote(v.Value))
	case *types.AttributeValueMemberN:
		b.WriteString("N " + strconv.Quote(v.Value))
	case *types.AttributeValueMemberBOOL:
		b.WriteString("BOOL " + strconv.FormatBool(v.Value))
	case *types.AttributeValueMemberNULL:
		b.WriteString("NULL")
	case *types.AttributeValueMemberL:
		b.WriteString("L [")
		for i, e := range v.Value {
			if i > 0 {
				b.WriteString(", ")
			}
			writeAV(b, e)
		}
		b.WriteString("]")
	case *types.AttributeValueMemberM:
		b.WriteString("M {")
		names := make([]string, 0, len(v.Value))
		for k := range v.Value {
			names = append(names, k)
		}
		sort.Strings(names)
		for i, k := range names {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(strconv.Quote(k) + ": ")
			writeAV(b, v.Value[k])
		}
		b.WriteString("}")
	case *types.AttributeValueMemberSS:
		b.WriteString("SS " + strconv.Quote(strings.Join(v.Value, ",")))
	case *types.AttributeValueMemberNS:
		b.WriteString("NS [" + strings.Join(v.Value, ", ") + "]")
	default:
		b.WriteString(avKind(av))
	}
}
