package entity_test

import (
	"fmt"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
)

// rating is a model whose index sort key a SortFunc computes from an
// omitempty number: a put of its zero leaves the attribute out and the
// function still renders the key.
type rating struct {
	ID    string `dynamo:"id"`
	Stars int    `dynamo:"stars,omitempty"`
	Note  string `dynamo:"note"`
}

// An update setting an attribute that a SortFunc reads to a value a put
// leaves out (or removing it) writes the key the function renders for the
// zero, as a put of the value after the update writes it, sparse index or
// not; it was refused ("the index is not sparse") or, for a sparse index,
// took the item out of the index that the put keeps it in.
func TestAnUpdateRemovingASortFuncAttributeWritesThePutsKey(t *testing.T) {
	t.Parallel()
	for _, sparse := range []bool{false, true} {
		t.Run(fmt.Sprintf("sparse=%v", sparse), func(t *testing.T) {
			t.Parallel()
			table := &entity.Table{Name: "ratings", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"),
				Indexes: []entity.Index{{Name: "ByStars", PartitionKey: entity.S("GSI1PK"), SortKey: entity.S("GSI1SK")}}}
			ratings := entity.MustDefine(table, entity.Config[rating]{
				Name: "Rating", Key: entity.Key{Partition: "RATING#${id}", Sort: "#R"},
				Indexes: []entity.IndexKey[rating]{{Index: "ByStars", Sparse: sparse, Partition: "RATINGS",
					SortFunc: func(r rating) (string, error) { return fmt.Sprintf("%02d#%s", r.Stars, r.ID), nil },
					SortUses: []string{"stars"}}},
			})
			db := entitytest.NewDB(t, table)
			ctx := t.Context()
			key := map[string]types.AttributeValue{"PK": s("RATING#r1"), "SK": s("#R")}
			for name, update := range map[string]entity.UpdateOp[rating]{
				"Set 0":  ratings.Update(entity.Values{"id": "r1"}).Set("stars", 0),
				"Remove": ratings.Update(entity.Values{"id": "r1"}).Remove("stars"),
			} {
				if _, err := ratings.Put(rating{ID: "r1", Stars: 4, Note: "good"}).Run(ctx, db); err != nil {
					t.Fatal(err)
				}
				if _, err := update.Run(ctx, db); err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				raw := rawItem(t, db, key)
				if _, ok := raw["stars"]; ok {
					t.Errorf("%s: stars is still stored: %v", name, raw["stars"])
				}
				if got := attrS(raw, "GSI1SK"); got != "00#r1" {
					t.Errorf("%s: GSI1SK = %q, want 00#r1", name, got)
				}
				keysTrue(t, ratings, raw, "PK", "SK", "GSI1PK", "GSI1SK")
			}
		})
	}
}
