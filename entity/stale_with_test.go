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
	"github.com/ddbmodel/ddbmodel/txn"
)

// An update whose With values are not the item's fails its condition; the
// error says which With value the item does not hold and what it holds
// (*entity.StaleWithError, matching ErrConditionFailed), alone and as an
// action of a transaction, where the reason said only
// ConditionalCheckFailed (helper-112). A With value that holds, with an If
// that does not, is the plain ErrConditionFailed.
func TestAnUpdateWhoseWithValuesAreStaleSaysWhichAndWhatTheItemHolds(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	table, orders := waOrders(t)
	db := entitytest.NewDB(t, table)
	site := "north"
	if _, err := orders.Put(waOrder{ID: "o1", OpenSite: site, Priority: 5, Kind: "install"}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	if _, err := orders.Put(waOrder{ID: "o9", Priority: 5, Kind: "install"}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	s := func(v string) types.AttributeValue { return &types.AttributeValueMemberS{Value: v} }
	for _, c := range []struct {
		name      string
		with      entity.Values
		attr      string
		want, got types.AttributeValue
	}{
		{"another kind", entity.Values{"kind": "repair", "openSite": site, "team": nil}, "kind", s("repair"), s("install")},
		{"no site, but it has one", entity.Values{"kind": "install", "openSite": "", "team": nil}, "openSite", nil, s("north")},
		{"a team it lacks", entity.Values{"kind": "install", "openSite": site, "team": &site}, "team", s("north"), nil},
	} {
		up := orders.Update(entity.Values{"id": "o1"}).Set("priority", 8).With(c.with)
		check := func(how string, err error) {
			t.Helper()
			var stale *entity.StaleWithError
			if !errors.As(err, &stale) || !errors.Is(err, ddbmodel.ErrConditionFailed) {
				t.Fatalf("%s, %s: err = %v, want an *entity.StaleWithError matching ErrConditionFailed", c.name, how, err)
			}
			if stale.Entity != "Order" || stale.Attribute != c.attr ||
				!cmp.Equal(stale.Want, c.want, entitytest.CmpOptions...) || !cmp.Equal(stale.Got, c.got, entitytest.CmpOptions...) {
				t.Errorf("%s, %s: %+v, want %s: %v, got %v", c.name, how, stale, c.attr, c.want, c.got)
			}
			if !strings.Contains(err.Error(), "With gives Order attribute "+c.attr) {
				t.Errorf("%s, %s: text %q does not name the With value", c.name, how, err)
			}
		}
		_, err := up.Run(ctx, db)
		var ce *ddbmodel.ConditionError
		if !errors.As(err, &ce) {
			t.Fatalf("%s: err = %v, want a *ddbmodel.ConditionError", c.name, err)
		}
		check("alone", err)
		err = txn.Write(up, orders.Check(entity.Values{"id": "o9"}, entity.Attr("priority").Eq(5))).Run(ctx, db)
		var tce *ddbmodel.TxCanceledError
		if !errors.As(err, &tce) || len(tce.Failed()) != 1 {
			t.Fatalf("%s: err = %v, want a canceled transaction with one failed action", c.name, err)
		}
		check("in a transaction", tce.Failed()[0].Err)
		if !strings.Contains(err.Error(), "With gives Order attribute "+c.attr) {
			t.Errorf("%s: transaction text %q does not name the With value", c.name, err)
		}
	}
	// The With values hold; the If does not: no With to blame.
	_, err := orders.Update(entity.Values{"id": "o1"}).Set("priority", 8).With(entity.Values{"kind": "install", "openSite": site, "team": nil}).
		If(entity.Attr("priority").Eq(1)).Run(ctx, db)
	var stale *entity.StaleWithError
	if !errors.Is(err, ddbmodel.ErrConditionFailed) || errors.As(err, &stale) {
		t.Errorf("a failed If: err = %v, want ErrConditionFailed and no StaleWithError", err)
	}
	if got, err := orders.Get(entity.Values{"id": "o1"}).Run(ctx, db); err != nil || got.Priority != 5 {
		t.Errorf("o1 = %+v, %v: want it unchanged", got, err)
	}
}
