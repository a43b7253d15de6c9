package entity

import (
	"errors"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/ddbmodel/ddbmodel/internal/ddbnum"
)

// checkNumbers rejects numbers DynamoDB cannot store (over 38 significant
// digits, or out of its range) and nesting deeper than 32 levels.
func checkNumbers(av types.AttributeValue, depth int) error {
	switch av.(type) {
	case *types.AttributeValueMemberL, *types.AttributeValueMemberM:
		// DynamoDB takes 31 levels of lists and maps around a value and
		// refuses a 32nd (a top-level attribute's container is level 1).
		if depth >= 31 {
			return errors.New("lists and maps nested deeper than 31 levels")
		}
	}
	switch v := av.(type) {
	case *types.AttributeValueMemberN:
		return checkNumber(v.Value)
	case *types.AttributeValueMemberNS:
		for _, n := range v.Value {
			if err := checkNumber(n); err != nil {
				return err
			}
		}
		// DynamoDB refuses a number set holding one value twice, in any
		// spelling (1 and 1.0).
		if len(v.Value) > 1 {
			seen := make(map[string]string, len(v.Value))
			for _, n := range v.Value {
				k := numberKey(n)
				if first, dup := seen[k]; dup {
					return fmt.Errorf("number set holds %s twice (as %q and %q)", k, first, n)
				}
				seen[k] = n
			}
		}
	case *types.AttributeValueMemberL:
		for _, x := range v.Value {
			if err := checkNumbers(x, depth+1); err != nil {
				return err
			}
		}
	case *types.AttributeValueMemberM:
		for _, x := range v.Value {
			if err := checkNumbers(x, depth+1); err != nil {
				return err
			}
		}
	}
	return nil
}

// checkNumber rejects number text DynamoDB cannot store: more than 38
// significant digits, or a magnitude outside 1e-130 to 9.99...e125. It does
// not allocate.
func checkNumber(s string) error { return ddbnum.Check(s) }
