package entity

import "fmt"

// LintPatternBroken: a registered access pattern does not compile (see
// [Table.AddAccessPatterns]). Its message names the pattern; fix the
// pattern rather than allow the finding.
const LintPatternBroken = "pattern-broken"

// lintPatterns checks the registered access patterns: each must compile,
// and, once any is registered, every index that entities place items in
// must be read by one (an unused-index finding otherwise).
func (t *Table) lintPatterns(placed map[string]bool) []Finding {
	patterns := t.AccessPatterns()
	if len(patterns) == 0 {
		return nil
	}
	var out []Finding
	read := map[string]bool{}
	for _, p := range patterns {
		c, err := p.Compile()
		if err != nil {
			// Filed under the index it means to read, which is not then
			// reported unused as well.
			ix := p.indexName()
			out = append(out, Finding{Severity: Error, Code: LintPatternBroken, Index: ix, Message: err.Error()})
			read[ix] = true
			continue
		}
		read[c.Index] = true
	}
	for _, ix := range t.Indexes {
		if placed[ix.Name] && !read[ix.Name] {
			out = append(out, Finding{Severity: Warning, Code: LintUnusedIndex, Index: ix.Name,
				Message: fmt.Sprintf("no registered access pattern reads index %s, though entities place items in it; register the pattern that reads it, or drop the index", ix.Name)})
		}
	}
	return out
}
