package entity

import "unsafe"

// keyFuncOf returns IndexKey.SortFunc as a function of a pointer to the
// value (a *T), the form keyDef keeps so that the code rendering keys does
// not depend on T; nil when fn is nil.
func keyFuncOf[T any](fn func(T) (string, error)) func(v unsafe.Pointer) (string, error) {
	if fn == nil {
		return nil
	}
	return func(v unsafe.Pointer) (string, error) { return fn(*(*T)(v)) }
}

// validateOf returns Config.Validate as a function of a pointer to the
// value (a *T), the form entityCore keeps so that encoding does not depend
// on T; nil when valid is nil.
func validateOf[T any](valid func(*T) error) func(v unsafe.Pointer) error {
	if valid == nil {
		return nil
	}
	return func(v unsafe.Pointer) error { return valid((*T)(v)) }
}

// whenOf returns IndexKey.When as a function of a pointer to the value (a
// *T), the form indexDef keeps so that the code rendering index keys does
// not depend on T; nil when when is nil.
func whenOf[T any](when func(T) bool) func(v unsafe.Pointer) bool {
	if when == nil {
		return nil
	}
	return func(v unsafe.Pointer) bool { return when(*(*T)(v)) }
}
