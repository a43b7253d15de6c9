package entity_test

import (
	"context"
	"errors"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
)

type verBook struct {
	Shelf string `dynamo:"shelf"`
	ID    string `dynamo:"id"`
	Ver   int64  `dynamo:"ver"`
	Pages int    `dynamo:"pages"`
}

// An unmarked item without the lock attribute is version 0 for an update
// and a delete as it is for a put (IfVersion(0) finds it); version 1 is
// not, and once written the item is version 1.
func TestUnmarkedItemIsVersionZero(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	table := &entity.Table{Name: "ver", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
	books := entity.MustDefine(table, entity.Config[verBook]{Name: "Book",
		Key: entity.Key{Partition: "SHELF#${shelf}", Sort: "BOOK#${id}"}, LockAttribute: "ver", RecognizeUnmarked: true})
	db := entitytest.NewDB(t, table)
	for _, id := range []string{"b1", "b2"} {
		rawPut(t, db, rawVerBook(id))
	}
	b1 := entity.Values{"shelf": "s1", "id": "b1"}
	if _, err := books.Update(b1).IfVersion(1).Set("pages", 5).Run(ctx, db); !errors.Is(err, ddbmodel.ErrVersionConflict) {
		t.Errorf("IfVersion(1) of an unmarked item: %v, want ErrVersionConflict", err)
	}
	got, err := books.Update(b1).IfVersion(0).Set("pages", 5).Run(ctx, db)
	if err != nil || got.Ver != 1 || got.Pages != 5 {
		t.Fatalf("IfVersion(0) update of an unmarked item: %+v %v", got, err)
	}
	if _, err := books.Update(b1).IfVersion(0).Set("pages", 6).Run(ctx, db); !errors.Is(err, ddbmodel.ErrVersionConflict) {
		t.Errorf("IfVersion(0) after the update: %v, want ErrVersionConflict", err)
	}
	if err := books.Delete(entity.Values{"shelf": "s1", "id": "b2"}).IfVersion(0).Run(ctx, db); err != nil {
		t.Errorf("IfVersion(0) delete of an unmarked item: %v", err)
	}
	if it := rawGet(t, db, "SHELF#s1", "BOOK#b2"); len(it) != 0 {
		t.Errorf("b2 left: %v", it)
	}
}

func rawVerBook(id string) map[string]types.AttributeValue {
	return map[string]types.AttributeValue{"PK": s("SHELF#s1"), "SK": s("BOOK#" + id), "shelf": s("s1"), "id": s(id), "pages": &types.AttributeValueMemberN{Value: "1"}}
}
