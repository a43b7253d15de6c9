package txn_test

import (
	"errors"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/txn"
)

// Holder holds a unique name and may expire.
type Holder struct {
	ID      string    `dynamo:"id"`
	Name    string    `dynamo:"name"`
	Expires time.Time `dynamo:"expiresAt,unixtime,omitempty"`
}

// TestTTLMoreThanFiveYearsPastIsLive: DynamoDB's TTL never deletes an item
// whose TTL is more than five years in the past, so SkipExpired, the
// Unexpired condition and the takeover of unique markers all count it
// live, while an item whose TTL passed an hour ago is expired. The table
// has TTL off, so DynamoDB Local deletes neither.
func TestTTLMoreThanFiveYearsPastIsLive(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	table := &entity.Table{Name: "ttlrule", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"), TTLAttribute: "expiresAt"}
	sessions := entity.MustDefine(table, entity.Config[Session]{Name: "Session", Key: entity.Key{Partition: "USER#${user}", Sort: "SESSION#${id}"}})
	holders := entity.MustDefine(table, entity.Config[Holder]{Name: "Holder", Key: entity.Key{Partition: "HOLDER#${id}", Sort: "HOLDER"},
		Attributes: map[string]entity.Attribute{"name": {Unique: true}}})
	db := entity.NewDB(entitytest.Client(t), entitytest.NewTable(t, table.CreateTableInput()))
	now := time.Now()
	ancient, recent := now.AddDate(-6, 0, 0), now.Add(-time.Hour)
	for _, s := range []Session{{User: "u", ID: "ancient", Expires: ancient}, {User: "u", ID: "recent", Expires: recent}} {
		if _, err := sessions.Put(s).Run(ctx, db); err != nil {
			t.Fatal(err)
		}
	}
	key := func(id string) entity.Values { return entity.Values{"user": "u", "id": id} }

	// A get with SkipExpired, alone and in a read transaction.
	got := map[string]bool{}
	for _, id := range []string{"ancient", "recent"} {
		_, err := sessions.Get(key(id)).SkipExpired().Run(ctx, db)
		got["get "+id] = err == nil
		if err != nil && !errors.Is(err, ddbmodel.ErrNotFound) {
			t.Fatal(err)
		}
	}
	items, err := txn.Get(sessions.Get(key("ancient")).SkipExpired(), sessions.Get(key("recent")).SkipExpired()).Run(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	got["txn ancient"], got["txn recent"] = items.Found(0), items.Found(1)

	// The Unexpired condition, as DynamoDB evaluates it (on a delete).
	for _, id := range []string{"ancient", "recent"} {
		err := sessions.Delete(key(id)).If(table.Unexpired()).Run(ctx, db)
		got["unexpired "+id] = err == nil
		if err != nil && !errors.Is(err, ddbmodel.ErrConditionFailed) {
			t.Fatal(err)
		}
	}

	// The takeover of a unique value whose holder has expired.
	for _, h := range []Holder{{ID: "a", Name: "ancient", Expires: ancient}, {ID: "r", Name: "recent", Expires: recent}} {
		if _, err := holders.Create(h).Run(ctx, db); err != nil {
			t.Fatal(err)
		}
		_, err := holders.Create(Holder{ID: "new-" + h.ID, Name: h.Name}).Run(ctx, db)
		got["holds "+h.Name] = errors.Is(err, ddbmodel.ErrUniqueTaken)
		if err != nil && !errors.Is(err, ddbmodel.ErrUniqueTaken) {
			t.Fatal(err)
		}
	}

	want := map[string]bool{
		"get ancient": true, "get recent": false,
		"txn ancient": true, "txn recent": false,
		"unexpired ancient": true, "unexpired recent": false,
		"holds ancient": true, "holds recent": false,
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("live (true) or expired (false) (-want +got):\n%s", diff)
	}
}
