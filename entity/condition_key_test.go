package entity_test

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
)

// A write refused by its condition names the item it addressed: the
// *ddbmodel.ConditionError holds the item's table key, and its text names
// it (an update of a missing item said only "update Ticket: item not
// found").
func TestConditionErrorsNameTheItemsKey(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	table := ticketTable()
	tk := defineTypedTickets(table)
	db := entitytest.NewDB(t, table)
	if _, err := tk.Put(Ticket{ID: "k1", Title: "t", Status: "open"}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	closed := entity.Attr("status").Eq("closed")
	cases := []struct {
		name string
		run  func() error
		key  string
		is   error
	}{
		{"update of a missing item", func() error {
			_, err := tk.Update(entity.Values{"id": "nope"}).Set("title", "x").Run(ctx, db)
			return err
		}, "PK=TICKET#nope,SK=#T", ddbmodel.ErrNotFound},
		{"update reading first a missing item", func() error {
			_, err := tk.Update(entity.Values{"id": "nope"}).Set("title", "x").ReadFirst().Run(ctx, db)
			return err
		}, "PK=TICKET#nope,SK=#T", ddbmodel.ErrNotFound},
		{"update whose condition fails", func() error {
			_, err := tk.Update(entity.Values{"id": "k1"}).Set("title", "x").If(closed).Run(ctx, db)
			return err
		}, "PK=TICKET#k1,SK=#T", ddbmodel.ErrConditionFailed},
		{"put whose condition fails", func() error {
			_, err := tk.Put(Ticket{ID: "k1", Title: "x", Status: "open"}).If(closed).Run(ctx, db)
			return err
		}, "PK=TICKET#k1,SK=#T", ddbmodel.ErrConditionFailed},
		{"create of an existing item", func() error {
			_, err := tk.Create(Ticket{ID: "k1", Title: "x", Status: "open"}).Run(ctx, db)
			return err
		}, "PK=TICKET#k1,SK=#T", ddbmodel.ErrAlreadyExists},
		{"delete whose condition fails", func() error {
			return tk.Delete(entity.Values{"id": "k1"}).If(closed).Run(ctx, db)
		}, "PK=TICKET#k1,SK=#T", ddbmodel.ErrConditionFailed},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := c.run()
			var ce *ddbmodel.ConditionError
			if !errors.As(err, &ce) || !errors.Is(err, c.is) {
				t.Fatalf("%v, want a *ConditionError (%v)", err, c.is)
			}
			if got := keyString(ce.Key); got != c.key {
				t.Errorf("Key %s, want %s", got, c.key)
			}
			if !strings.Contains(err.Error(), "Ticket "+c.key+": ") || strings.Count(err.Error(), c.key) != 1 {
				t.Errorf("%q names the key %s not once", err, c.key)
			}
		})
	}
}

// keyString is a table key of strings as "PK=...,SK=...".
func keyString(key map[string]types.AttributeValue) string {
	var parts []string
	for _, n := range slices.Sorted(maps.Keys(key)) {
		v, _ := key[n].(*types.AttributeValueMemberS)
		if v == nil {
			return fmt.Sprintf("%v", key)
		}
		parts = append(parts, n+"="+v.Value)
	}
	return strings.Join(parts, ",")
}
