package entity

import (
	"fmt"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/internal/attrvalue"
)

// StaleWithError is the outcome of an update whose With values are not
// the item's: DynamoDB returned the item with the failed condition, and
// its Attribute holds Got where With gave Want. The update changed
// nothing. It is the Err of the *ddbmodel.ConditionError an update
// returns (or of its transaction's cancel reason), and matches
// ddbmodel.ErrConditionFailed. Give the item's current values, or let the
// update read them with ReadFirst.
type StaleWithError struct {
	Entity    string
	Attribute string
	// Want is the value With gave, encoded as a put encodes it; nil when
	// With gave a value a put leaves out (the item lacks the attribute).
	Want types.AttributeValue
	// Got is the item's value; nil when the item lacks the attribute.
	Got types.AttributeValue
}

// Error describes the StaleWithError.
func (e *StaleWithError) Error() string {
	// No "update <Entity>:" here: the ConditionError that carries this
	// error says it once.
	return fmt.Sprintf("ddbmodel: With gives %s attribute %s %s, but the item holds %s; the item is unchanged (give its current value, or use ReadFirst)",
		e.Entity, e.Attribute, boundText(e.Want), boundText(e.Got))
}

// Unwrap returns ddbmodel.ErrConditionFailed.
func (e *StaleWithError) Unwrap() error { return ddbmodel.ErrConditionFailed }

// withExpected is a value an update's With conditions the item on.
type withExpected struct {
	name string
	av   types.AttributeValue // nil: the attribute's absence
}

// staleWith returns a *StaleWithError for the first With value the item
// old does not hold, or nil (also when DynamoDB returned no item).
func (f *failure) staleWith(old map[string]types.AttributeValue) error {
	if len(old) == 0 {
		return nil
	}
	for _, x := range f.with {
		got, held := old[x.name]
		switch {
		case x.av == nil && !held:
		case x.av != nil && held && attrvalue.Same(x.av, got):
		default:
			return &StaleWithError{Entity: f.entity, Attribute: x.name, Want: x.av, Got: got}
		}
	}
	return nil
}
