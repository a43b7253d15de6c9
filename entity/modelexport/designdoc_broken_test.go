package modelexport_test

import (
	"strings"
	"testing"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/modelexport"
)

// A registered access pattern whose request does not build does not stop
// the design document: the other patterns and sections are written, and
// the broken one is listed on its row with its error (and in the lint
// findings as pattern-broken).
func TestDesignDocShowsABrokenPattern(t *testing.T) {
	t.Parallel()
	tb := &entity.Table{Name: "broken", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
	e := entity.MustDefine(tb, entity.Config[r4Item]{Name: "Item", Key: entity.Key{Partition: "I#${id}", Sort: "ITEM"}})
	tb.MustAddAccessPatterns(
		entity.GetPattern("AP1 good", "an item", e.Get(entity.Values{"id": "i1"})),
		entity.GetPattern("AP2 broken", "an item without its ID", e.Get(entity.Values{"owner": "o1"})),
		entity.GetPattern("AP3 also good", "another item", e.Get(entity.Values{"id": "i2"})),
	)
	doc, err := modelexport.DesignDoc(tb, entity.LintOptions{})
	if err != nil {
		t.Fatalf("DesignDoc with one broken pattern = %v, want the document", err)
	}
	text := string(doc)
	_, perr := tb.AccessPatterns()[1].Compile()
	if perr == nil {
		t.Fatal("AP2 compiles; the test needs a pattern that does not")
	}
	for _, want := range []string{
		"| AP1 good | GetItem | table | `PK = \"I#i1\" AND SK = \"ITEM\"` | an item |",
		"| AP2 broken | GetItem | — | **does not build:** " + strings.ReplaceAll(perr.Error(), "|", `\|`) + " | an item without its ID |",
		"| AP3 also good | GetItem | table | `PK = \"I#i2\" AND SK = \"ITEM\"` | another item |",
		"## Attributes the library adds",
		entity.LintPatternBroken,
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the document lacks %q:\n%s", want, text)
		}
	}
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(line, "| AP") && cells(line) != 5 {
			t.Errorf("row with %d cells, want 5: %s", cells(line), line)
		}
	}
}
