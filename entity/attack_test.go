package entity_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
)

// Findings of an adversarial review of checked names, values and document
// paths. Each test states the expected behaviour and fails until fixed.

// DynamoDB evaluates every list index of one update against the item as it
// was before the update: REMOVE notes[0], notes[1] removes the first two
// elements. An update that reads the item first (a move, or ReadFirst)
// computes the item locally, and refuses, before writing anything, two
// changes by index to one list, whose shifts it could not mirror.
func TestAttackMoveRemovesListIndexesAsDynamoDBDoes(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	e := defineTickets(t)
	db := entitytest.NewDB(t, ckTable())
	for _, id := range []string{"inplace", "moved"} {
		if _, err := e.Put(ckTicket{ID: id, Tenant: "t1", Status: "open", Notes: []string{"a", "b", "c", "d"}}).Run(ctx, db); err != nil {
			t.Fatal(err)
		}
	}
	inPlace, err := e.Update(entity.Values{"tenantId": "t1", "id": "inplace"}).Remove("notes[0]", "notes[1]").Run(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"c", "d"}, inPlace.Notes); diff != "" {
		t.Fatalf("in place (DynamoDB's own evaluation), notes (-want +got):\n%s", diff)
	}
	_, err = e.Update(entity.Values{"tenantId": "t1", "id": "moved"}).Set("id", "moved2").Remove("notes[0]", "notes[1]").ReadFirst().Run(ctx, db)
	wantInvalid(t, err, "Ticket", "notes[1]", "split the update")
	got, err := e.Get(entity.Values{"tenantId": "t1", "id": "moved"}).Run(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"a", "b", "c", "d"}, got.Notes); diff != "" {
		t.Errorf("the refused move changed the item (-want +got):\n%s", diff)
	}
	// One change by index per list moves as DynamoDB would apply it.
	moved, err := e.Update(entity.Values{"tenantId": "t1", "id": "moved"}).Set("id", "moved2").Remove("notes[1]").ReadFirst().Run(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"a", "c", "d"}, moved.Notes); diff != "" {
		t.Errorf("moved item's notes (-want +got):\n%s", diff)
	}
}

// Setting a path whose parent map entry is absent: DynamoDB refuses it
// ("The document path provided in the update expression is invalid for
// update"). The error must be typed, so callers can tell it from a network
// failure: errors.Is(err, ddbmodel.ErrDocumentPath). It is no
// *ddbmodel.ValidationError, which means nothing was sent.
func TestAttackSetUnderMissingParentIsTyped(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	e := defineTickets(t)
	db := entitytest.NewDB(t, ckTable())
	if _, err := e.Put(ckTicket{ID: "1", Tenant: "t1", Status: "open"}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	_, err := e.Update(ckKey2("1")).Set("addresses.home.city", "Paris").Run(ctx, db)
	if err == nil {
		t.Fatal("DynamoDB accepted a Set under a missing map entry; the test's premise is wrong")
	}
	var ve *ddbmodel.ValidationError
	if !errors.Is(err, ddbmodel.ErrDocumentPath) || errors.As(err, &ve) || !strings.Contains(err.Error(), "Ticket") {
		t.Errorf("err = %v (%T); want ddbmodel.ErrDocumentPath naming the entity, and no *ValidationError (the request was sent)", err, err)
	}
}

func ckKey2(id string) entity.Values { return entity.Values{"tenantId": "t1", "id": id} }

// A Go array has a fixed length: a put never stores more elements than it
// holds, and DynamoDB's SET of an index beyond a list's end appends, which
// leaves an item the type cannot hold. The path is refused at Build.
func TestAttackArrayIndexBeyondLengthRefused(t *testing.T) {
	t.Parallel()
	type arrT struct {
		ID  string `dynamo:"id"`
		Arr [3]int `dynamo:"arr"`
	}
	e, err := entity.Define(&entity.Table{Name: "a", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")},
		entity.Config[arrT]{Name: "Arr", Key: entity.Key{Partition: "A#${id}", Sort: "A"}})
	if err != nil {
		t.Fatal(err)
	}
	_, err = e.Update(entity.Values{"id": "1"}).Set("arr[3]", 1).Build()
	wantInvalid(t, err, "Arr", "arr[3]", "[3]int")
}

// A map whose keys are not strings (or text marshalers) cannot be stored:
// every put fails. Define refuses the type, as it refuses **T, instead of
// accepting document paths into it ("im.x") that no put could have written.
func TestAttackDefineRefusesNonStringMapKeys(t *testing.T) {
	t.Parallel()
	type imT struct {
		ID string         `dynamo:"id"`
		IM map[int]string `dynamo:"im"`
	}
	_, err := entity.Define(&entity.Table{Name: "a", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")},
		entity.Config[imT]{Name: "IM", Key: entity.Key{Partition: "I#${id}", Sort: "I"}})
	if err == nil {
		t.Fatal("Define accepted map[int]string, which no put can encode")
	}
	if !errors.Is(err, ddbmodel.ErrInvalid) && !strings.Contains(err.Error(), "im") {
		t.Errorf("err = %v; want an error naming the field im", err)
	}
}
