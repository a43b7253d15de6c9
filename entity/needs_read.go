package entity

import "github.com/ddbmodel/ddbmodel/internal/errtext"

// NeedsReadError is the error of a write that Build or TransactWrite
// cannot compile without reading the item first; it matches ErrNeedsRead
// (errors.Is) and names what needs the read, so that code can tell the
// cases apart without reading the text.
type NeedsReadError struct {
	Entity string
	Op     string // "update", "put", "upsert", "delete"
	// Attributes are the attributes whose stored values the write needs:
	// the primary-key composites an update changes (the item moves), the
	// composites ReadFirst takes from the item, or the entity's unique
	// attributes, whose old values the write releases.
	Attributes []string
	text       string
}

// Error describes the NeedsReadError.
func (e *NeedsReadError) Error() string { return e.text }

// Unwrap returns ErrNeedsRead.
func (e *NeedsReadError) Unwrap() error { return ErrNeedsRead }

// needsRead returns the *NeedsReadError of the write op of entity, whose
// attributes attrs need the read, described by format and args (the
// text before ErrNeedsRead's).
func needsRead(entity, op string, attrs []string, format string, args ...any) error {
	text := errtext.Errorf(format+": %w", append(args, ErrNeedsRead)...).Error()
	return &NeedsReadError{Entity: entity, Op: op, Attributes: attrs, text: text}
}

// uniqueNames are the names of the entity's unique attributes.
func (e *entityCore) uniqueNames() []string {
	out := make([]string, len(e.uniques))
	for i, u := range e.uniques {
		out[i] = u.attr
	}
	return out
}
