package entity_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
)

type shMember struct {
	ID string `dynamo:"id"`
}

// Table.Sample of a misspelt entity name suggests the entity meant; a
// name like none of the table's gets no suggestion.
func TestSampleOfAnUnknownEntitySuggestsTheNearestName(t *testing.T) {
	t.Parallel()
	tb := &entity.Table{Name: "sample-hints", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
	entity.MustDefine(tb, entity.Config[shMember]{Name: "Member", Key: entity.Key{Partition: "M#${id}", Sort: "M"}})
	_, _, err := tb.Sample("member")
	var ve *ddbmodel.ValidationError
	if !errors.As(err, &ve) || ve.Entity != "member" || !strings.Contains(err.Error(), `did you mean "Member"?`) {
		t.Errorf("Sample(member): %v; want a ValidationError suggesting Member", err)
	}
	if _, _, err := tb.Sample("Invoice"); err == nil || strings.Contains(err.Error(), "did you mean") {
		t.Errorf("Sample(Invoice): %v; want an error without a suggestion", err)
	}
}
