package entity

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"unsafe"

	"github.com/ddbmodel/ddbmodel/internal/errtext"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/internal/expr"
	"github.com/ddbmodel/ddbmodel/keys"
)

// Items without markers (Config.RecognizeUnmarked).
//
// An entity recognising unmarked items takes an item with no marker
// attribute as its own when the item's table key is one its templates can
// render (keys.Template.Extract). Reads check that on the client; writes
// render the key from the templates, so any unmarked item under it fits,
// and their conditions accept "the marker is this entity's, or there is
// none": never another entity's marker.

// Unmarked reports whether a raw item has no entity marker attribute at
// all: an item written by other code than this library. It is false for
// a nil *Table, which knows no marker attribute.
func (t *Table) Unmarked(item map[string]types.AttributeValue) bool {
	if t == nil {
		return false
	}
	_, ok := item[t.EntityAttr()]
	return !ok
}

// checkUnmarked reports whether the entity takes the raw item, which has
// no marker, as its own: nil when the entity recognises unmarked items
// (Config.RecognizeUnmarked) and the item's table key is one its templates
// render. Otherwise the error says why not: the item has a marker, the
// entity does not recognise unmarked items, or its key does not fit (an
// error wrapping keys.ErrNoMatch).
func (e *entityCore) checkUnmarked(item map[string]types.AttributeValue) error {
	if !e.table.Unmarked(item) {
		return errtext.Errorf("%s: the item has an entity marker (%q)", e.name, stringAttr(item, e.table.EntityAttr()))
	}
	if !e.unmarked {
		return errtext.Errorf("%s: the item has no entity marker, and the entity does not recognise unmarked items (Config.RecognizeUnmarked)", e.name)
	}
	return e.matchUnmarked(item)
}

// matchUnmarked checks an item's table key against the primary key
// templates, that the item has no marker, and that a put of its value
// writes its key. An item whose key fits but that does not decode into T
// (an attribute of another type) is the entity's by its key layout: it
// matches, and decoding it reports the *ddbmodel.DecodeError, as for a
// marked item of the entity.
func (e *entityCore) matchUnmarked(item map[string]types.AttributeValue) error {
	if !e.table.Unmarked(item) {
		return errtext.Errorf("%s: the item has an entity marker", e.name)
	}
	if err := e.matchKeys(item); err != nil {
		return err
	}
	err := e.matchValue(item)
	var de *ddbmodel.DecodeError
	if errors.As(err, &de) {
		return nil
	}
	return err
}

// matchKeys checks an item's table key against the primary key templates.
func (e *entityCore) matchKeys(item map[string]types.AttributeValue) error {
	for _, d := range []*keyDef{e.pk, e.sk} {
		if d == nil {
			continue
		}
		if err := e.matchKey(d, item[d.Attribute]); err != nil {
			return err
		}
	}
	return nil
}

// matchValue checks that a put of the unmarked item's decoded value would
// write the key the item has: an item whose attributes lack the
// composites of its key, or hold others, would decode into a value whose
// put goes elsewhere (promise: an item's keys are what a put of its value
// writes), so it is not recognised; Adopt reports why.
func (e *entityCore) matchValue(item map[string]types.AttributeValue) error {
	_, err := e.putOfItemValue(item)
	return err
}

// putOfItemValue is putOfItemInto for the callers that need only the
// put's item.
func (e *entityCore) putOfItemValue(item map[string]types.AttributeValue) (map[string]types.AttributeValue, error) {
	return e.putOfItemInto(item, reflect.New(e.typ).UnsafePointer())
}

// putOfItemInto decodes item as stored into *v (a *T; hidden attributes
// keep their values; composites of its table key it lacks are recovered
// from the key, see unmarked_legacy.go) and encodes it as a put would,
// checking that the put writes the item's own table key. It returns the
// put's item.
func (e *entityCore) putOfItemInto(item map[string]types.AttributeValue, v unsafe.Pointer) (map[string]types.AttributeValue, error) {
	item, recovered, err := e.recoverComposites(item)
	if err != nil {
		return nil, err
	}
	if err := unmarshalItem(item, reflect.NewAt(e.typ, v).Interface()); err != nil {
		return nil, &ddbmodel.DecodeError{Entity: e.name, Version: e.version, Err: err, Key: errtext.DescribeKey(e.tableKey(item))}
	}
	put, err := e.encodeValue(v, false, nil)
	if err != nil {
		return nil, err
	}
	key := e.tableKey(item)
	for _, name := range sortedKeys(e.tableKey(put)) {
		av := put[name]
		if !reflect.DeepEqual(av, key[name]) {
			return nil, errtext.Errorf("%s: a put of its value writes %s, not the key it has: %s: %w",
				e.name, errtext.DescribeKey(map[string]types.AttributeValue{name: av}), e.keyDisagreement(name, key[name], av, recovered), keys.ErrNoMatch)
		}
	}
	if len(recovered) > 0 {
		if err := e.checkIndexComposites(item, put); err != nil {
			return nil, err
		}
	}
	return put, nil
}

// matchKey checks one key attribute's value against its template.
func (e *entityCore) matchKey(d *keyDef, av types.AttributeValue) error {
	var text string
	switch v := av.(type) {
	case *types.AttributeValueMemberS:
		if d.Number {
			return errtext.Errorf("%s: key attribute %s holds a string, the template renders a number: %w", e.name, d.Attribute, keys.ErrNoMatch)
		}
		text = v.Value
	case *types.AttributeValueMemberN:
		if !d.Number {
			return errtext.Errorf("%s: key attribute %s holds a number, the template renders a string: %w", e.name, d.Attribute, keys.ErrNoMatch)
		}
		text = v.Value
	default:
		return errtext.Errorf("%s: the item has no key attribute %s a template renders: %w", e.name, d.Attribute, keys.ErrNoMatch)
	}
	if d.Template == nil {
		return nil // computed keys (index sort keys only) are never a table key
	}
	if _, err := d.Template.Extract(text); err != nil {
		return errtext.Errorf("%s: key attribute %s: %w", e.name, d.Attribute, err)
	}
	return nil
}

// notThisEntity is Decode's error for an item that is not the entity's.
func (e *entityCore) notThisEntity(item map[string]types.AttributeValue) error {
	ue := unknownEntity(stringAttr(item, e.table.EntityAttr()), stringAttr(item, e.table.EntityVersionAttr()))
	if e.unmarked && e.table.Unmarked(item) {
		// Both: an UnknownEntityError, and the reason the key does not fit.
		return errtext.Errorf("decoding %s: %w (%w)", e.name, ue, e.matchUnmarked(item))
	}
	return errtext.Errorf("decoding %s: %w", e.name, ue)
}

// ownFilter is the condition that a scanned item is this entity's as far
// as DynamoDB can tell: its marker names the entity, or, with
// Config.RecognizeUnmarked, it has no marker (whose key Is then checks on
// the client).
func (e *entityCore) ownFilter() Condition {
	own := Attr(e.table.EntityAttr()).Eq(e.name)
	if !e.unmarked {
		return own
	}
	return Or(own, Attr(e.table.EntityAttr()).NotExists())
}

// existsOrUnmarked is exists for an entity recognising unmarked items: the
// item is this entity's or exists without a marker. The key the write
// renders comes from the entity's templates, so an unmarked item under it
// fits them.
func (e *entityCore) existsOrUnmarked(w *expr.Writer) string {
	m := w.Name(e.table.EntityAttr())
	return m + " = " + w.Value(e.marker) + " OR (attribute_not_exists(" + m + ") AND attribute_exists(" + w.Name(e.table.PartitionKey.Name) + "))"
}

// guardOrUnmarked is guard for an entity recognising unmarked items: no
// item under the key, an item of this entity, or one without a marker.
func (e *entityCore) guardOrUnmarked(w *expr.Writer) string {
	m := w.Name(e.table.EntityAttr())
	return "attribute_not_exists(" + m + ") OR " + m + " = " + w.Value(e.marker)
}

// owns reports whether the item a failed write returned is the entity's
// as far as its marker goes.
func (f failure) owns(old map[string]types.AttributeValue) bool {
	if f.unmarked {
		if _, ok := old[f.markerAttr]; !ok {
			return true
		}
	}
	return stringAttr(old, f.markerAttr) == f.entity
}

// recognizer is what a table asks of an entity about unmarked items.
type recognizer interface {
	matchesUnmarked(item map[string]types.AttributeValue) bool
	Version() string
}

func (e *entityCore) matchesUnmarked(item map[string]types.AttributeValue) bool {
	return e.unmarked && e.matchUnmarked(item) == nil
}

func (t *Table) recognize(item map[string]types.AttributeValue) (decoder, error) {
	found := t.recognizers(item)
	switch len(found) {
	case 1:
		return found[0], nil
	case 0:
		return nil, unknownEntity("", "")
	}
	names := make([]string, len(found))
	for i, d := range found {
		names[i] = d.Name()
	}
	slices.Sort(names)
	return nil, errtext.Errorf("an unmarked item's key fits entities %s: %w", strings.Join(names, ", "), unknownEntity("", ""))
}

// recognizers returns the entities that take the unmarked item as their
// own (Config.RecognizeUnmarked).
func (t *Table) recognizers(item map[string]types.AttributeValue) []decoder {
	t.mu.RLock()
	defer t.mu.RUnlock()
	var found []decoder
	for _, d := range t.entities {
		if r, ok := d.(recognizer); ok && r.matchesUnmarked(item) {
			found = append(found, d)
		}
	}
	return found
}

// recognizedBy returns the name of an entity other than self that takes
// the unmarked item as its own, or "".
func (t *Table) recognizedBy(item map[string]types.AttributeValue, self string) string {
	var names []string
	for _, d := range t.recognizers(item) {
		if d.Name() != self {
			names = append(names, d.Name())
		}
	}
	if len(names) == 0 {
		return ""
	}
	return slices.Min(names)
}

// keyDisagreement says which composites make a put of an unmarked item's
// value render key attribute attr as rendered instead of the stored value
// the item has: each composite whose text in the two differs, with both
// texts, and whether the item holds it or it was recovered from the key.
func (e *entityCore) keyDisagreement(attr string, stored, rendered types.AttributeValue, recovered []string) string {
	for _, d := range []*keyDef{e.pk, e.sk} {
		if d == nil || d.Attribute != attr || d.Template == nil {
			continue
		}
		has, ok1 := itemSource{attr: stored}.Lookup(attr)
		put, ok2 := itemSource{attr: rendered}.Lookup(attr)
		if !ok1 || !ok2 {
			break
		}
		inKey, err1 := d.Template.Extract(has)
		inPut, err2 := d.Template.Extract(put)
		if err1 != nil || err2 != nil {
			break
		}
		var parts []string
		for _, name := range d.Uses {
			if inKey[name] == inPut[name] {
				continue
			}
			if slices.Contains(recovered, name) {
				parts = append(parts, fmt.Sprintf("%s, recovered from the key as %q, renders as %q", name, inKey[name], inPut[name]))
			} else {
				parts = append(parts, fmt.Sprintf("attribute %s holds %q where the key has %q", name, inPut[name], inKey[name]))
			}
		}
		if len(parts) > 0 {
			return strings.Join(parts, "; ")
		}
	}
	if len(recovered) > 0 {
		return "the values of " + strings.Join(recovered, ", ") + " recovered from the key render another key"
	}
	return "its attributes do not hold the composites of its key"
}
