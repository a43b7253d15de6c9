package query

import (
	"fmt"
	"strings"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/internal/expr"
)

// checkMultiSize refuses a key condition on a multi-attribute index whose
// values no key can hold: DynamoDB adds up a role's attributes (as
// entity's writes count them), so the partition values together hold at
// most 2048 bytes and the sort values (the equalities, then each bound of
// the range) at most 1024. Such a condition matches nothing a write could
// have stored; it is refused before sending, as a put over the limit is,
// with a *ddbmodel.ValidationError wrapping a *ddbmodel.LimitError.
func checkMultiSize(entityName, index string, m *multiRange) error {
	sortVals := func(bound types.AttributeValue) ([]string, []types.AttributeValue) {
		names := append([]string(nil), m.eq...)
		vals := make([]types.AttributeValue, 0, len(names)+1)
		for _, n := range m.eq {
			vals = append(vals, m.vals[n])
		}
		if bound != nil {
			names, vals = append(names, m.attr), append(vals, bound)
		}
		return names, vals
	}
	pkVals := make([]types.AttributeValue, len(m.pk))
	for i, n := range m.pk {
		pkVals[i] = m.vals[n]
	}
	loNames, loVals := sortVals(m.lo)
	_, hiVals := sortVals(m.hi)
	for _, role := range []struct {
		name  string
		names []string
		vals  []types.AttributeValue
		max   int
	}{
		{"partition", m.pk, pkVals, expr.MaxPartitionKeyBytes},
		{"sort", loNames, loVals, expr.MaxSortKeyBytes},
		{"sort", loNames, hiVals, expr.MaxSortKeyBytes},
	} {
		total, largest, largestSize := 0, "", -1
		for i, av := range role.vals {
			s := expr.ValueSize(av)
			total += s
			if s > largestSize {
				largest, largestSize = role.names[i], s
			}
		}
		if total > role.max {
			return &ddbmodel.ValidationError{Entity: entityName, Attribute: largest,
				Reason: fmt.Sprintf("query on index %s: the %s key values of %s hold %d bytes together (%s %d); DynamoDB keys hold at most %d, so no item matches", index, role.name, strings.Join(role.names, ", "), total, largest, largestSize, role.max),
				Err:    &ddbmodel.LimitError{Entity: entityName, What: fmt.Sprintf("index %s %s key size in bytes", index, role.name), Limit: role.max, Got: total}}
		}
	}
	return nil
}
