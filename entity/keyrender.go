package entity

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
	"unsafe"

	"github.com/ddbmodel/ddbmodel/internal/composite"
	"github.com/ddbmodel/ddbmodel/internal/errtext"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/internal/expr"
	"github.com/ddbmodel/ddbmodel/keys"
	"github.com/guregu/dynamo/v2"
)

// Key returns the table key (partition and sort attribute) of the item
// identified by composites.
//
// Every name in composites must be a composite of the primary key: any
// other is a *ddbmodel.ValidationError, so that a misspelt name, or a
// non-key attribute given as if it identified the item, is never ignored.
// (An update takes the current values of other attributes with With.) A
// nil or zero entity (not made by Define) has no key: the error is a
// *ddbmodel.ValidationError.
func (e *Entity[T]) Key(composites Values) (map[string]types.AttributeValue, error) {
	if !e.defined() {
		return nil, errNoEntity("key")
	}
	return e.key(composite.Of(composites))
}

// key is Key, for the code that needs nothing of T.
func (e *entityCore) key(composites composite.List) (_ map[string]types.AttributeValue, err error) {
	// A composite's own MarshalText may panic: every operation keyed by
	// Values (get, check, batch reads...) fails with an error instead.
	defer recoveredIn(e.name, &err)
	// One pass over the values: a name that is no composite of the primary
	// key is refused first; then a value its field cannot hold; a number
	// given as text is rendered as the field's number.
	var bad []string
	var refused error
	src, cloned := composites, false
	for i, x := range composites {
		name, v := x.Name, x.Value
		if !slices.Contains(e.pk.Uses, name) && (e.sk == nil || !slices.Contains(e.sk.Uses, name)) {
			bad = append(bad, name)
			continue
		}
		if len(bad) > 0 || refused != nil {
			continue
		}
		if err := e.sch.checkComposite(name, v); err != nil {
			refused = &ddbmodel.ValidationError{Entity: e.name, Attribute: name, Reason: "key values", Err: err}
			continue
		}
		if n, ok := e.sch.numberTextOf(name, v); ok {
			if !cloned {
				src, cloned = slices.Clone(composites), true
			}
			src[i].Value = n
		}
	}
	if len(bad) > 0 {
		return nil, e.notKeyNames(bad)
	}
	if refused != nil {
		return nil, refused
	}
	return e.primaryKey(src)
}

// keySize is expr.ItemSize of key, the entity's table key, read by its
// attributes' names rather than by ranging over the map.
func (e *entityCore) keySize(key map[string]types.AttributeValue) int {
	n := len(e.pk.Attribute) + expr.ValueSize(key[e.pk.Attribute])
	if e.sk != nil {
		n += len(e.sk.Attribute) + expr.ValueSize(key[e.sk.Attribute])
	}
	return n
}

// primaryKey renders the table key from src into a new map; a key of two
// strings has its values in one allocation.
func (e *entityCore) primaryKey(src keys.Source) (map[string]types.AttributeValue, error) {
	key := make(map[string]types.AttributeValue, 2)
	if e.sk == nil || e.pk.Number || e.sk.Number {
		if err := e.renderPrimary(src, key); err != nil {
			return nil, err
		}
		return key, nil
	}
	pk, err := e.renderKeyText(nil, e.pk, src, nil)
	if err != nil {
		return nil, err
	}
	sk, err := e.renderKeyText(nil, e.sk, src, nil)
	if err != nil {
		return nil, err
	}
	avs := &[2]types.AttributeValueMemberS{{Value: pk}, {Value: sk}}
	key[e.pk.Attribute], key[e.sk.Attribute] = &avs[0], &avs[1]
	return key, nil
}

// notKeyNames refuses the names bad, which are no composites of the
// primary key.
func (e *entityCore) notKeyNames(bad []string) error {
	slices.Sort(bad)
	uses := slices.Clone(e.pk.Uses)
	if e.sk != nil {
		uses = append(uses, e.sk.Uses...)
	}
	reason := fmt.Sprintf("key values: not a composite of the primary key (its composites: %s)", strings.Join(uses, ", "))
	if hint := suggest(bad[0], uses); hint != "" {
		reason += fmt.Sprintf("; did you mean %q?", hint)
	} else if e.sch.attrs[bad[0]] != nil {
		reason += "; a condition on another attribute goes in If (an update also takes its current value with With)"
	}
	return &ddbmodel.ValidationError{Entity: e.name, Attribute: bad[0], Reason: reason}
}

// KeyOf returns the table key of v. A nil or zero entity (not made by
// Define) has no key: the error is a *ddbmodel.ValidationError.
func (e *Entity[T]) KeyOf(v T) (_ map[string]types.AttributeValue, err error) {
	if !e.defined() {
		return nil, errNoEntity("key of")
	}
	defer recoveredIn(e.name, &err)
	item, err := dynamo.MarshalItem(v)
	if err != nil {
		return nil, errtext.Errorf("encoding %s: %w", e.name, err)
	}
	key := make(map[string]types.AttributeValue, 2)
	if err := e.renderPrimaryIn(nil, itemSource(item), unsafe.Pointer(&v), key); err != nil {
		return nil, err
	}
	return key, nil
}

func (e *entityCore) renderPrimary(src keys.Source, into map[string]types.AttributeValue) error {
	return e.renderPrimaryIn(nil, src, nil, into)
}

// renderPrimaryIn renders the table key into an item. v, when not nil, is
// the entity the composites come from (a *T), for computed keys.
func (e *entityCore) renderPrimaryIn(iw *itemWriter, src keys.Source, v unsafe.Pointer, into map[string]types.AttributeValue) error {
	av, err := e.renderKeyIn(iw, e.pk, src, v)
	if err != nil {
		return err
	}
	setKey(iw, into, e.pk.Attribute, av)
	if e.sk == nil {
		return nil
	}
	if av, err = e.renderKeyIn(iw, e.sk, src, v); err != nil {
		return err
	}
	setKey(iw, into, e.sk.Attribute, av)
	return nil
}

func (e *entityCore) renderKey(d *keyDef, src keys.Source, v unsafe.Pointer) (types.AttributeValue, error) {
	return e.renderKeyIn(nil, d, src, v)
}

// renderKeyIn renders one key attribute. With an itemWriter, the key's
// text goes into its buffer and its S value comes from its arena; when the
// fast encoder has filled the writer's slots, the composites come from
// there by position rather than from src. v, when not nil, points to the
// value (a *T), for computed keys and the zero time check.
func (e *entityCore) renderKeyIn(iw *itemWriter, d *keyDef, src keys.Source, v unsafe.Pointer) (types.AttributeValue, error) {
	s, err := e.renderKeyText(iw, d, src, v)
	if err != nil {
		return nil, err
	}
	if d.Number {
		return &types.AttributeValueMemberN{Value: s}, nil
	}
	if iw != nil {
		return iw.str(s), nil
	}
	return &types.AttributeValueMemberS{Value: s}, nil
}

// renderKeyText renders one key attribute's text, checked, for
// renderKeyIn.
func (e *entityCore) renderKeyText(iw *itemWriter, d *keyDef, src keys.Source, v unsafe.Pointer) (string, error) {
	var s string
	var err error
	if iw != nil && d.fn == nil {
		start := iw.b.Len()
		if d.slots != nil && iw.slotted {
			var vals [maxSlots]string
			for i, slot := range d.slots {
				vals[i] = iw.slots[slot]
			}
			err = d.Template.RenderValuesTo(&iw.b, vals[:len(d.slots)])
		} else {
			err = d.Template.RenderTo(&iw.b, e.timeSource(d, src))
		}
		if err == nil {
			// Earlier bytes of a Builder never change: the slice stays valid.
			s = iw.b.String()[start:]
		}
	} else if d.fn != nil {
		if v == nil {
			return "", &ddbmodel.MissingCompositesError{Entity: e.name, KeyAttribute: d.Attribute, Missing: d.Uses}
		}
		s, err = d.fn(v)
		if err == nil && s == "" {
			err = errors.New("computed an empty key")
		}
		if err == nil && len(s) > expr.MaxSortKeyBytes {
			err = fmt.Errorf("computed a key of %d bytes, over %d", len(s), expr.MaxSortKeyBytes)
		}
	} else {
		s, err = d.Template.Render(e.timeSource(d, src))
	}
	if zerr := e.zeroTimeKeyError(d, v, s, err); zerr != nil {
		return "", zerr
	}
	if err == nil && !utf8.ValidString(s) {
		return "", &ddbmodel.ValidationError{Entity: e.name, Attribute: d.Attribute, Reason: "key is not valid UTF-8 text (a composite holds bytes that are not UTF-8)"}
	}
	if err != nil {
		return "", e.keyError(d, err)
	}
	return s, nil
}

// keyError is the typed error of key d's failure to render. A key too
// long for DynamoDB names the composite it is built from when there is
// one, else the key attribute (the error names no composite: the whole
// key is too long).
func (e *entityCore) keyError(d *keyDef, err error) error {
	attr := d.Attribute
	var ve *keys.ValueError
	if errors.As(err, &ve) {
		if errors.Is(err, keys.ErrMissing) {
			return &ddbmodel.MissingCompositesError{Entity: e.name, KeyAttribute: attr, Missing: []string{ve.Composite}}
		}
		named := ve.Composite
		if named == "" {
			named = attr
			if len(d.Uses) == 1 {
				named = d.Uses[0]
			}
		}
		return &ddbmodel.ValidationError{Entity: e.name, Attribute: named, Reason: "key " + attr, Err: err}
	}
	var me *ddbmodel.MissingCompositesError
	if errors.As(err, &me) {
		return err
	}
	return &ddbmodel.ValidationError{Entity: e.name, Attribute: attr, Err: err}
}

// itemSource reads key composites from an encoded item.
type itemSource map[string]types.AttributeValue

func (s itemSource) Lookup(attr string) (string, bool) {
	switch v := s[attr].(type) {
	case *types.AttributeValueMemberS:
		return v.Value, true
	case *types.AttributeValueMemberN:
		return v.Value, true
	}
	return "", false
}

// layered looks in each source in turn.
type layered []keys.Source

func (l layered) Lookup(attr string) (string, bool) {
	for _, s := range l {
		if s == nil {
			continue
		}
		if v, ok := s.Lookup(attr); ok {
			return v, true
		}
	}
	return "", false
}

// LookupChecked is Lookup that reports a value its first source holding
// attr refuses (a keys.Values value no composite can hold).
func (l layered) LookupChecked(attr string) (string, bool, error) {
	for _, s := range l {
		if s == nil {
			continue
		}
		if v, ok, err := lookupChecked(s, attr); ok || err != nil {
			return v, ok, err
		}
	}
	return "", false, nil
}

func lookupChecked(src keys.Source, attr string) (string, bool, error) {
	if cs, ok := src.(keys.CheckedSource); ok {
		return cs.LookupChecked(attr)
	}
	v, ok := src.Lookup(attr)
	return v, ok, nil
}

// timeSource returns src, or when d has time composites, src with their
// text normalised as a put of the time stores it in a key: RFC 3339 text in
// UTC, or Unix seconds for a unixtime field. Text that is not RFC 3339 is
// left as is, for the template to judge.
func (e *entityCore) timeSource(d *keyDef, src keys.Source) keys.Source {
	if !d.hasTime || src == nil {
		return src
	}
	return &timeSource{src: src, times: e.times}
}

// KeySource returns values as a keys.Source that gives each composite the
// text a put of the entity renders into its keys: a time field's value,
// given as RFC 3339 text in any zone or as a time.Time, becomes RFC 3339 in
// UTC, or Unix seconds for a field tagged unixtime, as the field's put
// stores it. Other values are as keys.Values converts them. Queries render
// their keys through it, so that a query finds what a put of the same
// values wrote.
//
// A value that cannot be its field's type (7 for a string field, text
// that is no time for a time field) is refused: the source reports it with
// keys.ErrType, as the key's render error.
func (e *entityCore) keySource(values composite.List) keys.Source {
	return &typedValues{values: values, s: e.sch, times: e.times}
}

// typedValues is a Values source that refuses a composite whose value
// cannot be its field's type, and normalises the text of time composites
// as timeSource does (times: the time fields, as Entity.times).
type typedValues struct {
	values composite.List
	s      *schema
	times  map[string]bool
}

func (t typedValues) Lookup(attr string) (string, bool) {
	v, ok, err := t.LookupChecked(attr)
	if err != nil {
		return "", true
	}
	return v, ok
}

func (t typedValues) LookupChecked(attr string) (string, bool, error) {
	v, ok, err := t.lookupTyped(attr)
	if !ok || err != nil || len(t.times) == 0 {
		return v, ok, err
	}
	return normaliseTime(t.times, attr, v)
}

// lookupTyped is LookupChecked before the text of a time is normalised.
func (t typedValues) lookupTyped(attr string) (string, bool, error) {
	v, given := t.values.Get(attr)
	if !given {
		return "", false, nil
	}
	if err := t.s.checkComposite(attr, v); err != nil {
		return "", true, err
	}
	if n, ok := t.s.numberTextOf(attr, v); ok {
		// Number text ("05", "+5", "5e0") renders as the number a put of
		// the field stores does ("5"), not as the text given.
		return keys.ValueText(attr, n)
	}
	return keys.ValueText(attr, v)
}

// timeSource is a Source whose time composites are normalised.
type timeSource struct {
	src   keys.Source
	times map[string]bool
}

func (s *timeSource) Lookup(attr string) (string, bool) {
	v, ok, err := s.LookupChecked(attr)
	if err != nil {
		return "", true // as keys.Values reports a refused value
	}
	return v, ok
}

func (s *timeSource) LookupChecked(attr string) (string, bool, error) {
	v, ok, err := lookupChecked(s.src, attr)
	if !ok || err != nil {
		return v, ok, err
	}
	return normaliseTime(s.times, attr, v)
}

// normaliseTime is the text v of the composite attr as a put stores it in
// a key when times names attr a time field: RFC 3339 in UTC, or Unix
// seconds for a unixtime field (times[attr] true). Other text is v.
func normaliseTime(times map[string]bool, attr, v string) (string, bool, error) {
	unix, isTime := times[attr]
	if !isTime {
		return v, true, nil
	}
	t, perr := time.Parse(time.RFC3339Nano, v)
	if perr != nil {
		return v, true, nil
	}
	if t.IsZero() {
		return "", true, zeroTimeValue(v)
	}
	if unix {
		return strconv.FormatInt(t.Unix(), 10), true, nil
	}
	return t.UTC().Format(time.RFC3339Nano), true, nil
}

// allKeyDefs lists every key the entity renders.
func (e *entityCore) allKeyDefs() []*keyDef {
	out := []*keyDef{e.pk}
	if e.sk != nil {
		out = append(out, e.sk)
	}
	for _, d := range e.indexes {
		for _, k := range []*keyDef{d.pk, d.sk} {
			if k != nil {
				out = append(out, k)
			}
		}
	}
	return out
}
