package entity

import (
	"fmt"
	"strings"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/internal/expr"
)

// The size of a multi-attribute index key: DynamoDB (Local 3.3.1, checked)
// adds the sizes of a role's attributes, measured as in an item (a string's
// or binary's bytes, a number's packed digits), and refuses a write whose
// partition attributes hold more than 2048 bytes together, or whose sort
// attributes hold more than 1024: the limits of a one-attribute key apply
// to the role as a whole, and so to each of its attributes.

// MultiKeySize returns the size DynamoDB counts for the values of one role
// (partition or sort) of a multi-attribute index key: the sum of each
// value's size as in an item. Missing (nil) values count nothing.
func multiKeySize(vals []types.AttributeValue) int {
	n := 0
	for _, av := range vals {
		if av != nil {
			n += expr.ValueSize(av)
		}
	}
	return n
}

// checkMultiKeySize refuses the values of d's key, given by value (nil when
// absent or unknown), whose partition or sort attributes together exceed
// DynamoDB's limit. what prefixes the reason ("" or "Set: ").
func (e *entityCore) checkMultiKeySize(d *indexDef, what string, value func(name string) types.AttributeValue) error {
	for _, role := range []struct {
		name  string
		attrs []KeyAttribute
		max   int
	}{
		{"partition", d.multi.pk, expr.MaxPartitionKeyBytes},
		{"sort", d.multi.sk, expr.MaxSortKeyBytes},
	} {
		vals := make([]types.AttributeValue, len(role.attrs))
		var given []string
		largest, largestSize := "", -1
		for i, k := range role.attrs {
			vals[i] = value(k.Name)
			if vals[i] == nil {
				continue
			}
			given = append(given, k.Name)
			if s := expr.ValueSize(vals[i]); s > largestSize {
				largest, largestSize = k.Name, s
			}
		}
		if n := multiKeySize(vals); n > role.max {
			return &ddbmodel.ValidationError{Entity: e.name, Attribute: largest,
				Reason: fmt.Sprintf("%sindex %s: the %s key attributes %s hold %d bytes together (%s %d); DynamoDB takes at most %d", what, d.name, role.name, strings.Join(given, ", "), n, largest, largestSize, role.max),
				Err:    &ddbmodel.LimitError{Entity: e.name, What: fmt.Sprintf("index %s %s key size in bytes", d.name, role.name), Limit: role.max, Got: n}}
		}
	}
	return nil
}
