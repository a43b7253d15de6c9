package expr

import (
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// namePair is one attribute name and its placeholder.
type namePair struct{ attr, placeholder string }

// firstNames is how many names a Writer keeps in its array; past them, a map.
const firstNames = 8

// lookup returns the placeholder already given to attr.
func (w *Writer) lookup(attr string) (string, bool) {
	for _, np := range w.first[:w.nfirst] {
		if np.attr == attr {
			return np.placeholder, true
		}
	}
	p, ok := w.byAttr[attr]
	return p, ok
}

// remember records p as the placeholder of attr.
func (w *Writer) remember(attr, p string) {
	if w.nfirst < len(w.first) {
		w.first[w.nfirst] = namePair{attr, p}
		w.nfirst++
		return
	}
	if w.byAttr == nil {
		w.byAttr = map[string]string{}
	}
	w.byAttr[attr] = p
}

// known holds the placeholder "#name" of every identifier Known was given:
// the attribute names of the entities defined, so that naming them in a
// request allocates nothing. Only Known adds to it, so it grows with the
// models, never with requests. It is replaced, never changed: a request
// reads it without a lock (a plain map lookup), and Known, which runs at
// Define, copies it under knownMu.
var (
	known   atomic.Pointer[map[string]string]
	knownMu sync.Mutex
)

// maxKnown bounds known: past it (a program defining entities with
// generated names), Known adds nothing and a name's placeholder is made
// when a request names it, so that a Define never copies an unbounded map.
const maxKnown = 1 << 14

// Known makes the placeholders of the attribute names attrs that are
// identifiers ("#status" for status) once, for every Writer to share.
// Entity definitions call it with their attribute and key names.
func Known(attrs ...string) {
	knownMu.Lock()
	defer knownMu.Unlock()
	var old map[string]string
	if m := known.Load(); m != nil {
		old = *m
	}
	var next map[string]string
	for _, a := range attrs {
		if !isIdent(a) {
			continue
		}
		if _, ok := old[a]; ok {
			continue
		}
		if next == nil {
			if len(old)+len(attrs) > maxKnown {
				return
			}
			next = make(map[string]string, len(old)+len(attrs))
			for k, v := range old {
				next[k] = v
			}
		}
		next[a] = "#" + a
	}
	if next != nil {
		known.Store(&next)
	}
}

// identPlaceholder is "#" followed by attr for an identifier (shared when
// Known was given it), and "" for a name that is not one.
func identPlaceholder(attr string) string {
	if m := known.Load(); m != nil {
		if p, ok := (*m)[attr]; ok {
			return p
		}
	}
	if !isIdent(attr) {
		return ""
	}
	return "#" + attr
}

// Placeholder is the placeholder a Writer's Name gives attr when no other
// name took it first: "#" followed by attr for an identifier, "" for a
// name that is not one (a Writer numbers those).
func Placeholder(attr string) string { return identPlaceholder(attr) }

// ValuePlaceholder is the placeholder of a Writer's value number i (from
// 0): what Value returns when the Writer holds i values.
func ValuePlaceholder(i int) string { return valuePlaceholder(i) }

// ValueCount is how many values the Writer holds: the number the next
// Value's placeholder has.
func (w *Writer) ValueCount() int { return len(w.values) }

// The first placeholders of values and of names that are not identifiers,
// made once: most requests use only these.
var (
	valuePlaceholders = placeholders(":v", 32)
	namePlaceholders  = placeholders("#n", 16)
)

func placeholders(prefix string, n int) []string {
	ps := make([]string, n)
	for i := range ps {
		ps[i] = prefix + strconv.Itoa(i)
	}
	return ps
}

// valuePlaceholder returns ":v" followed by i.
func valuePlaceholder(i int) string {
	if i < len(valuePlaceholders) {
		return valuePlaceholders[i]
	}
	return ":v" + strconv.Itoa(i)
}

// namePlaceholder returns "#n" followed by i.
func namePlaceholder(i int) string {
	if i < len(namePlaceholders) {
		return namePlaceholders[i]
	}
	return "#n" + strconv.Itoa(i)
}

// keyIDValue returns the kind letter and the text (s, or bs for binary)
// under which KeyID writes a key value.
func keyIDValue(av types.AttributeValue) (byte, string, []byte) {
	switch v := av.(type) {
	case *types.AttributeValueMemberS:
		return 'S', v.Value, nil
	case *types.AttributeValueMemberN:
		return 'N', v.Value, nil
	case *types.AttributeValueMemberB:
		return 'B', "", v.Value
	}
	return '?', "", nil
}

// keyIDPartSize is the length of a KeyID part whose text has n bytes.
func keyIDPartSize(n int) int {
	digits := 1
	for x := n; x >= 10; x /= 10 {
		digits++
	}
	return 2 + digits + n
}

// writeKeyIDPart writes kind, the length of the text, ':' and the text
// (s, or bs for binary).
func writeKeyIDPart(b *strings.Builder, kind byte, s string, bs []byte) {
	var digits [20]byte
	b.WriteByte(kind)
	b.Write(strconv.AppendInt(digits[:0], int64(len(s)+len(bs)), 10))
	b.WriteByte(':')
	b.WriteString(s)
	b.Write(bs)
}
