package entity

import (
	"fmt"
	"strings"
)

// LintEnumKeyRefused is the code of [Table.Lint]'s finding of an Enum
// value that a key template of the entity refuses (it holds the delimiter
// that follows the composite, say): the Enum allows it, but every put and
// update with it fails. Warning. A sparse placement refusing every value
// is LintSparseNoWayIn instead.
const LintEnumKeyRefused = "enum-key-refused"

// lintEnumKeys reports the Enum values of p's key composites that the
// template refuses.
func lintEnumKeys(m entityModel, p Placement) []Finding {
	if p.MultiAttribute {
		return nil
	}
	var out []Finding
	for _, ks := range []KeySpec{p.Partition, p.Sort} {
		if ks.Template == nil {
			continue
		}
		for _, c := range ks.Template.Composites() {
			f := m.fields[c]
			var refused []string
			for _, v := range f.enum {
				if refusesValue(m, ks.Template, c, v) {
					refused = append(refused, v)
				}
			}
			if len(refused) == 0 || p.Index != "" && p.Sparse && len(refused) == len(f.enum) {
				continue
			}
			where := "the table"
			if p.Index != "" {
				where = "index " + p.Index
			}
			out = append(out, Finding{Severity: Warning, Code: LintEnumKeyRefused, Entities: []string{p.Entity}, Index: p.Index,
				Templates: []string{placementKey(p)},
				Message: fmt.Sprintf("%s's key template %s on %s refuses %s, which the Enum of %s allows: every put or update of %s with it fails; drop it from the Enum or change the template",
					p.Entity, ks.Template, where, strings.Join(quoteAll(refused), ", "), c, p.Entity)})
		}
	}
	return out
}

func quoteAll(vs []string) []string {
	out := make([]string, len(vs))
	for i, v := range vs {
		out[i] = fmt.Sprintf("%q", v)
	}
	return out
}
