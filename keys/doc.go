// Package keys compiles and renders the key templates of a DynamoDB
// single-table design.
//
// A template is literal text with composites, written ${attr} or
// ${attr:FORMAT}, that name attributes by their stored names:
//
//	ARTICLE#${articleId}
//	#METADATA
//	REPO#${owner}#${repo_name}
//	MODULE#${moduleId}#LESSON#${lessonId}
//	VERSION#${version:pad(10)}
//
// Templates are parsed and checked once, by [Compile], [Parse],
// [MustCompile] or [MustParse], much as text/template parses its templates.
// A compiled [Template] is immutable and safe for concurrent use; rendering
// does no parsing and no reflection, and for string composites it makes at
// most one allocation, the result string.
//
// # Formats
//
// A composite without a format holds any non-empty text. The formats are:
//
//	pad(W)    a non-negative base-10 integer, zero-padded to width W (1..38),
//	          so that string order is numeric order: 9 renders 0000000009 with
//	          pad(10) and sorts before 10 (0000000010).
//	rev(W)    a non-negative integer n below 10^W, rendered as 10^W-1-n,
//	          zero-padded to W, so that string order is newest first.
//	time      RFC 3339 text with any offset and precision, or an integer
//	          number of Unix seconds, rendered in UTC with a fixed width as
//	          2006-01-02T15:04:05.000000000Z, so that string order is time order.
//	date      RFC 3339 text or 2006-01-02 (and Unix seconds for a composite
//	          named in Spec.UnixSeconds), rendered as the UTC date 2006-01-02.
//	shard(N)  any text, rendered as its shard ShardOf(value, N) (N in 2..1000),
//	          zero-padded to the digits of N-1. A template has at most one.
//
// A template of [Kind] [Number] is exactly one composite without a format and
// renders the canonical text of a DynamoDB number.
//
// # Injectivity
//
// Distinct composite values never render the same key, so a key can be parsed
// back into its composites by [Template.Extract]. To keep that promise,
// rendering rejects an empty value ([ErrEmpty]), a free-text value that
// contains the first character of the literal that follows its composite or
// one of the template's delimiters ([ErrDelimiter]), a value that does not
// fit its format or is not valid UTF-8 ([ErrFormat]), and a key longer than
// the Spec's MaxBytes ([ErrTooLong]). Two composites may follow each other
// with no literal between them only when the first has a fixed width (pad,
// rev, time, date or shard).
//
// A template's delimiters are the punctuation and symbol characters (Unicode
// categories P and S) that end a literal followed by a composite or begin a
// literal that follows one: "#" in ITEM#${item}#RETURN#${ret}, "-" and "#" in
// LINE-${line}#${refund}, none in v${n}. No free-text value of the template may
// hold any of them, wherever its composite stands, so a value can never spell
// a level of the key's structure: ITEM#${itemId} never renders a key that
// ITEM#${itemId}#RETURN#${returnId} renders, because no item ID holds "#".
// Letters and the characters inside a literal (the "_" of USER_EMAIL#${email})
// are not delimiters.
//
// The rule is the template's own, so that a template's keys do not depend on
// which other templates exist. Across templates, [Overlap] decides exactly
// whether two templates (with their partition keys) can render the same key,
// and [PrefixOverlap] whether a partial key of one is a prefix of the other's
// keys; package entity refuses to define an entity whose keys can collide
// with another's on the same table or index.
//
// Values that are equal after canonicalisation render the same key: pad and
// rev values are compared as integers (007 and 7), time values as instants,
// date values as UTC dates, and shard values only through their shard.
//
// # Sources
//
// Composite values come from a [Source], which supplies each value as text:
// [Strings] holds text as is, and [Values] converts Go values (strings,
// integers, floats, time.Time, encoding.TextMarshaler, types based on them,
// and pointers to them) to the text a put of a struct field of that type
// stores, so that a key rendered from a value equals the key a put of the
// value renders. A nil pointer is a missing composite; a value no composite
// can hold (a bool, struct, map, slice...) is refused ([ErrType]).
//
// # Errors
//
// Template errors are [*SyntaxError]. Value errors are [*ValueError] wrapping
// one of the sentinel errors [ErrMissing], [ErrEmpty], [ErrDelimiter],
// [ErrFormat], [ErrType], [ErrTooLong], [ErrNoMatch] and [ErrNoShard]; test for them with
// errors.Is and errors.As.
package keys
