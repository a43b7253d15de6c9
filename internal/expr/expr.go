package expr

import (
	"slices"
	"strconv"
	"strings"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel/internal/ddbnum"
	"github.com/ddbmodel/ddbmodel/internal/docpath"
)

// Writer hands out placeholders for one request. Attribute names that are
// plain identifiers keep their own name (#status), others get #n0, #n1...;
// values are numbered :v0, :v1... in the order they are added, so the same
// request always compiles to the same expression.
type Writer struct {
	names map[string]string // placeholder -> attribute
	// The first attributes named and their placeholders, in an array so
	// that most requests find them without a second map (see lookup).
	first  [firstNames]namePair
	nfirst int
	byAttr map[string]string // attribute -> placeholder, past the first
	values map[string]types.AttributeValue
	nn     int
}

// Name returns the placeholder for attribute name attr.
func (w *Writer) Name(attr string) string {
	if p, ok := w.lookup(attr); ok {
		return p
	}
	if w.names == nil {
		w.names = map[string]string{}
	}
	p := identPlaceholder(attr)
	for p == "" || w.taken(p) {
		p = namePlaceholder(w.nn)
		w.nn++
	}
	w.names[p] = attr
	w.remember(attr, p)
	return p
}

// taken reports whether placeholder p names an attribute already. While
// every name is in w.first, they are searched there rather than in the
// map.
func (w *Writer) taken(p string) bool {
	if w.byAttr != nil {
		_, ok := w.names[p] // ok, not the name: an attribute may be named ""
		return ok
	}
	for _, np := range w.first[:w.nfirst] {
		if np.placeholder == p {
			return true
		}
	}
	return false
}

// Path returns the expression text for document path p: every name
// aliased through Name, so that reserved words, spaces, dots and brackets
// inside names are safe, and every index as [n]; a.b[2] becomes #a.#b[2],
// and the one name "x.y" becomes #n0. p must be valid (as Parse returns).
func (w *Writer) Path(p docpath.Path) string {
	if len(p) == 1 && !p[0].IsIndex {
		return w.Name(p[0].Name) // a top-level attribute
	}
	var b strings.Builder
	for i, e := range p {
		if e.IsIndex {
			b.WriteByte('[')
			b.WriteString(strconv.Itoa(e.Index))
			b.WriteByte(']')
			continue
		}
		if i > 0 {
			b.WriteByte('.')
		}
		b.WriteString(w.Name(e.Name))
	}
	return b.String()
}

// Value returns a fresh placeholder bound to av.
func (w *Writer) Value(av types.AttributeValue) string {
	if w.values == nil {
		w.values = map[string]types.AttributeValue{}
	}
	p := valuePlaceholder(len(w.values))
	w.values[p] = av
	return p
}

// ClockPrefix begins the placeholder of every value that Clock binds.
const ClockPrefix = ":now"

// Clock returns a fresh placeholder (":now", ":now1", ...) bound to av, a
// reading of the clock such as the time a TTL filter compares with. A
// cursor's query fingerprint leaves such values out, so that the pages of
// one listing, built at different times, belong to the same query.
func (w *Writer) Clock(av types.AttributeValue) string {
	if w.values == nil {
		w.values = map[string]types.AttributeValue{}
	}
	p := ClockPrefix
	for i := 1; w.values[p] != nil; i++ {
		p = ClockPrefix + strconv.Itoa(i)
	}
	w.values[p] = av
	return p
}

// Names returns the ExpressionAttributeNames map, nil when empty.
func (w *Writer) Names() map[string]string {
	if len(w.names) == 0 {
		return nil
	}
	return w.names
}

// Values returns the ExpressionAttributeValues map, nil when empty.
func (w *Writer) Values() map[string]types.AttributeValue {
	if len(w.values) == 0 {
		return nil
	}
	return w.values
}

func isIdent(s string) bool {
	if s == "" || len(s) > 60 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
		case c >= '0' && c <= '9' && i > 0:
		default:
			return false
		}
	}
	return true
}

// Limits DynamoDB enforces, as confirmed against the service and DynamoDB Local.
const (
	MaxItemBytes         = 409600
	MaxPartitionKeyBytes = 2048
	MaxSortKeyBytes      = 1024
	MaxTransactItems     = 100
	MaxTransactBytes     = 4 << 20
	MaxExpressionBytes   = 4096
	MaxBatchWrite        = 25
	MaxBatchGet          = 100
)

// ItemSize estimates an item's size the way DynamoDB counts it: attribute
// name lengths plus value sizes (strings and binaries by length, numbers by
// significant digits, containers with their overhead).
func ItemSize(item map[string]types.AttributeValue) int {
	n := 0
	for k, v := range item {
		n += len(k) + ValueSize(v)
	}
	return n
}

// Largest returns the largest attribute of item and its size (name
// included), as ItemSize counts it: what a LimitError for an item too
// large names.
func Largest(item map[string]types.AttributeValue) (string, int) {
	name, most := "", -1
	for k, v := range item {
		if n := len(k) + ValueSize(v); n > most || n == most && k < name {
			name, most = k, n
		}
	}
	return name, max(most, 0)
}

// ValueSize estimates the size of one attribute value.
func ValueSize(av types.AttributeValue) int {
	switch v := av.(type) {
	case *types.AttributeValueMemberS:
		return len(v.Value)
	case *types.AttributeValueMemberN:
		return ddbnum.Size(v.Value)
	case *types.AttributeValueMemberB:
		return len(v.Value)
	case *types.AttributeValueMemberBOOL, *types.AttributeValueMemberNULL:
		return 1
	case *types.AttributeValueMemberSS:
		n := 0
		for _, s := range v.Value {
			n += len(s)
		}
		return n
	case *types.AttributeValueMemberNS:
		n := 0
		for _, s := range v.Value {
			n += ddbnum.Size(s)
		}
		return n
	case *types.AttributeValueMemberBS:
		n := 0
		for _, b := range v.Value {
			n += len(b)
		}
		return n
	case *types.AttributeValueMemberL:
		n := 3
		for _, e := range v.Value {
			n += 1 + ValueSize(e)
		}
		return n
	case *types.AttributeValueMemberM:
		n := 3
		for k, e := range v.Value {
			n += 1 + len(k) + ValueSize(e)
		}
		return n
	}
	return 0
}

// SameKey reports whether keys a and b are the same, as their KeyIDs in
// one table are: the same attribute names, each with a value of the same
// kind and text (or bytes).
func SameKey(a, b map[string]types.AttributeValue) bool {
	if len(a) != len(b) {
		return false
	}
	for n, av := range a {
		bv, ok := b[n]
		if !ok {
			return false
		}
		ak, as, ab := keyIDValue(av)
		bk, bs, bb := keyIDValue(bv)
		if ak != bk || as != bs || string(ab) != string(bb) {
			return false
		}
	}
	return true
}

// KeyID identifies an item by its table and key for duplicate detection:
// two keys get the same ID only when they are equal. Every part is length
// prefixed, so no value can imitate a separator.
func KeyID(table string, key map[string]types.AttributeValue) string {
	var few [4]string
	names := few[:0]
	for n := range key {
		names = append(names, n)
	}
	slices.Sort(names)
	// The ID's exact length first, so that it is written with one allocation.
	size := keyIDPartSize(len(table))
	for _, n := range names {
		_, s, bs := keyIDValue(key[n])
		size += keyIDPartSize(len(n)) + keyIDPartSize(len(s)+len(bs))
	}
	var b strings.Builder
	b.Grow(size)
	writeKeyIDPart(&b, 'T', table, nil)
	for _, n := range names {
		writeKeyIDPart(&b, 'K', n, nil)
		kind, s, bs := keyIDValue(key[n])
		writeKeyIDPart(&b, kind, s, bs)
	}
	return b.String()
}
