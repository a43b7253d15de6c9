package query

import (
	"fmt"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/internal/contract"
	"github.com/ddbmodel/ddbmodel/internal/ddbnum"
)

// checkRawNumbers refuses raw sort key text (SortKey, BetweenKeys) that is
// not a DynamoDB number when the sort key is a number (N): DynamoDB would
// refuse the request, or, for text such as "abc", the query could never
// select a key.
func (s *spec) checkRawNumbers(sk contract.KeySpec) error {
	if !sk.Number {
		return nil
	}
	texts := []string{s.sort.rawLo}
	if s.sort.op == sortBetween {
		texts = append(texts, s.sort.rawHi)
	}
	for _, k := range texts {
		if err := ddbnum.Check(k); err != nil {
			return &ddbmodel.ValidationError{Entity: s.members[0].Name(), Attribute: sk.Attribute,
				Reason: fmt.Sprintf("%s is a number sort key (N), and the raw key text is not a number: %s", sk.Attribute, err)}
		}
	}
	return nil
}
