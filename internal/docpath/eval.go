package docpath

import (
	"errors"
	"fmt"
	"maps"
	"slices"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// ErrInvalidPath is what every *PathError satisfies with errors.Is: the
// path cannot be applied to the item, where DynamoDB's UpdateItem answers
// with a ValidationException ("The document path provided in the update
// expression is invalid for update").
var ErrInvalidPath = errors.New("docpath: document path invalid for the item")

// PathError reports a Set or Remove that DynamoDB would refuse: Path[:At]
// is the prefix where the walk stopped, and Reason says why.
type PathError struct {
	Op     string // "set" or "remove"
	Path   Path
	At     int
	Reason string
}

// Error describes the problem and where it is.
func (e *PathError) Error() string {
	if e.At <= 0 || e.At > len(e.Path) {
		return fmt.Sprintf("docpath: %s %s: %s", e.Op, e.Path, e.Reason)
	}
	return fmt.Sprintf("docpath: %s %s: %s at %s", e.Op, e.Path, e.Reason, e.Path[:e.At])
}

// Unwrap returns ErrInvalidPath.
func (e *PathError) Unwrap() error { return ErrInvalidPath }

// Get returns the value at p in item, and whether there is one. A step
// that does not fit (a name into something that is not a map, an index
// into something that is not a list or beyond its end) finds nothing, as
// attribute_exists and projections do in DynamoDB.
func Get(item map[string]types.AttributeValue, p Path) (types.AttributeValue, bool) {
	if len(p) == 0 || p[0].IsIndex {
		return nil, false
	}
	v, ok := item[p[0].Name]
	if !ok {
		return nil, false
	}
	for _, e := range p[1:] {
		if v, ok = step(v, e); !ok {
			return nil, false
		}
	}
	return v, true
}

func step(v types.AttributeValue, e Elem) (types.AttributeValue, bool) {
	if e.IsIndex {
		l, ok := v.(*types.AttributeValueMemberL)
		if !ok || e.Index < 0 || e.Index >= len(l.Value) {
			return nil, false
		}
		return l.Value[e.Index], true
	}
	m, ok := v.(*types.AttributeValueMemberM)
	if !ok {
		return nil, false
	}
	c, ok := m.Value[e.Name]
	return c, ok
}

// Set returns a copy of item with the value at p set to v, as UpdateItem's
// "SET p = v" does: every element but the last must already exist (a map
// for a name, a list for an index); the last name is added or replaced,
// and the last index replaces the element there or, when it is beyond the
// end of the list, appends v. Any other case is a *PathError.
//
// Neither item nor any value inside it is modified. The result is a new
// map; the maps and lists on the way to p are copied, and everything else
// is shared with item, so treat the values of both as read-only.
func Set(item map[string]types.AttributeValue, p Path, v types.AttributeValue) (map[string]types.AttributeValue, error) {
	return apply("set", item, p, func(parent types.AttributeValue, at int) (types.AttributeValue, bool, error) {
		e := p[at]
		if e.IsIndex {
			l, ok := parent.(*types.AttributeValueMemberL)
			if !ok {
				return nil, false, &PathError{Op: "set", Path: p, At: at, Reason: "list index into " + kind(parent)}
			}
			nl := slices.Clone(l.Value)
			if e.Index < len(nl) {
				nl[e.Index] = v
			} else {
				nl = append(nl, v)
			}
			return &types.AttributeValueMemberL{Value: nl}, true, nil
		}
		m, ok := parent.(*types.AttributeValueMemberM)
		if !ok {
			return nil, false, &PathError{Op: "set", Path: p, At: at, Reason: "map key into " + kind(parent)}
		}
		nm := cloneMap(m.Value, 1)
		nm[e.Name] = v
		return &types.AttributeValueMemberM{Value: nm}, true, nil
	}, func(top map[string]types.AttributeValue) {
		top[p[0].Name] = v
	})
}

// Remove returns a copy of item without the value at p, as UpdateItem's
// "REMOVE p" does: every element but the last must already exist (a map
// for a name, a list for an index), and the last must fit its parent (a
// name in a map, an index in a list); a missing last key, or an index
// beyond the end of the list, leaves the item as it is. Removing a list
// element shifts the later ones down. Any other case is a *PathError.
//
// Neither item nor any value inside it is modified; the result is always
// a new map, sharing what was not on the way to p with item.
func Remove(item map[string]types.AttributeValue, p Path) (map[string]types.AttributeValue, error) {
	return apply("remove", item, p, func(parent types.AttributeValue, at int) (types.AttributeValue, bool, error) {
		e := p[at]
		if e.IsIndex {
			l, ok := parent.(*types.AttributeValueMemberL)
			if !ok {
				return nil, false, &PathError{Op: "remove", Path: p, At: at, Reason: "list index into " + kind(parent)}
			}
			if e.Index >= len(l.Value) {
				return parent, false, nil
			}
			return &types.AttributeValueMemberL{Value: slices.Delete(slices.Clone(l.Value), e.Index, e.Index+1)}, true, nil
		}
		m, ok := parent.(*types.AttributeValueMemberM)
		if !ok {
			return nil, false, &PathError{Op: "remove", Path: p, At: at, Reason: "map key into " + kind(parent)}
		}
		if _, ok := m.Value[e.Name]; !ok {
			return parent, false, nil
		}
		nm := cloneMap(m.Value, 0)
		delete(nm, e.Name)
		return &types.AttributeValueMemberM{Value: nm}, true, nil
	}, func(top map[string]types.AttributeValue) {
		delete(top, p[0].Name)
	})
}

// apply walks item along p to the parent of p's last element, calls last
// on it (with the index of that element), and rebuilds the containers on
// the way with the new parent. For a top-level p it calls top on a copy of
// item instead.
func apply(op string, item map[string]types.AttributeValue, p Path,
	last func(parent types.AttributeValue, at int) (types.AttributeValue, bool, error),
	top func(map[string]types.AttributeValue)) (map[string]types.AttributeValue, error) {
	if err := check(op, p); err != nil {
		return nil, err
	}
	out := cloneMap(item, 1)
	if len(p) == 1 {
		top(out)
		return out, nil
	}
	// chain[i] is the value at p[:i+1].
	chain := make([]types.AttributeValue, len(p)-1)
	v, ok := item[p[0].Name]
	if !ok {
		return nil, &PathError{Op: op, Path: p, At: 1, Reason: "attribute does not exist"}
	}
	chain[0] = v
	for i := 1; i < len(p)-1; i++ {
		c, ok := step(v, p[i])
		if !ok {
			return nil, &PathError{Op: op, Path: p, At: i + 1, Reason: missing(v, p[i])}
		}
		v = c
		chain[i] = v
	}
	nv, changed, err := last(v, len(p)-1)
	if err != nil {
		return nil, err
	}
	if !changed {
		return out, nil
	}
	for i := len(p) - 2; i >= 1; i-- {
		switch e, parent := p[i], chain[i-1]; {
		case e.IsIndex:
			nl := slices.Clone(parent.(*types.AttributeValueMemberL).Value)
			nl[e.Index] = nv
			nv = &types.AttributeValueMemberL{Value: nl}
		default:
			nm := cloneMap(parent.(*types.AttributeValueMemberM).Value, 0)
			nm[e.Name] = nv
			nv = &types.AttributeValueMemberM{Value: nm}
		}
	}
	out[p[0].Name] = nv
	return out, nil
}

// check refuses paths that are not paths: empty, starting with an index,
// or holding an empty name or a negative index.
func check(op string, p Path) error {
	if len(p) == 0 {
		return &PathError{Op: op, Path: p, Reason: "empty path"}
	}
	if p[0].IsIndex {
		return &PathError{Op: op, Path: p, Reason: "path starts with a list index"}
	}
	for i, e := range p {
		if e.IsIndex && e.Index < 0 {
			return &PathError{Op: op, Path: p, At: i + 1, Reason: "negative list index"}
		}
		if !e.IsIndex && e.Name == "" {
			return &PathError{Op: op, Path: p, At: i + 1, Reason: "empty name"}
		}
	}
	return nil
}

// missing explains why step(v, e) found nothing.
func missing(v types.AttributeValue, e Elem) string {
	if e.IsIndex {
		if l, ok := v.(*types.AttributeValueMemberL); ok {
			return fmt.Sprintf("list index beyond the end of a list of %d", len(l.Value))
		}
		return "list index into " + kind(v)
	}
	if _, ok := v.(*types.AttributeValueMemberM); ok {
		return "map key does not exist"
	}
	return "map key into " + kind(v)
}

func cloneMap(m map[string]types.AttributeValue, extra int) map[string]types.AttributeValue {
	out := make(map[string]types.AttributeValue, len(m)+extra)
	maps.Copy(out, m)
	return out
}

// kind names the type of an attribute value for error messages.
func kind(v types.AttributeValue) string {
	switch v.(type) {
	case *types.AttributeValueMemberS:
		return "a string (S)"
	case *types.AttributeValueMemberN:
		return "a number (N)"
	case *types.AttributeValueMemberB:
		return "a binary (B)"
	case *types.AttributeValueMemberBOOL:
		return "a boolean (BOOL)"
	case *types.AttributeValueMemberNULL:
		return "a null (NULL)"
	case *types.AttributeValueMemberSS:
		return "a string set (SS)"
	case *types.AttributeValueMemberNS:
		return "a number set (NS)"
	case *types.AttributeValueMemberBS:
		return "a binary set (BS)"
	case *types.AttributeValueMemberL:
		return "a list (L)"
	case *types.AttributeValueMemberM:
		return "a map (M)"
	}
	return fmt.Sprintf("a %T", v)
}
