package entity

import (
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// updateOut is what a compiled update returns, in one allocation: the
// compiled update, its request and the request's strings. Each compile
// makes a new one, so every built request is the caller's own.
type updateOut struct {
	c    compiledUpdate
	in   dynamodb.UpdateItemInput
	strs [3]string // table name, update expression, condition expression
}

// clauseParts are the parts of the clauses of one section of an update
// expression (SET, ADD or DELETE), the ", " between clauses included, so
// that no clause is a string of its own.
type clauseParts []string

// add appends a clause made of parts.
func (c *clauseParts) add(parts ...string) {
	if len(*c) > 0 {
		*c = append(*c, ", ")
	}
	*c = append(*c, parts...)
}

// setIn stores v under k in *m, making the map on the first store.
func setIn[M ~map[string]V, V any](m *M, k string, v V) {
	if *m == nil {
		*m = M{}
	}
	(*m)[k] = v
}

// smallMapMax is how many entries a smallMap keeps in its list before it
// moves them to a map.
const smallMapMax = 8

// smallMap is a map of a few string keys, for a plan's bookkeeping: most
// updates touch one to four attributes, and searching that many in a list
// held in the plan costs less than making a map. Past smallMapMax entries
// it keeps a map, so a wide update stays linear. Its list starts in buf:
// a smallMap in use is not copied.
type smallMap[V any] struct {
	list []smallEntry[V]
	m    map[string]V
	buf  [4]smallEntry[V]
}

type smallEntry[V any] struct {
	k string
	v V
}

// get returns k's value and whether k is set.
func (s *smallMap[V]) get(k string) (V, bool) {
	if s.m != nil {
		v, ok := s.m[k]
		return v, ok
	}
	for _, e := range s.list {
		if e.k == k {
			return e.v, true
		}
	}
	var zero V
	return zero, false
}

// set stores v under k.
func (s *smallMap[V]) set(k string, v V) {
	if s.m != nil {
		s.m[k] = v
		return
	}
	for i := range s.list {
		if s.list[i].k == k {
			s.list[i].v = v
			return
		}
	}
	if len(s.list) < smallMapMax {
		if s.list == nil {
			s.list = s.buf[:0]
		}
		s.list = append(s.list, smallEntry[V]{k, v})
		return
	}
	s.m = make(map[string]V, 2*smallMapMax)
	for _, e := range s.list {
		s.m[e.k] = e.v
	}
	s.m[k] = v
	s.list = nil
}

// each calls fn with each key and its value, in no particular order.
func (s *smallMap[V]) each(fn func(string, V)) {
	if s.m != nil {
		for k, v := range s.m {
			fn(k, v)
		}
		return
	}
	for _, e := range s.list {
		fn(e.k, e.v)
	}
}

// knownValues are the values an update sets outright, by attribute: a
// keys.Source of their text, like itemSource.
type knownValues struct {
	smallMap[types.AttributeValue]
}

// Lookup is itemSource's Lookup.
func (k *knownValues) Lookup(attr string) (string, bool) {
	av, _ := k.get(attr)
	switch v := av.(type) {
	case *types.AttributeValueMemberS:
		return v.Value, true
	case *types.AttributeValueMemberN:
		return v.Value, true
	}
	return "", false
}
