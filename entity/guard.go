package entity

import (
	"cmp"
	"errors"
	"fmt"
	"strings"

	"github.com/ddbmodel/ddbmodel/internal/errtext"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/smithy-go"
	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/internal/expr"
)

// failure says how a failed condition of one write is reported.
type failure struct {
	entity    string
	op        string
	create    bool
	mustExist bool
	// markerAttr: the write is guarded by the entity marker. With
	// mustExist, another entity's item is reported as not found; otherwise
	// (a put or a plain delete) as ErrOtherEntity.
	markerAttr string
	lockAttr   string
	lockWant   *int64 // the version the write expects to find (0: none)
	// unmarked: an item without a marker is the entity's too
	// (Config.RecognizeUnmarked).
	unmarked bool
	// plainMarker: the marker attribute of an unguarded put (a lock
	// version 0), to tell an item without a marker (ErrUnmarked).
	plainMarker string
	// ranges: the ranges an update's Adds keep integer attributes in.
	ranges []addRange
	// docPaths: an update's paths below a top-level attribute, which a
	// DocumentPathError names.
	docPaths []ddbmodel.DocumentPath
	// tab: the table, whose key attributes name the item in an ErrUnmarked
	// text (nil: the text names no key).
	tab *Table
	// ownCond: the write also carries conditions of the caller (If, With,
	// ReadFirst), which a failed range does not rule out.
	ownCond bool
	// with: the values an update's With conditions the item on, in the
	// order written (a nil value: the attribute's absence).
	with []withExpected
	// oldVersion: the write is conditioned on the item's version
	// (Config.Upgrades); it returns the outcome for an item of another
	// version, nil for one at the entity's (upgrade.go).
	oldVersion func(map[string]types.AttributeValue) error
}

// classify picks the outcome sentinel from the item DynamoDB returned with
// the failed condition (nil when there was none). Its receiver is a
// pointer so that the method value a transaction action keeps is two
// words, not a copy of f (176 bytes per action); f is not changed once
// the action is built.
func (f *failure) classify(old map[string]types.AttributeValue) error {
	if f.create && len(old) > 0 {
		return ddbmodel.ErrAlreadyExists
	}
	if f.unmarkedOther(old) {
		return f.unmarkedErr(old)
	}
	if f.mustExist && (len(old) == 0 || f.markerAttr != "" && !f.owns(old)) {
		return ddbmodel.ErrNotFound
	}
	if f.markerAttr != "" && len(old) > 0 && !f.owns(old) {
		return ddbmodel.ErrOtherEntity
	}
	if m := stringAttr(old, f.plainMarker); f.plainMarker != "" && m != "" && m != f.entity {
		// A put expecting version 0 found another entity's item (the
		// version test below would read its version as this entity's).
		return ddbmodel.ErrOtherEntity
	}
	if f.oldVersion != nil {
		if err := f.oldVersion(old); err != nil {
			return err
		}
	}
	if f.lockWant != nil {
		got := int64(0)
		if n, ok := old[f.lockAttr].(*types.AttributeValueMemberN); ok {
			fmt.Sscan(n.Value, &got)
		}
		// A put expecting version 0 needs the key free (or an unmarked
		// item): this entity's item there, even at version 0, is a
		// conflict.
		if len(old) > 0 && (got != *f.lockWant || *f.lockWant == 0 && stringAttr(old, cmp.Or(f.markerAttr, f.plainMarker)) == f.entity) || len(old) == 0 && *f.lockWant != 0 {
			return ddbmodel.ErrVersionConflict
		}
	}
	for _, r := range f.ranges {
		if err := r.outside(f.entity, old); err != nil {
			err.OwnCondition = f.ownCond
			return err
		}
	}
	if err := f.staleWith(old); err != nil {
		return err
	}
	return ddbmodel.ErrConditionFailed
}

func (f failure) wrap(err error) error {
	var ccf *types.ConditionalCheckFailedException
	if errors.As(err, &ccf) {
		return &ddbmodel.ConditionError{Entity: f.entity, Op: f.op, Err: f.classify(ccf.Item), Item: ccf.Item, Cause: err}
	}
	var api smithy.APIError
	if errors.As(err, &api) && api.ErrorCode() == "ValidationException" && strings.Contains(api.ErrorMessage(), "document path") {
		// A path whose parent the item lacks (or that does not fit it):
		// only the table can know, so the request was sent.
		return &ddbmodel.DocumentPathError{Entity: f.entity, Op: f.op, Paths: f.docPaths, Err: err}
	}
	return errtext.Errorf("%s %s: %w", f.op, f.entity, err)
}

// exists is the condition that the item exists and is this entity's: an
// entity never updates or deletes another entity's item that happens to
// share its key.
func (e *entityCore) exists(w *expr.Writer) string {
	if e.unmarked {
		return e.existsOrUnmarked(w)
	}
	n, i := w.Name(e.table.EntityAttr()), w.ValueCount()
	v := w.Value(e.marker)
	if t := e.texts; t != nil && n == t.entity && i < len(t.exists) {
		return t.exists[i]
	}
	return n + " = " + v
}

func (e *entityCore) pkAbsent(w *expr.Writer) string {
	n := w.Name(e.table.PartitionKey.Name)
	if t := e.texts; t != nil && n == t.pk {
		return t.pkAbsent
	}
	return "attribute_not_exists(" + n + ")"
}

// guardTexts are the texts of the marker conditions most requests write,
// made once at Define: each is used only when the Writer gave the names
// the placeholders assumed here and the marker value the placeholder
// numbered, so a request's text is the same with them or without.
type guardTexts struct {
	pk, entity string    // the placeholders assumed: expr.Placeholder of each name
	pkAbsent   string    // attribute_not_exists(pk)
	exists     [8]string // entity = :vI
	guard      [8]string // attribute_not_exists(pk) OR entity = :vI
}

// makeGuardTexts makes e.texts; nil when a name is no identifier.
func (e *entityCore) makeGuardTexts() {
	t := &guardTexts{pk: expr.Placeholder(e.table.PartitionKey.Name), entity: expr.Placeholder(e.table.EntityAttr())}
	if t.pk == "" || t.entity == "" {
		return
	}
	t.pkAbsent = "attribute_not_exists(" + t.pk + ")"
	for i := range t.exists {
		t.exists[i] = t.entity + " = " + expr.ValuePlaceholder(i)
		t.guard[i] = t.pkAbsent + " OR " + t.exists[i]
	}
	e.texts = t
}

// guard writes into w the condition that guards a put or a plain delete:
// no item under the key, or an item of this entity. An item of another
// entity, or one without a marker, is left unchanged (ErrOtherEntity).
func (e *entityCore) guard(w *expr.Writer) string {
	if e.unmarked {
		return e.guardOrUnmarked(w)
	}
	absent := e.pkAbsent(w)
	n, i := w.Name(e.table.EntityAttr()), w.ValueCount()
	v := w.Value(e.marker)
	if t := e.texts; t != nil && absent == t.pkAbsent && n == t.entity && i < len(t.guard) {
		return t.guard[i]
	}
	return absent + " OR " + n + " = " + v
}

// writeGuard is the guard condition as a fresh writer renders it, computed
// once at Define for the writes whose only condition it is (a plain put or
// delete). A write with more conditions writes the guard first, so its
// placeholders are these too.
type writeGuard struct {
	cond   string
	names  map[string]string               // read-only: requests get copies
	values map[string]types.AttributeValue // read-only: requests get copies
	// The same names and values as lists, which copy faster than maps
	// iterate. The guard's values are strings (the entity marker).
	nameList  [][2]string // placeholder, attribute name
	valueList [][2]string // placeholder, string value
}

// ownNames returns a copy of the guard's names, the caller's to change.
func (g *writeGuard) ownNames() map[string]string {
	out := make(map[string]string, len(g.nameList))
	for _, kv := range g.nameList {
		out[kv[0]] = kv[1]
	}
	return out
}

// ownValues returns a copy of the guard's values that shares nothing with
// it: a caller changing the map, or a value in it, changes no later
// request. They are copied into st while it has room.
func (g *writeGuard) ownValues(st *putStore) map[string]types.AttributeValue {
	out := make(map[string]types.AttributeValue, len(g.valueList))
	for i, kv := range g.valueList {
		if i < len(st.guard) {
			st.guard[i].Value = kv[1]
			out[kv[0]] = &st.guard[i]
		} else {
			out[kv[0]] = &types.AttributeValueMemberS{Value: kv[1]}
		}
	}
	return out
}

func (e *entityCore) newWriteGuard() writeGuard {
	var w expr.Writer
	cond := e.guard(&w)
	g := writeGuard{cond: cond, names: w.Names(), values: w.Values()}
	for k, v := range g.names {
		g.nameList = append(g.nameList, [2]string{k, v})
	}
	for k, v := range g.values {
		g.valueList = append(g.valueList, [2]string{k, v.(*types.AttributeValueMemberS).Value})
	}
	return g
}

func joinAnd(parts []string) string {
	kept, size, last := 0, 0, ""
	for _, p := range parts {
		if p != "" {
			kept, size, last = kept+1, size+len(p), p
		}
	}
	if kept <= 1 {
		return last
	}
	// One allocation: the text itself.
	var b strings.Builder
	b.Grow(size + 2*kept + len(" AND ")*(kept-1))
	for _, p := range parts {
		if p == "" {
			continue
		}
		if b.Len() > 0 {
			b.WriteString(" AND ")
		}
		b.WriteByte('(')
		b.WriteString(p)
		b.WriteByte(')')
	}
	return b.String()
}
