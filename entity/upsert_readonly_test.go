package entity_test

import (
	"context"
	"testing"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
)

type roDoc struct {
	ID     string `dynamo:"id"`
	Owner  string `dynamo:"owner"`
	Status string `dynamo:"status"`
	Title  string `dynamo:"title"`
}

func roDocs(t *testing.T, statusIndexed bool) (*entity.Table, *entity.Entity[roDoc]) {
	t.Helper()
	table := &entity.Table{Name: "ro", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"),
		Indexes: []entity.Index{{Name: "GSI1", PartitionKey: entity.S("GSI1PK"), SortKey: entity.S("GSI1SK")}}}
	cfg := entity.Config[roDoc]{Name: "Doc", Key: entity.Key{Partition: "DOC#${id}", Sort: "#META"},
		Attributes: map[string]entity.Attribute{"id": {ReadOnly: true}, "owner": {ReadOnly: true}, "status": {ReadOnly: true}}}
	if statusIndexed {
		cfg.Indexes = []entity.IndexKey[roDoc]{{Index: "GSI1", Partition: "STATUS#${status}", Sort: "DOC#${id}"}}
	}
	return table, entity.MustDefine(table, cfg)
}

// An upsert of an existing item keeps its read-only attributes, as an
// update may not change them; the primary key's read-only composite is the
// item's identity and stays set.
func TestUpsertKeepsReadOnlyAttributes(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	table, docs := roDocs(t, false)
	db := entitytest.NewDB(t, table)
	if _, err := docs.Create(roDoc{ID: "d1", Owner: "ann", Status: "draft", Title: "one"}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	got, err := docs.Upsert(roDoc{ID: "d1", Owner: "bob", Status: "published", Title: "two"}).Run(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	if got.Owner != "ann" || got.Status != "draft" || got.Title != "two" {
		t.Errorf("after upsert: %+v, want owner ann and status draft kept, title two", got)
	}
	// A missing item is created with v's values, read-only ones included.
	got, err = docs.Upsert(roDoc{ID: "d2", Owner: "bob", Status: "published", Title: "t"}).Run(ctx, db)
	if err != nil || got.Owner != "bob" || got.Status != "published" {
		t.Errorf("upsert of a missing item: %+v, %v", got, err)
	}
}
