package modelexport_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/modelexport"
	"github.com/ddbmodel/ddbmodel/internal/errtext"
)

// An auto-scaled table's Terraform export tells Terraform to leave the
// table's units to auto scaling, says why a global index's units still
// show in a plan, and reads back into the same CreateTable request as
// the model's (the lifecycle block is Terraform's own).
func TestTerraformOfAnAutoScaledTable(t *testing.T) {
	t.Parallel()
	model := streamedModel(false)
	model.Provisioned.AutoScaled = true
	doc, err := modelexport.Terraform(model)
	must(t, err)
	for _, want := range []string{
		"  lifecycle {\n    # Auto scaling changes the units;",
		"    ignore_changes = [read_capacity, write_capacity]\n  }\n}\n",
		"read_capacity    = 5",
	} {
		if !strings.Contains(string(doc), want) {
			t.Errorf("export lacks %q:\n%s", want, doc)
		}
	}
	in, _ := fromTerraform(t, doc)
	if got, want := jsonOf(t, in), jsonOf(t, model.CreateTableInput()); got != want {
		t.Errorf("read back %s\nwant %s", got, want)
	}
	model.Provisioned.AutoScaled = false
	doc, err = modelexport.Terraform(model)
	must(t, err)
	if strings.Contains(string(doc), "lifecycle") {
		t.Errorf("a table without auto scaling got a lifecycle block:\n%s", doc)
	}
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
