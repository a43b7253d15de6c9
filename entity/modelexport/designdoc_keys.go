package modelexport

import (
	"slices"
	"strings"

	"github.com/ddbmodel/ddbmodel/entity"
)

// codeList is names as code spans, joined by ", ".
func codeList(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = code(n)
	}
	return strings.Join(q, ", ")
}

// keyNamesCell is the heading of a key column of the templates table of
// the table (where "") or an index: the key attribute's name, or, for a
// multi-attribute key, each of its attributes.
func keyNamesCell(t *entity.Table, where, name string, partition bool) string {
	if ix, ok := t.Index(where); ok && ix.MultiAttribute() {
		ks := ix.SortKeys
		if partition {
			ks = ix.PartitionKeys
		}
		names := make([]string, len(ks))
		for i, k := range ks {
			names[i] = k.Name
		}
		return codeList(names)
	}
	return code(name)
}

// keyWrites says when a write renders the key attribute name: on every
// write, except for the sparse placements that use it, which write it
// only for an item in the index.
func keyWrites(places []entity.Placement, name string) string {
	var sparse []string
	for _, p := range places {
		if !p.Sparse && !p.When {
			continue
		}
		if p.Partition.Attribute == name || p.Sort.Attribute == name {
			if s := cell(p.Entity) + " on " + code(p.Index); !slices.Contains(sparse, s) {
				sparse = append(sparse, s)
			}
		}
	}
	if len(sparse) == 0 {
		return "a key, rendered from the templates above on every write"
	}
	return "a key, rendered from the templates above on every write, except in the sparse placements (" +
		strings.Join(sparse, ", ") + "), which write it only for an item in the index"
}
