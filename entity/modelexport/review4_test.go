package modelexport_test

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/modelexport"
)

type r4Item struct {
	ID    string  `dynamo:"id"`
	Owner string  `dynamo:"owner"`
	Title string  `dynamo:"title"`
	Price float64 `dynamo:"price"`
}

// TestDesignDocEscapesMarkdown checks (against testdata/escaping.md) that
// a newline, a '|' or backticks in a pattern's name or description, or
// backticks in a name, leave the access patterns one table row each.
func TestDesignDocEscapesMarkdown(t *testing.T) {
	t.Parallel()
	tb := &entity.Table{Name: "escaping", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
	e := entity.MustDefine(tb, entity.Config[r4Item]{Name: "Item`s", Key: entity.Key{Partition: "I#${id}", Sort: "I`x|y"}})
	tb.MustAddAccessPatterns(
		entity.GetPattern("AP1 `get` | one", "an item by ID:\nthe first line\r\nand a | pipe, a `tick` and a \\ backslash", e.Get(entity.Values{"id": "a|b`c"})),
		entity.GetPattern("AP2", "plain", e.Get(entity.Values{"id": "x"})),
	)
	doc, err := modelexport.DesignDoc(tb, entity.LintOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var rows []string
	in := false
	for _, line := range strings.Split(string(doc), "\n") {
		switch {
		case strings.HasPrefix(line, "## Access patterns"):
			in = true
		case in && strings.HasPrefix(line, "## "):
			in = false
		case in && strings.HasPrefix(line, "|"):
			rows = append(rows, line)
		}
	}
	if len(rows) != 4 { // head, rule, two patterns
		t.Fatalf("access pattern table has %d rows, want 4:\n%s", len(rows), strings.Join(rows, "\n"))
	}
	for _, r := range rows {
		if n := cells(r); n != 5 {
			t.Errorf("row with %d cells, want 5: %s", n, r)
		}
	}
	goldenFile(t, filepath.Join("testdata", "escaping.md"), doc, "go test ./entity/modelexport -run TestDesignDocEscapesMarkdown -update")
}

// cells counts the cells of a GFM table row: the '|' not escaped and not
// inside a code span, less one.
func cells(row string) int {
	n, fence := 0, 0
	for i := 0; i < len(row); i++ {
		switch {
		case row[i] == '\\':
			i++
		case row[i] == '`':
			j := i
			for j < len(row) && row[j] == '`' {
				j++
			}
			switch run := j - i; {
			case fence == 0:
				fence = run
			case run == fence:
				fence = 0
			}
			i = j - 1
		case row[i] == '|' && fence == 0:
			n++
		}
	}
	return n - 1
}

// TestNoSQLWorkbenchDeclaresProjectedAttributes checks that every
// attribute an index projects is declared among the table's
// NonKeyAttributes, as the format resolves projections against them: the
// user's INCLUDE attributes and both marker attributes.
func TestNoSQLWorkbenchDeclaresProjectedAttributes(t *testing.T) {
	t.Parallel()
	tb := &entity.Table{Name: "projected", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"), Indexes: []entity.Index{
		{Name: "ByOwner", PartitionKey: entity.S("GSI1PK"), SortKey: entity.S("GSI1SK"), Projection: entity.Projection{Type: "INCLUDE", Attributes: []string{"title", "price"}}},
		{Name: "KeysOnly", PartitionKey: entity.S("GSI2PK"), Projection: entity.Projection{Type: "KEYS_ONLY"}},
	}}
	entity.MustDefine(tb, entity.Config[r4Item]{Name: "Item", Key: entity.Key{Partition: "I#${id}", Sort: "I"},
		Indexes: []entity.IndexKey[r4Item]{{Index: "ByOwner", Partition: "O#${owner}", Sort: "I#${id}"}, {Index: "KeysOnly", Partition: "ALL#${id}"}}})
	checkProjectedDeclared(t, tb)
	for _, m := range models {
		if m.name == "blog" {
			continue // a multi-attribute index: no Workbench model
		}
		t.Run(m.name, func(t *testing.T) { checkProjectedDeclared(t, m.table) })
	}
}

func checkProjectedDeclared(t *testing.T, tb *entity.Table) {
	t.Helper()
	doc, err := modelexport.NoSQLWorkbench(tb)
	if err != nil {
		t.Fatal(err)
	}
	var wb wbModel
	if err := json.NewDecoder(bytes.NewReader(doc)).Decode(&wb); err != nil {
		t.Fatal(err)
	}
	m := wb.DataModel[0]
	declared := map[string]string{}
	for _, a := range m.NonKeyAttributes {
		declared[a.AttributeName] = a.AttributeType
	}
	for _, ix := range m.GlobalSecondaryIndexes {
		for _, a := range ix.Projection.NonKeyAttributes {
			if declared[a] == "" {
				t.Errorf("%s: index %s projects %s, which the table's NonKeyAttributes do not declare (%v)", tb.Name, ix.IndexName, a, m.NonKeyAttributes)
			}
		}
	}
}
