package entity

import (
	"errors"
	"fmt"
	"reflect"
	"strings"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/internal/docpath"
)

// atPath makes a *ddbmodel.ValidationError of a rule checked on an element
// (an Enum on "cl[0]") name the path as the caller wrote it, not the
// attribute the rule is declared on.
func atPath(err error, path string) error {
	var ve *ddbmodel.ValidationError
	if errors.As(err, &ve) && ve.Attribute != path {
		ve.Attribute = path
	}
	return err
}

// walkOrHint is walk, whose refusal of a path says how to write it when
// the path resolves with some names after a map read as one map key
// holding dots: "links.my.web.url" is refused, `links."my.web".url`
// resolves.
func (s *schema) walkOrHint(name string, p docpath.Path, use string) (attrRef, error) {
	ref, err := s.walk(name, p, use)
	if err == nil {
		return ref, nil
	}
	var ve *ddbmodel.ValidationError
	if !errors.As(err, &ve) {
		return ref, err
	}
	if q, key := s.quotedKeyPath(p, use); q != "" {
		ve.Reason += fmt.Sprintf("; if %q is one map key, quote it: %s", key, q)
	}
	return ref, err
}

// quotedKeyPath returns the path p with a run of names after a map joined
// into one quoted map key, and that key, for the first such path that
// resolves; "" when none does.
func (s *schema) quotedKeyPath(p docpath.Path, use string) (string, string) {
	for i := 1; i < len(p)-1; i++ {
		holder, err := s.walk(p[:i].String(), p[:i], use)
		if err != nil || holder.node == nil || !holder.node.isMap {
			continue
		}
		if p[i].IsIndex {
			continue
		}
		for j := i + 1; j < len(p) && !p[j].IsIndex; j++ {
			names := make([]string, 0, j-i+1)
			for _, el := range p[i : j+1] {
				names = append(names, el.Name)
			}
			key := strings.Join(names, ".")
			q := append(append(p[:i:i], docpath.Elem{Name: key}), p[j+1:]...)
			if _, err := s.walk(q.String(), q, use); err == nil {
				return q.String(), key
			}
		}
	}
	return "", ""
}

// arrayElement is why a handle's func that returns the address of an
// element of the array field at path (Go name goName, value v) has no
// handle, and what to use instead.
func arrayElement(segs []string, goName string, path []string, v reflect.Value, addr uintptr) string {
	el := v.Type().Elem().Size()
	i := 0
	if el > 0 {
		i = int((addr - v.Addr().Pointer()) / el)
	}
	quoted := make([]string, len(path))
	for k, s := range path {
		quoted[k] = quoteSegment(s)
	}
	p := strings.Join(quoted, ".")
	return fmt.Sprintf("an element of the array field %s (%v): an array element cannot be a handle; name it by its path in the string form (%q), or use the handle of the whole array (a func returning &t.%s)",
		goPath(segs, goName), v.Type(), fmt.Sprintf("%s[%d]", p, i), goPath(segs, goName))
}
