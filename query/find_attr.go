package query

import (
	"slices"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/internal/contract"
)

// appendNew appends to list the names it does not hold yet.
func appendNew(list []string, names ...string) []string {
	for _, n := range names {
		if !slices.Contains(list, n) {
			list = append(list, n)
		}
	}
	return list
}

// multiKeyExtra names the values given for a multi-attribute index that
// are not its partition attributes: those that are none of its
// attributes, or else all of them (their run is what does not fit).
func multiKeyExtra(ix entity.Index, values entity.Values) []string {
	var extra, sorts []string
	for _, name := range sortedNames(values) {
		isPK := slices.ContainsFunc(ix.PartitionKeys, func(a entity.KeyAttribute) bool { return a.Name == name })
		isSK := slices.ContainsFunc(ix.SortKeys, func(a entity.KeyAttribute) bool { return a.Name == name })
		switch {
		case !isPK && !isSK:
			extra = append(extra, name)
		case isSK:
			sorts = append(sorts, name)
		}
	}
	if len(extra) > 0 {
		return extra
	}
	return sorts
}

// atFault picks the names a Find error names: the values given that no
// key of the entity uses (used lists the names its keys use); else, among
// the names the keys found at fault (at), the values given (a value out
// of place), else the composites missing; else the values given.
func atFault(at, given, used []string, values entity.Values) []string {
	var unknown []string
	for _, n := range given {
		if !slices.Contains(used, n) {
			unknown = append(unknown, n)
		}
	}
	if len(unknown) > 0 {
		return unknown // a value no key of the entity takes at all
	}
	var gave, missing []string
	for _, n := range at {
		if _, ok := values[n]; ok {
			gave = append(gave, n)
		} else {
			missing = append(missing, n)
		}
	}
	switch {
	case len(gave) > 0:
		return gave
	case len(missing) > 0:
		return missing
	}
	return given
}

// keyNames lists the names the key of index (pk, sk) is built from.
func keyNames(table *entity.Table, index string, pk, sk contract.KeySpec) []string {
	var out []string
	if ix, ok := table.Index(index); ok && ix.MultiAttribute() {
		for _, a := range ix.PartitionKeys {
			out = append(out, a.Name)
		}
		for _, a := range ix.SortKeys {
			out = append(out, a.Name)
		}
		return out
	}
	out = append(out, pk.Uses...)
	return append(out, sk.Uses...)
}
