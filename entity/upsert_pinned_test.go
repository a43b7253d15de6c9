package entity_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/google/go-cmp/cmp"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
)

type pinIncident struct {
	Site     string `dynamo:"site"`
	ID       string `dynamo:"id"`
	OpenedAt int64  `dynamo:"openedAt"` // the created timestamp, Unix seconds
	Owner    string `dynamo:"owner"`    // read-only
	Title    string `dynamo:"title"`
}

func pinIncidents(t *testing.T) (*entity.Table, *entity.Entity[pinIncident]) {
	t.Helper()
	table := &entity.Table{Name: "pin", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"), Indexes: []entity.Index{
		{Name: "GSI1", PartitionKey: entity.S("GSI1PK"), SortKey: entity.S("GSI1SK")},
		{Name: "GSI2", PartitionKey: entity.S("GSI2PK"), SortKey: entity.S("GSI2SK")},
	}}
	return table, entity.MustDefine(table, entity.Config[pinIncident]{
		Name: "Incident", Key: entity.Key{Partition: "SITE#${site}", Sort: "INC#${id}"},
		Indexes: []entity.IndexKey[pinIncident]{
			{Index: "GSI1", Partition: "DAY#${openedAt:date}", Sort: "${openedAt:time}#${id}"},
			{Index: "GSI2", Partition: "OWNER#${owner}", Sort: "INC#${id}"},
		},
		Timestamps: entity.Timestamps{Created: "openedAt"},
		Attributes: map[string]entity.Attribute{"owner": {ReadOnly: true}},
	})
}

// An index key built from the created timestamp or a read-only attribute,
// which an upsert keeps as an existing item holds them: an upsert whose
// value gives them renders the keys from them and holds only where the
// item is new or holds the same values, so the keys written are always the
// item's (they were refused outright, so such an entity could never be
// upserted; helper-113). One the value leaves zero is refused, saying why.
func TestAnUpsertPinsTheCreatedTimestampAndReadOnlyAttributesItsKeysUse(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	table, incidents := pinIncidents(t)
	db := entitytest.NewDB(t, table)
	raw := func() map[string]types.AttributeValue {
		t.Helper()
		return rawItem(t, db, map[string]types.AttributeValue{
			"PK": &types.AttributeValueMemberS{Value: "SITE#s1"}, "SK": &types.AttributeValueMemberS{Value: "INC#i1"}})
	}
	// The keys must be those a put of the stored item's value writes.
	keysArePuts := func(when string) {
		t.Helper()
		item := raw()
		v, err := incidents.Decode(item)
		if err != nil {
			t.Fatal(err)
		}
		want, err := incidents.Encode(v)
		if err != nil {
			t.Fatal(err)
		}
		for _, k := range []string{"PK", "SK", "GSI1PK", "GSI1SK", "GSI2PK", "GSI2SK"} {
			if diff := cmp.Diff(want[k], item[k], entitytest.CmpOptions...); diff != "" {
				t.Errorf("%s: key %s is not a put's (-put +stored):\n%s", when, k, diff)
			}
		}
	}
	const opened = 1773144000 // 2026-03-10T12:00:00Z
	v := pinIncident{Site: "s1", ID: "i1", OpenedAt: opened, Owner: "ann", Title: "one"}
	if _, err := incidents.Upsert(v).Run(ctx, db); err != nil {
		t.Fatalf("upsert of a new item: %v", err)
	}
	keysArePuts("after the upsert creating it")
	v.Title = "two"
	if _, err := incidents.Upsert(v).Run(ctx, db); err != nil {
		t.Fatalf("upsert giving the stored creation time and owner: %v", err)
	}
	if got := raw(); got["title"].(*types.AttributeValueMemberS).Value != "two" {
		t.Errorf("title = %v, want two", got["title"])
	}
	keysArePuts("after an upsert of the same creation time and owner")
	for _, c := range []struct {
		name string
		v    pinIncident
	}{
		{"another creation time", pinIncident{Site: "s1", ID: "i1", OpenedAt: opened + 86400, Owner: "ann", Title: "three"}},
		{"another owner", pinIncident{Site: "s1", ID: "i1", OpenedAt: opened, Owner: "bob", Title: "three"}},
	} {
		before := raw()
		_, err := incidents.Upsert(c.v).Run(ctx, db)
		var ce *ddbmodel.ConditionError
		if !errors.As(err, &ce) || !errors.Is(err, ddbmodel.ErrConditionFailed) {
			t.Errorf("upsert of %s: err = %v, want a ConditionError (ErrConditionFailed)", c.name, err)
		}
		if diff := cmp.Diff(before, raw(), entitytest.CmpOptions...); diff != "" {
			t.Errorf("upsert of %s changed the item (-before +after):\n%s", c.name, diff)
		}
	}
	keysArePuts("after the refused upserts")

	// A value leaving the created timestamp zero: refused before sending,
	// saying why.
	rec := entitytest.NewRecorder(nil)
	_, err := incidents.Upsert(pinIncident{Site: "s1", ID: "i1", Owner: "ann"}).Run(ctx, entity.NewDB(rec, "pin"))
	var me *ddbmodel.MissingCompositesError
	if !errors.As(err, &me) || !me.Upsert || len(me.Missing) != 1 || me.Missing[0] != "openedAt" ||
		len(me.Reasons) != 1 || !strings.Contains(me.Reasons[0], "the created timestamp") || rec.Count() != 0 {
		t.Errorf("upsert leaving the created timestamp zero: err = %v (%d requests), want a MissingCompositesError naming openedAt as the created timestamp", err, rec.Count())
	}
}
