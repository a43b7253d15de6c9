package entity

import (
	"slices"
	"sort"
	"strings"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/keys"
)

// keySpace is what the table compares of each registered entity: the keys
// it renders and the entities it shares key spaces with on purpose.
type keySpace struct {
	keys   []keySpec
	shares []string
	// marker: the space of a unique attribute's marker items, which
	// SharesKeysWith never opens to another entity.
	marker bool
	// unmarked: the entity recognises unmarked items by their key layout
	// (Config.RecognizeUnmarked), so an overlap on an index is refused too.
	unmarked bool
	// values limits key composites to their Enum values (keys.Pair.Values).
	values map[string][]string
	// multi names the multi-attribute indexes the entity is placed on.
	multi []string
}

func (e *entityCore) keySpace() keySpace {
	ks := keySpace{shares: e.shares, unmarked: e.unmarked, values: e.enumComposites()}
	for _, d := range e.allKeys {
		ks.keys = append(ks.keys, d.keySpec)
	}
	for _, d := range e.indexes {
		if d.multi != nil {
			ks.multi = append(ks.multi, d.name)
		}
	}
	return ks
}

// placement is where items are addressed by a pair of key attributes: the
// table's primary key (index "") or an index.
type placement struct {
	index  string
	pk, sk string
}

func (t *Table) placements() []placement {
	out := []placement{{"", t.PartitionKey.Name, t.SortKey.Name}}
	for _, ix := range t.Indexes {
		if ix.MultiAttribute() {
			// No template renders a multi-attribute key: its entities
			// are kept apart by the entity marker alone (see multikey.go).
			continue
		}
		pk, sk, _ := t.KeyNames(ix.Name)
		out = append(out, placement{ix.Name, pk, sk})
	}
	return out
}

// placedPair is one way an entity renders a placement's key attributes.
type placedPair struct {
	pair           keys.Pair
	pkSpec, skSpec keySpec
}

// pairs returns the pairs of templates with which the entity renders p's
// key attributes; none if its items do not carry them (they are then not in
// that index).
func (ks keySpace) pairs(p placement) []placedPair {
	var out []placedPair
	for _, pk := range ks.keys {
		if pk.Attribute != p.pk {
			continue
		}
		if p.sk == "" {
			out = append(out, placedPair{pair: keys.Pair{Partition: pk.Template, Values: ks.values}, pkSpec: pk})
			continue
		}
		for _, sk := range ks.keys {
			if sk.Attribute == p.sk {
				out = append(out, placedPair{
					pair:   keys.Pair{Partition: pk.Template, Sort: sk.Template, AnySort: sk.Template == nil, Values: ks.values},
					pkSpec: pk, skSpec: sk,
				})
			}
		}
	}
	return out
}

// checkOverlap refuses an entity whose keys can be rendered by an entity
// already registered on the table's primary key, where a plain put or
// delete of one could hit the other's item, unless one of the two names
// the other in SharesKeysWith. On an index it refuses an overlap only where
// one of the two recognises unmarked items (or is a unique attribute's
// marker space), SharesKeysWith notwithstanding; Lint reports the others
// (LintIndexOverlap). The caller holds t.mu.
func (t *Table) checkOverlap(name string, ks keySpace, spaces map[string]keySpace) error {
	others := make([]string, 0, len(spaces))
	for n := range spaces {
		others = append(others, n)
	}
	sort.Strings(others)
	for _, p := range t.placements() {
		mine := ks.pairs(p)
		if len(mine) == 0 {
			continue
		}
		for _, other := range others {
			oks := spaces[other]
			if !refusesOverlap(p, name, ks, other, oks) {
				continue
			}
			for _, a := range mine {
				for _, b := range oks.pairs(p) {
					c, ok := keys.Overlap(a.pair, b.pair)
					if !ok {
						continue
					}
					e := &ddbmodel.KeyOverlapError{
						Entity: name, Other: other, Index: p.index,
						Attributes:     []string{p.pk},
						Templates:      []string{overlapText(a.pkSpec)},
						OtherTemplates: []string{overlapText(b.pkSpec)},
						Sample:         []string{c.Partition},
						Confirmed:      c.Confirmed,
					}
					if p.sk != "" {
						e.Attributes = append(e.Attributes, p.sk)
						e.Templates = append(e.Templates, overlapText(a.skSpec))
						e.OtherTemplates = append(e.OtherTemplates, overlapText(b.skSpec))
						e.Sample = append(e.Sample, c.Sort)
					}
					return e
				}
			}
		}
	}
	return t.checkMultiOverlap(name, ks, spaces, others)
}

// refusesOverlap reports whether Define refuses an overlap of the entities
// a and b on placement p (see checkOverlap).
func refusesOverlap(p placement, a string, aks keySpace, b string, bks keySpace) bool {
	if aks.marker || bks.marker {
		return true
	}
	if p.index != "" {
		return aks.unmarked || bks.unmarked
	}
	return !sharesKeys(a, aks, b, bks)
}

// sharesKeys reports whether a or b names the other in SharesKeysWith.
func sharesKeys(a string, aks keySpace, b string, bks keySpace) bool {
	return slices.Contains(aks.shares, b) || slices.Contains(bks.shares, a)
}

// overlapText is a key's template as a KeyOverlapError shows it: a
// computed key, which has none, as "computed (SortUses a, b)".
func overlapText(k keySpec) string {
	if k.Template == nil {
		return "computed (SortUses " + strings.Join(k.Uses, ", ") + ")"
	}
	return k.Template.String()
}

func templateText(k keySpec) string {
	if k.Template == nil {
		return ""
	}
	return k.Template.String()
}

// PrefixOverlap is a finding of [Table.PrefixOverlaps]: a query of Entity
// with only some of its sort composites given (a begins_with condition) can
// read items of Other in the same partition. It is not an error, since
// queries of an entity decode only its own items, but such a query reads,
// pays for and counts against its Limit the other entity's items, and a
// design usually means to keep them apart (MODULE#${m} vs
// MODULE#${m}#LESSON#${l}: a query of all modules returns the lessons).
type PrefixOverlap struct {
	Entity, Other string
	Index         string   // "" for the table's primary key
	Attributes    []string // partition and sort key attributes
	Template      string   // Entity's sort template
	OtherTemplate string   // Other's sort template ("" when computed by a function)
	Partition     string   // a partition key both render
	Prefix        string   // a begins_with prefix Entity's query renders
	Sort          string   // a sort key of Other that begins with Prefix
}

// PrefixOverlaps returns, for every placement (the table, then each index
// in order) and every ordered pair of entities defined on the table (sorted
// by name), the first sort key of the second that a partial query of the
// first can read: see [PrefixOverlap] and keys.PrefixOverlap. It is meant
// for linting a model; entities that share key spaces on purpose
// (SharesKeysWith) are included. A nil *Table has none.
func (t *Table) PrefixOverlaps() []PrefixOverlap {
	if t == nil {
		return nil
	}
	t.mu.RLock()
	defer t.mu.RUnlock()
	names := t.entityNames()
	var out []PrefixOverlap
	for _, p := range t.placements() {
		if p.sk == "" {
			continue
		}
		for _, a := range names {
			for _, b := range names {
				if a == b {
					continue
				}
			pairs:
				for _, pa := range t.entities[a].keySpace().pairs(p) {
					for _, pb := range t.entities[b].keySpace().pairs(p) {
						c, ok := keys.PrefixOverlap(pa.pair, pb.pair)
						if !ok {
							continue
						}
						out = append(out, PrefixOverlap{
							Entity: a, Other: b, Index: p.index, Attributes: []string{p.pk, p.sk},
							Template: templateText(pa.skSpec), OtherTemplate: templateText(pb.skSpec),
							Partition: c.Partition, Prefix: c.Prefix, Sort: c.Sort,
						})
						break pairs
					}
				}
			}
		}
	}
	return out
}
