package modelexport_test

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/modelexport"
)

type wbTicket struct {
	ID     string `dynamo:"id"`
	Status string `dynamo:"status"`
	Owner  string `dynamo:"owner"`
}

// A key composite limited by an Enum gets one of the Enum's values in the
// sample item (its first), not the generic status-1 that the entity's own
// Put would refuse; a composite without an Enum keeps the generic value.
func TestWorkbenchSampleUsesAnEnumValue(t *testing.T) {
	t.Parallel()
	tb := &entity.Table{Name: "tickets", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
	entity.MustDefine(tb, entity.Config[wbTicket]{Name: "Ticket", Key: entity.Key{Partition: "O#${owner}", Sort: "S#${status}#${id}"},
		Attributes: map[string]entity.Attribute{"status": {Enum: []string{"OPEN", "CLOSED"}}}})
	doc, err := modelexport.NoSQLWorkbench(tb)
	if err != nil {
		t.Fatal(err)
	}
	var m wbModel
	dec := json.NewDecoder(bytes.NewReader(doc))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&m); err != nil {
		t.Fatal(err)
	}
	items := m.DataModel[0].TableData
	if len(items) != 1 {
		t.Fatalf("%d sample items, want 1", len(items))
	}
	if got := items[0]["SK"]["S"]; got != "S#OPEN#id-1" {
		t.Errorf("sample SK = %q, want S#OPEN#id-1 (the Enum's first value)", got)
	}
	if got := items[0]["PK"]["S"]; got != "O#owner-1" {
		t.Errorf("sample PK = %q, want O#owner-1", got)
	}
}
