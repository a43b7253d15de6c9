package entity_test

import (
	"maps"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/google/go-cmp/cmp"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
)

// TestTypedUpdateStoresWhatTheStringFormStores runs the same update in
// both forms on two equal items and wants equal stored items.
func TestTypedUpdateStoresWhatTheStringFormStores(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	table := ticketTable()
	tk := defineTypedTickets(table)
	db := entitytest.NewDB(t, table)
	var (
		byID   = entity.ItemKeyOf[TicketKey](tk)
		title  = entity.StringOf(tk, func(t *Ticket) *string { return &t.Title })
		votes  = entity.NumberOf(tk, func(t *Ticket) *int { return &t.Votes })
		log    = entity.ListOf(tk, func(t *Ticket) *[]string { return &t.Log })
		status = entity.StringOf(tk, func(t *Ticket) *TkStatus { return &t.Status })
		score  = entity.NumberOf(tk, func(t *Ticket) *float64 { return &t.Score })
		labels = entity.SetOf(tk, func(t *Ticket) *[]string { return &t.Labels })
	)
	for _, id := range []string{"typed", "string"} {
		if _, err := tk.Put(Ticket{ID: id, Title: "old", Votes: 1, Status: "open", Log: []string{"a"}, Score: 2.5, Labels: []string{"x"}}).Run(ctx, db); err != nil {
			t.Fatal(err)
		}
	}
	typed, err := byID.Update(TicketKey{"typed"}).
		Apply(title.Set("new"), votes.Add(2), log.Append("b", "c"), status.Set("closed"), score.Set(0), labels.Add("y", "z")).
		Ensure(status.Eq("open"), votes.Lt(5)).
		ReadFirst().Run(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	str, err := tk.Update(entity.Values{"id": "string"}).
		Set("title", "new").Add("votes", 2).Append("log", []string{"b", "c"}).Set("status", TkStatus("closed")).Set("Score", 0.0).Add("labels", []string{"y", "z"}).
		If(entity.And(entity.Attr("status").Eq(TkStatus("open")), entity.Attr("votes").Lt(5))).
		ReadFirst().Run(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	str.ID = "typed"
	if diff := cmp.Diff(str, typed, cmp.AllowUnexported(Ticket{})); diff != "" {
		t.Errorf("returned items differ (-string +typed):\n%s", diff)
	}
	if typed.Votes != 3 || typed.Title != "new" || len(typed.Log) != 3 || len(typed.Labels) != 3 || typed.Score != 0 || typed.Status != "closed" {
		t.Errorf("typed update stored %+v", typed)
	}
	rawT := rawItem(t, db, mustKey(t, tk, "typed"))
	rawS := rawItem(t, db, mustKey(t, tk, "string"))
	// Every attribute but those that name the ID must be byte-identical.
	for _, k := range []string{"PK", "GSI1SK", "id"} {
		delete(rawT, k)
		delete(rawS, k)
	}
	if !maps.EqualFunc(rawT, rawS, func(a, b types.AttributeValue) bool { return cmp.Equal(a, b, entitytest.CmpOptions) }) {
		t.Errorf("stored items differ:\nstring %v\ntyped  %v", rawS, rawT)
	}
	// A failed typed condition is the string form's failure (each naming
	// its own item's key).
	_, errT := byID.Update(TicketKey{"typed"}).Apply(votes.Add(1)).Ensure(status.Eq("open")).ReadFirst().Run(ctx, db)
	_, errS := tk.Update(entity.Values{"id": "string"}).Add("votes", 1).If(entity.Attr("status").Eq("open")).ReadFirst().Run(ctx, db)
	if errT == nil || errS == nil || strings.ReplaceAll(errT.Error(), "TICKET#typed", "TICKET#string") != errS.Error() {
		t.Errorf("failed condition: typed %v, string %v", errT, errS)
	}
}

func mustKey(t *testing.T, tk *entity.Entity[Ticket], id string) map[string]types.AttributeValue {
	t.Helper()
	k, err := tk.Key(entity.Values{"id": id})
	if err != nil {
		t.Fatal(err)
	}
	return k
}
