package entity

import (
	"fmt"
	"slices"
)

// More codes of [Table.Lint]'s findings.
const (
	// LintStaleShares: an entity's Config.SharesKeysWith names an entity
	// the table does not have (a typo, or one since removed), or the
	// entity itself, so it shares nothing. Warning, like LintStaleAllow.
	LintStaleShares = "stale-shares"
	// LintInvalidTable: Lint was called on a nil *Table, or on a table
	// whose declaration Define would refuse (see [Table.Validate]); its
	// one finding (Error) says why, and nothing else is checked.
	LintInvalidTable = "invalid-table"
)

// lintInvalid is Lint's finding for a table it cannot lint; nil for one
// it can.
func (t *Table) lintInvalid() []Finding {
	if t == nil {
		return []Finding{{Severity: Error, Code: LintInvalidTable, Message: "Lint of a nil *entity.Table"}}
	}
	if err := t.check(); err != nil {
		return []Finding{{Severity: Error, Code: LintInvalidTable, Message: err.Error()}}
	}
	return nil
}

// lintShares reports the SharesKeysWith entries that name no other entity
// of the table, in entity order.
func (t *Table) lintShares() []Finding {
	names := t.Entities()
	t.mu.RLock()
	defer t.mu.RUnlock()
	var out []Finding
	for _, n := range names {
		for _, other := range t.entities[n].keySpace().shares {
			if slices.Contains(names, other) && other != n {
				continue
			}
			msg := fmt.Sprintf("%s names %q in SharesKeysWith, which is no entity of table %s, so it shares nothing; remove it", n, other, t.Name)
			if other == n {
				msg = fmt.Sprintf("%s names itself in SharesKeysWith, which shares nothing; remove it", n)
			} else if hint := suggest(other, names); hint != "" {
				msg += fmt.Sprintf(" or write %q", hint)
			}
			out = append(out, Finding{Severity: Warning, Code: LintStaleShares, Entities: []string{n}, Message: msg})
		}
	}
	return out
}

// LintIndexQuota: the table declares more global indexes than DynamoDB's
// default quota of 20 per table. The quota can be raised for an account,
// so Validate accepts the table; the finding (Warning) says to check that
// the account's quota was raised, or to allow it.
const LintIndexQuota = "index-quota"

// lintQuota reports more global indexes than the default quota.
func (t *Table) lintQuota() []Finding {
	n := 0
	for _, ix := range t.Indexes {
		if !ix.Local {
			n++
		}
	}
	if n <= defaultGlobalIndexCap {
		return nil
	}
	return []Finding{{Severity: Warning, Code: LintIndexQuota,
		Message: fmt.Sprintf("table %s declares %d global indexes; DynamoDB's default quota is %d per table: creating it fails unless the account's quota was raised", t.Name, n, defaultGlobalIndexCap)}}
}
