package keys

import (
	"encoding"
	"fmt"
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

// Values is a Source over Go values, converted to text as follows:
//
//   - string: as is;
//   - signed and unsigned integers of every size: decimal text;
//   - float32 and float64: the shortest decimal text without an exponent
//     (strconv 'f' format, precision -1);
//   - time.Time and *time.Time: RFC 3339 text in UTC (time.RFC3339Nano);
//   - encoding.TextMarshaler: its text (absent if MarshalText fails);
//   - fmt.Stringer: its String method;
//   - anything else: its fmt %v text.
//
// A nil value, or a nil *time.Time, is absent.
type Values map[string]any

// Lookup returns the text of attr's value and whether it is present.
func (v Values) Lookup(attr string) (string, bool) {
	x, ok := v[attr]
	if !ok || x == nil {
		return "", false
	}
	switch x := x.(type) {
	case string:
		return x, true
	case int:
		return strconv.Itoa(x), true
	case int8:
		return strconv.FormatInt(int64(x), 10), true
	case int16:
		return strconv.FormatInt(int64(x), 10), true
	case int32:
		return strconv.FormatInt(int64(x), 10), true
	case int64:
		return strconv.FormatInt(x, 10), true
	case uint:
		return strconv.FormatUint(uint64(x), 10), true
	case uint8:
		return strconv.FormatUint(uint64(x), 10), true
	case uint16:
		return strconv.FormatUint(uint64(x), 10), true
	case uint32:
		return strconv.FormatUint(uint64(x), 10), true
	case uint64:
		return strconv.FormatUint(x, 10), true
	case uintptr:
		return strconv.FormatUint(uint64(x), 10), true
	case float32:
		return strconv.FormatFloat(float64(x), 'f', -1, 32), true
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64), true
	case time.Time:
		return x.UTC().Format(time.RFC3339Nano), true
	case *time.Time:
		if x == nil {
			return "", false
		}
		return x.UTC().Format(time.RFC3339Nano), true
	case encoding.TextMarshaler:
		b, err := x.MarshalText()
		if err != nil {
			return "", false
		}
		return string(b), true
	case fmt.Stringer:
		return x.String(), true
	}
	return fmt.Sprint(x), true
}
