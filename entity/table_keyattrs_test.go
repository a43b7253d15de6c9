package entity_test

import (
	"errors"
	"testing"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
)

// A table whose key attribute is declared with two types, or whose marker
// attribute is a key attribute, is refused: the first created a table its
// puts failed on, the second put every item under a key holding the
// entity's name.
func TestTableRefusesConflictingKeyAttributes(t *testing.T) {
	t.Parallel()
	base := func() *entity.Table {
		return &entity.Table{Name: "ktable", PartitionKey: entity.S("pk"), SortKey: entity.S("sk"),
			Indexes: []entity.Index{{Name: "GSI1", PartitionKey: entity.S("g1pk"), SortKey: entity.S("g1sk")}}}
	}
	cases := map[string]struct {
		edit func(*entity.Table)
		attr string
	}{
		"sort key as N in an index": {func(t *entity.Table) { t.Indexes[0].PartitionKey = entity.N("sk") }, "sk"},
		"multi-attribute key as N": {func(t *entity.Table) {
			t.Indexes[0] = entity.Index{Name: "GSI1", PartitionKeys: []entity.KeyAttribute{entity.N("sk"), entity.S("y")}}
		}, "sk"},
		"marker is the sort key":   {func(t *entity.Table) { t.EntityAttribute = "sk" }, "EntityAttribute"},
		"marker is an index key":   {func(t *entity.Table) { t.EntityAttribute = "g1pk" }, "EntityAttribute"},
		"version is the partition": {func(t *entity.Table) { t.EntityVersionAttribute = "pk" }, "EntityVersionAttribute"},
		"marker and version alike": {func(t *entity.Table) { t.EntityAttribute, t.EntityVersionAttribute = "m", "m" }, "EntityVersionAttribute"},
		"key type X":               {func(t *entity.Table) { t.Indexes[0].SortKey = entity.KeyAttribute{Name: "g1sk", Type: "X"} }, "g1sk"},
		"unknown projection":       {func(t *entity.Table) { t.Indexes[0].Projection = entity.Projection{Type: "SOME"} }, "Projection"},
		"KEYS_ONLY with attributes": {func(t *entity.Table) {
			t.Indexes[0].Projection = entity.Projection{Type: "KEYS_ONLY", Attributes: []string{"y"}}
		}, "Projection"},
		"INCLUDE twice": {func(t *entity.Table) {
			t.Indexes[0].Projection = entity.Projection{Type: "INCLUDE", Attributes: []string{"x", "x"}}
		}, "Projection"},
	}
	for name, c := range cases {
		tb := base()
		c.edit(tb)
		err := tb.Validate()
		var ve *ddbmodel.ValidationError
		if !errors.As(err, &ve) || ve.Attribute != c.attr {
			t.Errorf("%s: Validate() = %v, want a ValidationError naming %s", name, err, c.attr)
		}
	}
	if err := base().Validate(); err != nil {
		t.Errorf("the clean table: %v", err)
	}
	var none *entity.Table
	if err := none.Validate(); !errors.Is(err, ddbmodel.ErrInvalid) {
		t.Errorf("Validate of a nil table: %v, want ErrInvalid", err)
	}
}

type ktItem struct {
	X string `dynamo:"x"`
	Y string `dynamo:"y"`
}

// A field stored under the marker attribute's name is refused at Define:
// every put overwrote the user's value with the entity's name.
func TestDefineRefusesAFieldNamedLikeTheMarker(t *testing.T) {
	t.Parallel()
	tb := &entity.Table{Name: "kt2", PartitionKey: entity.S("pk"), SortKey: entity.S("sk"), EntityAttribute: "y"}
	_, err := entity.Define(tb, entity.Config[ktItem]{Name: "K", Key: entity.Key{Partition: "K#${x}", Sort: "K"}})
	var ve *ddbmodel.ValidationError
	if !errors.As(err, &ve) || ve.Attribute != "y" || ve.Entity != "K" {
		t.Errorf("err = %v, want a ValidationError naming K and y", err)
	}
}
