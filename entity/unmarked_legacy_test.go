package entity_test

import (
	"errors"
	"maps"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/entity/evolve"
	"github.com/ddbmodel/ddbmodel/keys"
	"github.com/ddbmodel/ddbmodel/query"
)

// Legacy items: other code kept the ids only in the key.

type legacyUser struct {
	ID    string `dynamo:"id"`
	Name  string `dynamo:"name"`
	Email string `dynamo:"email"`
}

type legacyInvoice struct {
	Acct  string `dynamo:"acct"`
	Year  int    `dynamo:"year"`
	Seq   int    `dynamo:"seq"`
	Total int    `dynamo:"total"`
}

type legacyEvent struct {
	Stream string    `dynamo:"stream"`
	At     time.Time `dynamo:"at"`
	Kind   string    `dynamo:"kind"`
}

// legacyOrder shares User's partition: its items must never be User's.
type legacyOrder struct {
	UserID  string `dynamo:"userId"`
	OrderID string `dynamo:"orderId"`
}

type legacyModel struct {
	table    *entity.Table
	users    *entity.Entity[legacyUser]
	invoices *entity.Entity[legacyInvoice]
	events   *entity.Entity[legacyEvent]
	orders   *entity.Entity[legacyOrder]
}

func newLegacyModel() legacyModel {
	table := &entity.Table{Name: "legacy", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"),
		Indexes: []entity.Index{{Name: "GSI1", PartitionKey: entity.S("GSI1PK"), SortKey: entity.S("GSI1SK")}}}
	return legacyModel{
		table: table,
		users: entity.MustDefine(table, entity.Config[legacyUser]{Name: "User",
			Key:               entity.Key{Partition: "USER#${id}", Sort: "PROFILE"},
			Indexes:           []entity.IndexKey[legacyUser]{{Index: "GSI1", Partition: "EMAIL#${email}", Sort: "USER#${id}"}},
			RecognizeUnmarked: true}),
		invoices: entity.MustDefine(table, entity.Config[legacyInvoice]{Name: "Invoice",
			Key:               entity.Key{Partition: "ACCT#${acct}", Sort: "INV#${year:pad(4)}#${seq:pad(6)}"},
			Indexes:           []entity.IndexKey[legacyInvoice]{{Index: "GSI1", Partition: "TOTALS#${acct}", Sort: "T#${total:pad(8)}"}},
			RecognizeUnmarked: true}),
		events: entity.MustDefine(table, entity.Config[legacyEvent]{Name: "Event",
			Key:               entity.Key{Partition: "STREAM#${stream}", Sort: "AT#${at:time}"},
			RecognizeUnmarked: true}),
		orders: entity.MustDefine(table, entity.Config[legacyOrder]{Name: "Order",
			Key: entity.Key{Partition: "USER#${userId}", Sort: "ORDER#${orderId}"}}),
	}
}

func n(v string) types.AttributeValue { return &types.AttributeValueMemberN{Value: v} }

// Raw items as hand-written SDK code writes them: no markers, no id
// attributes.
var (
	rawUser    = map[string]types.AttributeValue{"PK": s("USER#123"), "SK": s("PROFILE"), "name": s("Ann"), "email": s("ann@x"), "GSI1PK": s("EMAIL#ann@x"), "GSI1SK": s("USER#123")}
	rawInvoice = map[string]types.AttributeValue{"PK": s("ACCT#a1"), "SK": s("INV#2024#000042"), "total": n("1999")}
	rawEvent   = map[string]types.AttributeValue{"PK": s("STREAM#s1"), "SK": s("AT#2024-03-01T10:20:30.000000500Z"), "kind": s("login")}
	rawOrder   = map[string]types.AttributeValue{"PK": s("USER#123"), "SK": s("ORDER#9"), "total": n("5")}
)

// The value read from an item that keeps its ids only in the key carries
// them, converted to the fields' types as the key renders them; without
// the recovery such items are not recognised at all.
func TestLegacyItemsDecodeWithIDsFromTheKey(t *testing.T) {
	t.Parallel()
	m := newLegacyModel()
	u, err := m.users.Decode(rawUser)
	if err != nil || u != (legacyUser{ID: "123", Name: "Ann", Email: "ann@x"}) {
		t.Errorf("Decode(rawUser) = %+v, %v", u, err)
	}
	inv, err := m.invoices.Decode(rawInvoice)
	if err != nil || inv != (legacyInvoice{Acct: "a1", Year: 2024, Seq: 42, Total: 1999}) {
		t.Errorf("Decode(rawInvoice) = %+v, %v", inv, err)
	}
	ev, err := m.events.Decode(rawEvent)
	if want := time.Date(2024, 3, 1, 10, 20, 30, 500, time.UTC); err != nil || !ev.At.Equal(want) || ev.Stream != "s1" || ev.Kind != "login" {
		t.Errorf("Decode(rawEvent) = %+v, %v", ev, err)
	}
	if v, err := m.table.Decode(rawInvoice); err != nil || v.(legacyInvoice).Seq != 42 {
		t.Errorf("table Decode(rawInvoice) = %+v, %v", v, err)
	}
	// The raw item itself is not changed by reading it.
	if _, ok := rawUser["id"]; ok {
		t.Errorf("decoding added id to the caller's item: %v", rawUser)
	}
	// Promise 1: the value's put renders exactly the item's key.
	for name, c := range map[string]struct {
		item map[string]types.AttributeValue
		put  func() (*dynamodb.PutItemInput, error)
	}{
		"user":    {rawUser, func() (*dynamodb.PutItemInput, error) { return m.users.Put(u).Build() }},
		"invoice": {rawInvoice, func() (*dynamodb.PutItemInput, error) { return m.invoices.Put(inv).Build() }},
		"event":   {rawEvent, func() (*dynamodb.PutItemInput, error) { return m.events.Put(ev).Build() }},
	} {
		in, err := c.put()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !reflect.DeepEqual(in.Item["PK"], c.item["PK"]) || !reflect.DeepEqual(in.Item["SK"], c.item["SK"]) {
			t.Errorf("%s: put writes %v / %v, the item has %v / %v", name, in.Item["PK"], in.Item["SK"], c.item["PK"], c.item["SK"])
		}
	}
	// An attribute present and disagreeing with the key is refused, as before.
	bad := maps.Clone(rawUser)
	bad["id"] = s("124")
	if _, err := m.users.Decode(bad); !errors.Is(err, ddbmodel.ErrUnknownEntity) || !errors.Is(err, keys.ErrNoMatch) {
		t.Errorf("Decode of a user whose id disagrees with its key = %v, want ErrUnknownEntity and keys.ErrNoMatch", err)
	}
}

// What the key cannot give back is refused, naming the entity, the
// attribute and why, never read as a zero value.
func TestLegacyItemsUnrecoverableComposites(t *testing.T) {
	t.Parallel()
	type sharded struct {
		Group string `dynamo:"grp"`
		ID    string `dynamo:"id"`
	}
	type daily struct {
		On   time.Time `dynamo:"on"`
		Note string    `dynamo:"note"`
	}
	type twice struct {
		ID string `dynamo:"id"`
	}
	type counter struct {
		N int `dynamo:"n"`
	}
	type ranked struct {
		ID   string `dynamo:"id"`
		Rank int    `dynamo:"rank"`
	}
	tb := func() *entity.Table {
		return &entity.Table{Name: "t", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"),
			Indexes: []entity.Index{{Name: "GSI1", PartitionKey: entity.S("GSI1PK"), SortKey: entity.S("GSI1SK")}}}
	}
	m := newLegacyModel()
	shards := entity.MustDefine(tb(), entity.Config[sharded]{Name: "Sharded",
		Key: entity.Key{Partition: "G#${grp:shard(4)}", Sort: "ITEM#${id}"}, RecognizeUnmarked: true})
	days := entity.MustDefine(tb(), entity.Config[daily]{Name: "Daily",
		Key: entity.Key{Partition: "DAY#${on:date}", Sort: "NOTE"}, RecognizeUnmarked: true})
	twices := entity.MustDefine(tb(), entity.Config[twice]{Name: "Twice",
		Key: entity.Key{Partition: "T#${id}", Sort: "T#${id}"}, RecognizeUnmarked: true})
	counters := entity.MustDefine(tb(), entity.Config[counter]{Name: "Counter",
		Key: entity.Key{Partition: "CTR#${n}", Sort: "CTR"}, RecognizeUnmarked: true})
	rankeds := entity.MustDefine(tb(), entity.Config[ranked]{Name: "Ranked",
		Key: entity.Key{Partition: "R#${id}", Sort: "R"}, RecognizeUnmarked: true,
		Indexes: []entity.IndexKey[ranked]{{Index: "GSI1", Partition: "RANKS",
			SortFunc: func(r ranked) (string, error) { return "RANK#" + strings.Repeat("x", r.Rank), nil }, SortUses: []string{"rank"}}}})

	item := func(pk, sk string) map[string]types.AttributeValue {
		return map[string]types.AttributeValue{"PK": s(pk), "SK": s(sk)}
	}
	cases := []struct {
		name, entity, attr string
		probe              legacyProbe
		item               map[string]types.AttributeValue
		sentinel           error
	}{
		{"shard", "Sharded", "grp", probeOf(shards), item("G#2", "ITEM#i1"), ddbmodel.ErrMissingComposites},
		{"date of a time", "Daily", "on", probeOf(days), item("DAY#2024-03-01", "NOTE"), ddbmodel.ErrMissingComposites},
		{"ambiguous", "Twice", "id", probeOf(twices), item("T#1", "T#2"), keys.ErrNoMatch},
		{"not the field's type", "Counter", "n", probeOf(counters), item("CTR#abc", "CTR"), keys.ErrNoMatch},
		{"lossy (leading zeros)", "Counter", "n", probeOf(counters), item("CTR#0042", "CTR"), keys.ErrNoMatch},
		{"index-only composite (key function)", "Ranked", "rank", probeOf(rankeds), item("R#r1", "R"), ddbmodel.ErrMissingComposites},
		{"index-only composite (template)", "Invoice", "total", probeOf(m.invoices), item("ACCT#a1", "INV#2024#000001"), ddbmodel.ErrMissingComposites},
	}
	for _, c := range cases {
		err := c.probe.decode(c.item)
		if !errors.Is(err, ddbmodel.ErrUnknownEntity) || !errors.Is(err, c.sentinel) || !strings.Contains(err.Error(), c.entity) || !strings.Contains(err.Error(), c.attr) {
			t.Errorf("%s: Decode = %v, want ErrUnknownEntity and %v naming %s and %s", c.name, err, c.sentinel, c.entity, c.attr)
		}
		err = c.probe.adopt(c.item)
		var ae *entity.AdoptError
		if !errors.As(err, &ae) || ae.Entity != c.entity || !errors.Is(err, c.sentinel) || !strings.Contains(err.Error(), c.attr) {
			t.Errorf("%s: AdoptItem.Build = %v, want an *AdoptError of %s wrapping %v naming %s", c.name, err, c.entity, c.sentinel, c.attr)
		}
	}
	// With its rank, the key function's item is taken, its id recovered.
	if v, err := rankeds.Decode(map[string]types.AttributeValue{"PK": s("R#r1"), "SK": s("R"), "rank": n("2")}); err != nil || v.ID != "r1" || v.Rank != 2 {
		t.Errorf("Decode of a ranked item with its rank = %+v, %v", v, err)
	}
}

// legacyProbe decodes an item, and builds its adoption, with one entity.
type legacyProbe struct {
	decode, adopt func(map[string]types.AttributeValue) error
}

func probeOf[T any](e *entity.Entity[T]) legacyProbe {
	return legacyProbe{
		decode: func(it map[string]types.AttributeValue) error { _, err := e.Decode(it); return err },
		adopt:  func(it map[string]types.AttributeValue) error { _, err := e.AdoptItem(it).Build(); return err },
	}
}

// Every operation works on a legacy item as on other unmarked items, and
// adoption writes the recovered ids, the markers and the index keys in
// one conditional write: afterwards the item is exactly what a put of its
// value writes (evolve's Verify finds nothing).
func TestLegacyItemsOnDynamoDBLocal(t *testing.T) {
	t.Parallel()
	m := newLegacyModel()
	db := entitytest.NewDB(t, m.table)
	ctx := t.Context()
	for _, it := range []map[string]types.AttributeValue{rawUser, rawInvoice, rawEvent, rawOrder} {
		rawPut(t, db, it)
	}
	rawPut(t, db, map[string]types.AttributeValue{"PK": s("ACCT#a1"), "SK": s("INV#2023#000007"), "total": n("5")})

	// Get.
	if u, err := m.users.Get(entity.Values{"id": "123"}).Run(ctx, db); err != nil || u.ID != "123" || u.Name != "Ann" {
		t.Errorf("Get user = %+v, %v", u, err)
	}
	if inv, err := m.invoices.Get(entity.Values{"acct": "a1", "year": 2024, "seq": 42}).Run(ctx, db); err != nil || inv.Seq != 42 || inv.Year != 2024 || inv.Acct != "a1" {
		t.Errorf("Get invoice = %+v, %v", inv, err)
	}
	at := time.Date(2024, 3, 1, 10, 20, 30, 500, time.UTC)
	if ev, err := m.events.Get(entity.Values{"stream": "s1", "at": at}).Run(ctx, db); err != nil || !ev.At.Equal(at) || ev.Stream != "s1" {
		t.Errorf("Get event = %+v, %v", ev, err)
	}

	// Query the table (a partial sort key: begins_with) and the index
	// whose keys the other code wrote.
	invs, err := query.New(m.invoices).Where(entity.Values{"acct": "a1", "year": 2024}).Collect(ctx, db)
	if err != nil || len(invs) != 1 || invs[0].Seq != 42 {
		t.Errorf("query invoices of 2024 = %+v, %v", invs, err)
	}
	all, err := query.New(m.invoices).Where(entity.Values{"acct": "a1"}).Collect(ctx, db)
	if err != nil || len(all) != 2 || all[0].Year != 2023 || all[0].Seq != 7 || all[1].Seq != 42 {
		t.Errorf("query invoices = %+v, %v", all, err)
	}
	byEmail, err := query.New(m.users).Index("GSI1").Where(entity.Values{"email": "ann@x"}).Collect(ctx, db)
	if err != nil || len(byEmail) != 1 || byEmail[0].ID != "123" {
		t.Errorf("query users by email = %+v, %v", byEmail, err)
	}
	// Promise 2: User's partition holds an unmarked order; User's query
	// and scan never return it.
	users, err := query.New(m.users).Where(entity.Values{"id": "123"}).Collect(ctx, db)
	if err != nil || len(users) != 1 || users[0].ID != "123" {
		t.Errorf("query user 123 = %+v, %v", users, err)
	}
	sp, err := query.Scan(m.users).Page(ctx, db, "")
	if err != nil || len(sp.Items) != 1 || sp.Items[0].ID != "123" {
		t.Errorf("scan users = %+v, %v", sp.Items, err)
	}
	events, err := query.Scan(m.events).Collect(ctx, db)
	if err != nil || len(events) != 1 || !events[0].At.Equal(at) {
		t.Errorf("scan events = %+v, %v", events, err)
	}

	// Update: returns the ids, leaves the item unmarked and without them.
	if u, err := m.users.Update(entity.Values{"id": "123"}).Set("name", "Ann B").Run(ctx, db); err != nil || u.ID != "123" || u.Name != "Ann B" {
		t.Errorf("update user = %+v, %v", u, err)
	}
	if it := rawGet(t, db, "USER#123", "PROFILE"); attrS(it, "name") != "Ann B" || it["id"] != nil || it["__entity"] != nil {
		t.Errorf("user after the update = %v", it)
	}
	// Delete.
	rawPut(t, db, map[string]types.AttributeValue{"PK": s("USER#77"), "SK": s("PROFILE"), "name": s("Gone"), "email": s("g@x")})
	if err := m.users.Delete(entity.Values{"id": "77"}).MustExist().Run(ctx, db); err != nil {
		t.Errorf("delete a legacy user: %v", err)
	}
	if it := rawGet(t, db, "USER#77", "PROFILE"); len(it) != 0 {
		t.Errorf("user 77 after the delete = %v", it)
	}

	// Adopt one: the id, the markers and the index keys, in one write.
	u, err := m.users.Adopt(entity.Values{"id": "123"}).Run(ctx, db)
	if err != nil || u.ID != "123" {
		t.Fatalf("adopt user = %+v, %v", u, err)
	}
	assertAsPut(t, db, "USER#123", "PROFILE", func() (*dynamodb.PutItemInput, error) { return m.users.Put(u).Build() })

	// Adopt in bulk: the invoices by a query (the other code did not
	// write their index keys), the event by a scan, which reports the
	// unmarked order as unrecognized: not the event's by its key layout
	// (and leaves it).
	r, err := query.New(m.invoices).Where(entity.Values{"acct": "a1"}).Adopt(ctx, db)
	if err != nil || r.Adopted != 2 || len(r.Failed) != 0 {
		t.Errorf("bulk adopt invoices = %+v, %v", r, err)
	}
	if r, err := query.Scan(m.events).Adopt(ctx, db); r.Adopted != 1 || len(r.Failed) != 0 || len(r.Unrecognized) != 1 || attrS(r.Unrecognized[0], "SK") != "ORDER#9" || err != nil {
		t.Errorf("bulk adopt events = %+v, %v", r, err)
	}
	inv := legacyInvoice{Acct: "a1", Year: 2024, Seq: 42, Total: 1999}
	assertAsPut(t, db, "ACCT#a1", "INV#2024#000042", func() (*dynamodb.PutItemInput, error) { return m.invoices.Put(inv).Build() })
	ev := legacyEvent{Stream: "s1", At: at, Kind: "login"}
	assertAsPut(t, db, "STREAM#s1", "AT#2024-03-01T10:20:30.000000500Z", func() (*dynamodb.PutItemInput, error) { return m.events.Put(ev).Build() })
	for _, job := range []evolve.Job{evolve.Entity(m.users), evolve.Entity(m.invoices), evolve.Entity(m.events)} {
		rep, err := job.Verify(ctx, db)
		if err != nil || rep.Findings != 0 || rep.Scanned == 0 {
			t.Errorf("Verify after adoption = %+v, %v; want items scanned and no findings", rep, err)
		}
	}

	// Promise 2: User's bulk adoption leaves the order unmarked and as it was.
	r, err = query.Scan(m.users).Adopt(ctx, db)
	if r.Adopted != 0 || len(r.Failed) != 0 || len(r.Unrecognized) != 1 || attrS(r.Unrecognized[0], "SK") != "ORDER#9" || err != nil {
		t.Errorf("bulk adopt users = %+v, %v; want the order reported as unrecognized, no error", r, err)
	}
	if it := rawGet(t, db, "USER#123", "ORDER#9"); !reflect.DeepEqual(it, rawOrder) {
		t.Errorf("the order after User's operations = %v, want %v", it, rawOrder)
	}
	if o, err := m.orders.Get(entity.Values{"userId": "123", "orderId": "9"}).Run(ctx, db); !errors.Is(err, ddbmodel.ErrUnmarked) {
		t.Errorf("Order's get of its unmarked item = %+v, %v, want ErrUnmarked (Order does not recognise unmarked items)", o, err)
	}
}

// assertAsPut checks that the stored item is exactly what a put of its
// value writes.
func assertAsPut(t *testing.T, db *entity.DB, pk, sk string, put func() (*dynamodb.PutItemInput, error)) {
	t.Helper()
	in, err := put()
	if err != nil {
		t.Fatal(err)
	}
	if got := rawGet(t, db, pk, sk); !reflect.DeepEqual(got, in.Item) {
		t.Errorf("%s / %s after adoption = %v, want what a put writes: %v", pk, sk, got, in.Item)
	}
}

// An adoption is conditioned on the item being as read: a writer that
// changed it, or added a recovered attribute to it, since the read is
// never overwritten.
func TestLegacyAdoptConcurrentChange(t *testing.T) {
	t.Parallel()
	m := newLegacyModel()
	db := entitytest.NewDB(t, m.table)
	ctx := t.Context()
	for _, c := range []struct{ name, change string }{
		{"a changed attribute", "SET #a = :v"},
		{"an added id", "SET #a = :v"},
	} {
		pk := "USER#" + strings.ReplaceAll(c.name, " ", "-")
		item := map[string]types.AttributeValue{"PK": s(pk), "SK": s("PROFILE"), "name": s("Ann"), "email": s("ann@x")}
		rawPut(t, db, item)
		read := rawGet(t, db, pk, "PROFILE")
		attr, val := "name", s("Changed")
		if c.name == "an added id" {
			attr, val = "id", s("other")
		}
		if _, err := db.Client.UpdateItem(ctx, &dynamodb.UpdateItemInput{TableName: aws.String(db.TableName),
			Key: map[string]types.AttributeValue{"PK": s(pk), "SK": s("PROFILE")}, UpdateExpression: aws.String(c.change),
			ExpressionAttributeNames: map[string]string{"#a": attr}, ExpressionAttributeValues: map[string]types.AttributeValue{":v": val}}); err != nil {
			t.Fatal(err)
		}
		_, err := m.users.AdoptItem(read).Run(ctx, db)
		var ae *entity.AdoptError
		if !errors.As(err, &ae) || !errors.Is(err, ddbmodel.ErrConditionFailed) {
			t.Errorf("%s: adopt = %v, want an *AdoptError wrapping ErrConditionFailed", c.name, err)
		}
		if it := rawGet(t, db, pk, "PROFILE"); it["__entity"] != nil || !reflect.DeepEqual(it[attr], val) {
			t.Errorf("%s: the item after the failed adoption = %v, want the other writer's", c.name, it)
		}
	}
}
