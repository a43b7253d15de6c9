package entity_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/google/go-cmp/cmp"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
)

// An update that changes a unique attribute runs as a transaction, which
// returns no item: Returning(ALL_OLD) still gives the item as it was
// before the update (the one the transaction was conditioned on), and the
// default ALL_NEW the item after it.
func TestUniqueUpdateReturnsWhatReturningAsks(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	table, users := newUqModel(t)
	db := entitytest.NewDB(t, table)
	if _, err := users.Create(uqUser{ID: "u1", Email: "a@x", Name: "Ann"}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	key := entity.Values{"id": "u1"}
	old, err := users.Update(key).Set("email", "b@x").Returning(types.ReturnValueAllOld).Run(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(uqUser{ID: "u1", Email: "a@x", Name: "Ann"}, old); diff != "" {
		t.Errorf("Returning(ALL_OLD) (-want +got):\n%s", diff)
	}
	now, err := users.Update(key).Set("email", "c@x").Run(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(uqUser{ID: "u1", Email: "c@x", Name: "Ann"}, now); diff != "" {
		t.Errorf("the default ALL_NEW (-want +got):\n%s", diff)
	}
	none, err := users.Update(key).Set("email", "d@x").Returning(types.ReturnValueNone).Run(ctx, db)
	if err != nil || none != (uqUser{}) {
		t.Errorf("Returning(NONE) = %+v, %v; want the zero value", none, err)
	}
}

// An item of an entity with unique attributes whose other attributes no
// longer decode (written by older code) can still be deleted and
// replaced: the write reads only the unique attributes' old values, and
// their markers go with it.
func TestUniqueUndecodableItemCanBeDeletedAndReplaced(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	table, users := newUqModel(t)
	db := entitytest.NewDB(t, table)
	spoil := func(id string) {
		t.Helper()
		key, err := users.Key(entity.Values{"id": id})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := db.Client.UpdateItem(ctx, &dynamodb.UpdateItemInput{TableName: &db.TableName, Key: key,
			UpdateExpression:          aws.String("SET #n = :m"),
			ExpressionAttributeNames:  map[string]string{"#n": "name"},
			ExpressionAttributeValues: map[string]types.AttributeValue{":m": &types.AttributeValueMemberM{Value: map[string]types.AttributeValue{}}},
		}); err != nil {
			t.Fatal(err)
		}
		var de *ddbmodel.DecodeError
		if _, err := users.Get(entity.Values{"id": id}).Run(ctx, db); !errors.As(err, &de) {
			t.Fatalf("Get of the spoiled item = %v, want a *ddbmodel.DecodeError", err)
		}
	}
	for _, u := range []uqUser{{ID: "u1", Email: "a@x"}, {ID: "u2", Email: "b@x"}} {
		if _, err := users.Create(u).Run(ctx, db); err != nil {
			t.Fatal(err)
		}
		spoil(u.ID)
	}
	if err := users.Delete(entity.Values{"id": "u1"}).Run(ctx, db); err != nil {
		t.Fatalf("Delete of an undecodable item = %v", err)
	}
	if _, err := users.Put(uqUser{ID: "u2", Email: "c@x", Name: "Bo"}).Run(ctx, db); err != nil {
		t.Fatalf("Put over an undecodable item = %v", err)
	}
	items, markers := tableState(t, db, users)
	if len(items) != 1 || str(items["u2"]["email"]) != "c@x" || str(items["u2"]["name"]) != "Bo" {
		t.Errorf("items after = %v, want only u2 with c@x", items)
	}
	if len(markers) != 1 || !strings.Contains(markers["c@x"], "u2") {
		t.Errorf("markers after = %v, want only c@x owned by u2", markers)
	}
}
