package modelexport

import (
	"encoding/base64"
	"maps"
	"slices"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// avType is the type letter of an attribute value ("S", "N", "M"...),
// as NonKeyAttributes declares it.
func avType(av types.AttributeValue) string {
	switch av.(type) {
	case *types.AttributeValueMemberS:
		return "S"
	case *types.AttributeValueMemberN:
		return "N"
	case *types.AttributeValueMemberB:
		return "B"
	case *types.AttributeValueMemberBOOL:
		return "BOOL"
	case *types.AttributeValueMemberNULL:
		return "NULL"
	case *types.AttributeValueMemberM:
		return "M"
	case *types.AttributeValueMemberL:
		return "L"
	case *types.AttributeValueMemberSS:
		return "SS"
	case *types.AttributeValueMemberNS:
		return "NS"
	case *types.AttributeValueMemberBS:
		return "BS"
	}
	return "S"
}

// avNode writes an attribute value as DynamoDB's JSON does (and a
// Workbench model's TableData): {"S": "text"}, {"N": "7"}, {"B": base64},
// {"BOOL": true}, {"NULL": true}, {"M": {...}} with its keys sorted,
// {"L": [...]}, {"SS": [...]}, {"NS": [...]} and {"BS": [base64...]}.
func avNode(av types.AttributeValue) node {
	switch v := av.(type) {
	case *types.AttributeValueMemberS:
		return obj{{"S", v.Value}}
	case *types.AttributeValueMemberN:
		return obj{{"N", v.Value}}
	case *types.AttributeValueMemberB:
		return obj{{"B", base64.StdEncoding.EncodeToString(v.Value)}}
	case *types.AttributeValueMemberBOOL:
		return obj{{"BOOL", v.Value}}
	case *types.AttributeValueMemberNULL:
		return obj{{"NULL", true}}
	case *types.AttributeValueMemberM:
		m := obj{}
		for _, k := range slices.Sorted(maps.Keys(v.Value)) {
			m = append(m, field{k, avNode(v.Value[k])})
		}
		return obj{{"M", m}}
	case *types.AttributeValueMemberL:
		l := list{}
		for _, e := range v.Value {
			l = append(l, avNode(e))
		}
		return obj{{"L", l}}
	case *types.AttributeValueMemberSS:
		return obj{{"SS", strList(v.Value)}}
	case *types.AttributeValueMemberNS:
		return obj{{"NS", strList(v.Value)}}
	case *types.AttributeValueMemberBS:
		l := list{}
		for _, b := range v.Value {
			l = append(l, base64.StdEncoding.EncodeToString(b))
		}
		return obj{{"BS", l}}
	}
	return obj{{"NULL", true}}
}

// strList is ss as a list node.
func strList(ss []string) list {
	l := list{}
	for _, s := range ss {
		l = append(l, s)
	}
	return l
}

// itemOrder is the order of a sample item's attributes: first, in order,
// those of first that it holds (its keys), then the others sorted, then,
// in order, those of last it holds (the markers).
func itemOrder(item map[string]types.AttributeValue, first, last []string) []string {
	var out []string
	seen := map[string]bool{}
	for _, a := range first {
		if _, ok := item[a]; ok && !seen[a] {
			out = append(out, a)
			seen[a] = true
		}
	}
	var tail []string
	for _, a := range last {
		if _, ok := item[a]; ok && !seen[a] {
			tail = append(tail, a)
			seen[a] = true
		}
	}
	for _, a := range slices.Sorted(maps.Keys(item)) {
		if !seen[a] {
			out = append(out, a)
		}
	}
	return append(out, tail...)
}
