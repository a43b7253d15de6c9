package modelexport_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/modelexport"
)

type numScore struct {
	ID    string `dynamo:"id"`
	Score string `dynamo:"score"` // a string field that also feeds the N sort key of ByScore
	Owner string `dynamo:"owner"`
}

// The Workbench export makes a sample key when a string field feeds both a
// string key and an N key: the composite gets the sample number, which
// every template of the entity renders (#16 F1).
func TestWorkbenchSampleOfAStringFeedingAnNKey(t *testing.T) {
	tbl := &entity.Table{Name: "scores", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"),
		Indexes: []entity.Index{{Name: "ByScore", PartitionKey: entity.S("GSI1PK"), SortKey: entity.N("GSI1SK")}}}
	entity.MustDefine(tbl, entity.Config[numScore]{Name: "Score", Key: entity.Key{Partition: "S#${id}", Sort: "SCORE#${score}"},
		Indexes: []entity.IndexKey[numScore]{{Index: "ByScore", Partition: "O#${owner}", Sort: "${score}"}}})
	doc, err := modelexport.NoSQLWorkbench(tbl)
	if err != nil {
		t.Fatalf("NoSQLWorkbench: %v", err)
	}
	var m wbModel
	if err := json.NewDecoder(bytes.NewReader(doc)).Decode(&m); err != nil {
		t.Fatal(err)
	}
	item := m.DataModel[0].TableData[0]
	if item["SK"]["S"] != "SCORE#7" || item["GSI1SK"]["N"] != "7" {
		t.Errorf("sample item %v, want SK SCORE#7 and GSI1SK 7", item)
	}
}

type sparseDoc struct {
	ID     string `dynamo:"id"`
	Status string `dynamo:"status,omitempty"`
	User   string `dynamo:"user"`
	At     int64  `dynamo:"at"`
}

// The design doc says a sparse placement's key is not written on every
// write (N2), and names each attribute of a multi-attribute key as code (N4).
func TestDesignDocSparseAndMultiKeys(t *testing.T) {
	tbl := &entity.Table{Name: "docs", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"),
		Indexes: []entity.Index{
			{Name: "ByStatus", PartitionKey: entity.S("GSI1PK"), SortKey: entity.S("GSI1SK")},
			{Name: "ByUser", PartitionKeys: []entity.KeyAttribute{entity.S("user"), entity.S("status")}, SortKeys: []entity.KeyAttribute{entity.N("at")}},
		}}
	entity.MustDefine(tbl, entity.Config[sparseDoc]{Name: "Doc", Key: entity.Key{Partition: "D#${id}", Sort: "D"},
		Indexes: []entity.IndexKey[sparseDoc]{{Index: "ByStatus", Partition: "S#${status}", Sort: "D#${id}", Sparse: true}, {Index: "ByUser"}}})
	doc, err := modelexport.DesignDoc(tbl, entity.LintOptions{})
	if err != nil {
		t.Fatal(err)
	}
	text := string(doc)
	for _, want := range []string{
		"| `GSI1PK` | a key, rendered from the templates above on every write, except in the sparse placements (Doc on `ByStatus`), which write it only for an item in the index |",
		"| `PK` | a key, rendered from the templates above on every write |",
		"| entity | `user`, `status` | `at` | items in it |",
		"| Doc | `user`, `status` | `at` | every item |",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("design doc lacks %q:\n%s", want, text)
		}
	}
}

// An entity name holding a line break, a quote, a '|' or HTML stays one
// table cell and one Mermaid label, and passes no markup into the doc
// (#16 N3).
func TestDesignDocEscapesEntityNames(t *testing.T) {
	tbl := &entity.Table{Name: "names", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
	const name = "Odd <b>bold</b> & \"quoted\"|piped\nsecond line"
	entity.MustDefine(tbl, entity.Config[numScore]{Name: name, Key: entity.Key{Partition: "S#${id}", Sort: "S"}})
	doc, err := modelexport.DesignDoc(tbl, entity.LintOptions{})
	if err != nil {
		t.Fatal(err)
	}
	text := string(doc)
	for _, raw := range []string{"<b>", "</b>", "second line\n", "\nsecond line"} {
		if strings.Contains(text, raw) {
			t.Errorf("the doc holds %q unescaped:\n%s", raw, text)
		}
	}
	var label string
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(line, "  E0[") {
			label = line
		}
	}
	if want := `  E0["Odd #60;b#62;bold#60;/b#62; #38; #quot;quoted#quot;|piped second line"]`; label != want {
		t.Errorf("Mermaid node %q, want %q", label, want)
	}
	if !strings.Contains(text, `Odd &lt;b>bold&lt;/b> &amp; "quoted"\|piped second line`) {
		t.Errorf("the doc does not hold the escaped name in one cell:\n%s", text)
	}
}

// Attribute names holding DEL or NEL, which JSON quoting leaves as they
// are, are written as \u escapes in the YAML, JSON and Terraform exports,
// so a YAML parser neither refuses the file nor reads NEL as a line break.
func TestExportsEscapeCharactersYAMLRefuses(t *testing.T) {
	names := []string{"del\x7f", "a\u0085b", "bom\ufeff"}
	tbl := &entity.Table{Name: "odd", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"),
		Indexes: []entity.Index{{Name: "GSI1", PartitionKey: entity.S("GSI1PK"),
			Projection: entity.Projection{Type: "INCLUDE", Attributes: names}}}}
	if err := tbl.Validate(); err != nil {
		t.Fatal(err)
	}
	for _, export := range []struct {
		name string
		fn   func(*entity.Table) ([]byte, error)
	}{{"YAML", modelexport.CloudFormationYAML}, {"JSON", modelexport.CloudFormationJSON}, {"Terraform", modelexport.Terraform}} {
		out, err := export.fn(tbl)
		if err != nil {
			t.Fatalf("%s: %v", export.name, err)
		}
		if strings.ContainsAny(string(out), "\x7f\u0085\ufeff") {
			t.Errorf("%s holds a raw DEL, NEL or BOM:\n%s", export.name, out)
		}
		for _, want := range []string{`"del\u007f"`, `"a\u0085b"`, `"bom\ufeff"`} {
			if !strings.Contains(string(out), want) {
				t.Errorf("%s lacks %s:\n%s", export.name, want, out)
			}
		}
	}
	out, _ := modelexport.CloudFormationJSON(tbl)
	var doc any
	if err := json.Unmarshal(out, &doc); err != nil {
		t.Fatal(err)
	}
	read := fmt.Sprint(doc)
	for _, n := range names {
		if !strings.Contains(read, n) {
			t.Errorf("the JSON export does not read back %q", n)
		}
	}
}
