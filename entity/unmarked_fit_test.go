package entity_test

import (
	"context"
	"errors"
	"reflect"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/keys"
)

type fitBook struct {
	Shelf string `dynamo:"shelf"`
	ID    string `dynamo:"id"`
	Pages int    `dynamo:"pages"`
}

// Writes of an entity recognising unmarked items refuse exactly the
// unmarked items its reads refuse: one whose attributes do not hold its
// key's composites, one that does not decode. The item is left unchanged
// and the error names the entity and why.
func TestUnmarkedWritesRefuseWhatReadsRefuse(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	table := &entity.Table{Name: "fit", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
	books := entity.MustDefine(table, entity.Config[fitBook]{Name: "Book",
		Key: entity.Key{Partition: "SHELF#${shelf}", Sort: "BOOK#${id}"}, RecognizeUnmarked: true})
	db := entitytest.NewDB(t, table)
	unfit := map[string]types.AttributeValue{"PK": s("SHELF#s1"), "SK": s("BOOK#b3"), "shelf": s("s1"), "id": s("bX"), "pages": &types.AttributeValueMemberN{Value: "1"}}
	undecodable := map[string]types.AttributeValue{"PK": s("SHELF#s1"), "SK": s("BOOK#b2"), "shelf": s("s1"), "id": s("b2"), "pages": s("many")}
	fits := map[string]types.AttributeValue{"PK": s("SHELF#s1"), "SK": s("BOOK#b1"), "shelf": s("s1"), "id": s("b1"), "pages": &types.AttributeValueMemberN{Value: "1"}}
	for _, it := range []map[string]types.AttributeValue{unfit, undecodable, fits} {
		rawPut(t, db, it)
	}
	isDecodeError := func(err error) bool { var de *ddbmodel.DecodeError; return errors.As(err, &de) && de.Entity == "Book" }
	cases := []struct {
		id   string
		item map[string]types.AttributeValue
		why  func(error) bool
		get  func(error) bool
	}{
		{"b3", unfit, func(err error) bool { return errors.Is(err, keys.ErrNoMatch) },
			func(err error) bool { return errors.Is(err, ddbmodel.ErrNotFound) && errors.Is(err, keys.ErrNoMatch) }},
		// By its key layout the entity's: a get reports its DecodeError, as
		// for a marked item; writes leave it to be fixed.
		{"b2", undecodable, isDecodeError,
			func(err error) bool { return isDecodeError(err) && !errors.Is(err, ddbmodel.ErrNotFound) }},
	}
	for _, c := range cases {
		key := entity.Values{"shelf": "s1", "id": c.id}
		_, err := books.Get(key).Run(ctx, db)
		if !c.get(err) {
			t.Errorf("get %s: %v, want it saying why", c.id, err)
		}
		writes := map[string]error{}
		_, writes["update"] = books.Update(key).Set("pages", 9).Run(ctx, db)
		writes["delete"] = books.Delete(key).Run(ctx, db)
		_, writes["put"] = books.Put(fitBook{Shelf: "s1", ID: c.id, Pages: 2}).Run(ctx, db)
		_, writes["upsert"] = books.Upsert(fitBook{Shelf: "s1", ID: c.id, Pages: 2}).Run(ctx, db)
		for op, err := range writes {
			var ce *ddbmodel.ConditionError
			if !errors.As(err, &ce) || ce.Entity != "Book" || ce.Op != op || ce.Item == nil || !c.why(err) {
				t.Errorf("%s %s: %v, want a ConditionError of Book %s saying why", op, c.id, err, op)
			}
		}
		if got := rawGet(t, db, "SHELF#s1", "BOOK#"+c.id); !reflect.DeepEqual(got, c.item) {
			t.Errorf("%s changed: %v", c.id, got)
		}
	}
	// The item that fits is still taken: updated (left unmarked), then deleted.
	got, err := books.Update(entity.Values{"shelf": "s1", "id": "b1"}).Set("pages", 9).Run(ctx, db)
	if err != nil || got.Pages != 9 {
		t.Fatalf("update of a fitting unmarked item: %+v %v", got, err)
	}
	if err := books.Delete(entity.Values{"shelf": "s1", "id": "b1"}).Run(ctx, db); err != nil {
		t.Fatalf("delete of a fitting unmarked item: %v", err)
	}
	if got := rawGet(t, db, "SHELF#s1", "BOOK#b1"); len(got) != 0 {
		t.Errorf("b1 left: %v", got)
	}
}
