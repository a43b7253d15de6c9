package entity

import (
	"fmt"
	"slices"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// More codes of [Table.Lint]'s findings.
const (
	// LintProjectionUnstored: an INCLUDE index projects an attribute
	// (Projection.Attributes) that no entity placing items in the index
	// stores, nor writes as a key: a typo, or a field since renamed, so
	// a read of the index lacks the attribute it was meant to carry.
	// Warning; the message suggests a stored name close to it.
	LintProjectionUnstored = "projection-unstored"
)

// DefaultAccountUnitQuota is DynamoDB's default account-level quota of
// provisioned read capacity units, and of write capacity units, per
// Region. DynamoDB's quotas page says that the total of a table and all
// its global indexes must stay below it as well as each staying within
// [DefaultTableUnitQuota]; an account may have it raised, so
// [Table.Lint] reports a sum above it (LintCapacityQuota) rather than
// Validate refusing it.
const DefaultAccountUnitQuota = 80_000

// lintCapacitySum reports a provisioned table whose own capacity and its
// global indexes' summed exceed DefaultAccountUnitQuota, in reads or in
// writes.
func (t *Table) lintCapacitySum() []Finding {
	if t.Provisioned == nil {
		return nil
	}
	read, write := t.Provisioned.Read, t.Provisioned.Write
	for _, ix := range t.Indexes {
		if tp, ok := t.IndexThroughput(ix.Name); ok && !ix.Local {
			read, write = read+tp.Read, write+tp.Write
		}
	}
	if read <= DefaultAccountUnitQuota && write <= DefaultAccountUnitQuota {
		return nil
	}
	return []Finding{{Severity: Warning, Code: LintCapacityQuota,
		Message: fmt.Sprintf("table %s and its global indexes are provisioned with %d read and %d write capacity units in all; DynamoDB's default account quota, which a table and all its global indexes together must stay within, is %d of each per Region: creating it fails unless the account's quota was raised (a raisable quota)",
			t.Name, read, write, DefaultAccountUnitQuota)}}
}

// lintProjection reports each attribute an INCLUDE index projects that no
// entity placing items in the index holds: neither a stored field or
// ExtraAttribute of its T nor a key attribute it writes. An index no
// entity places items in is left to LintUnusedIndex.
func (t *Table) lintProjection() []Finding {
	var out []Finding
	for _, ix := range t.Indexes {
		if ix.Projection.Type != types.ProjectionTypeInclude {
			continue
		}
		var placed, held []string
		for _, m := range t.models() {
			if !slices.ContainsFunc(m.places, func(p Placement) bool { return p.Index == ix.Name }) {
				continue
			}
			placed = append(placed, m.name)
			held = append(held, t.entityHolds(m)...)
		}
		if len(placed) == 0 {
			continue
		}
		for _, a := range ix.Projection.Attributes {
			if slices.Contains(held, a) {
				continue
			}
			msg := fmt.Sprintf("index %s projects attribute %q, which no entity placing items in it (%v) stores, so no read of the index returns it", ix.Name, a, placed)
			if hint := suggest(a, held); hint != "" {
				msg += fmt.Sprintf(" (did you mean %q?)", hint)
			}
			out = append(out, Finding{Severity: Warning, Code: LintProjectionUnstored, Entities: placed, Index: ix.Name, Message: msg})
		}
	}
	return out
}

// entityHolds returns the attributes an item of m may hold: its stored
// fields and ExtraAttributes, and the key attributes it writes.
func (t *Table) entityHolds(m entityModel) []string {
	t.mu.RLock()
	d := t.entities[m.name]
	t.mu.RUnlock()
	var out []string
	if sn, ok := d.(interface{ storedNames() []string }); ok {
		out = sn.storedNames()
	}
	for _, p := range m.places {
		for _, k := range []KeySpec{p.Partition, p.Sort} {
			if k.Attribute != "" {
				out = append(out, k.Attribute)
			}
		}
	}
	return out
}
