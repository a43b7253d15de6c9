package modelexport_test

import (
	"bytes"
	"encoding/json"
	"strconv"
	"testing"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/modelexport"
)

type wbDelimOrder struct {
	UserID  string `dynamo:"user_id"`
	OrderID string `dynamo:"order_id"`
	Version int    `dynamo:"version"`
	Region  string `dynamo:"region"`
}

// Templates whose delimiters are "-" or "_" export to NoSQL Workbench: no
// sample value holds a delimiter of a template it is rendered into, so
// every sample key is one its template renders and parses back. An int
// composite rendered as free text gets a number (7), not text such as
// version-1; a composite the templates allow "-" in keeps its name-1
// sample.
func TestWorkbenchSamplesFitDelimitersAndTypes(t *testing.T) {
	t.Parallel()
	tb := &entity.Table{Name: "orders", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"),
		Indexes: []entity.Index{{Name: "GSI1", PartitionKey: entity.S("GSI1PK"), SortKey: entity.S("GSI1SK")}}}
	entity.MustDefine(tb, entity.Config[wbDelimOrder]{Name: "Order",
		Key:     entity.Key{Partition: "USER-${user_id}", Sort: "ORDER_${order_id}_V#${version}"},
		Indexes: []entity.IndexKey[wbDelimOrder]{{Index: "GSI1", Partition: "R#${region}", Sort: "O#${order_id}"}}})
	doc, err := modelexport.NoSQLWorkbench(tb)
	if err != nil {
		t.Fatalf("NoSQLWorkbench of templates delimited by - and _: %v", err)
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
	item := items[0]
	got := map[string]string{}
	for _, p := range tb.Placements() {
		for _, ks := range []entity.KeySpec{p.Partition, p.Sort} {
			key, _ := item[ks.Attribute]["S"].(string)
			vals, err := ks.Template.Extract(key)
			if err != nil {
				t.Errorf("%s = %q does not parse back by %q: %v", ks.Attribute, key, ks.Template, err)
				continue
			}
			for c, v := range vals {
				if prev, ok := got[c]; ok && prev != v {
					t.Errorf("composite %s is %q in one key and %q in %s", c, prev, v, ks.Attribute)
				}
				got[c] = v
			}
		}
	}
	if _, err := strconv.Atoi(got["version"]); err != nil {
		t.Errorf("the int composite version's sample is %q, want a number", got["version"])
	}
	if got["region"] != "region-1" {
		t.Errorf("region's sample is %q, want region-1 (its templates allow -)", got["region"])
	}
	for _, c := range []string{"user_id", "order_id"} {
		if got[c] == "" {
			t.Errorf("no sample for %s: %v", c, got)
		}
	}
}

type wbVersion struct {
	DocID   string `dynamo:"docId"`
	Version int    `dynamo:"version"`
}

// An int composite rendered as free text in a "#"-delimited template gets
// a number as its sample (DOC#docId-1 / V#7), not version-1.
func TestWorkbenchSampleOfAFreeTextInt(t *testing.T) {
	t.Parallel()
	tb := &entity.Table{Name: "docs", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
	entity.MustDefine(tb, entity.Config[wbVersion]{Name: "Version", Key: entity.Key{Partition: "DOC#${docId}", Sort: "V#${version}"}})
	doc, err := modelexport.NoSQLWorkbench(tb)
	if err != nil {
		t.Fatal(err)
	}
	var m wbModel
	if err := json.Unmarshal(doc, &m); err != nil {
		t.Fatal(err)
	}
	item := m.DataModel[0].TableData[0]
	if got := [2]any{item["PK"]["S"], item["SK"]["S"]}; got != [2]any{"DOC#docId-1", "V#7"} {
		t.Errorf("sample keys %q, want DOC#docId-1 and V#7", got)
	}
}
