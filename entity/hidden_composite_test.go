package entity_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
)

type badge struct {
	Org    string `dynamo:"org"`
	Holder string `dynamo:"holder"`
	Level  int    `dynamo:"level"`
	Secret string `dynamo:"secret"`
}

// A Hidden attribute reads as its zero value, so a key built from it
// would be rendered without it by a put of an item read (refused, another
// item's key, or the item silently leaving a sparse index): Define refuses
// the pair for the table key, a template index key, a SortFunc key and a
// multi-attribute index key alike; Hidden on other attributes is fine.
func TestDefineRefusesAHiddenKeyComposite(t *testing.T) {
	t.Parallel()
	table := func() *entity.Table {
		return &entity.Table{Name: "badges", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"),
			Indexes: []entity.Index{
				{Name: "GSI1", PartitionKey: entity.S("GSI1PK"), SortKey: entity.S("GSI1SK")},
				{Name: "ByLevel", PartitionKeys: []entity.KeyAttribute{entity.S("org")}, SortKeys: []entity.KeyAttribute{entity.N("level")}},
			}}
	}
	hidden := func(attr string) map[string]entity.Attribute {
		return map[string]entity.Attribute{attr: {Hidden: true}}
	}
	for name, c := range map[string]struct {
		cfg  entity.Config[badge]
		attr string
	}{
		"table key": {entity.Config[badge]{Name: "Badge", Key: entity.Key{Partition: "ORG#${org}", Sort: "HOLDER#${holder}"},
			Indexes: []entity.IndexKey[badge]{{Index: "ByLevel"}}, Attributes: hidden("holder")}, "holder"},
		"template index key": {entity.Config[badge]{Name: "Badge", Key: entity.Key{Partition: "ORG#${org}", Sort: "HOLDER#${holder}"},
			Indexes: []entity.IndexKey[badge]{{Index: "GSI1", Partition: "SECRET#${secret}", Sort: "B", Sparse: true}, {Index: "ByLevel"}}, Attributes: hidden("secret")}, "secret"},
		"SortFunc index key": {entity.Config[badge]{Name: "Badge", Key: entity.Key{Partition: "ORG#${org}", Sort: "HOLDER#${holder}"},
			Indexes:    []entity.IndexKey[badge]{{Index: "GSI1", Partition: "ORG#${org}", SortFunc: func(b badge) (string, error) { return b.Secret, nil }, SortUses: []string{"secret"}}, {Index: "ByLevel"}},
			Attributes: hidden("secret")}, "secret"},
		"multi-attribute index key": {entity.Config[badge]{Name: "Badge", Key: entity.Key{Partition: "ORG#${org}", Sort: "HOLDER#${holder}"},
			Indexes: []entity.IndexKey[badge]{{Index: "ByLevel"}}, Attributes: hidden("level")}, "level"},
	} {
		_, err := entity.Define(table(), c.cfg)
		var ve *ddbmodel.ValidationError
		if !errors.As(err, &ve) || ve.Entity != "Badge" || ve.Attribute != c.attr || !strings.Contains(err.Error(), "Hidden") {
			t.Errorf("%s: %v, want a *ddbmodel.ValidationError for Badge %s naming Hidden", name, err, c.attr)
		}
	}
	if _, err := entity.Define(table(), entity.Config[badge]{Name: "Badge", Key: entity.Key{Partition: "ORG#${org}", Sort: "HOLDER#${holder}"},
		Indexes: []entity.IndexKey[badge]{{Index: "ByLevel"}}, Attributes: hidden("secret")}); err != nil {
		t.Errorf("Hidden on an attribute no key is built from: %v", err)
	}
}
