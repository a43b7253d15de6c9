package entity

import (
	"fmt"
	"slices"
	"strings"

	"github.com/ddbmodel/ddbmodel"
)

// multiOverlaps returns the multi-attribute indexes that both key spaces
// place items in, in the table's index order. No template renders a
// multi-attribute key: each item's key is its own attribute values, so two
// entities placed on one such index share its key space by construction,
// unless Enum rules keep one of its attributes apart.
func (t *Table) multiOverlaps(aks, bks keySpace) []Index {
	var out []Index
	for _, ix := range t.Indexes {
		if ix.MultiAttribute() && slices.Contains(aks.multi, ix.Name) && slices.Contains(bks.multi, ix.Name) && !enumsApart(ix, aks, bks) {
			out = append(out, ix)
		}
	}
	return out
}

// enumsApart reports whether a key attribute of ix has an Enum rule in
// both key spaces with no value in common: their items then never share
// a key there.
func enumsApart(ix Index, aks, bks keySpace) bool {
	for _, k := range slices.Concat(ix.PartitionKeys, ix.SortKeys) {
		va, vb := aks.values[k.Name], bks.values[k.Name]
		if len(va) > 0 && len(vb) > 0 && !slices.ContainsFunc(va, func(v string) bool { return slices.Contains(vb, v) }) {
			return true
		}
	}
	return false
}

// multiKeyText is a multi-attribute index's key attributes, each as the
// template of its own value: ["${tenant}", "${day}"].
func multiKeyText(ix Index) (attrs, templates []string) {
	for _, k := range slices.Concat(ix.PartitionKeys, ix.SortKeys) {
		attrs = append(attrs, k.Name)
		templates = append(templates, "${"+k.Name+"}")
	}
	return attrs, templates
}

// checkMultiOverlap refuses, as checkOverlap does on a template index, two
// entities placed on one multi-attribute index when either recognises
// unmarked items (or is a unique attribute's marker space). The caller
// holds t.mu.
func (t *Table) checkMultiOverlap(name string, ks keySpace, spaces map[string]keySpace, others []string) error {
	for _, other := range others {
		oks := spaces[other]
		if !(ks.marker || oks.marker || ks.unmarked || oks.unmarked) {
			continue
		}
		for _, ix := range t.multiOverlaps(ks, oks) {
			attrs, tmpl := multiKeyText(ix)
			return &ddbmodel.KeyOverlapError{Entity: name, Other: other, Index: ix.Name,
				Attributes: attrs, Templates: tmpl, OtherTemplates: tmpl, Sample: tmpl, Confirmed: true}
		}
	}
	return nil
}

// lintMultiOverlap is the index-overlap finding of entities a and b on a
// multi-attribute index both are placed on.
func lintMultiOverlap(ix Index, a, b string) Finding {
	attrs, tmpl := multiKeyText(ix)
	text := strings.Join(tmpl, " / ")
	return Finding{Severity: Warning, Code: LintIndexOverlap, Entities: []string{a, b}, Index: ix.Name,
		Templates: []string{text, text},
		Message: fmt.Sprintf("%s and %s are both placed on the multi-attribute index %s (%s), whose key is each item's own values: any item of one can share its key with an item of the other; the entity marker keeps their items apart, but a query of either reads the other's items under that key",
			a, b, ix.Name, strings.Join(attrs, ", "))}
}
