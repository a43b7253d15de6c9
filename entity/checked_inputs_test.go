package entity_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/google/go-cmp/cmp"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/keys"
	"github.com/ddbmodel/ddbmodel/query"
)

var ckKey = entity.Values{"tenantId": "t1", "id": "42"}

func TestDefineRefusesNamesTheTypeDoesNotStore(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name  string
		edit  func(*entity.Config[ckTicket])
		attr  string
		hints []string
	}{
		{"template composite misspelt", func(c *entity.Config[ckTicket]) { c.Key.Partition = "TENANT#${tenantID}" }, "tenantID", []string{`did you mean "tenantId"`}},
		{"index composite unknown", func(c *entity.Config[ckTicket]) { c.Indexes[0].Partition = "STATUS#${state}" }, "state", []string{"GSI1PK"}},
		{"SortUses unknown", func(c *entity.Config[ckTicket]) {
			c.Indexes[0].Sort = ""
			c.Indexes[0].SortFunc = func(ckTicket) (string, error) { return "x", nil }
			c.Indexes[0].SortUses = []string{"vote"}
		}, "vote", []string{"SortUses", `did you mean "votes"`}},
		{"bool composite", func(c *entity.Config[ckTicket]) { c.Indexes[0].Partition = "OPEN#${open}" }, "open", []string{"a string, a number or a time"}},
		{"list composite", func(c *entity.Config[ckTicket]) { c.Indexes[0].Partition = "N#${notes}" }, "notes", []string{"stored as L"}},
		{"Enum on a number field", func(c *entity.Config[ckTicket]) {
			c.Attributes = map[string]entity.Attribute{"votes": {Enum: []string{"1"}}}
		}, "votes", []string{"Enum lists strings"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			cfg := ckConfig()
			cfg.Indexes = append([]entity.IndexKey[ckTicket](nil), cfg.Indexes...)
			c.edit(&cfg)
			_, err := entity.Define(ckTable(), cfg)
			wantInvalid(t, err, "Ticket", c.attr, c.hints...)
		})
	}
	t.Run("extra attribute T stores", func(t *testing.T) {
		t.Parallel()
		cfg := ckConfig()
		cfg.ExtraAttributes = []string{"votes"}
		if _, err := entity.Define(ckTable(), cfg); err == nil || !strings.Contains(err.Error(), `extra attribute "votes"`) {
			t.Fatalf("err = %v, want the extra attribute refused", err)
		}
	})
}

// TestUpdateRefusesUnknownNamesAndWrongValues: each mistake is a typed
// error naming the entity and the attribute, and nothing is sent.
func TestUpdateRefusesUnknownNamesAndWrongValues(t *testing.T) {
	t.Parallel()
	tickets := defineTickets(t)
	rec := entitytest.NewRecorder(nil)
	db := entity.NewDB(rec, "tickets")
	ctx := context.Background()
	u := tickets.Update(ckKey)
	cases := []struct {
		name string
		op   entity.UpdateOp[ckTicket]
		attr string
		says []string
	}{
		{"Set of an unknown attribute", u.Set("vote", 3), "vote", []string{`did you mean "votes"`}},
		{"Remove of an unknown attribute", u.Remove("titel"), "titel", []string{`did you mean "title"`}},
		{"Add to an unknown attribute", u.Add("score", 1), "score", []string{"no attribute stored as \"score\""}},
		{"SetIfNotExists of an unknown attribute", u.SetIfNotExists("Status", "open"), "Status", []string{`did you mean "status"`}},
		{"Set of a string into an int", u.Set("votes", "many"), "votes", []string{"want int, got string"}},
		{"Set of a fraction into an int", u.Set("votes", 2.5), "votes", []string{"want int, got 2.5 (float64)"}},
		{"Set of a number into a string", u.Set("title", 7), "title", []string{"want string, got int"}},
		{"Set of a list into a struct", u.Set("assignee", []string{"x"}), "assignee", []string{"want entity_test.ckPerson"}},
		{"Add to a string field", u.Add("title", "x"), "title", []string{"Add applies to a number or set field"}},
		{"Append to a set field", u.Append("labels", []string{"x"}), "labels", []string{"Append applies to a list field"}},
		{"DeleteFromSet on a list field", u.DeleteFromSet("notes", []string{"x"}), "notes", []string{"DeleteFromSet applies to a set field"}},
		{"a field of a nested struct misspelt", u.Set("assignee.teem", "x"), "assignee.teem", []string{`did you mean "team"`}},
		{"an index into a map", u.Set("addresses[0]", ckAddress{}), "addresses[0]", []string{"not a list"}},
		{"a path into a string", u.Set("title.x", "y"), "title.x", []string{"holds no \"x\""}},
		{"a nested value of the wrong type", u.Set("assignee.team", 3), "assignee.team", []string{"want string, got int"}},
		{"a map element of the wrong type", u.Set("addresses.home", "5 Main St"), "addresses.home", []string{"want entity_test.ckAddress, got string"}},
		{"a path and its parent in one update", u.Set("assignee", ckPerson{Name: "a"}).Set("assignee.team", "b"), "assignee.team", []string{"overlaps assignee"}},
		{"an ambiguous dotted name", u.Set("meta.version", "2"), "meta.version", []string{"ambiguous", `"\"meta.version\""`, `"\"meta\".version"`}},
		{"a key attribute", u.Set("GSI1PK", "x"), "GSI1PK", []string{"maintained by the entity"}},
		{"a non-key value among the key values", tickets.Update(entity.Values{"tenantId": "t1", "id": "42", "status": "open"}).Set("votes", 1), "status", []string{"not a composite of the primary key", "With"}},
		{"a misspelt key value", tickets.Update(entity.Values{"tenantId": "t1", "ID": "42"}).Set("votes", 1), "ID", []string{`did you mean "id"`}},
		{"With naming an unknown attribute", u.Set("votes", 1).With(entity.Values{"stat": "open"}), "stat", []string{`did you mean "status"`}},
		{"With of the wrong type", u.Set("votes", 1).With(entity.Values{"status": 3}), "status", []string{"want string, got int"}},
		{"a condition on an unknown attribute", u.Set("votes", 1).If(entity.Attr("stauts").Eq("open")), "stauts", []string{`did you mean "status"`}},
		{"a condition value of the wrong type", u.Set("votes", 1).If(entity.Attr("votes").Gt("ten")), "votes", []string{"want int, got string"}},
		{"BeginsWith on a number", u.Set("title", "x").If(entity.Attr("votes").BeginsWith("1")), "votes", []string{"begins_with takes a string attribute"}},
		{"Contains of the wrong element type", u.Set("title", "x").If(entity.Attr("labels").Contains(5)), "labels", []string{"want string, got int"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, buildErr := c.op.Build()
			wantInvalid(t, buildErr, "Ticket", c.attr, c.says...)
			_, err := c.op.Run(ctx, db)
			wantInvalid(t, err, "Ticket", c.attr, c.says...)
		})
	}
	if n := len(rec.Requests()); n != 0 {
		t.Fatalf("%d requests sent, want none", n)
	}
	_, err := tickets.Get(entity.Values{"tenantId": "t1", "id": 42}).Run(ctx, db)
	wantInvalid(t, err, "Ticket", "id", "want string, got int")
	if !errors.Is(err, keys.ErrType) {
		t.Errorf("err = %v, want keys.ErrType", err)
	}
	_, err = query.New(tickets).Index("GSI1").Where(entity.Values{"status": "open"}).Gt(entity.Values{"votes": "many"}).Build()
	if !errors.Is(err, keys.ErrType) || !errors.Is(err, ddbmodel.ErrInvalid) {
		t.Errorf("query bound of the wrong type: err = %v, want keys.ErrType and ErrInvalid", err)
	}
	_, err = tickets.Get(entity.Values{"tenantId": "t1", "id": "42", "votes": 3}).Run(ctx, db)
	wantInvalid(t, err, "Ticket", "votes", "not a composite of the primary key")
	err = tickets.Delete(entity.Values{"tenantId": "t1", "idd": "42"}).Run(ctx, db)
	wantInvalid(t, err, "Ticket", "idd", `did you mean "id"`)
	_, err = query.New(tickets).Where(entity.Values{"tenantId": "t1"}).Filter(entity.Attr("vots").Gt(1)).Build()
	wantInvalid(t, err, "Ticket", "vots", `did you mean "votes"`)
	_, err = query.New(tickets).Where(entity.Values{"tenantId": "t1"}).Project("title", "asignee.team").Build()
	wantInvalid(t, err, "Ticket", "asignee", `did you mean "assignee"`)
	_, err = query.Scan(tickets).Filter(entity.Attr("Votes").Eq(1)).Build()
	wantInvalid(t, err, "Ticket", "Votes", `did you mean "votes"`)
	if n := len(rec.Requests()); n != 0 {
		t.Fatalf("%d requests sent, want none", n)
	}
}

// TestUpdateValuesEncodeAsAPutDoes: update and condition values take the
// field's encoding (unixtime, set, omitempty), not the value's own.
func TestUpdateValuesEncodeAsAPutDoes(t *testing.T) {
	t.Parallel()
	tickets := defineTickets(t)
	at := time.Date(2030, 1, 2, 3, 4, 5, 0, time.FixedZone("X", 3600))
	in, err := tickets.Update(ckKey).
		Set("expires", at).
		Add("labels", []string{"a", "b"}).
		SetIfNotExists("notes", []string{"n"}).
		Set("title", "").
		If(entity.Attr("expires").Lt(at)).
		Build()
	if err != nil {
		t.Fatal(err)
	}
	vals := in.ExpressionAttributeValues
	unix := &types.AttributeValueMemberN{Value: "1893549845"}
	want := map[string]types.AttributeValue{
		":v0": unix,
		":v1": &types.AttributeValueMemberSS{Value: []string{"a", "b"}},
		":v2": &types.AttributeValueMemberL{Value: []types.AttributeValue{&types.AttributeValueMemberS{Value: "n"}}},
	}
	for k, v := range want {
		if diff := cmp.Diff(v, vals[k], entitytest.CmpOptions); diff != "" {
			t.Errorf("%s (-want +got):\n%s", k, diff)
		}
	}
	if !strings.Contains(*in.UpdateExpression, "REMOVE #title") {
		t.Errorf("update %q: an empty omitempty string must remove the attribute, as a put leaves it out", *in.UpdateExpression)
	}
	found := false
	for _, v := range vals {
		if cmp.Equal(v, types.AttributeValue(unix), entitytest.CmpOptions) {
			found = true
		}
	}
	if !found || strings.Count(*in.ConditionExpression, "#expires <") != 1 {
		t.Errorf("condition %q: want the Unix-time value compared", *in.ConditionExpression)
	}
}

// TestDocumentPathsOnDynamoDB updates one entry of a map, a field of a
// nested struct and a list element, each without rewriting the rest, and
// conditions and projections on paths.
func TestDocumentPathsOnDynamoDB(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	table := ckTable()
	tickets, err := entity.Define(table, ckConfig())
	if err != nil {
		t.Fatal(err)
	}
	db := entitytest.NewDB(t, table)
	v := ckTicket{ID: "42", Tenant: "t1", Status: "open", Votes: 1, Notes: []string{"n0", "n1"},
		Assignee:  ckPerson{Name: "ana", Team: "core"},
		Addresses: map[string]ckAddress{"home": {Street: "1 A St", City: "Lyon"}, "my.work": {Street: "2 B St", City: "Nice"}},
		Meta:      ckMeta{Version: "m1"}, Dotted: "d1"}
	if _, err := tickets.Put(v).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	got, err := tickets.Update(ckKey).
		Set("addresses.home", ckAddress{Street: "9 Z St", City: "Paris"}).
		Set(`addresses."my.work".city`, "Nice-Ouest").
		Set("assignee.team", "platform").
		Remove("notes[0]").
		Set(`"meta.version"`, "d2").
		Set(`"meta".version`, "m2").
		If(entity.Attr("assignee.name").Eq("ana")).
		Run(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	want := v
	want.Addresses = map[string]ckAddress{"home": {Street: "9 Z St", City: "Paris"}, "my.work": {Street: "2 B St", City: "Nice-Ouest"}}
	want.Assignee.Team = "platform"
	want.Notes = []string{"n1"}
	want.Dotted, want.Meta.Version = "d2", "m2"
	if diff := cmp.Diff(want, got); diff != "" {
		t.Fatalf("after the update (-want +got):\n%s", diff)
	}
	// A false condition on a path refuses the write.
	_, err = tickets.Update(ckKey).Set("assignee.team", "x").If(entity.Attr("assignee.name").Eq("bob")).Run(ctx, db)
	if !errors.Is(err, ddbmodel.ErrConditionFailed) {
		t.Fatalf("err = %v, want ErrConditionFailed", err)
	}
	// A projection of paths reads just those.
	items, err := query.New(tickets).Where(entity.Values{"tenantId": "t1"}).Project("assignee.team", `addresses."my.work"`).Collect(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	if len(items) != 1 {
		t.Fatalf("%d items, want 1", len(items))
	}
	// The ids come back from the keys the query reads (README: Ids from keys).
	proj := ckTicket{ID: "42", Tenant: "t1", Assignee: ckPerson{Team: "platform"}, Addresses: map[string]ckAddress{"my.work": {Street: "2 B St", City: "Nice-Ouest"}}}
	if diff := cmp.Diff(proj, items[0]); diff != "" {
		t.Fatalf("projected item (-want +got):\n%s", diff)
	}
	// An update whose keys are recomputed still sees a nested write:
	// nothing of GSI1 depends on it, so no read is needed.
	if _, err := tickets.Update(ckKey).Set("assignee.name", "eve").Build(); err != nil {
		t.Fatal(err)
	}
	raw, err := db.Client.GetItem(ctx, &dynamodb.GetItemInput{TableName: db.Table(table.Name), Key: map[string]types.AttributeValue{
		"PK": &types.AttributeValueMemberS{Value: "TENANT#t1"}, "SK": &types.AttributeValueMemberS{Value: "TICKET#42"}}})
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := raw.Item["meta.version"]; !ok {
		t.Errorf("the stored name holding a dot is gone: %v", raw.Item)
	}
	if _, ok := raw.Item["assignee.team"]; ok {
		t.Errorf("a dotted path was written as a top-level attribute")
	}
}
