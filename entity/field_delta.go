package entity

import (
	"fmt"
	"math/big"
	"reflect"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
)

// Sub subtracts v from the field, creating it at 0 (so at -v): Add of -v,
// for every number type, so that an unsigned field can be decremented
// (Add takes a V, which for a uint cannot be negative). As with Add, the
// write to an integer field of any size is conditioned so that the stored
// result stays in the field's type: Sub(1) on a uint holding 0, or on an
// int64 holding math.MinInt64, fails with an *AddRangeError and leaves the
// item unchanged.
func (f NumberField[T, V]) Sub(v V) Change[T] { return Change[T]{actAdd, f.path, negated(v)} }

// negated is the delta -v: a float negated, an integer as the text of a
// DynamoDB number, which holds the negative of any uint64 and of the
// smallest int64.
func negated[V Number](v V) any {
	rv := reflect.ValueOf(v)
	d := new(big.Int)
	switch {
	case rv.CanFloat():
		return -v
	case rv.CanInt():
		d.SetInt64(rv.Int())
	default:
		d.SetUint64(rv.Uint())
	}
	return &types.AttributeValueMemberN{Value: d.Neg(d).String()}
}

// TimeField is the handle of a time.Time field: an OrderedField with
// AddDuration, which moves a time stored as Unix seconds (the unixtime tag
// option, as a TTL attribute is) without reading it.
type TimeField[T any] struct{ OrderedField[T, time.Time] }

// TimeOf is FieldOf for a time.Time field. Its orderings (Lt, Le, Gt, Ge,
// Between) are for a field stored as Unix seconds (the unixtime tag
// option); on a time stored as RFC 3339 text, which does not sort as
// time, Build refuses them. Eq, Ne, In and Exists work on both.
func TimeOf[T any](e *Entity[T], fn func(*T) *time.Time) TimeField[T] {
	f, _ := fieldOf(e, fn, "TimeOf")
	return TimeField[T]{OrderedField[T, time.Time]{f}}
}

// AsTime gives an element handle holding a time (a list element, a map
// value) TimeField's operations.
func AsTime[T any](f Field[T, time.Time]) TimeField[T] {
	return TimeField[T]{OrderedField[T, time.Time]{f}}
}

// AddDuration adds d, a whole number of seconds (negative to move the time
// back), to a time stored as Unix seconds (tag option unixtime): the
// update's ADD of the number of seconds, conditioned on the item holding
// the time (an *AddRangeError with Missing set otherwise: DynamoDB would
// create it at 1970 plus d) and on the result staying an int64 number of
// seconds. Build refuses it for a time
// stored as text, which DynamoDB cannot add to (Set the new time instead),
// and for a d that is not whole seconds.
func (f TimeField[T]) AddDuration(d time.Duration) Change[T] { return Change[T]{actAdd, f.path, d} }

// addToTextTime refuses an Add to a time stored as RFC 3339 text, saying
// what to do instead; nil for any other field.
func addToTextTime(entity string, a action, node *attrNode) error {
	if a.kind != actAdd || node.base != timeType || node.kind != "S" {
		return nil
	}
	return &ddbmodel.ValidationError{Entity: entity, Attribute: a.attr, Reason: fmt.Sprintf(
		"Add: %s is %s stored as RFC 3339 text, which DynamoDB cannot add to; a duration adds only to a time stored as Unix seconds (the unixtime tag option): Set the new time instead, or tag the field unixtime",
		a.attr, withArticle(node.goType()))}
}
