package evolve_test

import (
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/entity/evolve"
)

// Recipe holds a string set as a map, which a put encodes in the map's
// iteration order: another order at every put.
type Recipe struct {
	ID   string              `dynamo:"id"`
	Cook string              `dynamo:"cook"`
	Tags map[string]struct{} `dynamo:"tags,set"`
}

func recipeTable() *entity.Table {
	return &entity.Table{Name: "recipes", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"),
		Indexes: []entity.Index{{Name: "GSI1", PartitionKey: entity.S("GSI1PK"), SortKey: entity.S("GSI1SK")}}}
}

// An item holding a set, stored in another order than a put of its value
// encodes it, differs only in its index keys: Verify reports no other
// change, and Repair rewrites the index keys.
func TestASetInAnotherOrderIsNoChange(t *testing.T) {
	t.Parallel()
	key := entity.Key{Partition: "RECIPE#${id}", Sort: "R"}
	v1 := entity.MustDefine(recipeTable(), entity.Config[Recipe]{Name: "Recipe", Key: key})
	v2 := entity.MustDefine(recipeTable(), entity.Config[Recipe]{Name: "Recipe", Key: key,
		Indexes: []entity.IndexKey[Recipe]{{Index: "GSI1", Partition: "COOK#${cook}", Sort: "RECIPE#${id}"}}})
	db := entitytest.NewDB(t, v2.Table())
	ctx := t.Context()
	if _, err := v1.Put(Recipe{ID: "r1", Cook: "ana", Tags: map[string]struct{}{"zeta": {}, "alpha": {}, "mid": {}, "beta": {}, "omega": {}, "rho": {}, "tau": {}, "psi": {}}}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	r, err := evolve.Entity(v2).Repair(ctx, db)
	if err != nil || r.Repaired != 1 || r.Counts[evolve.PutChanges] != 0 || r.Counts[evolve.MissingIndexKey] != 1 {
		t.Fatalf("repair: %+v, %v", r, err)
	}
	if after, err := evolve.Entity(v2).Verify(ctx, db); err != nil || after.Findings != 0 {
		t.Errorf("verify after: %+v, %v", after, err)
	}
}

// DocExtra is MigDoc's version 2 declaring an attribute other code writes
// beside it (ExtraAttributes): the migration keeps it, while the old
// shape's attributes go.
func TestAMigrationKeepsExtraAttributes(t *testing.T) {
	t.Parallel()
	v1, _ := docModels()
	v2 := entity.MustDefine(docTable(), entity.Config[MigDoc]{Name: "MigDoc", Version: "2", Key: migDocKey, ExtraAttributes: []string{"audit"},
		Indexes:  []entity.IndexKey[MigDoc]{{Index: "GSI1", Partition: "TAG#${tag}", Sort: "DOC#${id}", Sparse: true}},
		Upgrades: []entity.Upgrade[MigDoc]{entity.UpgradeFrom("1", docUpgrade)}})
	db := entitytest.NewDB(t, v2.Table())
	ctx := t.Context()
	if _, err := v1.Put(DocV1{Shelf: "s0", ID: "d1", Title: "t", Words: "5"}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	_, err := db.Client.UpdateItem(ctx, &dynamodb.UpdateItemInput{TableName: db.Table("docs"),
		Key:              map[string]types.AttributeValue{"PK": str("SHELF#s0"), "SK": str("DOC#d1")},
		UpdateExpression: new("SET audit = :a"), ExpressionAttributeValues: map[string]types.AttributeValue{":a": str("checked")}})
	if err != nil {
		t.Fatal(err)
	}
	r, err := evolve.Entity(v2).Repair(ctx, db)
	if err != nil || r.Repaired != 1 {
		t.Fatalf("repair: %+v, %v", r, err)
	}
	raw := rawDoc(t, db, "s0", "d1")
	if text(raw["audit"]) != "checked" || raw["title"] != nil || text(raw["headline"]) != "t" {
		t.Errorf("migrated as %v, want audit kept and title gone", raw)
	}
}
