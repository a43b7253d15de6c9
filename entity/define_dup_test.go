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

// A key too long for DynamoDB is refused naming the composite it is built
// from (the error named no attribute), or the key attribute when it is
// built from several.
func TestATooLongKeyNamesItsComposite(t *testing.T) {
	t.Parallel()
	tb := &entity.Table{Name: "long", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
	one := entity.MustDefine(tb, entity.Config[udMember]{Name: "One", Key: entity.Key{Partition: "M#${id}", Sort: "M"}})
	two := entity.MustDefine(tb, entity.Config[udMember]{Name: "Two", Key: entity.Key{Partition: "T#${id}#${status}", Sort: "T"}})
	long := strings.Repeat("x", 3000)
	for _, c := range []struct {
		name, entity, attr string
		err                error
	}{
		{"put, one composite", "One", "id", func() error { _, err := one.Put(udMember{ID: long}).Build(); return err }()},
		{"get, one composite", "One", "id", func() error { _, err := one.Get(entity.Values{"id": long}).Build(); return err }()},
		{"put, two composites", "Two", "PK", func() error { _, err := two.Put(udMember{ID: long, Status: "s"}).Build(); return err }()},
	} {
		var ve *ddbmodel.ValidationError
		if !errors.As(c.err, &ve) || ve.Entity != c.entity || ve.Attribute != c.attr || !strings.Contains(c.err.Error(), "longer than") {
			t.Errorf("%s: err = %v, want a ValidationError naming %s's %s", c.name, c.err, c.entity, c.attr)
		}
	}
}
