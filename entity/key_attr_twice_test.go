package entity_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
)

type katItem struct {
	ID    string `dynamo:"id"`
	Other string `dynamo:"other"`
}

// One key attribute is one value per item: two placements that render it
// with different templates (an index keyed on the table's attributes in
// swapped roles, two indexes sharing an attribute) are refused at Define,
// naming both placements; the same template twice (an inverted index that
// repeats the table's templates) is accepted.
func TestDefineRefusesOneKeyAttributeRenderedTwoWays(t *testing.T) {
	t.Parallel()
	table := func(ix ...entity.Index) *entity.Table {
		return &entity.Table{Name: "kat", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"), Indexes: ix}
	}
	inverted := entity.Index{Name: "Inverted", PartitionKey: entity.S("SK"), SortKey: entity.S("PK")}
	gsi1 := entity.Index{Name: "GSI1", PartitionKey: entity.S("GSI1PK"), SortKey: entity.S("GSI1SK")}
	gsi2 := entity.Index{Name: "GSI2", PartitionKey: entity.S("GSI1SK"), SortKey: entity.S("GSI2SK")}
	key := entity.Key{Partition: "ITEM#${id}", Sort: "META"}
	cases := []struct {
		name   string
		table  *entity.Table
		ix     []entity.IndexKey[katItem]
		attr   string // the refusal's attribute; "" for a clean twin
		reason []string
	}{
		{"inverted index with other templates", table(inverted),
			[]entity.IndexKey[katItem]{{Index: "Inverted", Partition: "OTHER#${other}", Sort: "ITEM#${id}"}},
			"SK", []string{"the table's sort key", "index Inverted's partition key", `"META"`, `"OTHER#${other}"`}},
		{"inverted index repeating the table's templates", table(inverted),
			[]entity.IndexKey[katItem]{{Index: "Inverted", Partition: "META", Sort: "ITEM#${id}"}},
			"", nil},
		{"two indexes sharing an attribute", table(gsi1, gsi2),
			[]entity.IndexKey[katItem]{{Index: "GSI1", Partition: "O#${other}", Sort: "I#${id}"}, {Index: "GSI2", Partition: "X#${other}", Sort: "I#${id}"}},
			"GSI1SK", []string{"index GSI1's sort key", "index GSI2's partition key", `"I#${id}"`, `"X#${other}"`}},
		{"two indexes sharing an attribute with one template", table(gsi1, gsi2),
			[]entity.IndexKey[katItem]{{Index: "GSI1", Partition: "O#${other}", Sort: "I#${id}"}, {Index: "GSI2", Partition: "I#${id}", Sort: "O#${other}"}},
			"", nil},
	}
	for _, c := range cases {
		_, err := entity.Define(c.table, entity.Config[katItem]{Name: "Item", Key: key, Indexes: c.ix})
		if c.attr == "" {
			if err != nil {
				t.Errorf("%s: Define = %v, want nil", c.name, err)
			}
			continue
		}
		var ve *ddbmodel.ValidationError
		if !errors.As(err, &ve) || ve.Entity != "Item" || ve.Attribute != c.attr {
			t.Errorf("%s: Define = %v, want a *ddbmodel.ValidationError on Item.%s", c.name, err, c.attr)
			continue
		}
		for _, r := range c.reason {
			if !strings.Contains(ve.Reason, r) {
				t.Errorf("%s: reason %q lacks %q", c.name, ve.Reason, r)
			}
		}
	}
}
