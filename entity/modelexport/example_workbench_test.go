package modelexport_test

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/modelexport"
)

func ExampleNoSQLWorkbench() {
	doc, err := modelexport.NoSQLWorkbench(sessions())
	if err != nil {
		fmt.Println(err)
		return
	}
	var model struct {
		DataModel []struct {
			TableFacets []struct {
				FacetName         string
				KeyAttributeAlias map[string]string
				TableData         []map[string]map[string]any
			}
		}
	}
	if err := json.Unmarshal(doc, &model); err != nil {
		fmt.Println(err)
		return
	}
	// Each facet's sample item is what a Put of a sample value of the
	// entity writes: its fields, keys, TTL and markers.
	for _, f := range model.DataModel[0].TableFacets {
		fmt.Println(f.FacetName, f.KeyAttributeAlias["PartitionKeyAlias"], f.KeyAttributeAlias["SortKeyAlias"])
		item := f.TableData[0]
		for _, name := range slices.Sorted(maps.Keys(item)) {
			fmt.Println(" ", name, item[name])
		}
	}
	// Output:
	// Session USER#${userId} SESSION#${sessionId}
	//   GSI1PK map[S:SESSION#sessionId-1]
	//   PK map[S:USER#userId-1]
	//   SK map[S:SESSION#sessionId-1]
	//   __entity map[S:Session]
	//   __entity_version map[S:1]
	//   expiresAt map[N:1719835200]
	//   sessionId map[S:sessionId-1]
	//   userId map[S:userId-1]
}

func ExampleFiles() {
	for _, f := range modelexport.Files(sessions(), "sessions", entity.LintOptions{}) {
		fmt.Println(f.Name, len(f.Data) > 0, f.Err)
	}
	// Output:
	// sessions.cfn.json true <nil>
	// sessions.cfn.yaml true <nil>
	// sessions.tf true <nil>
	// sessions.md true <nil>
	// sessions.workbench.json true <nil>
}
