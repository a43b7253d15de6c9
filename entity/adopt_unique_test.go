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
)

// An entity with unique attributes (without RecognizeUnmarked) adopts an
// unmarked item with its values' markers in one transaction; a value
// another item holds fails the adoption with a UniqueError and leaves the
// item as it was.
func TestAdoptWritesUniqueMarkers(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	table, users := newUqModel(t)
	db := entitytest.NewDB(t, table)
	rawPut(t, db, rawUqUser("u1", "a@x"))
	got, err := users.Adopt(entity.Values{"id": "u1"}).Run(ctx, db)
	if err != nil || got.Email != "a@x" {
		t.Fatalf("adopt: %+v %v", got, err)
	}
	if m := rawItem(t, db, map[string]types.AttributeValue{"PK": s("UNIQUE#User#email#a@x"), "SK": s("UNIQUE")}); str(m["uniqueOwner"]) == "" {
		t.Errorf("no marker for a@x: %v", m)
	}
	if _, err := users.Create(uqUser{ID: "u2", Email: "a@x"}).Run(ctx, db); !errors.Is(err, ddbmodel.ErrUniqueTaken) {
		t.Errorf("a second user took a@x after the adoption: %v", err)
	}
	raw := rawUqUser("u3", "a@x")
	rawPut(t, db, raw)
	_, err = users.Adopt(entity.Values{"id": "u3"}).Run(ctx, db)
	var ue *ddbmodel.UniqueError
	var ae *entity.AdoptError
	if !errors.As(err, &ue) || ue.Attribute != "email" || ue.Value != "a@x" || !errors.As(err, &ae) {
		t.Fatalf("adopting a second holder of a@x: %v, want an AdoptError wrapping a UniqueError", err)
	}
	if it := rawGet(t, db, "USER#u3", "#META"); !reflect.DeepEqual(it, raw) {
		t.Errorf("u3 changed: %v", it)
	}
	if _, err := users.AdoptItem(raw).Build(); err == nil {
		t.Errorf("AdoptItem.Build of a unique entity compiles a write without the markers")
	}
}
