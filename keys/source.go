package keys

import (
	"encoding"
	"math"
	"reflect"
	"strconv"
	"time"
)

// Strings is a Source of text values, each used as is.
type Strings map[string]string

// Lookup returns the value of attr and whether it is present.
func (s Strings) Lookup(attr string) (string, bool) {
	v, ok := s[attr]
	return v, ok
}

// CheckedSource is a Source that can refuse a value it holds: one of a Go
// type no composite can hold, or one that has no text. Render, Prefix and
// the other renderers use LookupChecked when the Source has it, and report
// such a value as a [*ValueError] wrapping [ErrType] or [ErrFormat].
type CheckedSource interface {
	Source
	// LookupChecked returns the text of attr's value and whether it is
	// present, or an error when it is present but cannot be a composite.
	LookupChecked(attr string) (text string, ok bool, err error)
}

// Values is a Source over Go values, converted to the text that
// guregu/dynamo (and so a put of a struct field of that type) stores for
// them, so that a key rendered from a value equals the key rendered from a
// put of the same value:
//
//   - strings, and types whose underlying type is a string: as is;
//   - signed and unsigned integers of every size, and types based on them:
//     decimal text;
//   - float32 and float64, and types based on them: the shortest decimal
//     text of the value as a float64, without an exponent (strconv 'f'
//     format, precision -1, bit size 64), so a float32 renders as the
//     float64 it widens to (float32(0.1) as 0.10000000149011612), as a put
//     stores it; NaN, infinities and numbers outside DynamoDB's range are
//     refused;
//   - time.Time: RFC 3339 text in UTC (time.RFC3339Nano), whatever its zone;
//   - encoding.TextMarshaler (with a value or a pointer receiver): its text;
//   - pointers and interfaces: the value they point to or hold.
//
// A nil value, a nil pointer and a nil interface are absent: a missing
// composite. Any other value (a bool, a struct, map, slice, array, func,
// chan or complex number, a uintptr, a type with its own DynamoDB encoding
// through MarshalDynamo or MarshalDynamoDBAttributeValue) is refused with
// [ErrType]; a TextMarshaler that fails with [ErrFormat]. Lookup reports a
// refused value as present with empty text, which every template refuses;
// renderers report the precise reason through LookupChecked.
type Values map[string]any

// Lookup returns the text of attr's value and whether it is present. A
// value that cannot be a composite is present with empty text.
func (v Values) Lookup(attr string) (string, bool) {
	s, ok, err := v.LookupChecked(attr)
	if err != nil {
		return "", true
	}
	return s, ok
}

// LookupChecked returns the text of attr's value and whether it is present,
// or an error (a [*ValueError] wrapping [ErrType] or [ErrFormat]) when the
// value cannot be a composite.
func (v Values) LookupChecked(attr string) (string, bool, error) {
	x, ok := v[attr]
	if !ok {
		return "", false, nil
	}
	return ValueText(attr, x)
}

// ValueText returns the composite text of the Go value x given for the
// attribute attr, as [Values] converts it: ok is false for a nil value,
// nil pointer or nil interface, and err is a [*ValueError] wrapping
// [ErrType] or [ErrFormat] when x cannot be a composite. A [Source] that
// holds Go values other than in a [Values] map converts them with it, so
// that its keys render as those of a Values map.
func ValueText(attr string, x any) (text string, ok bool, err error) {
	switch x := x.(type) {
	case nil:
		return "", false, nil
	case string:
		return x, true, nil
	case int:
		return strconv.Itoa(x), true, nil
	case int64:
		return strconv.FormatInt(x, 10), true, nil
	case int32:
		return strconv.FormatInt(int64(x), 10), true, nil
	case uint64:
		return strconv.FormatUint(x, 10), true, nil
	case float64:
		return floatText(attr, x)
	case time.Time:
		return timeText(attr, x)
	case *time.Time:
		if x == nil {
			return "", false, nil
		}
		return timeText(attr, *x)
	case *string:
		if x == nil {
			return "", false, nil
		}
		return *x, true, nil
	}
	return reflectText(attr, reflect.ValueOf(x))
}

var (
	timeType          = reflect.TypeFor[time.Time]()
	textMarshalerType = reflect.TypeFor[encoding.TextMarshaler]()
)

// maxDepth bounds the pointers and interfaces followed to a value, so that
// a pointer cycle is refused rather than followed forever.
const maxDepth = 16

func reflectText(attr string, rv reflect.Value) (string, bool, error) {
	for depth := 0; ; depth++ {
		if !rv.IsValid() {
			return "", false, nil
		}
		t := rv.Type()
		if k := t.Kind(); k == reflect.Pointer || k == reflect.Interface {
			if rv.IsNil() {
				return "", false, nil
			}
			if depth >= maxDepth {
				return "", false, typeErr(attr, t, "points through more than "+strconv.Itoa(maxDepth)+" pointers or interfaces")
			}
			rv = rv.Elem()
			continue
		}
		if t == timeType {
			return timeText(attr, rv.Interface().(time.Time))
		}
		if ownEncoding(t) {
			return "", false, typeErr(attr, t, "encodes itself for DynamoDB; give the key text it encodes to")
		}
		if t.Implements(textMarshalerType) {
			return marshalText(attr, rv.Interface().(encoding.TextMarshaler))
		}
		if reflect.PointerTo(t).Implements(textMarshalerType) {
			p := reflect.New(t)
			p.Elem().Set(rv)
			return marshalText(attr, p.Interface().(encoding.TextMarshaler))
		}
		switch t.Kind() {
		case reflect.String:
			return rv.String(), true, nil
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
			return strconv.FormatInt(rv.Int(), 10), true, nil
		case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
			return strconv.FormatUint(rv.Uint(), 10), true, nil
		case reflect.Float32, reflect.Float64:
			return floatText(attr, rv.Float())
		}
		return "", false, typeErr(attr, t, "is not a string, integer, float, time.Time or encoding.TextMarshaler, nor a pointer to one")
	}
}

// ownEncoding reports whether values of t (or *t) encode themselves for
// DynamoDB, through guregu's Marshaler or the AWS SDK's, so that the text a
// put stores for them is theirs to say, not this package's.
func ownEncoding(t reflect.Type) bool {
	pt := reflect.PointerTo(t)
	for _, m := range [...]string{"MarshalDynamo", "MarshalDynamoDBAttributeValue"} {
		if _, ok := pt.MethodByName(m); ok {
			return true
		}
	}
	return false
}

func marshalText(attr string, m encoding.TextMarshaler) (string, bool, error) {
	b, err := m.MarshalText()
	if err != nil {
		return "", false, &ValueError{Composite: attr, Err: ErrFormat, msg: "composite " + attr + ": MarshalText failed: " + err.Error()}
	}
	return string(b), true, nil
}

// floatText returns a float's text as a put writes it (guregu formats
// every float, float32 included, as a float64), refusing what DynamoDB
// cannot store.
func floatText(attr string, f float64) (string, bool, error) {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return "", false, &ValueError{Composite: attr, Err: ErrFormat, msg: "composite " + attr + " is " + strconv.FormatFloat(f, 'g', -1, 64) + ", not a finite number"}
	}
	s := strconv.FormatFloat(f, 'f', -1, 64)
	if _, why := canonicalNumber(s); why != "" {
		return "", false, &ValueError{Composite: attr, Value: s, Err: ErrFormat, msg: "composite " + attr + " " + strconv.FormatFloat(f, 'g', -1, 64) + " is not a DynamoDB number: " + why}
	}
	return s, true, nil
}

// timeText returns a time as RFC 3339 text in UTC, as a put's key holds
// it. (A year outside 0000..9999 is formatted as Go formats it, which a
// time format refuses and a put's key of the same time holds as well.)
func timeText(_ string, t time.Time) (string, bool, error) {
	return t.UTC().Format(time.RFC3339Nano), true, nil
}

func typeErr(attr string, t reflect.Type, why string) error {
	return &ValueError{Composite: attr, Value: t.String(), Err: ErrType, msg: "composite " + attr + " of type " + t.String() + " " + why}
}
