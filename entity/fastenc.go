package entity

import (
	"encoding"
	"errors"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/guregu/dynamo/v2"

	"github.com/ddbmodel/ddbmodel/internal/expr"
)

// fastEncoder encodes structs whose fields are all of plain kinds (strings,
// booleans, integers, floats, string sets and time.Time) straight into an
// item map sized for the keys and markers the put adds, producing exactly
// what dynamo.MarshalItem produces (a differential test checks it). Any
// other struct is encoded by guregu/dynamo.
type fastEncoder struct {
	fields    []fastField
	strings   int // fields encoded as S, for the value arena
	textBytes int // the most bytes of text the encoder writes (times)
}

type fastKind uint8

const (
	fastString fastKind = iota
	fastBool
	fastInt
	fastUint
	fastFloat
	fastStringSet
	fastTime
)

type fastField struct {
	name      string
	index     int
	kind      fastKind
	omitEmpty bool
	slot      int // the itemWriter slot that receives the field's text, or -1
}

// assignSlot gives the field named name the itemWriter slot slot and
// returns it, or returns -1 when the slot is out of range or the field is
// not one whose text a key can take (it is absent, a bool or a set).
func (enc *fastEncoder) assignSlot(name string, slot int) int {
	if slot >= maxSlots {
		return -1
	}
	for i := range enc.fields {
		ff := &enc.fields[i]
		if ff.name != name {
			continue
		}
		if ff.kind == fastBool || ff.kind == fastStringSet {
			return -1
		}
		ff.slot = slot
		if ff.kind == fastTime {
			enc.textBytes += len(time.RFC3339Nano) // the key's UTC text of a zoned time
		}
		return slot
	}
	return -1
}

var (
	rtypeDynamoMarshaler = reflect.TypeOf((*dynamo.Marshaler)(nil)).Elem()
	rtypeAWSMarshaler    = reflect.TypeOf((*attributevalue.Marshaler)(nil)).Elem()
	rtypeTextMarshaler   = reflect.TypeOf((*encoding.TextMarshaler)(nil)).Elem()
)

// newFastEncoder returns the encoder for rt, or nil when rt has a field the
// fast path does not cover exactly.
func newFastEncoder(rt reflect.Type) *fastEncoder {
	enc := &fastEncoder{}
	seen := map[string]bool{}
	for i := 0; i < rt.NumField(); i++ {
		f := rt.Field(i)
		if f.Anonymous {
			return nil
		}
		tag := f.Tag.Get("dynamo")
		name, opts, _ := strings.Cut(tag, ",")
		if name == "-" { // skipped whatever its options, as guregu/dynamo does
			continue
		}
		if !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		if seen[name] {
			return nil
		}
		seen[name] = true
		ff := fastField{name: name, index: i, slot: -1}
		set := false
		for _, o := range strings.Split(opts, ",") {
			switch o {
			case "":
			case "omitempty":
				ff.omitEmpty = true
			case "set":
				set = true
			default:
				return nil // allowempty, null, unixtime, ...: guregu's rules
			}
		}
		t := f.Type
		switch {
		case t == timeType && !set && !ff.omitEmpty:
			ff.kind = fastTime
			enc.strings++
			enc.textBytes += len(time.RFC3339Nano)
		case t.Implements(rtypeDynamoMarshaler) || t.Implements(rtypeAWSMarshaler) || t.Implements(rtypeTextMarshaler) ||
			reflect.PointerTo(t).Implements(rtypeDynamoMarshaler) || reflect.PointerTo(t).Implements(rtypeAWSMarshaler) ||
			reflect.PointerTo(t).Implements(rtypeTextMarshaler):
			return nil
		case set:
			if t.Kind() != reflect.Slice || t.Elem().Kind() != reflect.String || t.Elem().Implements(rtypeTextMarshaler) {
				return nil
			}
			ff.kind = fastStringSet
		case t.Kind() == reflect.String:
			ff.kind = fastString
			enc.strings++
		case t.Kind() == reflect.Bool:
			ff.kind = fastBool
		case t.Kind() >= reflect.Int && t.Kind() <= reflect.Int64:
			ff.kind = fastInt
		case t.Kind() >= reflect.Uint && t.Kind() <= reflect.Uint64:
			ff.kind = fastUint
		case t.Kind() == reflect.Float32 || t.Kind() == reflect.Float64:
			ff.kind = fastFloat
		default:
			return nil
		}
		enc.fields = append(enc.fields, ff)
	}
	return enc
}

// encode encodes rv (an addressable struct) into a map with room for extra
// more attributes, taking string values and text from iw, which the
// item's keys then share.
//
// It also returns the item's size as DynamoDB counts it, and checks the
// numbers it writes (only floats can exceed DynamoDB's range), so that the
// put need not walk the item again.
func (enc *fastEncoder) encode(rv reflect.Value, extra int, iw *itemWriter) (map[string]types.AttributeValue, int, error) {
	item := make(map[string]types.AttributeValue, len(enc.fields)+extra)
	size := 0
	iw.slotted = true
	for i := range enc.fields {
		ff := &enc.fields[i]
		fv := rv.Field(ff.index)
		switch ff.kind {
		case fastString:
			s := fv.String()
			if s == "" {
				continue
			}
			if !utf8.ValidString(s) {
				return nil, 0, &fieldError{name: ff.name, err: errors.New("string is not valid UTF-8")}
			}
			item[ff.name] = iw.str(s)
			size += len(ff.name) + len(s)
			iw.setSlot(ff.slot, s)
		case fastBool:
			b := fv.Bool()
			if ff.omitEmpty && !b {
				continue
			}
			item[ff.name] = &types.AttributeValueMemberBOOL{Value: b}
			size += len(ff.name) + 1
		case fastInt:
			n := fv.Int()
			if ff.omitEmpty && n == 0 {
				continue
			}
			av := iw.num(strconv.FormatInt(n, 10))
			item[ff.name] = av
			size += len(ff.name) + expr.ValueSize(av)
			iw.setSlot(ff.slot, av.Value)
		case fastUint:
			n := fv.Uint()
			if ff.omitEmpty && n == 0 {
				continue
			}
			av := iw.num(strconv.FormatUint(n, 10))
			item[ff.name] = av
			size += len(ff.name) + expr.ValueSize(av)
			iw.setSlot(ff.slot, av.Value)
		case fastFloat:
			x := fv.Float()
			if ff.omitEmpty && x == 0 {
				continue
			}
			av := iw.num(strconv.FormatFloat(x, 'f', -1, 64))
			if err := checkNumber(av.Value); err != nil {
				return nil, 0, &fieldError{name: ff.name, err: err}
			}
			item[ff.name] = av
			size += len(ff.name) + expr.ValueSize(av)
			iw.setSlot(ff.slot, av.Value)
		case fastStringSet:
			n := fv.Len()
			if n == 0 {
				continue
			}
			av := iw.stringSet(n)
			for j := 0; j < n; j++ {
				av.Value[j] = fv.Index(j).String()
			}
			if err := checkSet(av); err != nil {
				return nil, 0, &fieldError{name: ff.name, err: err}
			}
			item[ff.name] = av
			size += len(ff.name) + expr.ValueSize(av)
		case fastTime:
			t, _ := reflect.TypeAssert[time.Time](fv)
			var buf [64]byte
			b := t.AppendFormat(buf[:0], time.RFC3339Nano) // MarshalText's text when it is valid RFC 3339
			if !strictRFC3339(b) {
				_, err := t.MarshalText() // it refuses what RFC 3339 cannot say; report its error
				if err == nil {
					err = errors.New("time not representable in RFC 3339")
				}
				return nil, 0, &fieldError{name: ff.name, err: err}
			}
			text := iw.text(b)
			item[ff.name] = iw.str(text)
			size += len(ff.name) + len(text)
			if ff.slot >= 0 && b[len(b)-1] != 'Z' {
				// A key holds the time in UTC, as keys.Values renders it.
				text = iw.text(t.UTC().AppendFormat(buf[:0], time.RFC3339Nano))
			}
			iw.setSlot(ff.slot, text)
		}
	}
	return item, size, nil
}

// checkSet is checkText of a string set: sets of up to eight strings are
// compared pairwise, which is faster than checkText's map of those seen,
// and checkText reports what is wrong.
func checkSet(av *types.AttributeValueMemberSS) error {
	v := av.Value
	if len(v) == 0 || len(v) > 8 {
		return checkText(av)
	}
	for i, s := range v {
		if s == "" || !utf8.ValidString(s) || slices.Contains(v[:i], s) {
			return checkText(av)
		}
	}
	return nil
}

// newStringSet returns an SS value of n empty strings; sets of up to four
// take one allocation, the value and its strings together.
func newStringSet(n int) *types.AttributeValueMemberSS {
	if n > 4 {
		return &types.AttributeValueMemberSS{Value: make([]string, n)}
	}
	box := new(struct {
		av  types.AttributeValueMemberSS
		buf [4]string
	})
	box.av.Value = box.buf[:n:n]
	return &box.av
}

// fieldError reports a field the fast path cannot encode.
type fieldError struct {
	name string
	err  error
}

func (e *fieldError) Error() string { return e.name + ": " + e.err.Error() }
func (e *fieldError) Unwrap() error { return e.err }

// strictRFC3339 reports whether b, a time formatted as RFC3339Nano, is one
// that time.Time.MarshalText accepts: a four-digit year and a zone offset
// under 24 hours.
func strictRFC3339(b []byte) bool {
	if len(b) < len("2006-01-02T15:04:05Z") || b[4] != '-' {
		return false
	}
	if b[len(b)-1] == 'Z' {
		return true
	}
	zone := b[len(b)-len("-07:00"):]
	if zone[0] != '+' && zone[0] != '-' {
		return false
	}
	hours := 10*int(zone[1]-'0') + int(zone[2]-'0')
	return hours < 24
}
