package entity

import (
	"encoding"
	"fmt"
	"reflect"
)

// mapKeyRefusal says why key, one step of a document path into the map
// node n, names no entry a put writes, or "" when it may: a map whose key
// type encodes itself as text (encoding.TextMarshaler and Unmarshaler) is
// stored under each key's MarshalText, so the string form must name an
// entry by that text, as MapField.Key does. A key whose text reads back
// as another text (a MarshalText that upper-cases: "abc" for a stored
// "ABC") would write an entry a read then decodes onto another one's key,
// one of them lost.
func mapKeyRefusal(n *attrNode, key string) (why string) {
	if n.base.Kind() != reflect.Map || !implements(n.base.Key(), textMarshalerType) {
		return ""
	}
	kt := n.base.Key()
	p := reflect.New(kt)
	u, ok := p.Interface().(encoding.TextUnmarshaler)
	if !ok {
		return "" // no way to read the text back: taken as given
	}
	defer func() {
		if x := recover(); x != nil {
			why = fmt.Sprintf("%q is no key of %s: its UnmarshalText or MarshalText panicked (%v)", key, withArticle(n.goType()), x)
		}
	}()
	if err := u.UnmarshalText([]byte(key)); err != nil {
		return fmt.Sprintf("%q is no key of %s: its UnmarshalText refuses it (%v)", key, withArticle(n.goType()), err)
	}
	m, ok := p.Elem().Interface().(encoding.TextMarshaler)
	if !ok {
		m, ok = p.Interface().(encoding.TextMarshaler)
	}
	if !ok {
		return ""
	}
	text, err := m.MarshalText()
	if err != nil || string(text) == key {
		return ""
	}
	return fmt.Sprintf("a put stores the key %q (a %v) as %q, its MarshalText, so %q names no entry a put writes; name the entry %q", key, kt, text, key, text)
}
