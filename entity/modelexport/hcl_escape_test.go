package modelexport_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/modelexport"
)

// Terraform's HCL has no \b or \f escape (JSON has both): a name holding a
// backspace, a form feed or another control character is written with
// \uNNNN, and reads back as the same name.
func TestTerraformEscapesControlCharactersAsHCLDoes(t *testing.T) {
	names := []string{"a\bb", "c\fd", "e\x01f", `g"h\i`, "j${k}", "l\tm"}
	tbl := &entity.Table{Name: "ctl", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"),
		Indexes: []entity.Index{{Name: "GSI1", PartitionKey: entity.S("GSI1PK"),
			Projection: entity.Projection{Type: "INCLUDE", Attributes: names}}}}
	if err := tbl.Validate(); err != nil {
		t.Fatal(err)
	}
	out, err := modelexport.Terraform(tbl)
	if err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{`\b`, `\f`, "\b", "\f", "\x01"} {
		if strings.Contains(string(out), bad) {
			t.Errorf("the HCL holds %q, which HCL does not take:\n%s", bad, out)
		}
	}
	for _, want := range []string{`"a\u0008b"`, `"c\u000cd"`, `"e\u0001f"`} {
		if !strings.Contains(string(out), want) {
			t.Errorf("the HCL lacks %s", want)
		}
	}
	in, _ := fromTerraform(t, out)
	got := in.GlobalSecondaryIndexes[0].Projection.NonKeyAttributes
	if !slices.Equal(got[:len(names)], names) { // then the marker attributes
		t.Errorf("read back %q, want %q", got, names)
	}
}
