package keys

import (
	"errors"
	"strconv"
	"strings"
)

// Sentinel errors wrapped by [*ValueError]. Test for them with errors.Is.
var (
	// ErrMissing reports that a composite's value is absent from the Source.
	ErrMissing = errors.New("keys: composite missing")
	// ErrOutOfOrder reports a prefix given a composite while an earlier
	// composite of the template is absent: a prefix takes the composites
	// in order, so the later value cannot narrow it.
	ErrOutOfOrder = errors.New("keys: composite given before an earlier one")
	// ErrEmpty reports that a composite's value is the empty string.
	ErrEmpty = errors.New("keys: empty composite")
	// ErrDelimiter reports that a free-text value contains the first
	// character of the literal that follows its composite, or one of the
	// template's delimiters (see the package documentation), so that the key
	// could not be parsed back unambiguously or could spell another level
	// of a key.
	ErrDelimiter = errors.New("keys: composite contains a delimiter of its key")
	// ErrFormat reports that a value does not fit its composite's format,
	// is not valid UTF-8, or (for a Number template) is not a DynamoDB number.
	ErrFormat = errors.New("keys: value does not fit the composite's format")
	// ErrType reports a Go value of a type no composite can hold (a bool,
	// struct, map, slice, func, channel...), given through [Values].
	ErrType = errors.New("keys: value of a type no composite can hold")
	// ErrTooLong reports that a rendered key is longer than the Spec's MaxBytes.
	ErrTooLong = errors.New("keys: key too long")
	// ErrNoMatch reports that a key passed to Extract cannot have been
	// rendered by the template.
	ErrNoMatch = errors.New("keys: key does not match the template")
	// ErrNoShard reports that RenderShard was called on a template without a
	// shard composite.
	ErrNoShard = errors.New("keys: template has no shard composite")
)

// SyntaxError reports a template that does not compile.
type SyntaxError struct {
	Template string // the template's source text
	Pos      int    // byte offset in Template where the problem was found
	Msg      string // what is wrong
}

// Error returns the message, e.g.
// keys: template "V#${v:pad10}" at 6: unknown format "pad10".
func (e *SyntaxError) Error() string {
	return "keys: template " + strconv.Quote(e.Template) + " at " + strconv.Itoa(e.Pos) + ": " + e.Msg
}

// ValueError reports composite values, or a key, that a template cannot
// render or parse. Err is one of the package's sentinel errors.
type ValueError struct {
	Attribute string // the key attribute, e.g. GSI1SK; may be empty
	Template  string // the template's source text
	Composite string // the composite's attribute name, e.g. moduleId; empty for whole-key errors
	Value     string // the offending value, the key for ErrNoMatch, or the later composite given for ErrOutOfOrder
	Err       error  // ErrMissing, ErrEmpty, ErrDelimiter, ErrFormat, ErrType, ErrTooLong, ErrNoMatch or ErrNoShard

	msg string // detail after the template, when known
}

// Error returns the message, e.g.
// keys: GSI1SK from "MODULE#${moduleId}#LESSON#${lessonId}": composite moduleId "a#b" contains the delimiter "#" that follows it.
func (e *ValueError) Error() string {
	var b strings.Builder
	b.WriteString("keys: ")
	if e.Template == "" && e.Attribute == "" && e.msg != "" {
		b.WriteString(e.msg) // a value refused before any template saw it
		return b.String()
	}
	if e.Attribute != "" {
		b.WriteString(e.Attribute)
		b.WriteString(" from ")
	} else {
		b.WriteString("template ")
	}
	b.WriteString(strconv.Quote(e.Template))
	b.WriteString(": ")
	if e.msg != "" {
		b.WriteString(e.msg)
		return b.String()
	}
	if e.Composite != "" {
		b.WriteString("composite ")
		b.WriteString(e.Composite)
		b.WriteString(" ")
		b.WriteString(strconv.Quote(e.Value))
		b.WriteString(": ")
	} else if e.Value != "" {
		b.WriteString(strconv.Quote(e.Value))
		b.WriteString(": ")
	}
	if e.Err != nil {
		b.WriteString(strings.TrimPrefix(e.Err.Error(), "keys: "))
	} else {
		b.WriteString("invalid value")
	}
	return b.String()
}

// Unwrap returns Err.
func (e *ValueError) Unwrap() error { return e.Err }

func (t *Template) valueErr(c *composite, value string, err error, msg string) *ValueError {
	e := &ValueError{Attribute: t.spec.Attribute, Template: t.spec.Template, Value: value, Err: err, msg: msg}
	if c != nil {
		e.Composite = c.name
	}
	return e
}

// compErr builds the error for a composite's value.
func (t *Template) compErr(c *composite, value string, err error, why string) *ValueError {
	var msg string
	switch err {
	case ErrMissing:
		msg = "composite " + c.name + " missing"
	case ErrEmpty:
		msg = "composite " + c.name + " is empty"
	case ErrOutOfOrder:
		msg = "composite " + value + " is given without " + c.name + ", which comes before it; a prefix takes composites in order: give " + c.name + " before " + value
	case ErrDelimiter:
		msg = "composite " + c.name + " " + strconv.Quote(value) + " contains a delimiter of its key (" + strconv.Quote(c.forbid) + ")"
	default:
		msg = "composite " + c.name + " " + strconv.Quote(value) + " does not fit " + c.formatName()
		if why != "" {
			msg += ": " + why
		}
	}
	return t.valueErr(c, value, err, msg)
}

// NewTypeError returns the *ValueError (wrapping ErrType) for a value
// given for the composite attr that cannot be the type the attribute holds,
// for Sources that know the types of their composites; why says what was
// expected, e.g. "want string, got int".
func NewTypeError(attr, value, why string) *ValueError {
	return &ValueError{Composite: attr, Value: value, Err: ErrType, msg: "composite " + attr + ": " + why}
}
