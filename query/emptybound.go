package query

import (
	"fmt"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/internal/contract"
)

// checkEmptyBounds refuses a range bound that names nothing: a raw key
// text that is empty (DynamoDB refuses an empty key string) or a composite
// bound without values (it would render the bare prefix, which DynamoDB
// refuses when empty and which otherwise matches nothing or everything).
func (s *spec) checkEmptyBounds(sk contract.KeySpec) error {
	op := s.sort.op
	if op == sortNone || op == sortBegins {
		return nil // BeginsWith checks its own prefix
	}
	bad := func(which string) error {
		what := "give at least one composite of the sort key"
		if s.sort.raw {
			what = "give non-empty key text"
		}
		return &ddbmodel.ValidationError{Entity: s.members[0].Name(), Attribute: sk.Attribute,
			Reason: fmt.Sprintf("the %s bound of the sort condition is empty; %s", which, what)}
	}
	lowName := "low"
	if op != sortBetween {
		lowName = string(op) + " comparison's"
	}
	if s.sort.raw {
		if s.sort.rawLo == "" {
			return bad(lowName)
		}
		if op == sortBetween && s.sort.rawHi == "" {
			return bad("high")
		}
		return nil
	}
	if len(s.sort.lo) == 0 {
		return bad(lowName)
	}
	if op == sortBetween && len(s.sort.hi) == 0 {
		return bad("high")
	}
	return nil
}
