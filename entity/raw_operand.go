package entity

import (
	"reflect"
	"sort"
	"strconv"
	"strings"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel/internal/attrvalue"
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
	if put == nil && zeroAV(av) || put != nil && (attrvalue.Same(av, put) || n.sameFloats(av, put)) {
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

// canonicalNumber is the canonical text of the number s, or s when it is
// not one.
func canonicalNumber(s string) string {
	if c, why := ddbnum.Canonical(s); why == "" {
		return c
	}
	return s
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
