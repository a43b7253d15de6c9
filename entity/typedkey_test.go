package entity_test

import (
	"context"
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
)

func TestItemKeyOfChecksTheComposites(t *testing.T) {
	t.Parallel()
	tk := defineTypedTickets(ticketTable())
	mustPanic(t, func() {
		entity.ItemKeyOf[struct {
			ID string `dynamo:"Id"`
		}](tk)
	}, "Ticket", `stored as "Id"`, "no composite", `did you mean "id"?`)
	mustPanic(t, func() { entity.ItemKeyOf[struct{ Title string }](tk) }, "no composite of the key (composites: id)")
	// A composite inside an embedded pointer would be read through nil.
	mustPanic(t, func() { entity.ItemKeyOf[tkEmbeddedPtr](tk) }, "Ticket", "embedded pointer", "by value")
	mustPanic(t, func() { entity.ItemKeyOf[struct{}](tk) }, "no field for composite(s) id")
	mustPanic(t, func() {
		entity.ItemKeyOf[struct {
			ID int `dynamo:"id"`
		}](tk)
	}, "is an int, but entity_test.Ticket stores \"id\" as a string")
	mustPanic(t, func() {
		entity.ItemKeyOf[struct {
			ID *string `dynamo:"id"`
		}](tk)
	}, "is a pointer, but an item key gives every composite")
	mustPanic(t, func() { entity.QueryKeyOf[TicketKey](tk, "Nope") }, `in no index "Nope"`)
	mustPanic(t, func() {
		entity.QueryKeyOf[struct {
			Status *TkStatus `dynamo:"status"`
		}](tk, "ByStatus")
	}, "a query gives every partition composite")
	mustPanic(t, func() {
		entity.QueryKeyOf[struct {
			Status TkStatus `dynamo:"status"`
			ID     string   `dynamo:"id"`
		}](tk, "ByStatus")
	}, `sort composite "id" follows a sort composite K does not hold`)
	// Fine: partition only, and partition with optional leading sort composites.
	entity.QueryKeyOf[struct {
		Status TkStatus `dynamo:"status"`
	}](tk, "ByStatus")
	entity.QueryKeyOf[TicketStatusKey](tk, "ByStatus")
}

func TestTypedKeyIsTheValuesForm(t *testing.T) {
	t.Parallel()
	tk := defineTypedTickets(ticketTable())
	byID := entity.ItemKeyOf[TicketKey](tk)
	byStatus := entity.QueryKeyOf[TicketStatusKey](tk, "ByStatus")
	five := 5
	for _, c := range []struct {
		got, want entity.Values
	}{
		{byID.Values(TicketKey{"t1"}), entity.Values{"id": "t1"}},
		{byStatus.Values(TicketStatusKey{Status: "open"}), entity.Values{"status": TkStatus("open")}},
		{byStatus.Values(TicketStatusKey{Status: "open", Votes: &five}), entity.Values{"status": TkStatus("open"), "votes": 5}},
	} {
		if diff := cmp.Diff(c.want, c.got); diff != "" {
			t.Errorf("values (-want +got):\n%s", diff)
		}
	}
	get, err := byID.Get(TicketKey{"t1"}).Build()
	if err != nil {
		t.Fatal(err)
	}
	want, _ := tk.Get(entity.Values{"id": "t1"}).Build()
	if diff := cmp.Diff(want, get, entitytest.CmpOptions); diff != "" {
		t.Errorf("get (-string +typed):\n%s", diff)
	}
	del, _ := byID.Delete(TicketKey{"t1"}).Build()
	wantDel, _ := tk.Delete(entity.Values{"id": "t1"}).Build()
	if diff := cmp.Diff(wantDel, del, entitytest.CmpOptions); diff != "" {
		t.Errorf("delete (-string +typed):\n%s", diff)
	}
	title := entity.StringOf(tk, func(t *Ticket) *string { return &t.Title })
	chk, err := byID.Check(TicketKey{"t1"}, title.Eq("x")).TransactWrite()
	if err != nil {
		t.Fatal(err)
	}
	wantChk, _ := tk.Check(entity.Values{"id": "t1"}, entity.Attr("title").Eq("x")).TransactWrite()
	if diff := cmp.Diff(wantChk.Item, chk.Item, entitytest.CmpOptions); diff != "" {
		t.Errorf("check (-string +typed):\n%s", diff)
	}
}

type tkIDBase struct {
	ID string `dynamo:"id"`
}

// tkEmbeddedPtr holds its composite in an embedded pointer.
type tkEmbeddedPtr struct{ *tkIDBase }

// A nil ItemKey (a package variable read before it is set) does not panic:
// its operations are refused as those of a nil *Entity are, and nothing is
// sent (helper-106).
func TestANilItemKeyIsRefusedNotAPanic(t *testing.T) {
	t.Parallel()
	tk := defineTypedTickets(ticketTable())
	votes := entity.NumberOf(tk, func(t *Ticket) *int { return &t.Votes })
	var nilKey *entity.ItemKey[Ticket, TicketKey]
	if nilKey.Entity() != nil || nilKey.Values(TicketKey{"t1"}) != nil {
		t.Errorf("a nil ItemKey's Entity and Values: %v, %v; want nil", nilKey.Entity(), nilKey.Values(TicketKey{"t1"}))
	}
	var nilQuery *entity.QueryKey[Ticket, TicketStatusKey]
	if nilQuery.Entity() != nil || nilQuery.Index() != "" || nilQuery.Values(TicketStatusKey{Status: "open"}) != nil {
		t.Errorf("a nil QueryKey's Entity, Index and Values are not empty")
	}
	k := TicketKey{"t1"}
	db := entity.NewDB(entitytest.NoRequests(t), "tickets")
	for name, build := range map[string]func() error{
		"get":    func() error { _, err := nilKey.Get(k).Build(); return err },
		"update": func() error { _, err := nilKey.Update(k).Apply(votes.Set(1)).Build(); return err },
		"delete": func() error { _, err := nilKey.Delete(k).Build(); return err },
		"check":  func() error { _, err := nilKey.Check(k, votes.Eq(1)).TransactWrite(); return err },
		"get run": func() error {
			_, err := nilKey.Get(k).Run(context.Background(), db)
			return err
		},
		"update run": func() error {
			_, err := nilKey.Update(k).Apply(votes.Set(1)).Run(context.Background(), db)
			return err
		},
	} {
		err := callNoPanic(t, name, build)
		var ve *ddbmodel.ValidationError
		if !errors.As(err, &ve) || !errors.Is(err, ddbmodel.ErrInvalid) {
			t.Errorf("%s of a nil ItemKey: %v, want a *ddbmodel.ValidationError", name, err)
		}
	}
}
