package modelexport_test

import (
	"strings"
	"testing"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/modelexport"
)

// LogicalID and ResourceName of a nil table gave a nil dereference; they
// give "" (#16 review 5, F2).
func TestNamesOfNilTable(t *testing.T) {
	t.Parallel()
	if got := modelexport.LogicalID(nil); got != "" {
		t.Errorf("LogicalID(nil) = %q, want \"\"", got)
	}
	if got := modelexport.ResourceName(nil); got != "" {
		t.Errorf("ResourceName(nil) = %q, want \"\"", got)
	}
}

// A table name of 255 characters gave a logical ID of 260, which
// CloudFormation refuses: a long ID keeps its start and ends in a hash of
// the name, within 255 characters, the same for the same name and
// different for two names (#16 review 5, D4).
func TestLogicalIDWithinLimit(t *testing.T) {
	t.Parallel()
	id := func(name string) string {
		return modelexport.LogicalID(&entity.Table{Name: name, PartitionKey: entity.S("pk")})
	}
	a, b := strings.Repeat("a", 254)+"b", strings.Repeat("a", 254)+"c"
	ia, ib := id(a), id(b)
	for _, got := range []string{ia, ib} {
		if len(got) > 255 || !strings.HasPrefix(got, "A"+strings.Repeat("a", 200)) || !strings.HasSuffix(got, "Table") {
			t.Errorf("LogicalID = %q (%d characters), want at most 255 beginning with the name and ending in Table", got, len(got))
		}
		for _, r := range got {
			if !('a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9') {
				t.Errorf("LogicalID %q holds %q; CloudFormation takes letters and digits", got, r)
				break
			}
		}
	}
	if ia == ib || ia != id(a) {
		t.Errorf("LogicalID of two long names: %q and %q; want two IDs, each the same every time", ia, ib)
	}
	if got := id(strings.Repeat("a", 200)); got != "A"+strings.Repeat("a", 199)+"Table" {
		t.Errorf("LogicalID of a 200-character name = %q, want it unchanged", got)
	}
}
