package entity

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel/internal/attrvalue"
	"github.com/ddbmodel/ddbmodel/internal/ddbnum"
)

// canonicalNumbers returns av with every number (N, and the elements of
// NS, inside lists and maps too) in its canonical text: the same DynamoDB
// value, as the table stores it. An integer field so takes N "1.0" or
// "1e2" as the integer it is (1, 100), which Go's decoder reads from
// plain digits only; a number that is not whole stays as given, and the
// decoder refuses it (see notWhole). Text that is not a number is left
// for the decoder to refuse.
func canonicalNumbers(av types.AttributeValue) types.AttributeValue {
	switch v := av.(type) {
	case *types.AttributeValueMemberN:
		if c := canonicalNumber(v.Value); c != v.Value {
			return &types.AttributeValueMemberN{Value: c}
		}
	case *types.AttributeValueMemberNS:
		var out []string
		for i, s := range v.Value {
			if c := canonicalNumber(s); c != s && out == nil {
				out = append(make([]string, 0, len(v.Value)), v.Value[:i]...)
			}
			if out != nil {
				out = append(out, canonicalNumber(s))
			}
		}
		if out != nil {
			return &types.AttributeValueMemberNS{Value: out}
		}
	case *types.AttributeValueMemberL:
		var out []types.AttributeValue
		for i, e := range v.Value {
			if c := canonicalNumbers(e); c != e && out == nil {
				out = append(make([]types.AttributeValue, 0, len(v.Value)), v.Value[:i]...)
			}
			if out != nil {
				out = append(out, canonicalNumbers(e))
			}
		}
		if out != nil {
			return &types.AttributeValueMemberL{Value: out}
		}
	case *types.AttributeValueMemberM:
		var out map[string]types.AttributeValue
		for k, e := range v.Value {
			if c := canonicalNumbers(e); c != e {
				if out == nil {
					out = make(map[string]types.AttributeValue, len(v.Value))
					for k2, e2 := range v.Value {
						out[k2] = e2
					}
				}
				out[k] = c
			}
		}
		if out != nil {
			return &types.AttributeValueMemberM{Value: out}
		}
	}
	return av
}

// notWhole explains why the number text s does not fit the integer field
// n: it is a number with a fraction. "" when n is not an integer field or
// s is not such a number.
func (n *attrNode) notWhole(s string) string {
	if n.kind != "N" || n.set || !isInt(n.base) {
		return ""
	}
	if c, why := ddbnum.Canonical(s); why != "" || !strings.Contains(c, ".") {
		return ""
	}
	return fmt.Sprintf("%s is not a whole number, and %s holds only whole numbers", s, withArticle(n.base))
}

// floatBits is the size of the floats n holds: 32 or 64 for a float field,
// a set, list or map of floats; 0 for any other field.
func (n *attrNode) floatBits() int {
	t := n.base
	switch {
	case n.set && (t.Kind() == reflect.Slice || t.Kind() == reflect.Array):
		t = t.Elem()
	case n.set && t.Kind() == reflect.Map:
		t = t.Key()
	case n.elem != nil:
		return n.elem.floatBits()
	}
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t.Kind() == reflect.Float32 || t.Kind() == reflect.Float64 {
		return t.Bits()
	}
	return 0
}

// sameFloats reports whether the numbers given in av read back as the
// floats a put stores in put (for a float field, or a set, list or map of
// floats): N "0.1" for a float32, whose put text is
// "0.10000000149011612", is the same float32.
func (n *attrNode) sameFloats(av, put types.AttributeValue) bool {
	bits := n.floatBits()
	if bits == 0 {
		return false
	}
	return attrvalue.SameBy(av, put, func(s string) string {
		f, err := strconv.ParseFloat(s, bits)
		if err != nil {
			return s
		}
		return strconv.FormatFloat(f, 'g', -1, bits)
	})
}

// wholeText is the number text s in plain digits when it is a whole
// number written otherwise ("1.0", "1e2", "+7" as "1", "100", "7"), so that
// an integer field takes the text of any number that is one, as DynamoDB
// and a Go float (1.0) do; s itself otherwise.
func wholeText(s string) string {
	if c, why := ddbnum.Canonical(s); why == "" && !strings.Contains(c, ".") {
		return c
	}
	return s
}

// beyondFloat says why the number given for the float field n is out of
// its type's range: it reads back as an infinity (put holds "+Inf"), which
// no put stores. "" otherwise.
func (n *attrNode) beyondFloat(given, put types.AttributeValue) string {
	num, ok := put.(*types.AttributeValueMemberN)
	if !ok || n.floatBits() == 0 || !strings.Contains(num.Value, "Inf") {
		return ""
	}
	return fmt.Sprintf("the attribute value %s is beyond the range of %s", rawAVText(given), withArticle(n.base))
}
