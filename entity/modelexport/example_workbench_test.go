package modelexport_test

import (
	"encoding/json"
	"fmt"

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
				TableData         []map[string]map[string]string
			}
		}
	}
	if err := json.Unmarshal(doc, &model); err != nil {
		fmt.Println(err)
		return
	}
	for _, f := range model.DataModel[0].TableFacets {
		fmt.Println(f.FacetName, f.KeyAttributeAlias["PartitionKeyAlias"], f.KeyAttributeAlias["SortKeyAlias"])
		item := f.TableData[0]
		fmt.Println(" sample:", item["PK"]["S"], item["SK"]["S"], item["GSI1PK"]["S"])
	}
	// Output:
	// Session USER#${userId} SESSION#${sessionId}
	//  sample: USER#userId-1 SESSION#sessionId-1 SESSION#sessionId-1
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
