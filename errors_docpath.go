package ddbmodel

import (
	"strings"

	"github.com/ddbmodel/ddbmodel/internal/errtext"
)

// DocumentPath is one document path of a write, as the write named it:
// the top-level attribute and the steps below it.
type DocumentPath struct {
	Attribute string // the top-level attribute ("addresses")
	// Elements are the steps below Attribute, in order: a map key or a
	// struct member's name ("home"), or a list index written "[2]".
	Elements []string
}

// DocumentPathError is the error of an update that DynamoDB refused
// because a document path does not fit the stored item (see
// ErrDocumentPath, which it matches, with the AWS error, through
// errors.Is and errors.As). DynamoDB does not say which path it refused:
// Paths holds every path of the update's actions that goes below a
// top-level attribute, one of which lacks its parent in the item or meets
// another type there.
type DocumentPathError struct {
	Entity string
	Op     string // "update"
	Paths  []DocumentPath
	Err    error // DynamoDB's error
}

// Error describes the DocumentPathError.
func (e *DocumentPathError) Error() string {
	var b strings.Builder
	b.WriteString(errtext.Prefix + e.Op + " " + e.Entity + ": " + errtext.Detail(ErrDocumentPath))
	b.WriteString(": the item lacks a parent on the path, or holds another type there")
	if len(e.Paths) > 0 {
		names := make([]string, len(e.Paths))
		for i, p := range e.Paths {
			names[i] = p.String()
		}
		b.WriteString(" (the paths below an attribute: " + strings.Join(names, ", ") + ")")
	}
	b.WriteString(": " + errtext.Detail(e.Err))
	return b.String()
}

// Unwrap returns ErrDocumentPath and DynamoDB's error.
func (e *DocumentPathError) Unwrap() []error { return []error{ErrDocumentPath, e.Err} }

// String writes the path for a message: addresses.home.city, tags[2]
// (a key holding "." or "[" is not quoted).
func (p DocumentPath) String() string {
	s := p.Attribute
	for _, el := range p.Elements {
		if strings.HasPrefix(el, "[") {
			s += el
		} else {
			s += "." + el
		}
	}
	return s
}
