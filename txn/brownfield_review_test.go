package txn_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/internal/errtext"
)

// Findings of a newcomer's review of existing tables (items without
// markers): they run on the single-item operations, tested here beside the
// batch and transaction paths of the same items.

type lockedBook struct {
	Shelf   string `dynamo:"shelf"`
	ID      string `dynamo:"id"`
	Author  string `dynamo:"author"`
	Version int64  `dynamo:"ver"`
}

// An adopted item without a lock attribute is at version 1 afterwards, as a
// put of its value writes: reading it and putting it back works, and a value
// read before the adoption conflicts. This entity's own item at version 0
// (written by other code) makes a put of version 0 fail as a version
// conflict, not as a bare failed condition.
func TestAdoptedLockedItemCanBeReadAndPutBack(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	for _, recognize := range []bool{false, true} {
		table := &entity.Table{Name: "library", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
		books := entity.MustDefine(table, entity.Config[lockedBook]{
			Name: "Book", Key: entity.Key{Partition: "SHELF#${shelf}", Sort: "BOOK#${id}"},
			LockAttribute: "ver", RecognizeUnmarked: recognize,
		})
		db := entitytest.NewDB(t, table)
		umPut(t, db, umRaw("s1", "b1"))
		key := entity.Values{"shelf": "s1", "id": "b1"}
		adopted, err := books.Adopt(key).Run(ctx, db)
		if err != nil {
			t.Fatalf("recognize=%v: adopt: %v", recognize, err)
		}
		if adopted.Version != 1 {
			t.Errorf("recognize=%v: adopted at version %d, want 1", recognize, adopted.Version)
		}
		if raw := umGet(t, db, "s1", "b1"); raw["ver"] == nil || raw["ver"].(*types.AttributeValueMemberN).Value != "1" {
			t.Errorf("recognize=%v: stored lock attribute %v, want 1", recognize, raw["ver"])
		}
		got, err := books.Get(key).Run(ctx, db)
		if err != nil {
			t.Fatal(err)
		}
		got.Author = "bo"
		put, err := books.Put(got).Run(ctx, db)
		if err != nil || put.Version != 2 {
			t.Errorf("recognize=%v: put of the value read after adoption = %+v, %v; want version 2", recognize, put, err)
		}
		stale := lockedBook{Shelf: "s1", ID: "b1", Author: "cy"} // read before the adoption: version 0
		if _, err := books.Put(stale).Run(ctx, db); !errors.Is(err, ddbmodel.ErrVersionConflict) {
			t.Errorf("recognize=%v: put of version 0 over the adopted item: %v, want ErrVersionConflict", recognize, err)
		}

		// This entity's item at version 0, as other code may write it.
		own := umRaw("s1", "b2")
		own[table.EntityAttr()] = &types.AttributeValueMemberS{Value: "Book"}
		own["ver"] = &types.AttributeValueMemberN{Value: "0"}
		umPut(t, db, own)
		if _, err := books.Put(lockedBook{Shelf: "s1", ID: "b2"}).Run(ctx, db); !errors.Is(err, ddbmodel.ErrVersionConflict) {
			t.Errorf("recognize=%v: put of version 0 over the entity's item at version 0: %v, want ErrVersionConflict", recognize, err)
		}
	}
}

// A get refuses an unmarked item whose attributes disagree with its key
// with a *ddbmodel.ConditionError holding the item, as an update or a
// delete does; its text names the key and the attribute that disagrees,
// not one recovered from the key. A get sends no condition: its refusals
// do not match ErrConditionFailed.
func TestGetRefusalOfAnUnmarkedItemIsAConditionError(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	table, books := umModel(true)
	db := entitytest.NewDB(t, table)
	bad := umRaw("s1", "b1")
	bad["id"] = &types.AttributeValueMemberS{Value: "b99"}
	delete(bad, "shelf") // recovered from the key: not the culprit
	umPut(t, db, bad)
	key := entity.Values{"shelf": "s1", "id": "b1"}
	_, err := books.Get(key).Run(ctx, db)
	var ce *ddbmodel.ConditionError
	if !errors.As(err, &ce) || ce.Op != "get" || ce.Item == nil || !errors.Is(err, ddbmodel.ErrNotFound) {
		t.Fatalf("get: %v (%T), want a *ddbmodel.ConditionError of Op get holding the item, matching ErrNotFound", err, err)
	}
	if errors.Is(err, ddbmodel.ErrConditionFailed) {
		t.Errorf("get: %v matches ErrConditionFailed; a get sends no condition", err)
	}
	text := err.Error()
	for _, want := range []string{"PK=SHELF#s1,SK=BOOK#b1", `attribute id holds "b99" where the key has "b1"`} {
		if !strings.Contains(text, want) {
			t.Errorf("get: %q lacks %q", text, want)
		}
	}
	if strings.Contains(text, "shelf recovered") || strings.Contains(text, "values of shelf") || errtext.CheckOnePrefix(text) != "" {
		t.Errorf("get: %q blames the recovered shelf or has more than one prefix", text)
	}
	_, uerr := books.Update(key).Set("author", "bo").Run(ctx, db)
	if !strings.Contains(uerr.Error(), `attribute id holds "b99" where the key has "b1"`) || !errors.Is(uerr, ddbmodel.ErrConditionFailed) {
		t.Errorf("update: %v, want the attribute named and ErrConditionFailed", uerr)
	}

	// Without the option, an unmarked item is ErrUnmarked, still no failed condition.
	plainTable, plain := umModel(false)
	pdb := entitytest.NewDB(t, plainTable)
	umPut(t, pdb, umRaw("s1", "b1"))
	_, err = plain.Get(key).Run(ctx, pdb)
	if !errors.Is(err, ddbmodel.ErrUnmarked) || !errors.As(err, &ce) || errors.Is(err, ddbmodel.ErrConditionFailed) {
		t.Errorf("get without the option: %v, want a *ConditionError with ErrUnmarked and not ErrConditionFailed", err)
	}
}
