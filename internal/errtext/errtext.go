package errtext

import (
	"fmt"
	"strconv"
	"strings"
)

// Prefix starts the text of every error the module returns.
const Prefix = "ddbmodel: "

// prefixes are the package prefixes an error's text may start with; a
// wrapping layer drops them so the whole text keeps one prefix.
var prefixes = []string{"ddbmodel: ", "entity: ", "query: ", "txn: ", "keys: ", "dynamo: "}

// Detail is err's text without the package prefix it starts with, for the
// text of an error that wraps it.
func Detail(err error) string {
	if err == nil {
		return "<nil>"
	}
	s := err.Error()
	for _, p := range prefixes {
		s = strings.TrimPrefix(s, p)
	}
	return s
}

// Errorf is fmt.Errorf for the module's errors: the text is Prefix, then
// format with each error argument shown by Detail; every %w operand stays
// in the chain, as with fmt.Errorf.
func Errorf(format string, args ...any) error {
	chain := fmt.Errorf(format, args...)
	shown := make([]any, len(args))
	for i, a := range args {
		if e, ok := a.(error); ok {
			shown[i] = Detail(e)
		} else {
			shown[i] = a
		}
	}
	msg := Prefix + fmt.Sprintf(strings.ReplaceAll(format, "%w", "%v"), shown...)
	switch u := chain.(type) {
	case interface{ Unwrap() error }:
		return &wrapped{msg: msg, errs: []error{u.Unwrap()}}
	case interface{ Unwrap() []error }:
		return &wrapped{msg: msg, errs: u.Unwrap()}
	}
	return &wrapped{msg: msg}
}

// wrapped is an error with its own text and the errors it wraps.
type wrapped struct {
	msg  string
	errs []error
}

func (w *wrapped) Error() string { return w.msg }

// Unwrap returns the wrapped errors (nil when there are none).
func (w *wrapped) Unwrap() []error { return w.errs }

// packageNames are the prefixes CheckOnePrefix refuses past a text's start.
var packageNames = []string{"ddbmodel:", "entity:", "query:", "txn:", "keys:", "modelexport:"}

// CheckOnePrefix returns a description of what is wrong with an error's
// text, or "" when it starts with Prefix and names no package again
// further on ("ddbmodel: get User: ddbmodel: item not found" is wrong).
// Tests of the module's packages use it.
func CheckOnePrefix(text string) string {
	rest, ok := strings.CutPrefix(text, Prefix)
	if !ok {
		return "does not start with " + strconv.Quote(Prefix)
	}
	for _, p := range packageNames {
		// A prefix starts a word: the attribute __entity, named before a
		// colon, is not the prefix "entity: ".
		for i := 0; ; i++ {
			j := strings.Index(rest[i:], p)
			if j < 0 {
				break
			}
			if i += j; i == 0 || !isWordByte(rest[i-1]) {
				return "carries a second prefix " + strconv.Quote(p)
			}
		}
	}
	return ""
}

// isWordByte reports whether b can be part of a name: a letter, a digit
// or an underscore.
func isWordByte(b byte) bool {
	return b == '_' || '0' <= b && b <= '9' || 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z'
}
