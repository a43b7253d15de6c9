package entity

import (
	"fmt"

	"github.com/ddbmodel/ddbmodel/keys"
)

// LintIndexOverlap: two entities' templates can render the same key on an
// index. Define refuses such an overlap on the table's primary key (a plain
// put or delete of one could hit the other's item), and on an index only
// where one of the two recognises unmarked items; elsewhere the entity
// marker keeps the items apart (an entity's query decodes only its own
// items), but a query of one reads, pays for and counts against its Limit
// the other's items under that key. Entities that name each other in
// SharesKeysWith share their key spaces on purpose and are not reported.
const LintIndexOverlap = "index-overlap"

// lintIndexOverlaps reports, for each index and each pair of entities
// (sorted by name), the first key both can render on it.
func (t *Table) lintIndexOverlaps() []Finding {
	t.mu.RLock()
	defer t.mu.RUnlock()
	names := t.entityNames()
	var out []Finding
	for i, a := range names {
		for _, b := range names[i+1:] {
			aks, bks := t.entities[a].keySpace(), t.entities[b].keySpace()
			if sharesKeys(a, aks, b, bks) {
				continue
			}
			for _, ix := range t.multiOverlaps(aks, bks) {
				out = append(out, lintMultiOverlap(ix, a, b))
			}
		}
	}
	for _, p := range t.placements() {
		if p.index == "" {
			continue
		}
		for i, a := range names {
			aks := t.entities[a].keySpace()
			for _, b := range names[i+1:] {
				bks := t.entities[b].keySpace()
				if sharesKeys(a, aks, b, bks) {
					continue
				}
				if f, ok := indexOverlap(p, a, aks, b, bks); ok {
					out = append(out, f)
				}
			}
		}
	}
	return out
}

func indexOverlap(p placement, a string, aks keySpace, b string, bks keySpace) (Finding, bool) {
	for _, pa := range aks.pairs(p) {
		for _, pb := range bks.pairs(p) {
			c, ok := keys.Overlap(pa.pair, pb.pair)
			if !ok {
				continue
			}
			attrs, sample := p.pk, fmt.Sprintf("%q", c.Partition)
			ta, tb := overlapText(pa.pkSpec), overlapText(pb.pkSpec)
			if p.sk != "" {
				attrs += ", " + p.sk
				sample += fmt.Sprintf(" / %q", c.Sort)
				ta += " / " + overlapText(pa.skSpec)
				tb += " / " + overlapText(pb.skSpec)
			}
			return Finding{Severity: Warning, Code: LintIndexOverlap, Entities: []string{a, b}, Index: p.index,
				Templates: []string{ta, tb},
				Message: fmt.Sprintf("%s (%s) and %s (%s) can render the same key on index %s (%s): %s; the entity marker keeps their items apart, but a query of either reads the other's items under that key; change a template if they are meant to be apart",
					a, ta, b, tb, p.index, attrs, sample)}, true
		}
	}
	return Finding{}, false
}
