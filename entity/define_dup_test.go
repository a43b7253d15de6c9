package entity_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
)

// A second entity of one name on a table is refused with a typed error
// naming the entity (it was an untyped error).
func TestDefineRefusesASecondEntityOfOneName(t *testing.T) {
	t.Parallel()
	tb := &entity.Table{Name: "dups", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
	if _, err := entity.Define(tb, entity.Config[udMember]{Name: "Member", Key: entity.Key{Partition: "M#${id}", Sort: "M"}}); err != nil {
		t.Fatal(err)
	}
	_, err := entity.Define(tb, entity.Config[udMember]{Name: "Member", Key: entity.Key{Partition: "N#${id}", Sort: "N"}})
	var ve *ddbmodel.ValidationError
	if !errors.As(err, &ve) || ve.Entity != "Member" || !errors.Is(err, ddbmodel.ErrInvalid) || !strings.Contains(err.Error(), `already has an entity named "Member"`) {
		t.Errorf("err = %v, want a *ddbmodel.ValidationError naming Member", err)
	}
}
