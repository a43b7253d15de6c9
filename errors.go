package ddbmodel

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/ddbmodel/ddbmodel/internal/errtext"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/aws/retry"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// Sentinel outcomes. Every error the library returns for one of these outcomes
// satisfies errors.Is with the matching sentinel; the typed errors below carry
// the details and unwrap to the AWS error that caused them, if any.
var (
	// ErrNotFound: the item (or, for a one-item query, any item) does not exist.
	ErrNotFound = errors.New("ddbmodel: item not found")
	// ErrTooMany: a query expected to return one item returned more.
	ErrTooMany = errors.New("ddbmodel: more than one item")
	// ErrAlreadyExists: a create found an item under the same key.
	ErrAlreadyExists = errors.New("ddbmodel: item already exists")
	// ErrConditionFailed: a write's condition did not hold. ErrAlreadyExists
	// and ErrVersionConflict errors satisfy it as well.
	ErrConditionFailed = errors.New("ddbmodel: condition failed")
	// ErrVersionConflict: an optimistic-locking check found another version.
	ErrVersionConflict = errors.New("ddbmodel: version conflict")
	// ErrOtherEntity: a put, delete or condition check found, under its key, an item that is
	// another entity's (it carries another entity's marker), and left it
	// unchanged; an item with no marker at all is ErrUnmarked. Errors
	// satisfying it satisfy ErrConditionFailed as well.
	ErrOtherEntity = errors.New("ddbmodel: the item under the key is another entity's")
	// ErrInvalid: an item, key or value failed validation before any request was sent.
	ErrInvalid = errors.New("ddbmodel: invalid input")
	// ErrMissingComposites: a key could not be computed because
	// attributes it is built from were not given. Errors satisfying it
	// satisfy ErrInvalid as well: nothing was sent.
	ErrMissingComposites = errors.New("ddbmodel: missing key composites")
	// ErrUnknownEntity: an item carries no entity marker, or one no entity is registered for.
	ErrUnknownEntity = errors.New("ddbmodel: unknown entity")
	// ErrKeyOverlap: an entity's key templates can render a key that another
	// entity of the same table renders, on the table or on an index.
	ErrKeyOverlap = errors.New("ddbmodel: key spaces of two entities overlap")
	// ErrInvalidCursor: a cursor was malformed, tampered with, or made by another query.
	ErrInvalidCursor = errors.New("ddbmodel: invalid cursor")
	// ErrLimitExceeded: a request would exceed a DynamoDB limit (item size,
	// transaction size or count, expression size).
	ErrLimitExceeded = errors.New("ddbmodel: DynamoDB limit exceeded")
	// ErrTxCanceled: DynamoDB canceled a transaction.
	ErrTxCanceled = errors.New("ddbmodel: transaction canceled")
	// ErrUnprocessed: a batch left items unprocessed after every retry.
	ErrUnprocessed = errors.New("ddbmodel: unprocessed batch items")
	// ErrPanic: code run in a goroutine the library started (a batch
	// chunk, a shard query, a scan segment), or a DB's Observer, panicked;
	// the panic was recovered and returned as a *PanicError.
	ErrPanic = errors.New("ddbmodel: recovered panic")
)

// ValidationError reports input rejected before any request was sent.
type ValidationError struct {
	Entity    string // entity name, if known
	Attribute string // attribute (or key attribute) at fault
	Reason    string // human-readable reason
	Err       error  // underlying cause (for example a *keys.ValueError), may be nil
}

// Error describes the ValidationError.
func (e *ValidationError) Error() string {
	var b strings.Builder
	b.WriteString("ddbmodel:")
	if e.Entity == "" && e.Attribute == "" {
		// Nothing to name: the reason says what and where ("transaction:
		// entity.DB has no Client"), without "invalid:" before it.
		switch {
		case e.Reason != "" && e.Err != nil:
			b.WriteString(" " + e.Reason + ": " + detail(e.Err))
		case e.Reason != "":
			b.WriteString(" " + e.Reason)
		case e.Err != nil:
			b.WriteString(" invalid: " + detail(e.Err))
		default:
			b.WriteString(" invalid input")
		}
		return b.String()
	}
	b.WriteString(" invalid")
	if e.Entity != "" {
		b.WriteString(" " + e.Entity)
	}
	if e.Attribute != "" {
		b.WriteString(" attribute " + e.Attribute)
	}
	if e.Reason != "" {
		b.WriteString(": " + e.Reason)
	}
	if e.Err != nil {
		b.WriteString(": " + detail(e.Err))
	}
	return b.String()
}

// Unwrap returns ErrInvalid and the underlying cause.
func (e *ValidationError) Unwrap() []error { return nonNil(ErrInvalid, e.Err) }

// MissingCompositesError reports a key that cannot be computed from what an
// operation knows. For an update (Update set), the fix is to pass the
// missing attributes (With), or to let the update read the item first
// (ReadFirst): the only fix for the attributes in Changed. For an upsert
// (Upsert set), Reasons says why each is unknown and what to do. Other
// operations need a value for each among the values they take.
type MissingCompositesError struct {
	Entity       string
	KeyAttribute string   // the key attribute that would be stale, e.g. "GSI1PK"; several are joined by ", "
	Missing      []string // the attributes it is built from whose new value the update does not know
	// Changed lists those of Missing that the update itself changes
	// without giving their new value (Add, Append, SetIfNotExists, a
	// change inside them): only the item knows the result.
	Changed []string
	// Update is set when an update's index key is missing composites, which
	// it takes with With or ReadFirst; other operations (a get, a delete, a
	// query, an upsert) need a value for each among the values they take.
	Update bool
	// NotSparse names the index whose key a put could not compute when the
	// entity's placement in it is not Sparse: an item without the
	// composites cannot be put at all, where a Sparse placement would
	// leave it out of the index.
	NotSparse string
	// Upsert is set when an upsert's value leaves composites of an index
	// key zero or out: an upsert keeps an existing item's value where its
	// Default applies (if_not_exists) and cannot take a sparse index's
	// absent composite as leaving the index, so the key is unknown.
	Upsert bool
	// Reasons says, for an upsert, why each composite of Missing is
	// unknown and what to do, in Missing's order (nil otherwise).
	Reasons []string
}

// Error describes the MissingCompositesError.
func (e *MissingCompositesError) Error() string {
	msg := fmt.Sprintf("ddbmodel: %s: cannot compute %s: missing %s", e.Entity, e.KeyAttribute, strings.Join(e.Missing, ", "))
	// A sparse index's When decides from the whole item, which With
	// cannot give: only a read can.
	wholeItem := slices.ContainsFunc(e.Missing, func(m string) bool { return strings.HasPrefix(m, wholeItemMissing) })
	switch {
	case e.Upsert && len(e.Reasons) == len(e.Missing):
		// Each composite with its own cause: an upsert renders every index
		// key from the value, and these the value does not settle.
		msg = fmt.Sprintf("ddbmodel: %s: cannot compute %s for an upsert, which renders every index key from the value:", e.Entity, e.KeyAttribute)
		for i, m := range e.Missing {
			if i > 0 {
				msg += ";"
			}
			msg += " " + m + " " + e.Reasons[i]
		}
	case wholeItem && e.Update:
		msg += " (an index's When decides from the whole item, which only the item read gives: use ReadFirst)"
	case wholeItem:
		msg += " (an index's When decides from the whole item, which this operation does not know: write the whole value with Put, or change the item with an Update with ReadFirst)"
	case len(e.Changed) > 0:
		msg += fmt.Sprintf(" (the update changes %s without giving the new value, which only the item knows: use ReadFirst)", strings.Join(e.Changed, ", "))
	case e.Update:
		msg += " (give their current values with With, or use ReadFirst)"
	case e.Upsert:
		msg += " (an upsert renders every index key from the value, which leaves these zero or out: a Default is kept as stored by an existing item, and an absent sparse composite cannot take the item out of its index; give each a value, or write the whole value with Put)"
	case e.NotSparse != "":
		msg += fmt.Sprintf(" (give a value for each, or, if items without them belong out of index %s, set Sparse: true on the entity's IndexKey for it)", e.NotSparse)
	default:
		msg += " (give a value for each)"
	}
	return msg
}

// wholeItemMissing begins the entry of a MissingCompositesError's Missing
// that stands for the whole item (a sparse index's When reads it).
const wholeItemMissing = "(the whole item"

// Unwrap returns ErrMissingComposites and ErrInvalid: nothing was sent.
func (e *MissingCompositesError) Unwrap() []error { return []error{ErrMissingComposites, ErrInvalid} }

// KeyOverlapError reports, at definition, an entity whose templates can
// render a key that another entity already defined on the same table
// renders on the table's primary key (Index ""), where a plain put or
// delete of one could overwrite or delete the other's item; or on an index
// (Index its name) where one of the two recognises unmarked items by their
// key layout (entity.Config.RecognizeUnmarked). The fix is templates whose
// literals keep them apart, or, for a design whose entities share a table
// key space on purpose, naming the other entity in the Config's
// SharesKeysWith (which does not apply to an index overlap). Other index
// overlaps are not refused: entity.Table.Lint reports them.
type KeyOverlapError struct {
	Entity         string   // the entity being defined
	Other          string   // the entity already defined
	Index          string   // the index; "" for the table's primary key
	Attributes     []string // the key attributes: partition, then sort when there is one
	Templates      []string // Entity's template for each attribute ("computed (SortUses a, b)" for a key computed by a function)
	OtherTemplates []string // Other's template for each attribute
	// Sample is a key both can render, one value per attribute.
	Sample []string
	// Confirmed reports that each entity renders Sample from one set of its
	// values; see keys.Collision.
	Confirmed bool
	// BothUnmarked reports that the two overlap as entities that both
	// recognise unmarked items (entity.Config.RecognizeUnmarked), where
	// SharesKeysWith does not apply: an unmarked item carries nothing else
	// that tells them apart.
	BothUnmarked bool
}

// Error describes the KeyOverlapError.
func (e *KeyOverlapError) Error() string {
	where := "the table"
	if e.Index != "" {
		where = "index " + e.Index
	}
	q := func(s []string) string {
		out := make([]string, len(s))
		for i, v := range s {
			out[i] = fmt.Sprintf("%q", v)
		}
		return strings.Join(out, " / ")
	}
	hint := "name the other in SharesKeysWith if that is intended"
	if e.Index != "" {
		// Refused on an index only where an entity recognises unmarked items.
		hint = "an entity recognising unmarked items (Config.RecognizeUnmarked) tells them apart by key, so no index key it renders may be another's (SharesKeysWith does not apply): change a template, or drop RecognizeUnmarked"
	}
	if e.BothUnmarked {
		hint = "SharesKeysWith does not apply to items without an entity marker, which nothing else tells apart: set RecognizeUnmarked on one of them only, or change a template"
	}
	if strings.HasPrefix(e.Entity, "UNIQUE#") || strings.HasPrefix(e.Other, "UNIQUE#") {
		// A unique attribute's marker items (entity.Attribute.Unique).
		hint = "the marker items of a unique attribute share their keys with no entity (SharesKeysWith does not apply): change the template"
	}
	return fmt.Sprintf("ddbmodel: %s and %s can render the same key on %s (%s): %s from %s and %s; %s",
		e.Entity, e.Other, where, strings.Join(e.Attributes, ", "), q(e.Sample), q(e.Templates), q(e.OtherTemplates), hint)
}

// Unwrap returns ErrKeyOverlap.
func (e *KeyOverlapError) Unwrap() error { return ErrKeyOverlap }

// ConditionError reports a single-item write whose condition did not hold,
// or an item a read refused (Op "get": an item without an entity marker
// that the entity does not take as its own). A read sends no condition, so
// a ConditionError of Op "get" does not match ErrConditionFailed, only its
// outcome (ErrUnmarked, ErrNotFound).
type ConditionError struct {
	Entity string
	Op     string // "put", "create", "update", "delete", "upsert", "get" (of an unmarked item)
	// Key is the table key of the item the operation addressed (nil
	// where not known). For an update that moves the item it is the key of
	// the write that failed: the old key, or the new one when another item
	// holds it; a move of an entity with unique attributes names none.
	Key   map[string]types.AttributeValue
	Err   error // ErrConditionFailed, ErrAlreadyExists, ErrNotFound, ErrVersionConflict, ErrOtherEntity or ErrUnmarked
	Item  map[string]types.AttributeValue
	Cause error // the AWS error
}

// Error describes the ConditionError: the operation, the entity, the
// item's key and the outcome.
func (e *ConditionError) Error() string {
	d := detail(e.Err)
	if k := errtext.DescribeKey(e.Key); k != "" && !strings.Contains(d, k) {
		return fmt.Sprintf("ddbmodel: %s %s %s: %s", e.Op, e.Entity, k, d)
	}
	return fmt.Sprintf("ddbmodel: %s %s: %s", e.Op, e.Entity, d)
}

// Unwrap returns the outcome sentinel, ErrConditionFailed (for a write)
// and the AWS error.
func (e *ConditionError) Unwrap() []error {
	errs := nonNil(e.Err, e.Cause)
	if e.Op != "get" && e.Err != ErrConditionFailed && e.Err != ErrNotFound {
		errs = append(errs, ErrConditionFailed)
	}
	return errs
}

// CancelReason is one operation's outcome in a canceled transaction.
type CancelReason struct {
	Index   int    // position of the operation in the transaction
	Entity  string // entity of the operation
	Op      string // "put", "create", "update", "delete", "check", "get"
	Code    string // DynamoDB's code: "None", "ConditionalCheckFailed", "TransactionConflict", ...
	Message string
	// Err is the outcome sentinel for a failed condition (ErrAlreadyExists,
	// ErrVersionConflict, ErrConditionFailed, ErrNotFound, ErrOtherEntity,
	// ErrUnmarked), nil otherwise.
	Err error
	// Item is the item as it was, when DynamoDB returned it
	// (ReturnValuesOnConditionCheckFailure ALL_OLD).
	Item map[string]types.AttributeValue
}

// TxCanceledError reports a canceled transaction with the reason of every operation.
type TxCanceledError struct {
	Reasons []CancelReason
	Cause   error // the AWS *types.TransactionCanceledException
}

// Error describes the TxCanceledError.
func (e *TxCanceledError) Error() string {
	var parts []string
	for _, r := range e.Failed() {
		part := fmt.Sprintf("#%d %s %s: %s", r.Index, r.Op, r.Entity, r.Code)
		// The outcome says more than DynamoDB's code (another entity's
		// item, no item, a version conflict...), but for a plain failed
		// condition, which the code already says.
		if explains(r.Err) || r.Err != nil && r.Err != ErrConditionFailed {
			part += ": " + detail(r.Err)
		}
		parts = append(parts, part)
	}
	if len(parts) == 0 {
		return "ddbmodel: transaction canceled"
	}
	return "ddbmodel: transaction canceled: " + strings.Join(parts, "; ")
}

// Failed returns the reasons whose code is not "None".
func (e *TxCanceledError) Failed() []CancelReason {
	var out []CancelReason
	for _, r := range e.Reasons {
		if r.Code != "" && r.Code != "None" {
			out = append(out, r)
		}
	}
	return out
}

// Conflict reports whether the transaction failed only because of concurrent
// transactions (TransactionConflict), so that retrying may succeed.
func (e *TxCanceledError) Conflict() bool {
	failed := e.Failed()
	for _, r := range failed {
		if r.Code != "TransactionConflict" {
			return false
		}
	}
	return len(failed) > 0
}

// Unwrap returns ErrTxCanceled, the outcome sentinels of the failed
// operations, and the AWS error.
func (e *TxCanceledError) Unwrap() []error {
	errs := []error{ErrTxCanceled}
	seen := map[error]bool{}
	for _, r := range e.Reasons {
		if r.Err != nil && !seen[r.Err] {
			seen[r.Err] = true
			errs = append(errs, r.Err)
			if r.Err != ErrConditionFailed && r.Err != ErrNotFound && !seen[ErrConditionFailed] {
				seen[ErrConditionFailed] = true
				errs = append(errs, ErrConditionFailed)
			}
		}
	}
	if e.Cause != nil {
		errs = append(errs, e.Cause)
	}
	return errs
}

// UnknownEntityError reports an item whose entity marker names no known entity.
type UnknownEntityError struct {
	Marker  string // the marker found ("" when the item has none)
	Version string
}

// Error describes the UnknownEntityError.
func (e *UnknownEntityError) Error() string {
	if e.Marker == "" {
		return "ddbmodel: item has no entity marker"
	}
	return fmt.Sprintf("ddbmodel: unknown entity %q (version %q)", e.Marker, e.Version)
}

// Unwrap returns ErrUnknownEntity.
func (e *UnknownEntityError) Unwrap() error { return ErrUnknownEntity }

// DecodeError reports an item that does not decode into its entity's Go
// type, for instance one written by another version of the entity whose
// attribute changed type.
type DecodeError struct {
	Entity      string
	Version     string // the entity version decoding
	ItemVersion string // the version the item was written by
	Err         error  // the decoder's error
	// Key is the item's table key, as "PK=...,SK=..." ("" when unknown),
	// so that the item a scan or query could not decode can be found.
	Key string
	// Attribute is the stored attribute that does not decode into its
	// field ("" when no single attribute is at fault).
	Attribute string
}

// Error describes the DecodeError.
func (e *DecodeError) Error() string {
	item := "an item"
	if e.Key != "" {
		item = "the item " + e.Key
	}
	attr := ""
	if e.Attribute != "" {
		attr = "attribute " + e.Attribute + ": "
	}
	return fmt.Sprintf("ddbmodel: decoding %s (version %s) from %s of version %q: %s%s", e.Entity, e.Version, item, e.ItemVersion, attr, detail(e.Err))
}

// Unwrap returns the decoder's error.
func (e *DecodeError) Unwrap() error { return e.Err }

// CursorError reports a cursor that cannot be used with the query it was given to.
type CursorError struct{ Reason string }

// Error describes the CursorError.
func (e *CursorError) Error() string { return "ddbmodel: invalid cursor: " + e.Reason }

// Unwrap returns ErrInvalidCursor.
func (e *CursorError) Unwrap() error { return ErrInvalidCursor }

// LimitError reports a request that would exceed a DynamoDB limit. It is
// found before sending: nothing was sent, and it satisfies ErrInvalid as
// well as ErrLimitExceeded.
type LimitError struct {
	Entity string
	What   string // "item size", "transaction operations", "transaction size", ...
	Limit  int
	Got    int
	// Attribute, for an item too large, names its largest attribute, and
	// AttributeSize gives that attribute's size in bytes (name included).
	Attribute     string
	AttributeSize int
}

// Error describes the LimitError.
func (e *LimitError) Error() string {
	ent := ""
	if e.Entity != "" {
		ent = e.Entity + ": "
	}
	msg := fmt.Sprintf("ddbmodel: %s%s %d exceeds the limit of %d", ent, e.What, e.Got, e.Limit)
	if e.Attribute != "" {
		msg += fmt.Sprintf(" (the largest attribute is %s, %d bytes)", e.Attribute, e.AttributeSize)
	}
	return msg
}

// Unwrap returns ErrLimitExceeded and ErrInvalid: nothing was sent.
func (e *LimitError) Unwrap() []error { return []error{ErrLimitExceeded, ErrInvalid} }

// UnprocessedError reports batch items whose write or read DynamoDB did not
// confirm after every retry. Nothing is dropped silently: every item the
// batch was given is either confirmed or listed here.
//
// Listed means "not confirmed", not "not written": a request whose
// response was lost (a connection reset after the server applied it, a
// timeout, a cancellation while it was in flight) may have been applied,
// so a listed put may be stored and a listed delete may have happened.
// Batch writes are idempotent, so sending the listed items again is safe.
type UnprocessedError struct {
	Puts    []map[string]types.AttributeValue // batch write: puts not confirmed
	Deletes []map[string]types.AttributeValue // batch write: keys whose delete was not confirmed
	Keys    []map[string]types.AttributeValue // batch get: keys not read
	// Cause is why requests failed, if any did: the context's error when
	// the batch was canceled or timed out (so errors.Is(err,
	// context.Canceled) and context.DeadlineExceeded hold), the first
	// *PanicError of a chunk, and the first other request error, joined
	// with errors.Join when there are several.
	Cause error
}

// Error describes the UnprocessedError.
func (e *UnprocessedError) Error() string {
	msg := fmt.Sprintf("ddbmodel: unprocessed after retries: %d puts, %d deletes, %d gets", len(e.Puts), len(e.Deletes), len(e.Keys))
	if e.Cause != nil {
		msg += ": " + e.Cause.Error()
	}
	return msg
}

// Unwrap returns ErrUnprocessed and the cause.
func (e *UnprocessedError) Unwrap() []error { return nonNil(ErrUnprocessed, e.Cause) }

// IsConditionFailed reports whether err is a failed condition: one of this
// library's condition errors or DynamoDB's ConditionalCheckFailedException.
func IsConditionFailed(err error) bool {
	var ccf *types.ConditionalCheckFailedException
	return errors.Is(err, ErrConditionFailed) || errors.As(err, &ccf)
}

// IsRetryable reports whether err is a transient outcome that a retry may
// cure. It is true for:
//
//   - a transaction canceled only by conflicts (*TxCanceledError whose
//     Conflict is true), ErrVersionConflict, and DynamoDB's
//     TransactionConflictException and TransactionInProgressException;
//   - throttling: ThrottlingException, ProvisionedThroughputExceededException,
//     RequestLimitExceeded and the other throttling codes of the AWS SDK
//     (retry.DefaultThrottleErrorCodes);
//   - server errors: HTTP 500, 502, 503 and 504 (an error carrying
//     HTTPStatusCode, as the SDK's response errors do), and the codes
//     InternalServerError, InternalFailure, ServiceUnavailable and
//     ServiceUnavailableException, RequestTimeout and RequestTimeoutException;
//   - transport errors: a connection reset or closed, a refused connection,
//     a failed dial, a network timeout, and any error whose
//     RetryableError method says so (the SDK's retry.DefaultRetryables).
//
// It is false for nil, for a canceled or expired context (context.Canceled,
// context.DeadlineExceeded, the SDK's canceled-request error), for a
// *PanicError, and for everything else, such as a failed condition or
// invalid input.
func IsRetryable(err error) bool {
	if err == nil || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) || errors.Is(err, ErrPanic) {
		return false
	}
	var tc *TxCanceledError
	if errors.As(err, &tc) && tc.Conflict() {
		return true
	}
	var conflict *types.TransactionConflictException
	if errors.Is(err, ErrVersionConflict) || errors.As(err, &conflict) {
		return true
	}
	return retryables.IsErrorRetryable(err) == aws.TrueTernary
}

// retryables are the AWS SDK's own checks (which already say no to a
// canceled request) and the server error codes DynamoDB and fakes return
// without an HTTP status.
var retryables = func() retry.IsErrorRetryables {
	r := append(retry.IsErrorRetryables{}, retry.DefaultRetryables...)
	return append(r, retry.RetryableErrorCode{Codes: map[string]struct{}{
		"InternalServerError":         {},
		"InternalFailure":             {},
		"ServiceUnavailable":          {},
		"ServiceUnavailableException": {},
	}})
}()

// PanicError reports a panic recovered in a goroutine the library started
// (a batch chunk's requests, a shard query of AllShards, a scan segment) or
// in a DB's Observer, wherever it runs. Such a panic (often a client or
// an Observer that panics) would otherwise end the process, or reach the
// caller after a write it cannot tell was made.
type PanicError struct {
	Value any    // the value given to panic
	Stack []byte // the panicking goroutine's stack
}

// Error describes the PanicError.
func (e *PanicError) Error() string { return fmt.Sprintf("ddbmodel: recovered panic: %v", e.Value) }

// Unwrap returns ErrPanic and the panic value when it is an error (for
// instance a runtime.Error).
func (e *PanicError) Unwrap() []error {
	v, _ := e.Value.(error)
	return nonNil(ErrPanic, v)
}

func nonNil(errs ...error) []error {
	out := errs[:0:0]
	for _, e := range errs {
		if e != nil {
			out = append(out, e)
		}
	}
	return out
}

// detail is err's message without the package prefix it starts with, for
// the message of an error that wraps it: one prefix per message.
func detail(err error) string { return errtext.Detail(err) }

// explains reports whether a cancel reason's outcome err says more than
// its code: a typed error (an *entity.AddRangeError naming the attribute
// and the range), not one of the sentinels.
func explains(err error) bool {
	switch err.(type) {
	case nil:
		return false
	case interface{ Unwrap() error }, interface{ Unwrap() []error }:
		return true
	}
	return false
}

// ErrUniqueTaken is the outcome of a write that would give an attribute
// declared unique (entity.Attribute.Unique) a value another item of the
// entity holds. The error is a *UniqueError naming the value.
var ErrUniqueTaken = errors.New("ddbmodel: unique value taken")

// ErrDocumentPath is matched by the error of an update that DynamoDB
// refused because a document path does not fit the stored item: a map
// entry or struct on the path is absent (Set("addresses.home.city", ..) on
// an item without addresses.home), or the item holds another type there.
// Unlike a *ValidationError, the request was sent: only the item could
// tell. Set the whole holder instead, or read the item first. The error
// is a *DocumentPathError naming the update's paths.
var ErrDocumentPath = errors.New("DynamoDB refused a document path")

// UniqueError reports a value of a unique attribute that another item of
// the entity holds: the write was canceled and nothing was written.
type UniqueError struct {
	Entity    string
	Attribute string
	Value     string // the value as its marker item's key holds it
	Cause     error  // the AWS error (or the *TxCanceledError of a single write)
}

// Error names the entity, the attribute and the value.
func (e *UniqueError) Error() string {
	return fmt.Sprintf("ddbmodel: %s %s %q is taken", e.Entity, e.Attribute, e.Value)
}

// Unwrap returns ErrUniqueTaken, ErrConditionFailed and the cause.
func (e *UniqueError) Unwrap() []error {
	return nonNil(ErrUniqueTaken, ErrConditionFailed, e.Cause)
}
