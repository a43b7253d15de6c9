package entity

import (
	"fmt"
	"maps"
	"math/big"
	"slices"
	"strings"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/ddbmodel/ddbmodel/internal/ddbnum"
	"github.com/ddbmodel/ddbmodel/internal/docpath"
)

// applyLocally applies update actions, at their paths, to a copy of item
// the way DynamoDB would.
func applyLocally(item map[string]types.AttributeValue, acts []action, paths []docpath.Path, vals []types.AttributeValue) (map[string]types.AttributeValue, error) {
	out := make(map[string]types.AttributeValue, len(item)+len(acts))
	for k, v := range item {
		out[k] = v
	}
	for i, a := range acts {
		path := paths[i]
		cur, has := docpath.Get(out, path)
		v := vals[i]
		var next types.AttributeValue // the new value; nil removes
		switch a.kind {
		case actSet:
			next = v
		case actSetIfNotExists:
			if has {
				continue
			}
			next = v
		case actRemove:
		case actAppend, actPrepend:
			l, _ := cur.(*types.AttributeValueMemberL)
			add, ok := v.(*types.AttributeValueMemberL)
			if !ok {
				return nil, fmt.Errorf("appending to %s: value is not a list", a.attr)
			}
			var list []types.AttributeValue
			if l != nil {
				list = append(list, l.Value...)
			}
			if a.kind == actAppend {
				list = append(list, add.Value...)
			} else {
				list = append(append([]types.AttributeValue(nil), add.Value...), list...)
			}
			next = &types.AttributeValueMemberL{Value: list}
		case actAdd:
			switch x := v.(type) {
			case *types.AttributeValueMemberN:
				sum, ok := new(big.Rat).SetString(x.Value)
				if !ok {
					return nil, fmt.Errorf("adding to %s: bad number %q", a.attr, x.Value)
				}
				if n, isN := cur.(*types.AttributeValueMemberN); isN {
					base, ok := new(big.Rat).SetString(n.Value)
					if !ok {
						return nil, fmt.Errorf("adding to %s: bad number %q", a.attr, n.Value)
					}
					sum.Add(sum, base)
				}
				text := ratString(sum)
				if err := checkNumber(text); err != nil {
					// DynamoDB refuses a sum it cannot hold.
					return nil, fmt.Errorf("adding %s to %s: the sum %w", x.Value, a.attr, err)
				}
				next = &types.AttributeValueMemberN{Value: text}
			case *types.AttributeValueMemberSS:
				var base []string
				if s, ok := cur.(*types.AttributeValueMemberSS); ok {
					base = s.Value
				}
				next = &types.AttributeValueMemberSS{Value: unionSet(base, x.Value, sameString)}
			case *types.AttributeValueMemberNS:
				var base []string
				if s, ok := cur.(*types.AttributeValueMemberNS); ok {
					base = s.Value
				}
				next = &types.AttributeValueMemberNS{Value: unionSet(base, x.Value, numberKey)}
			default:
				return nil, fmt.Errorf("adding to %s: ADD takes a number or a set", a.attr)
			}
		case actDeleteFromSet:
			var rest []string
			switch x := v.(type) {
			case *types.AttributeValueMemberSS:
				s, ok := cur.(*types.AttributeValueMemberSS)
				if !ok {
					continue
				}
				if rest = minusSet(s.Value, x.Value, sameString); len(rest) > 0 {
					next = &types.AttributeValueMemberSS{Value: rest}
				}
			case *types.AttributeValueMemberNS:
				s, ok := cur.(*types.AttributeValueMemberNS)
				if !ok {
					continue
				}
				if rest = minusSet(s.Value, x.Value, numberKey); len(rest) > 0 {
					next = &types.AttributeValueMemberNS{Value: rest}
				}
			default:
				return nil, fmt.Errorf("deleting from %s: DELETE takes a set", a.attr)
			}
		}
		var err error
		if next == nil {
			out, err = docpath.Remove(out, path)
		} else {
			out, err = docpath.Set(out, path, next)
		}
		if err != nil {
			return nil, fmt.Errorf("%s %s: %w", actionNames[a.kind], a.attr, err)
		}
	}
	return out, nil
}

func ratString(r *big.Rat) string {
	if r.IsInt() {
		return r.Num().String()
	}
	return strings.TrimRight(r.FloatString(38), "0")
}

// unionSet adds the members of add missing from cur, as DynamoDB's ADD
// does; key says when two members are the same.
func unionSet(cur, add []string, key func(string) string) []string {
	var out []string
	seen := map[string]bool{}
	for _, s := range slices.Concat(cur, add) {
		if k := key(s); !seen[k] {
			seen[k] = true
			out = append(out, s)
		}
	}
	return out
}

// minusSet removes the members of del from cur, as DynamoDB's DELETE does.
func minusSet(cur, del []string, key func(string) string) []string {
	drop := map[string]bool{}
	for _, s := range del {
		drop[key(s)] = true
	}
	var out []string
	for _, s := range cur {
		if !drop[key(s)] {
			out = append(out, s)
		}
	}
	return out
}

func sameString(s string) string { return s }

// numberKey identifies a number by its value: 1, 1.0 and 1E0 are one
// member of a number set.
func numberKey(s string) string {
	if c, why := ddbnum.Canonical(s); why == "" {
		return c
	}
	return s
}

func dedupe(xs []string) []string {
	seen := map[string]bool{}
	out := xs[:0:0]
	for _, x := range xs {
		if !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	return out
}

// sortedKeys returns m's keys in order.
func sortedKeys[V any](m map[string]V) []string {
	if len(m) == 0 {
		return nil // maps.Keys and slices.Sorted allocate even for no keys
	}
	return slices.Sorted(maps.Keys(m))
}
