package entity_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
)

type kfUser struct {
	ID     string `dynamo:"id"`
	Email  string `dynamo:"email"`
	Tenant string `dynamo:"tenant"`
	Day    string `dynamo:"day"`
}

// A key attribute named like a field T stores takes no template but
// ${field}: a put would write the key over the field's value. An entity
// not placed on an index whose key attributes its items hold is refused:
// its items would enter the index unseen.
func TestDefineRefusesKeysOverFields(t *testing.T) {
	t.Parallel()
	withIndex := func(ix ...entity.Index) *entity.Table {
		return &entity.Table{Name: "kf", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"), Indexes: ix}
	}
	byEmail := entity.Index{Name: "ByEmail", PartitionKey: entity.S("email")}
	byDay := entity.Index{Name: "ByDay", PartitionKeys: []entity.KeyAttribute{entity.S("tenant")}, SortKeys: []entity.KeyAttribute{entity.S("day")}}
	key := entity.Key{Partition: "U#${id}", Sort: "#META"}
	cases := []struct {
		name   string
		table  *entity.Table
		cfg    entity.Config[kfUser]
		attr   string // the refusal's attribute; "" for a clean twin
		reason []string
	}{
		{"index template over the field", withIndex(byEmail),
			entity.Config[kfUser]{Name: "User", Key: key, Indexes: []entity.IndexKey[kfUser]{{Index: "ByEmail", Partition: "EMAIL#${email}"}}},
			"email", []string{`"EMAIL#${email}"`, "${email}"}},
		{"index template of the field's own value", withIndex(byEmail),
			entity.Config[kfUser]{Name: "User", Key: key, Indexes: []entity.IndexKey[kfUser]{{Index: "ByEmail", Partition: "${email}"}}},
			"", nil},
		{"table key template over the field", &entity.Table{Name: "kf", PartitionKey: entity.S("email"), SortKey: entity.S("SK")},
			entity.Config[kfUser]{Name: "User", Key: entity.Key{Partition: "EMAIL#${email}", Sort: "#META"}},
			"email", []string{`"EMAIL#${email}"`}},
		{"table key of the field's own value", &entity.Table{Name: "kf", PartitionKey: entity.S("email"), SortKey: entity.S("SK")},
			entity.Config[kfUser]{Name: "User", Key: entity.Key{Partition: "${email}", Sort: "#META"}},
			"", nil},
		{"unplaced on an index its fields key", withIndex(byEmail),
			entity.Config[kfUser]{Name: "User", Key: key},
			"email", []string{"no placement on index ByEmail", "${email}"}},
		{"unplaced on a multi-attribute index its fields key", withIndex(byDay),
			entity.Config[kfUser]{Name: "User", Key: key},
			"tenant", []string{"no placement on index ByDay", "[tenant day]"}},
		{"placed on the multi-attribute index", withIndex(byDay),
			entity.Config[kfUser]{Name: "User", Key: key, Indexes: []entity.IndexKey[kfUser]{{Index: "ByDay"}}},
			"", nil},
	}
	for _, c := range cases {
		_, err := entity.Define(c.table, c.cfg)
		if c.attr == "" {
			if err != nil {
				t.Errorf("%s: Define = %v, want nil", c.name, err)
			}
			continue
		}
		var ve *ddbmodel.ValidationError
		if !errors.As(err, &ve) || ve.Entity != "User" || ve.Attribute != c.attr {
			t.Errorf("%s: Define = %#v, want a *ddbmodel.ValidationError on User.%s", c.name, err, c.attr)
			continue
		}
		for _, r := range c.reason {
			if !strings.Contains(ve.Reason, r) {
				t.Errorf("%s: reason %q lacks %q", c.name, ve.Reason, r)
			}
		}
	}
}

// An entity not placed on an index whose every key attribute it writes as
// keys of its other placements (a multi-attribute index keyed on GSI1PK and
// GSI1SK, which its GSI1 placement renders; GSI1 inverted) is refused at
// Define: each put would place the item in that index unseen, while Lint
// called the index unused. Placing it there too, an index keyed on only
// some of those attributes, or an index keyed on the table's own key
// attributes (an inverted index, which holds every item by design), is
// accepted.
func TestDefineRefusesAnIndexItsOtherPlacementsKey(t *testing.T) {
	t.Parallel()
	gsi1 := entity.Index{Name: "GSI1", PartitionKey: entity.S("GSI1PK"), SortKey: entity.S("GSI1SK")}
	multi := entity.Index{Name: "ByGSI1", PartitionKeys: []entity.KeyAttribute{entity.S("GSI1PK")}, SortKeys: []entity.KeyAttribute{entity.S("GSI1SK")}}
	half := entity.Index{Name: "Half", PartitionKeys: []entity.KeyAttribute{entity.S("GSI1PK")}, SortKeys: []entity.KeyAttribute{entity.S("other")}}
	inverted := entity.Index{Name: "Inverted", PartitionKey: entity.S("SK"), SortKey: entity.S("PK")}
	table := func(ix ...entity.Index) *entity.Table {
		return &entity.Table{Name: "kf", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"), Indexes: ix}
	}
	key := entity.Key{Partition: "U#${id}", Sort: "#META"}
	onGSI1 := entity.IndexKey[kfUser]{Index: "GSI1", Partition: "T#${tenant}", Sort: "D#${day}"}
	cases := []struct {
		name   string
		table  *entity.Table
		ix     []entity.IndexKey[kfUser]
		attr   string // the refusal's attribute; "" for a clean twin
		reason []string
	}{
		{"multi-attribute index on another placement's keys", table(gsi1, multi), []entity.IndexKey[kfUser]{onGSI1},
			"GSI1PK", []string{"no placement on index ByGSI1", "[GSI1PK GSI1SK]", "GSI1PK as index GSI1's partition key", "key the index on other attributes"}},
		// An index on the table's own key attributes holds every item by
		// design; an entity places itself there only to query it.
		{"inverted index over the table key, unplaced", table(inverted), nil, "", nil},
		{"GSI1 inverted, unplaced", table(gsi1, entity.Index{Name: "GSI1Inv", PartitionKey: entity.S("GSI1SK"), SortKey: entity.S("GSI1PK")}), []entity.IndexKey[kfUser]{onGSI1},
			"GSI1SK", []string{"no placement on index GSI1Inv", "place the entity on it with the same templates"}},
		{"inverted index placed with the same templates", table(inverted),
			[]entity.IndexKey[kfUser]{{Index: "Inverted", Partition: "#META", Sort: "U#${id}"}}, "", nil},
		{"multi-attribute index keyed on one of them only", table(gsi1, half), []entity.IndexKey[kfUser]{onGSI1}, "", nil},
		{"not placed on GSI1 either", table(gsi1, multi), nil, "", nil},
	}
	for _, c := range cases {
		_, err := entity.Define(c.table, entity.Config[kfUser]{Name: "User", Key: key, Indexes: c.ix})
		if c.attr == "" {
			if err != nil {
				t.Errorf("%s: Define = %v, want nil", c.name, err)
			}
			continue
		}
		var ve *ddbmodel.ValidationError
		if !errors.As(err, &ve) || ve.Entity != "User" || ve.Attribute != c.attr {
			t.Errorf("%s: Define = %#v, want a *ddbmodel.ValidationError on User.%s", c.name, err, c.attr)
			continue
		}
		for _, r := range c.reason {
			if !strings.Contains(ve.Reason, r) {
				t.Errorf("%s: reason %q lacks %q", c.name, ve.Reason, r)
			}
		}
	}
}
