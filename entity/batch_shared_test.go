package entity_test

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/txn"
)

type bsMember struct {
	PersonID string `dynamo:"personId"`
	Name     string `dynamo:"name"`
}

type bsStaff struct {
	PersonID string `dynamo:"personId"`
	Role     string `dynamo:"role"`
}

// TestBatchWritesOfEntitiesSharingKeysAreRefused: entities sharing table
// keys (SharesKeysWith, named by one side only) are kept apart by the
// marker condition of Put and Delete alone; a batch write carries none,
// so a batch put of a Staff replaced a Member of the same person (found
// by a newcomer review). Both sides' batch puts and deletes are refused
// before any request, naming the entity and the other one.
func TestBatchWritesOfEntitiesSharingKeysAreRefused(t *testing.T) {
	t.Parallel()
	tb := &entity.Table{Name: "people", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
	key := entity.Key{Partition: "PERSON#${personId}", Sort: "#PROFILE"}
	members := entity.MustDefine(tb, entity.Config[bsMember]{Name: "Member", Key: key})
	staff := entity.MustDefine(tb, entity.Config[bsStaff]{Name: "Staff", Key: key, SharesKeysWith: []string{"Member"}})
	db := entity.NewDB(entitytest.NoRequests(t), "people")
	for _, c := range []struct {
		name, entity, other string
		op                  entity.BatchWriter
	}{
		{"put of the entity naming the other", "Staff", "Member", staff.Put(bsStaff{PersonID: "m1", Role: "clerk"})},
		{"delete of the entity naming the other", "Staff", "Member", staff.Delete(entity.Values{"personId": "m1"})},
		{"put of the entity named", "Member", "Staff", members.Put(bsMember{PersonID: "m1", Name: "Ana"})},
		{"delete of the entity named", "Member", "Staff", members.Delete(entity.Values{"personId": "m1"})},
	} {
		err := txn.BatchWrite(t.Context(), db, txn.BatchOptions{}, c.op)
		var ve *ddbmodel.ValidationError
		if !errors.As(err, &ve) || ve.Entity != c.entity || !strings.Contains(err.Error(), "item of "+c.other) || !strings.Contains(err.Error(), "SharesKeysWith") {
			t.Errorf("%s: %v; want a *ddbmodel.ValidationError naming %s and %s", c.name, err, c.entity, c.other)
		}
	}
}

// TestEntityShowsNoPlumbingMethods: methods the library's packages use
// among themselves are not promoted to Entity[T] (OtherEntitys was, with
// a garbled doc comment, found by a newcomer review).
func TestEntityShowsNoPlumbingMethods(t *testing.T) {
	t.Parallel()
	typ := reflect.TypeFor[*entity.Entity[bsMember]]()
	for _, name := range []string{"OtherEntitys"} {
		if _, ok := typ.MethodByName(name); ok {
			t.Errorf("*entity.Entity has the method %s", name)
		}
	}
}
