package entity

import (
	"runtime/debug"
	"unsafe"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/guregu/dynamo/v2"

	"github.com/ddbmodel/ddbmodel"
)

// The user's functions a model holds (key functions, validators, index
// conditions, Default funcs) are called through these wrappers, which
// return a panic as a *ddbmodel.PanicError: the operation fails with an
// error naming the entity, instead of the panic unwinding through Build,
// Run or a batch's goroutine.

// recovered sets *err to a *ddbmodel.PanicError when the deferring
// function panicked. Deferred directly (defer recovered(&err)).
func recovered(err *error) {
	if x := recover(); x != nil {
		*err = &ddbmodel.PanicError{Value: x, Stack: debug.Stack()}
	}
}

// unmarshalItem is dynamo.UnmarshalItem returning a panic of the target's
// own UnmarshalDynamo or UnmarshalText as a *ddbmodel.PanicError, for the
// reads that decode outside decodeInto (which recovers on its own): the
// item of a moving update, the unique values read before a write, an
// unmarked item checked or adopted, the partial value of an update.
func unmarshalItem(item map[string]types.AttributeValue, out any) (err error) {
	defer recovered(&err)
	return dynamo.UnmarshalItem(item, out)
}

// unmarshal is unmarshalItem for one attribute value.
func unmarshal(av types.AttributeValue, out any) (err error) {
	defer recovered(&err)
	return dynamo.Unmarshal(av, out)
}

// recoveredIn is recovered for an operation of the entity named entity,
// deferred at the start of its compile: a panic there (a value's own
// MarshalDynamo or MarshalText, or a fault of the library) fails the
// operation with a *ddbmodel.ValidationError of the entity wrapping the
// *ddbmodel.PanicError, instead of unwinding through Build or Run.
func recoveredIn(entity string, err *error) {
	if x := recover(); x != nil {
		*err = &ddbmodel.ValidationError{Entity: entity, Reason: "building the request panicked (a value's own marshalling code?)", Err: &ddbmodel.PanicError{Value: x, Stack: debug.Stack()}}
	}
}

// keyFuncOf returns IndexKey.SortFunc as a function of a pointer to the
// value (a *T), the form keyDef keeps so that the code rendering keys does
// not depend on T; nil when fn is nil.
func keyFuncOf[T any](fn func(T) (string, error)) func(v unsafe.Pointer) (string, error) {
	if fn == nil {
		return nil
	}
	return func(v unsafe.Pointer) (s string, err error) {
		defer recovered(&err)
		return fn(*(*T)(v))
	}
}

// validateOf returns Config.Validate as a function of a pointer to the
// value (a *T), the form entityCore keeps so that encoding does not depend
// on T; nil when valid is nil.
func validateOf[T any](valid func(*T) error) func(v unsafe.Pointer) error {
	if valid == nil {
		return nil
	}
	return func(v unsafe.Pointer) (err error) {
		defer recovered(&err)
		return valid((*T)(v))
	}
}

// whenOf returns IndexKey.When as a function of a pointer to the value (a
// *T), the form indexDef keeps so that the code rendering index keys does
// not depend on T; nil when when is nil.
func whenOf[T any](when func(T) bool) func(v unsafe.Pointer) (bool, error) {
	if when == nil {
		return nil
	}
	return func(v unsafe.Pointer) (in bool, err error) {
		defer recovered(&err)
		return when(*(*T)(v)), nil
	}
}

// callValidate calls an Attribute's Validate.
func callValidate(validate func(any) error, v any) (err error) {
	defer recovered(&err)
	return validate(v)
}
