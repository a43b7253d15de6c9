package evolve_test

import (
	"context"
	"errors"
	"strconv"
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
	"github.com/ddbmodel/ddbmodel/internal/expr"
	"github.com/ddbmodel/ddbmodel/txn"
)

// Guest is a member of a table with a TTL attribute: a unique value's
// marker carries its holder's TTL.
type Guest struct {
	ID    string `dynamo:"id"`
	Email string `dynamo:"email"`
	Exp   int64  `dynamo:"exp,omitempty"`
}

func guestModels() (v1, v2 *entity.Entity[Guest]) {
	cfg := entity.Config[Guest]{Name: "Guest", Key: entity.Key{Partition: "GUEST#${id}", Sort: "GUEST"}}
	table := func() *entity.Table {
		return &entity.Table{Name: "evolve", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"), TTLAttribute: "exp"}
	}
	v1 = entity.MustDefine(table(), cfg)
	cfg.Attributes = map[string]entity.Attribute{"email": {Unique: true}}
	v2 = entity.MustDefine(table(), cfg)
	return v1, v2
}

// guestMarker reads the marker item of Guest's email value v.
func guestMarker(t *testing.T, db *entity.DB, v string) map[string]types.AttributeValue {
	t.Helper()
	out, err := db.Client.GetItem(context.Background(), &dynamodb.GetItemInput{TableName: db.Table("evolve"), ConsistentRead: aws.Bool(true),
		Key: map[string]types.AttributeValue{"PK": str("UNIQUE#Guest#email#" + v), "SK": str("UNIQUE")}})
	if err != nil {
		t.Fatal(err)
	}
	return out.Item
}

// A marker naming its holder with another TTL than the holder's is a
// StaleUniqueMarker finding, and Repair writes it with the holder's TTL;
// a Repair raced by the holder's own update of its TTL (which rewrites
// the marker) does not write back the TTL it read.
func TestRepairKeepsTheMarkersTTLTheHolders(t *testing.T) {
	ctx := context.Background()
	v1, v2 := guestModels()
	db := entitytest.NewDB(t, v2.Table())
	hour, month := time.Now().Add(time.Hour).Unix(), time.Now().Add(30*24*time.Hour).Unix()
	if _, err := v2.Create(Guest{"g1", "a@x", hour}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	// Other code moves g1's TTL without the marker's.
	if _, err := v1.Put(Guest{"g1", "a@x", month}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	r, err := evolve.Entity(v2).Verify(ctx, db)
	if err != nil || r.Counts[evolve.StaleUniqueMarker] != 1 || r.Findings != 1 {
		t.Fatalf("Verify: %v, findings %d %v; want one stale unique marker", err, r.Findings, r.Counts)
	}
	if r, err := evolve.Entity(v2).Repair(ctx, db); err != nil || r.MarkersWritten != 1 {
		t.Fatalf("Repair: %v, %d markers written", err, r.MarkersWritten)
	}
	if got := guestMarker(t, db, "a@x")["exp"]; got == nil || got.(*types.AttributeValueMemberN).Value != strconv.FormatInt(month, 10) {
		t.Errorf("the marker's TTL after Repair: %v; want %d", got, month)
	}

	// A Repair of a missing marker raced by g2's own update of its TTL.
	if _, err := v1.Put(Guest{"g2", "b@x", hour}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	raced := *db
	raced.Client = &transactRaceClient{Client: db.Client, when: func(*dynamodb.TransactWriteItemsInput) bool { return true },
		before: func(ctx context.Context) {
			if _, err := v2.Update(entity.Values{"id": "g2"}).Set("exp", month).Run(ctx, db); err != nil {
				t.Error(err)
			}
		}}
	if _, err := evolve.Entity(v2).Repair(ctx, &raced); err != nil {
		t.Fatalf("Repair raced by a TTL update: %v", err)
	}
	if got := guestMarker(t, db, "b@x")["exp"]; got == nil || got.(*types.AttributeValueMemberN).Value != strconv.FormatInt(month, 10) {
		t.Errorf("the marker's TTL after the raced Repair: %v; want the update's %d, not the %d Repair read", got, month, hour)
	}
	if r, err := evolve.Entity(v2).Verify(ctx, db); err != nil || r.Findings != 0 {
		t.Errorf("Verify at the end: %v, %d findings %v", err, r.Findings, r.Counts)
	}
}

// Markers whose owner attribute names no item of the table (garbage, a
// key of other attributes, one DynamoDB cannot read, the marker itself,
// absent) or an item of another entity holding an equal value
// are orphaned: Verify reads on past them, Repair takes them over, and a
// holder's delete drops them.
func TestMarkersNamingNoHolderAreOrphaned(t *testing.T) {
	ctx := context.Background()
	v1, v2 := memberModel(false), memberModel(true)
	type Admin struct {
		ID    string `dynamo:"id"`
		Email string `dynamo:"email"`
	}
	admins := entity.MustDefine(v2.Table(), entity.Config[Admin]{Name: "Admin", Key: entity.Key{Partition: "ADMIN#${id}", Sort: "ADMIN"}})
	db := entitytest.NewDB(t, v2.Table())
	if _, err := admins.Put(Admin{"ad1", "admin@x"}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	keyID := func(pk, sk string) string {
		return expr.KeyID("", map[string]types.AttributeValue{"PK": str(pk), "SK": str(sk)})
	}
	owners := map[string]types.AttributeValue{
		"garbage":         str("not-a-key-id"),
		"empty":           str(""),
		"other key shape": str(expr.KeyID("", map[string]types.AttributeValue{"PK": str("MEMBER#zz")})),
		"the marker":      str(keyID("UNIQUE#Member#email#admin@x", "UNIQUE")),
		"another entity":  str(keyID("ADMIN#ad1", "ADMIN")),
		"absent":          nil,
		"empty partition": str(expr.KeyID("", map[string]types.AttributeValue{"PK": str(""), "SK": str("MEMBER")})),
		"empty sort":      str(expr.KeyID("", map[string]types.AttributeValue{"PK": str("MEMBER#o"), "SK": str("")})),
		"key over limit":  str(expr.KeyID("", map[string]types.AttributeValue{"PK": str(strings.Repeat("x", 2100)), "SK": str("MEMBER")})),
	}
	for name, ownerAV := range owners {
		t.Run(name, func(t *testing.T) {
			if _, err := v1.Put(Member{"m1", "admin@x"}).Run(ctx, db); err != nil {
				t.Fatal(err)
			}
			m := map[string]types.AttributeValue{"PK": str("UNIQUE#Member#email#admin@x"), "SK": str("UNIQUE"), v2.Table().EntityAttr(): str("UNIQUE#Member#email")}
			if ownerAV != nil {
				m["uniqueOwner"] = ownerAV
			}
			// A second, valid missing marker the run must still reach.
			if _, err := v1.Put(Member{"m2", "other@x"}).Run(ctx, db); err != nil {
				t.Fatal(err)
			}
			put := func() {
				t.Helper()
				if _, err := db.Client.PutItem(ctx, &dynamodb.PutItemInput{TableName: db.Table("evolve"), Item: m}); err != nil {
					t.Fatal(err)
				}
			}
			put()
			r, err := evolve.Entity(v2).Verify(ctx, db)
			if err != nil || r.Scanned < 2 || r.Counts[evolve.MissingUniqueMarker] != 2 {
				t.Fatalf("Verify: %v, scanned %d, %v; want both values' markers missing", err, r.Scanned, r.Counts)
			}
			r, err = evolve.Entity(v2).Repair(ctx, db)
			if err != nil || r.MarkersWritten != 2 {
				t.Fatalf("Repair: %v, %d markers written; want 2", err, r.MarkersWritten)
			}
			if got := owner(marker(t, db, "admin@x")); !strings.Contains(got, "MEMBER#m1") {
				t.Errorf("after Repair the marker names %q; want m1", got)
			}
			put()
			if err := v2.Delete(entity.Values{"id": "m1"}).Run(ctx, db); err != nil {
				t.Fatalf("delete of the holder: %v", err)
			}
			if got := marker(t, db, "admin@x"); len(got) != 0 {
				t.Errorf("the marker after the holder's delete: %v; want it dropped", got)
			}
			if err := v2.Delete(entity.Values{"id": "m2"}).Run(ctx, db); err != nil {
				t.Fatal(err)
			}
		})
	}
	if _, err := admins.Get(entity.Values{"id": "ad1"}).Run(ctx, db); err != nil {
		t.Errorf("the Admin item: %v; want it untouched", err)
	}
}

// An item deleted by another request between the two tries of its
// delete (the first refused by an orphaned marker) fails as a delete of
// a changed item does, not with a *ddbmodel.UniqueOwnerError.
func TestAReleaseRacedByAnotherDeleteIsAConditionFailure(t *testing.T) {
	ctx := context.Background()
	db, _, v2 := orphanedMarker(t)
	sends := 0
	raced := *db
	raced.Client = &transactRaceClient{Client: db.Client, when: func(*dynamodb.TransactWriteItemsInput) bool { sends++; return sends == 2 },
		before: func(ctx context.Context) {
			if err := v2.Delete(entity.Values{"id": "m2"}).Run(ctx, db); err != nil {
				t.Error(err)
			}
		}}
	err := v2.Delete(entity.Values{"id": "m2"}).Run(ctx, &raced)
	if !errors.Is(err, ddbmodel.ErrConditionFailed) || errors.Is(err, ddbmodel.ErrUniqueNotOwned) {
		t.Errorf("delete raced by another delete: %v; want a condition failure, not ErrUniqueNotOwned", err)
	}
	if m := marker(t, db, "a@x"); len(m) != 0 {
		t.Errorf("the marker of a@x: %v; want it dropped by the winning delete", m)
	}
}

// Two items holding one value under an orphaned marker are one duplicate
// for Verify and the dry run as for Repair.
func TestADuplicateUnderAnOrphanedMarkerIsFoundByVerify(t *testing.T) {
	ctx := context.Background()
	v1, v2 := memberModel(false), memberModel(true)
	db := entitytest.NewDB(t, v2.Table())
	if _, err := v2.Put(Member{"o", "d@x"}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	for _, m := range []Member{{"o", "z@x"}, {"a", "d@x"}, {"b", "d@x"}} {
		if _, err := v1.Put(m).Run(ctx, db); err != nil {
			t.Fatal(err)
		}
	}
	for _, job := range []struct {
		name string
		run  func() (evolve.Report, error)
	}{
		{"Verify", func() (evolve.Report, error) { return evolve.Entity(v2).Verify(ctx, db) }},
		{"dry run", func() (evolve.Report, error) { return evolve.Entity(v2).DryRun().Repair(ctx, db) }},
	} {
		r, _ := job.run()
		if r.Counts[evolve.DuplicateUniqueValue] != 1 {
			t.Errorf("%s: %v; want one duplicate of d@x", job.name, r.Counts)
		}
	}
}

// Handled is a member with two unique attributes.
type Handled struct {
	ID     string `dynamo:"id"`
	Email  string `dynamo:"email"`
	Handle string `dynamo:"handle"`
}

// One item holds one released value (its marker is the other holder's
// to keep) and must lack another (the orphaned marker of the second
// attribute names it): the release checks both on it in one
// ConditionCheck, as DynamoDB takes one action per item.
func TestAReleaseCheckingOneItemForTwoAttributes(t *testing.T) {
	ctx := context.Background()
	cfg := entity.Config[Handled]{Name: "Handled", Key: entity.Key{Partition: "H#${id}", Sort: "H"}}
	v1 := entity.MustDefine(newTable(), cfg)
	cfg.Attributes = map[string]entity.Attribute{"email": {Unique: true}, "handle": {Unique: true}}
	v2 := entity.MustDefine(newTable(), cfg)
	db := entitytest.NewDB(t, v2.Table())
	read := func(attr, v string) map[string]types.AttributeValue {
		t.Helper()
		out, err := db.Client.GetItem(ctx, &dynamodb.GetItemInput{TableName: db.Table("evolve"), ConsistentRead: aws.Bool(true),
			Key: map[string]types.AttributeValue{"PK": str("UNIQUE#Handled#" + attr + "#" + v), "SK": str("UNIQUE")}})
		if err != nil {
			t.Fatal(err)
		}
		return out.Item
	}
	// o holds c@x and once held handle h; c holds both, without markers.
	if _, err := v2.Create(Handled{"o", "c@x", "h"}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	for _, h := range []Handled{{"o", "c@x", "o-h"}, {"c", "c@x", "h"}} {
		if _, err := v1.Put(h).Run(ctx, db); err != nil {
			t.Fatal(err)
		}
	}
	if err := v2.Delete(entity.Values{"id": "c"}).Run(ctx, db); err != nil {
		t.Fatalf("delete of c: %v", err)
	}
	if got := owner(read("email", "c@x")); !strings.Contains(got, "H#o") {
		t.Errorf("the marker of c@x names %q; want it kept for o", got)
	}
	if m := read("handle", "h"); len(m) != 0 {
		t.Errorf("the orphaned marker of handle h: %v; want it dropped", m)
	}
}

// Staffer shares the table of Member, with a unique email of its own.
type Staffer struct {
	ID    string `dynamo:"id"`
	Email string `dynamo:"email"`
}

// The orphaned markers of two entities' values name one item, which one
// transaction takes both over from: the check on that item tests each
// value with its own entity, so the item taking one value back between
// the read and the second try fails the transaction instead of leaving
// two holders of the value.
func TestOneCheckOfAnItemTwoEntitiesMarkersName(t *testing.T) {
	ctx := context.Background()
	table := newTable()
	members := entity.MustDefine(table, entity.Config[Member]{Name: "Member", Key: entity.Key{Partition: "MEMBER#${id}", Sort: "MEMBER"},
		Attributes: map[string]entity.Attribute{"email": {Unique: true}}})
	staff := entity.MustDefine(table, entity.Config[Staffer]{Name: "Staffer", Key: entity.Key{Partition: "STAFF#${id}", Sort: "STAFF"},
		Attributes: map[string]entity.Attribute{"email": {Unique: true}}})
	db := entitytest.NewDB(t, table)
	if _, err := staff.Create(Staffer{"st1", "v2@x"}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	if _, err := staff.Update(entity.Values{"id": "st1"}).Set("email", "other@x").Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	// The marker of Member's v1@x names st1 (a Staffer: it holds no
	// Member value); the marker of Staffer's v2@x names st1, which other
	// code moved off it.
	st1 := expr.KeyID("", map[string]types.AttributeValue{"PK": str("STAFF#st1"), "SK": str("STAFF")})
	for _, m := range []struct{ entity, value string }{{"Member", "v1@x"}, {"Staffer", "v2@x"}} {
		item := map[string]types.AttributeValue{"PK": str("UNIQUE#" + m.entity + "#email#" + m.value), "SK": str("UNIQUE"),
			table.EntityAttr(): str("UNIQUE#" + m.entity + "#email"), "uniqueOwner": str(st1)}
		if _, err := db.Client.PutItem(ctx, &dynamodb.PutItemInput{TableName: db.Table("evolve"), Item: item}); err != nil {
			t.Fatal(err)
		}
	}
	sends := 0
	raced := *db
	raced.Client = &transactRaceClient{Client: db.Client, when: func(*dynamodb.TransactWriteItemsInput) bool { sends++; return sends == 2 },
		before: func(ctx context.Context) {
			// st1 takes v2@x back through other code.
			item := map[string]types.AttributeValue{"PK": str("STAFF#st1"), "SK": str("STAFF"), table.EntityAttr(): str("Staffer"),
				table.EntityVersionAttr(): str("1"), "id": str("st1"), "email": str("v2@x")}
			if _, err := db.Client.PutItem(ctx, &dynamodb.PutItemInput{TableName: db.Table("evolve"), Item: item}); err != nil {
				t.Error(err)
			}
		}}
	err := txn.Write(members.Create(Member{"c", "v1@x"}), staff.Create(Staffer{"s", "v2@x"})).Run(ctx, &raced)
	if sends < 2 {
		t.Fatalf("the transaction was sent %d times; want a second try taking the markers over", sends)
	}
	if err == nil {
		t.Fatal("the transaction succeeded although st1 took v2@x back before its second try")
	}
	if _, err := staff.Get(entity.Values{"id": "s"}).Run(ctx, db); !errors.Is(err, ddbmodel.ErrNotFound) {
		t.Errorf("staff s: %v; want it not written (st1 holds v2@x)", err)
	}
}

// The other holder a kept release checks deletes itself (releasing the
// marker) between the read and the second try: the release goes back to
// deleting the marker it finds absent, and the delete succeeds.
func TestAKeptMarkerReleasedMeanwhile(t *testing.T) {
	ctx := context.Background()
	v1, v2 := memberModel(false), memberModel(true)
	db := entitytest.NewDB(t, v2.Table())
	if _, err := v2.Create(Member{"o", "e@x"}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	if _, err := v1.Put(Member{"a", "e@x"}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	sends := 0
	raced := *db
	raced.Client = &transactRaceClient{Client: db.Client, when: func(*dynamodb.TransactWriteItemsInput) bool { sends++; return sends == 2 },
		before: func(ctx context.Context) {
			if err := v2.Delete(entity.Values{"id": "o"}).Run(ctx, db); err != nil {
				t.Error(err)
			}
		}}
	if err := v2.Delete(entity.Values{"id": "a"}).Run(ctx, &raced); err != nil {
		t.Fatalf("delete of a, whose marker's holder o went meanwhile: %v", err)
	}
	if m := marker(t, db, "e@x"); len(m) != 0 {
		t.Errorf("the marker of e@x: %v; want none", m)
	}
}

// A marker naming another marker item (which no entity's item can be)
// names no holder, even when that marker is released in the same
// transaction: the delete drops both.
func TestAMarkerNamingAMarkerItemNamesNoHolder(t *testing.T) {
	ctx := context.Background()
	cfg := entity.Config[Handled]{Name: "Handled", Key: entity.Key{Partition: "H#${id}", Sort: "H"},
		Attributes: map[string]entity.Attribute{"email": {Unique: true}, "handle": {Unique: true}}}
	handled := entity.MustDefine(newTable(), cfg)
	db := entitytest.NewDB(t, handled.Table())
	if _, err := handled.Create(Handled{"a", "a@x", "ha"}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	key := func(attr, v string) map[string]types.AttributeValue {
		return map[string]types.AttributeValue{"PK": str("UNIQUE#Handled#" + attr + "#" + v), "SK": str("UNIQUE")}
	}
	m := key("email", "a@x")
	m[handled.Table().EntityAttr()] = str("UNIQUE#Handled#email")
	m["uniqueOwner"] = str(expr.KeyID("", key("handle", "ha")))
	if _, err := db.Client.PutItem(ctx, &dynamodb.PutItemInput{TableName: db.Table("evolve"), Item: m}); err != nil {
		t.Fatal(err)
	}
	if err := handled.Delete(entity.Values{"id": "a"}).Run(ctx, db); err != nil {
		t.Fatalf("delete of a, whose email marker names its handle marker: %v", err)
	}
	for _, k := range []map[string]types.AttributeValue{key("email", "a@x"), key("handle", "ha")} {
		out, err := db.Client.GetItem(ctx, &dynamodb.GetItemInput{TableName: db.Table("evolve"), Key: k, ConsistentRead: aws.Bool(true)})
		if err != nil || len(out.Item) != 0 {
			t.Errorf("marker %v after the delete: %v, %v; want none", k["PK"], out.Item, err)
		}
	}
}

// An item whose TTL has passed holds no value: Verify reports neither a
// missing marker for it nor a duplicate beside the value's holder.
func TestAnExpiredItemHoldsNoUniqueValue(t *testing.T) {
	ctx := context.Background()
	v1, v2 := guestModels()
	db := entitytest.NewDB(t, v2.Table())
	if _, err := v2.Create(Guest{"d", "v@x", 0}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	for _, g := range []Guest{{"o4", "v@x", time.Now().Add(-time.Minute).Unix()}, {"o5", "w@x", time.Now().Add(-time.Minute).Unix()}} {
		if _, err := v1.Put(g).Run(ctx, db); err != nil {
			t.Fatal(err)
		}
	}
	r, err := evolve.Entity(v2).Verify(ctx, db)
	if err != nil || r.Findings != 0 {
		t.Errorf("Verify: %v, %d findings %v; want none (o4 and o5 have expired)", err, r.Findings, r.Counts)
	}
}
