package entity

import (
	"fmt"
	"maps"
	"slices"
)

// More codes of [Table.Lint]'s findings.
const (
	// LintCapacityQuota: the table, or one of its global indexes, is
	// provisioned with more than DefaultTableUnitQuota read or write
	// capacity units, DynamoDB's default quota per table and per global
	// index. The quota can be raised for an account, so Validate accepts
	// the table; the finding (Warning) says to check that it was raised,
	// or to allow it.
	LintCapacityQuota = "capacity-quota"
	// LintTTLUnstored: the table's TTLAttribute is stored by no entity of
	// the table (a typo of a field's stored name, or a field since
	// renamed), so no item ever expires. Warning; the message suggests a
	// stored name close to it.
	LintTTLUnstored = "ttl-unstored"
)

// DefaultTableUnitQuota is DynamoDB's default quota of provisioned read
// capacity units, and of write capacity units, per table and per global
// index. An account may have it raised: [Table.Lint] reports capacity above
// it (LintCapacityQuota) rather than Validate refusing it.
const DefaultTableUnitQuota = 40_000

// lintCapacity reports provisioned capacity above the default quota, for
// the table and then each global index in order.
func (t *Table) lintCapacity() []Finding {
	if t.Provisioned == nil {
		return nil
	}
	var out []Finding
	check := func(index string, tp Throughput) {
		if tp.Read <= DefaultTableUnitQuota && tp.Write <= DefaultTableUnitQuota {
			return
		}
		of := "table " + t.Name
		if index != "" {
			of = "global index " + index
		}
		out = append(out, Finding{Severity: Warning, Code: LintCapacityQuota, Index: index,
			Message: fmt.Sprintf("%s is provisioned with %d read and %d write capacity units; DynamoDB's default quota is %d of each per table and per global index: creating it fails unless the account's quota was raised (a raisable quota)",
				of, tp.Read, tp.Write, DefaultTableUnitQuota)})
	}
	check("", Throughput{t.Provisioned.Read, t.Provisioned.Write})
	for _, ix := range t.Indexes {
		if ix.Local {
			continue
		}
		if tp, ok := t.IndexThroughput(ix.Name); ok {
			check(ix.Name, tp)
		}
	}
	return out
}

// lintTTL reports a TTLAttribute that no entity of the table stores, with
// the closest stored name as a suggestion. A table without entities is
// not reported: there is nothing to compare with yet.
func (t *Table) lintTTL() []Finding {
	if t.TTLAttribute == "" {
		return nil
	}
	t.mu.RLock()
	defer t.mu.RUnlock()
	if len(t.entities) == 0 {
		return nil
	}
	var stored []string
	for _, n := range slices.Sorted(maps.Keys(t.entities)) {
		sn, ok := t.entities[n].(interface{ storedNames() []string })
		if !ok {
			continue
		}
		names := sn.storedNames()
		if slices.Contains(names, t.TTLAttribute) {
			return nil
		}
		stored = append(stored, names...)
	}
	msg := fmt.Sprintf("the table's TTLAttribute %q is stored by no entity of table %s, so no item expires", t.TTLAttribute, t.Name)
	if hint := suggest(t.TTLAttribute, stored); hint != "" {
		msg += fmt.Sprintf(" (did you mean %q?)", hint)
	}
	return []Finding{{Severity: Warning, Code: LintTTLUnstored, Message: msg}}
}

// storedNames returns the attributes the entity's items may hold besides
// keys and markers: T's stored fields and its ExtraAttributes, sorted.
func (e *entityCore) storedNames() []string {
	names := slices.Collect(maps.Keys(e.sch.attrs))
	names = append(names, slices.Collect(maps.Keys(e.sch.extra))...)
	slices.Sort(names)
	return names
}
