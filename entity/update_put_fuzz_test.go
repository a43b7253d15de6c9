package entity_test

import (
	"maps"
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/google/go-cmp/cmp"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
)

// ckHandles are typed handles on every field of ckTicket but the primary
// key's composites.
type ckHandles struct {
	status    entity.StringField[ckTicket, string]
	votes     entity.NumberField[ckTicket, int]
	expires   entity.Field[ckTicket, time.Time]
	labels    entity.SetField[ckTicket, string]
	notes     entity.ListField[ckTicket, string]
	title     entity.StringField[ckTicket, string]
	assignee  entity.Field[ckTicket, ckPerson]
	team      entity.StringField[ckTicket, string]
	addresses entity.MapField[ckTicket, string, ckAddress]
	meta      entity.Field[ckTicket, ckMeta]
	dotted    entity.StringField[ckTicket, string]
	open      entity.Field[ckTicket, bool]
}

func ckHandlesOf(e *entity.Entity[ckTicket]) ckHandles {
	return ckHandles{
		status:    entity.StringOf(e, func(t *ckTicket) *string { return &t.Status }),
		votes:     entity.NumberOf(e, func(t *ckTicket) *int { return &t.Votes }),
		expires:   entity.FieldOf(e, func(t *ckTicket) *time.Time { return &t.Expires }),
		labels:    entity.SetOf(e, func(t *ckTicket) *[]string { return &t.Labels }),
		notes:     entity.ListOf(e, func(t *ckTicket) *[]string { return &t.Notes }),
		title:     entity.StringOf(e, func(t *ckTicket) *string { return &t.Title }),
		assignee:  entity.FieldOf(e, func(t *ckTicket) *ckPerson { return &t.Assignee }),
		team:      entity.StringOf(e, func(t *ckTicket) *string { return &t.Assignee.Team }),
		addresses: entity.MapOf(e, func(t *ckTicket) *map[string]ckAddress { return &t.Addresses }),
		meta:      entity.FieldOf(e, func(t *ckTicket) *ckMeta { return &t.Meta }),
		dotted:    entity.StringOf(e, func(t *ckTicket) *string { return &t.Dotted }),
		open:      entity.FieldOf(e, func(t *ckTicket) *bool { return &t.Open }),
	}
}

// ckChange is one random change to a ticket, in both forms, with what it
// does to the Go value.
type ckChange struct {
	name   string // the string form's attribute or path
	kind   string // "set", "remove", "add", "append"
	val    any
	typed  entity.Change[ckTicket]
	effect func(*ckTicket)
}

// randomChanges draws changes to distinct attributes, each applicable to
// old: whole-field sets (values a put leaves out among them), number and
// set additions, list appends, and sets of one map entry and one struct
// field.
func randomChanges(rng *rand.Rand, h ckHandles, old ckTicket) []ckChange {
	w := randomTicket(rng, old.ID)
	all := []ckChange{
		{"status", "set", w.Status, h.status.Set(w.Status), func(t *ckTicket) { t.Status = w.Status }},
		{"votes", "set", w.Votes, h.votes.Set(w.Votes), func(t *ckTicket) { t.Votes = w.Votes }},
		{"expires", "set", w.Expires, h.expires.Set(w.Expires), func(t *ckTicket) { t.Expires = w.Expires }},
		{"labels", "set", w.Labels, h.labels.Set(w.Labels), func(t *ckTicket) { t.Labels = w.Labels }},
		{"notes", "set", w.Notes, h.notes.Set(w.Notes), func(t *ckTicket) { t.Notes = w.Notes }},
		{"title", "set", w.Title, h.title.Set(w.Title), func(t *ckTicket) { t.Title = w.Title }},
		{"assignee", "set", w.Assignee, h.assignee.Set(w.Assignee), func(t *ckTicket) { t.Assignee = w.Assignee }},
		{"addresses", "set", w.Addresses, h.addresses.Set(w.Addresses), func(t *ckTicket) { t.Addresses = w.Addresses }},
		{"meta", "set", w.Meta, h.meta.Set(w.Meta), func(t *ckTicket) { t.Meta = w.Meta }},
		{`"meta.version"`, "set", w.Dotted, h.dotted.Set(w.Dotted), func(t *ckTicket) { t.Dotted = w.Dotted }},
		{"open", "set", w.Open, h.open.Set(w.Open), func(t *ckTicket) { t.Open = w.Open }},
	}
	d := rng.IntN(101) - 50
	all[1] = ckChange{"votes", "add", d, h.votes.Add(d), func(t *ckTicket) { t.Votes += d }}
	if rng.IntN(2) == 0 {
		more := []string{"l" + strconv.Itoa(rng.IntN(6)), "m"}
		all[3] = ckChange{"labels", "add", entity.StringSet(more...), h.labels.Add(more...), func(t *ckTicket) {
			for _, m := range more {
				if !slices.Contains(t.Labels, m) {
					t.Labels = append(t.Labels, m)
				}
			}
		}}
	}
	if rng.IntN(2) == 0 {
		more := []string{"n" + strconv.Itoa(rng.IntN(9))}
		all[4] = ckChange{"notes", "append", more, h.notes.Append(more...), func(t *ckTicket) { t.Notes = append(t.Notes, more...) }}
	}
	if team := w.Assignee.Team; rng.IntN(2) == 0 {
		c := ckChange{"assignee.team", "set", team, h.team.Set(team), func(t *ckTicket) { t.Assignee.Team = team }}
		if team == "" { // a put leaves an empty string out
			c = ckChange{"assignee.team", "remove", nil, h.team.Remove(), c.effect}
		}
		all[6] = c
	}
	if old.Addresses != nil && rng.IntN(2) == 0 {
		addr := ckAddress{Street: "s" + strconv.Itoa(rng.IntN(9)), City: w.Assignee.Name}
		all[7] = ckChange{"addresses.home", "set", addr, h.addresses.Key("home").Set(addr), func(t *ckTicket) { t.Addresses["home"] = addr }}
	}
	rng.Shuffle(len(all), func(i, j int) { all[i], all[j] = all[j], all[i] })
	return all[:1+rng.IntN(len(all))]
}

// ckStored is the item a put of v stores, without its key attributes
// (an update's local model leaves those to the key phases), with sets
// sorted.
func ckStored(t *testing.T, e *entity.Entity[ckTicket], v ckTicket) map[string]types.AttributeValue {
	t.Helper()
	in, err := e.Put(v).Build()
	if err != nil {
		t.Fatalf("put %+v: %v", v, err)
	}
	return ckComparable(in.Item)
}

func ckComparable(item map[string]types.AttributeValue) map[string]types.AttributeValue {
	out := maps.Clone(item)
	for _, k := range []string{"PK", "SK", "GSI1PK", "GSI1SK"} {
		delete(out, k)
	}
	for k, av := range out {
		if ss, ok := av.(*types.AttributeValueMemberSS); ok {
			out[k] = &types.AttributeValueMemberSS{Value: slices.Sorted(slices.Values(ss.Value))}
		}
	}
	return out
}

// FuzzUpdateStoresWhatAPutStores: for random tickets and random updates,
// written with the string forms and with the typed handles, the update
// applied to the stored item leaves what a put of the changed value
// stores. The seeds run with go test; `go test -fuzz` explores further.
func FuzzUpdateStoresWhatAPutStores(f *testing.F) {
	for i := range uint64(64) {
		f.Add(i, i*7919+3)
	}
	tickets := entity.MustDefine(ckTable(), ckConfig())
	h := ckHandlesOf(tickets)
	key := entity.Values{"tenantId": "t1", "id": "x"}
	f.Fuzz(func(t *testing.T, s1, s2 uint64) {
		rng := rand.New(rand.NewPCG(s1, s2))
		old := randomTicket(rng, "x")
		changes := randomChanges(rng, h, old)
		want := old
		want.Labels = slices.Clone(old.Labels)
		want.Notes = slices.Clone(old.Notes)
		want.Addresses = maps.Clone(old.Addresses)
		byString, typed := tickets.Update(key), tickets.Update(key)
		for _, c := range changes {
			c.effect(&want)
			switch c.kind {
			case "set":
				byString = byString.Set(c.name, c.val)
			case "remove":
				byString = byString.Remove(c.name)
			case "add":
				byString = byString.Add(c.name, c.val)
			case "append":
				byString = byString.Append(c.name, c.val)
			}
			typed = typed.Apply(c.typed)
		}
		stored, err := tickets.Put(old).Build()
		if err != nil {
			t.Fatalf("put: %v", err)
		}
		wantItem := ckStored(t, tickets, want)
		for form, op := range map[string]entity.UpdateOp[ckTicket]{"string": byString, "typed": typed} {
			got, err := entity.ApplyUpdateLocally(op, stored.Item)
			if err != nil {
				t.Fatalf("%s form: %v", form, err)
			}
			if diff := cmp.Diff(wantItem, ckComparable(got), entitytest.CmpOptions); diff != "" {
				t.Fatalf("%s form: old %+v, changes %v: put of the changed value vs update (-put +update):\n%s", form, old, changeNames(changes), diff)
			}
		}
	})
}

func changeNames(cs []ckChange) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.kind + " " + c.name
	}
	return out
}
