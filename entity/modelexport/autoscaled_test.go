package modelexport_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/modelexport"
	"github.com/ddbmodel/ddbmodel/internal/errtext"
)

// An auto-scaled table's Terraform export tells Terraform to leave the
// units to auto scaling: the table's read_capacity and write_capacity,
// and global_secondary_index as well on a table with a global index (an
// index's units cannot be ignored alone), with a comment on what that
// costs. The export still reads back into the model's CreateTable request
// (the lifecycle block is Terraform's own).
func TestTerraformOfAnAutoScaledTable(t *testing.T) {
	t.Parallel()
	noIndex := func() *entity.Table {
		table := &entity.Table{Name: "counters", PartitionKey: entity.S("PK"), Provisioned: &entity.Provisioned{Read: 5, Write: 5}}
		entity.MustDefine(table, entity.Config[counter]{Name: "Counter", Key: entity.Key{Partition: "COUNTER#${name}"}})
		return table
	}
	for _, tc := range []struct {
		name       string
		table      *entity.Table
		autoScaled bool
		ignore     []string // the lifecycle's ignore_changes; nil: no lifecycle block
		comment    bool     // the block says what ignoring the indexes costs
	}{
		{"indexes", streamedModel(false), true, []string{"read_capacity", "write_capacity", "global_secondary_index"}, true},
		{"index-units-of-their-own", streamedModel(true), true, []string{"read_capacity", "write_capacity", "global_secondary_index"}, true},
		{"no-index", noIndex(), true, []string{"read_capacity", "write_capacity"}, false},
		{"not-auto-scaled", streamedModel(false), false, nil, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.table.Provisioned.AutoScaled = tc.autoScaled
			doc, err := modelexport.Terraform(tc.table)
			must(t, err)
			ignore, comment := lifecycleOf(t, doc)
			if diff := cmp.Diff(tc.ignore, ignore); diff != "" {
				t.Errorf("ignore_changes (-want +got):\n%s\n%s", diff, doc)
			}
			cost := strings.Contains(comment, "also ignores any") && strings.Contains(comment, "other change to the indexes") &&
				strings.Contains(comment, "global_secondary_index taken out of this list")
			if cost != tc.comment {
				t.Errorf("lifecycle comment %q: says the cost = %v, want %v", comment, cost, tc.comment)
			}
			in, _ := fromTerraform(t, doc)
			if got, want := jsonOf(t, in), jsonOf(t, tc.table.CreateTableInput()); got != want {
				t.Errorf("read back %s\nwant %s", got, want)
			}
		})
	}
}

// lifecycleOf returns the names the resource's lifecycle block ignores
// and the comment lines in the block, joined by spaces; nil and "" when
// there is no such block.
func lifecycleOf(t *testing.T, doc []byte) (ignore []string, comment string) {
	t.Helper()
	_, block, ok := strings.Cut(string(doc), "\n  lifecycle {\n")
	if !ok {
		return nil, ""
	}
	block, _, ok = strings.Cut(block, "\n  }\n")
	if !ok {
		t.Fatalf("unterminated lifecycle block:\n%s", doc)
	}
	var notes []string
	for _, line := range strings.Split(block, "\n") {
		line = strings.TrimSpace(line)
		if note, ok := strings.CutPrefix(line, "# "); ok {
			notes = append(notes, note)
			continue
		}
		list, ok := strings.CutPrefix(line, "ignore_changes = [")
		if !ok || !strings.HasSuffix(list, "]") {
			t.Fatalf("lifecycle line %q", line)
		}
		ignore = strings.Split(strings.TrimSuffix(list, "]"), ", ")
	}
	return ignore, strings.Join(notes, " ")
}

type counter struct {
	Name  string `dynamo:"name"`
	Count int    `dynamo:"count"`
}

// A table whose units auto scaling manages: Terraform is told to ignore
// the table's units (a table without global indexes needs no comment).
func ExampleTerraform_autoScaled() {
	table := &entity.Table{Name: "counters", PartitionKey: entity.S("PK"),
		Provisioned: &entity.Provisioned{Read: 5, Write: 5, AutoScaled: true}}
	entity.MustDefine(table, entity.Config[counter]{Name: "Counter", Key: entity.Key{Partition: "COUNTER#${name}"}})
	doc, err := modelexport.Terraform(table)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(string(doc))
	// Output:
	// resource "aws_dynamodb_table" "counters" {
	//   name           = "counters"
	//   billing_mode   = "PROVISIONED"
	//   read_capacity  = 5
	//   write_capacity = 5
	//   hash_key       = "PK"
	//
	//   attribute {
	//     name = "PK"
	//     type = "S"
	//   }
	//
	//   lifecycle {
	//     ignore_changes = [read_capacity, write_capacity]
	//   }
	// }
}

// An export that cannot be made is refused with a *ddbmodel.ValidationError
// whose text has the module's one prefix and names the table.
func TestExportRefusalsAreValidationErrors(t *testing.T) {
	t.Parallel()
	lsi := streamedModel(true) // has LSI1 and the multi-attribute ByTenant
	for _, tc := range []struct {
		name string
		run  func() ([]byte, error)
		want string
	}{
		{"nil-table", func() ([]byte, error) { return modelexport.Terraform(nil) }, "the table is nil"},
		{"no-name", func() ([]byte, error) { return modelexport.CloudFormationJSON(&entity.Table{}) }, "no Name"},
		{"no-partition-key", func() ([]byte, error) { return modelexport.CloudFormationYAML(&entity.Table{Name: "t"}) }, `table "t": the table has no PartitionKey`},
		{"workbench-lsi", func() ([]byte, error) { return modelexport.NoSQLWorkbench(lsi) }, `table "orders": a Workbench model has no local secondary indexes; the table has LSI1`},
	} {
		_, err := tc.run()
		var ve *ddbmodel.ValidationError
		if !errors.As(err, &ve) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: err = %v, want a *ddbmodel.ValidationError saying %q", tc.name, err, tc.want)
			continue
		}
		if bad := errtext.CheckOnePrefix(err.Error()); bad != "" {
			t.Errorf("%s: %s", tc.name, bad)
		}
	}
}
