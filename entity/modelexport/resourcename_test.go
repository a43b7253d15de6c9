package modelexport_test

import (
	"testing"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/modelexport"
)

// ResourceName does what its doc says, case by case: runs of other
// characters inside the name become one underscore, runs at either end
// are dropped, and a name not starting with a letter gets "table_".
func TestResourceNameAsDocumented(t *testing.T) {
	t.Parallel()
	for name, want := range map[string]string{
		"edtech-platform": "edtech_platform",
		"-app-":           "app",
		"My..App__Prod":   "my_app_prod",
		"2024-data":       "table_2024_data",
		"":                "table_",
		"...":             "table_",
		"表":               "table_",
		"a表b":             "a_b",
	} {
		if got := modelexport.ResourceName(&entity.Table{Name: name}); got != want {
			t.Errorf("ResourceName(%q) = %q, want %q", name, got, want)
		}
	}
}
