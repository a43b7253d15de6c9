package query_test

import (
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/query"
)

type byListKind string

type byListItem struct {
	Org  string     `dynamo:"org"`
	Year int64      `dynamo:"year"`
	Kind byListKind `dynamo:"kind"`
	ID   string     `dynamo:"id"`
}

type byListKey struct {
	Org  string      `dynamo:"org"`
	Year int64       `dynamo:"year"`
	Kind *byListKind `dynamo:"kind"`
}

// By reads a key struct's composites without the Values map (strings,
// int64s, a named string type read through reflect, a nil pointer left
// out): its queries build what Where with the key's Values builds, a
// second Where still conflicts with the key's values, and the errors of
// refused values are the same.
func TestByBuildsWhatWhereWithTheKeysValuesBuilds(t *testing.T) {
	table := &entity.Table{Name: "bylist", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
	items := entity.MustDefine(table, entity.Config[byListItem]{
		Name: "Item",
		Key:  entity.Key{Partition: "ORG#${org}#${year}", Sort: "K#${kind}#${id}"},
	})
	byKey := entity.QueryKeyOf[byListKey](items, "")
	k := byListKind("report")
	for i, key := range []byListKey{
		{Org: "acme", Year: 2026},
		{Org: "acme", Year: 2026, Kind: &k},
		{Org: "", Year: 1},
		{Org: "a#b", Year: -5, Kind: &k},
		{Org: "\xff", Year: 0},
	} {
		for j, more := range []entity.Values{nil, {"org": "other"}, {"org": key.Org}, {"id": "x"}} {
			typed := query.By(byKey, key).Where(more)
			plain := query.New(items).Where(byKey.Values(key)).Where(more)
			got, err := typed.Build()
			want, werr := plain.Build()
			name := fmt.Sprintf("key %d, Where %d", i, j)
			if fmt.Sprint(err) != fmt.Sprint(werr) {
				t.Errorf("%s: error %v, Where with Values %v", name, err, werr)
				continue
			}
			if diff := cmp.Diff(want, got, entitytest.CmpOptions); diff != "" {
				t.Errorf("%s (-Where with Values +By):\n%s", name, diff)
			}
		}
	}
}
