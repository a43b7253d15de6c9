package modelexport

import (
	"fmt"
	"strings"

	"github.com/ddbmodel/ddbmodel/entity"
)

// accessPatterns writes the design document's table of the registered
// access patterns; nothing when none is registered. A pattern that does
// not compile is an error: the document would show a request the code
// never sends.
func accessPatterns(b *strings.Builder, t *entity.Table) error {
	ps := t.AccessPatterns()
	if len(ps) == 0 {
		return nil
	}
	b.WriteString("\n## Access patterns\n\n| pattern | operation | index | key condition | description |\n|---|---|---|---|---|\n")
	for _, p := range ps {
		c, err := p.Compile()
		if err != nil {
			return fmt.Errorf("modelexport: %w", err)
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
	return nil
}
