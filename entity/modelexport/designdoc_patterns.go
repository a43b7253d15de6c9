package modelexport

import (
	"fmt"
	"strings"

	"github.com/ddbmodel/ddbmodel/entity"
)

// accessPatterns writes the design document's table of the registered
// access patterns; nothing when none is registered. A pattern that does
// not compile is listed with its error in place of its key condition
// (and Lint's pattern-broken finding says so too), so that the document
// of a model with one broken pattern still shows the rest.
func accessPatterns(b *strings.Builder, t *entity.Table) {
	ps := t.AccessPatterns()
	if len(ps) == 0 {
		return
	}
	b.WriteString("\n## Access patterns\n\n| pattern | operation | index | key condition | description |\n|---|---|---|---|---|\n")
	for _, p := range ps {
		c, err := p.Compile()
		if err != nil {
			op := c.Operation
			if op == "" {
				op = "—"
			}
			fmt.Fprintf(b, "| %s | %s | — | **does not build:** %s | %s |\n", cell(p.Name()), op, cell(err.Error()), cell(p.Doc()))
			continue
		}
		index := "table"
		if c.Index != "" {
			index = code(c.Index)
		}
		op := c.Operation
		if c.Shards > 0 {
			op += fmt.Sprintf(" (one per shard, %d; the first shown)", c.Shards)
		}
		fmt.Fprintf(b, "| %s | %s | %s | %s | %s |\n", cell(c.Name), op, index, code(c.KeyCondition), cell(c.Doc))
	}
}
