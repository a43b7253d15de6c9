package entity_test

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
)

func TestFieldOfPaths(t *testing.T) {
	t.Parallel()
	tk := defineTypedTickets(ticketTable())
	for _, c := range []struct{ got, want string }{
		{entity.FieldOf(tk, func(t *Ticket) *string { return &t.ID }).Path(), "id"},
		{entity.NumberOf(tk, func(t *Ticket) *int { return &t.Votes }).Path(), "votes"},
		{entity.NumberOf(tk, func(t *Ticket) *float64 { return &t.Score }).Path(), "Score"},
		{entity.StringOf(tk, func(t *Ticket) *TkStatus { return &t.Status }).Path(), "status"},
		{entity.SetOf(tk, func(t *Ticket) *[]string { return &t.Labels }).Path(), "labels"},
		{entity.ListOf(tk, func(t *Ticket) *[]string { return &t.Log }).Path(), "log"},
		{entity.ListOf(tk, func(t *Ticket) *[]string { return &t.Log }).At(3).Path(), "log[3]"},
		{entity.MapOf(tk, func(t *Ticket) *map[string]TkAddress { return &t.Addrs }).Key("home").Path(), "addresses.home"},
		{entity.MapOf(tk, func(t *Ticket) *map[string]TkAddress { return &t.Addrs }).Key("my.home").Path(), `addresses."my.home"`},
		{entity.MapOf(tk, func(t *Ticket) *map[string]TkAddress { return &t.Addrs }).Key(`a"b`).Path(), `addresses."a\"b"`},
		{entity.FieldOf(tk, func(t *Ticket) *TkAddress { return &t.Assignee }).Path(), "assignee"},
		{entity.FieldOf(tk, func(t *Ticket) *string { return &t.Assignee.City }).Path(), "assignee.city"},
		{entity.FieldOf(tk, func(t *Ticket) *string { return &t.Owner.Zip }).Path(), "owner.zip"},
		{entity.FieldOf(tk, func(t *Ticket) **TkAddress { return &t.Owner }).Path(), "owner"},
		{entity.FieldOf(tk, func(t *Ticket) *string { return &t.Dotted }).Path(), `"a.b"`},
		{entity.FieldOf(tk, func(t *Ticket) *time.Time { return &t.Due }).Path(), "due"},
		{entity.FieldOf(tk, func(t *Ticket) *string { return &t.By }).Path(), "by"},
		{entity.FieldOf(tk, func(t *Ticket) *int { return &t.Rev }).Path(), "rev"},
	} {
		if c.got != c.want {
			t.Errorf("path %q, want %q", c.got, c.want)
		}
	}
}

var outside string

func TestFieldOfRefusesWhatIsNotAStoredField(t *testing.T) {
	t.Parallel()
	tk := defineTypedTickets(ticketTable())
	mustPanic(t, func() { entity.FieldOf(tk, func(t *Ticket) *string { return &t.Secret }) }, "Ticket", "Secret", `dynamo:"-"`)
	mustPanic(t, func() { entity.FieldOf(tk, func(t *Ticket) *string { return &t.hidden }) }, "hidden", "unexported")
	mustPanic(t, func() { entity.FieldOf(tk, func(t *Ticket) *string { return &outside }) }, "no field of entity_test.Ticket")
	mustPanic(t, func() { entity.FieldOf(tk, func(t *Ticket) *string { return nil }) }, "returned nil")
	mustPanic(t, func() { entity.FieldOf(tk, func(t *Ticket) *string { panic("boom") }) }, "panicked", "boom")
	mustPanic(t, func() { entity.FieldOf(tk, func(t *Ticket) *string { return &t.Log[0] }) }, "panicked")
	mustPanic(t, func() { entity.FieldOf(tk, func(t *Ticket) *TkAudit { return &t.TkAudit }) }, "embedded struct TkAudit")
	mustPanic(t, func() { entity.SetOf(tk, func(t *Ticket) *[]string { return &t.Log }) }, "log is stored as a list", "ListOf")
	mustPanic(t, func() { entity.ListOf(tk, func(t *Ticket) *[]string { return &t.Labels }) }, "labels is stored as a set", "SetOf")
	mustPanic(t, func() { entity.FieldOf[Ticket, string](nil, func(t *Ticket) *string { return &t.ID }) }, "needs an entity")
	mustPanic(t, func() { entity.FieldOf[Ticket, string](tk, nil) }, "func is nil")
}

// sameUpdate builds a typed and a string update and wants identical
// inputs, without error.
func sameUpdate(t *testing.T, typed, str entity.UpdateOp[Ticket]) {
	t.Helper()
	a, errA := typed.Build()
	b, errB := str.Build()
	if errA != nil || errB != nil {
		t.Fatalf("typed error %v, string error %v", errA, errB)
	}
	if diff := cmp.Diff(b, a, entitytest.CmpOptions); diff != "" {
		t.Errorf("typed and string forms differ (-string +typed):\n%s", diff)
	}
}

func TestTypedUpdateBuildsTheStringForm(t *testing.T) {
	t.Parallel()
	tk := defineTypedTickets(ticketTable())
	var (
		title  = entity.StringOf(tk, func(t *Ticket) *string { return &t.Title })
		votes  = entity.NumberOf(tk, func(t *Ticket) *int { return &t.Votes })
		labels = entity.SetOf(tk, func(t *Ticket) *[]string { return &t.Labels })
		log    = entity.ListOf(tk, func(t *Ticket) *[]string { return &t.Log })
		addrs  = entity.MapOf(tk, func(t *Ticket) *map[string]TkAddress { return &t.Addrs })
		counts = entity.MapOf(tk, func(t *Ticket) *map[string]int { return &t.Counts })
		city   = entity.FieldOf(tk, func(t *Ticket) *string { return &t.Assignee.City })
		due    = entity.FieldOf(tk, func(t *Ticket) *time.Time { return &t.Due })
		byKey  = entity.ItemKeyOf[struct {
			ID string `dynamo:"id"`
		}](tk)
	)
	when := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	key := entity.Values{"id": "t1"}
	cond := func(op entity.UpdateOp[Ticket]) entity.UpdateOp[Ticket] {
		return op.Ensure(title.BeginsWith("C"), votes.Lt(10).Or(votes.Gt(100)), labels.Contains("a"), log.SizeGt(1), addrs.Key("w").NotExists())
	}
	strCond := entity.And(entity.Attr("title").BeginsWith("C"), entity.Or(entity.Attr("votes").Lt(10), entity.Attr("votes").Gt(100)),
		entity.Attr("labels").Contains("a"), entity.Attr("log").SizeGt(1), entity.Attr("addresses.w").NotExists())
	typedKey := struct {
		ID string `dynamo:"id"`
	}{"t1"}
	sameUpdate(t, cond(byKey.Update(typedKey).Apply(
		title.Set("Crash"),
		labels.Add("a", "b"),
		log.Append("one"),
		due.Set(when),
	)), tk.Update(key).
		Set("title", "Crash").
		Add("labels", []string{"a", "b"}).
		Append("log", []string{"one"}).
		Set("due", when).
		If(strCond))
	// Document paths.
	sameUpdate(t, tk.Update(key).Apply(
		addrs.Key("my.home").Set(TkAddress{City: "Oslo"}),
		entity.AsNumber(counts.Key("x")).Add(2),
		city.Remove(),
	), tk.Update(key).
		Set(`addresses."my.home"`, TkAddress{City: "Oslo"}).
		Add("counts.x", 2).
		Remove("assignee.city"))
	sameUpdate(t, cond(tk.Update(key).Apply(title.SetIfNotExists("x"), labels.DeleteFromSet("c"), log.Prepend("zero"))),
		tk.Update(key).SetIfNotExists("title", "x").DeleteFromSet("labels", []string{"c"}).Prepend("log", []string{"zero"}).If(strCond))
	sameUpdate(t, tk.Update(key).Apply(log.At(2).Set("two")), tk.Update(key).Set("log[2]", "two"))

	// The key's typed form: a votes change recomputes the index key.
	sameUpdate(t, tk.Update(key).Apply(votes.Set(3)).Ensure(votes.Between(1, 5), votes.In(1, 2), votes.Ne(4), votes.Exists()),
		tk.Update(key).Set("votes", 3).If(entity.And(entity.Attr("votes").Between(1, 5), entity.Attr("votes").In(1, 2), entity.Attr("votes").Ne(4), entity.Attr("votes").Exists())))
}
