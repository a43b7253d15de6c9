package entity_test

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
)

type ttlUser struct {
	ID    string `dynamo:"id"`
	Email string `dynamo:"email,omitempty"`
	Name  string `dynamo:"name"`
	TTL   int64  `dynamo:"ttl,omitempty"`
}

func newTTLUqModel(t *testing.T) (*entity.Table, *entity.Entity[ttlUser]) {
	t.Helper()
	table := &entity.Table{Name: "uniquettl", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"), TTLAttribute: "ttl"}
	users := entity.MustDefine(table, entity.Config[ttlUser]{
		Name:       "User",
		Key:        entity.Key{Partition: "USER#${id}", Sort: "#META"},
		Attributes: map[string]entity.Attribute{"email": {Unique: true}},
	})
	return table, users
}

// uqKey is the table key of a user or of a marker of an e-mail address.
func uqKey(pk, sk string) map[string]types.AttributeValue {
	return map[string]types.AttributeValue{"PK": &types.AttributeValueMemberS{Value: pk}, "SK": &types.AttributeValueMemberS{Value: sk}}
}

func markerOf(t *testing.T, db *entity.DB, email string) map[string]types.AttributeValue {
	t.Helper()
	return rawItem(t, db, uqKey("UNIQUE#User#email#"+email, "UNIQUE"))
}

func num(av types.AttributeValue) string {
	if n, ok := av.(*types.AttributeValueMemberN); ok {
		return n.Value
	}
	return ""
}

// A marker item carries its owner's TTL, so that DynamoDB's TTL deletes it
// with the owner; every write that changes the TTL (put, update, upsert,
// removal) rewrites it.
func TestUniqueMarkersCarryTheOwnersTTL(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	table, users := newTTLUqModel(t)
	db := entitytest.NewDB(t, table)
	if _, err := users.Create(ttlUser{ID: "u1", Email: "a@x", TTL: 2000000000}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	check := func(what, want string) {
		t.Helper()
		m := markerOf(t, db, "a@x")
		if len(m) == 0 {
			t.Fatalf("%s: no marker", what)
		}
		if got := num(m["ttl"]); got != want {
			t.Errorf("%s: marker ttl %q, want %q", what, got, want)
		}
	}
	check("create", "2000000000")
	if _, err := users.Update(entity.Values{"id": "u1"}).Set("ttl", 2000000100).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	check("update of the TTL alone", "2000000100")
	if _, err := users.Put(ttlUser{ID: "u1", Email: "a@x", TTL: 2000000200}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	check("put", "2000000200")
	if _, err := users.Upsert(ttlUser{ID: "u1", Email: "a@x", Name: "n", TTL: 2000000300}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	check("upsert", "2000000300")
	if _, err := users.Update(entity.Values{"id": "u1"}).Remove("ttl").Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	check("removal of the TTL", "")
}

// A marker whose owner no longer holds its value (the owner deleted
// without releasing it, as DynamoDB's TTL does; changed by a writer that
// did not release it; or expired) is taken over by the next write taking
// the value; a value its owner holds is still refused.
func TestUniqueOrphanedMarkersAreReclaimed(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	table, users := newTTLUqModel(t)
	db := entitytest.NewDB(t, table)
	for _, u := range []ttlUser{{ID: "gone", Email: "a@x"}, {ID: "changed", Email: "b@x"}, {ID: "expired", Email: "c@x", TTL: time.Now().Add(-time.Hour).Unix()}, {ID: "holder", Email: "d@x"}} {
		if _, err := users.Create(u).Run(ctx, db); err != nil {
			t.Fatal(err)
		}
	}
	// Behind the library's back: DynamoDB's TTL deletes "gone" (and not
	// yet its marker); another writer changes "changed"'s address.
	if _, err := db.Client.DeleteItem(ctx, &dynamodb.DeleteItemInput{TableName: aws.String(db.TableName), Key: uqKey("USER#gone", "#META")}); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Client.UpdateItem(ctx, &dynamodb.UpdateItemInput{TableName: aws.String(db.TableName), Key: uqKey("USER#changed", "#META"),
		UpdateExpression: aws.String("SET email = :e"), ExpressionAttributeValues: map[string]types.AttributeValue{":e": &types.AttributeValueMemberS{Value: "z@x"}}}); err != nil {
		t.Fatal(err)
	}
	owner := func(email string) string {
		t.Helper()
		return str(markerOf(t, db, email)["uniqueOwner"])
	}
	if _, err := users.Create(ttlUser{ID: "n1", Email: "a@x"}).Run(ctx, db); err != nil {
		t.Fatalf("create taking the marker of a deleted owner: %v", err)
	}
	if _, err := users.Put(ttlUser{ID: "n2", Email: "b@x"}).Run(ctx, db); err != nil {
		t.Fatalf("put taking the marker of an owner that changed its value: %v", err)
	}
	if _, err := users.Create(ttlUser{ID: "n3", Email: "q@x"}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	if _, err := users.Update(entity.Values{"id": "n3"}).Set("email", "c@x").Run(ctx, db); err != nil {
		t.Fatalf("update taking the marker of an expired owner: %v", err)
	}
	for email, id := range map[string]string{"a@x": "n1", "b@x": "n2", "c@x": "n3"} {
		if !strings.Contains(owner(email), "USER#"+id) {
			t.Errorf("marker of %s owned by %q, want %s", email, owner(email), id)
		}
	}
	if m := markerOf(t, db, "q@x"); len(m) != 0 {
		t.Errorf("n3's old address keeps its marker: %v", m)
	}
	_, err := users.Upsert(ttlUser{ID: "n4", Email: "d@x", Name: "n"}).Run(ctx, db)
	var ue *ddbmodel.UniqueError
	if !errors.As(err, &ue) || ue.Value != "d@x" || !errors.Is(err, ddbmodel.ErrUniqueTaken) {
		t.Fatalf("upsert taking a value its owner holds: %v, want a UniqueError", err)
	}
	if !strings.Contains(owner("d@x"), "USER#holder") {
		t.Errorf("marker of d@x owned by %q", owner("d@x"))
	}
}

// Writers racing to take over one orphaned marker: exactly one wins, the
// others are refused with the value's UniqueError, and the marker names the
// winner.
func TestUniqueReclaimRace(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	table, users := newTTLUqModel(t)
	db := entitytest.NewDB(t, table)
	if _, err := users.Create(ttlUser{ID: "gone", Email: "a@x"}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Client.DeleteItem(ctx, &dynamodb.DeleteItemInput{TableName: aws.String(db.TableName), Key: uqKey("USER#gone", "#META")}); err != nil {
		t.Fatal(err)
	}
	ids := []string{"w1", "w2", "w3", "w4"}
	errs := make([]error, len(ids))
	var wg sync.WaitGroup
	for i, id := range ids {
		wg.Go(func() { _, errs[i] = users.Create(ttlUser{ID: id, Email: "a@x"}).Run(ctx, db) })
	}
	wg.Wait()
	winner := ""
	for i, err := range errs {
		var ue *ddbmodel.UniqueError
		var tce *ddbmodel.TxCanceledError
		switch {
		case err == nil:
			if winner != "" {
				t.Fatalf("%s and %s both took a@x", winner, ids[i])
			}
			winner = ids[i]
		case errors.As(err, &ue) && ue.Value == "a@x":
		case errors.As(err, &tce) && tce.Conflict():
			// The service may cancel a racing transaction as a conflict.
		default:
			t.Fatalf("%s: %v", ids[i], err)
		}
	}
	if winner == "" {
		t.Fatal("no writer took the orphaned value")
	}
	if o := str(markerOf(t, db, "a@x")["uniqueOwner"]); !strings.Contains(o, "USER#"+winner) {
		t.Errorf("marker owned by %q, want %s", o, winner)
	}
}

// A write releasing a value whose marker names another item that does not
// hold it (orphaned: other code handed the marker over) deletes the
// marker; when that item takes the value back between the read and the
// second try, the write is refused with a *ddbmodel.UniqueOwnerError
// naming the value and the marker's owner.
func TestUniqueFailedReleaseIsTyped(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	table, users := newTTLUqModel(t)
	db := entitytest.NewDB(t, table)
	if _, err := users.Create(ttlUser{ID: "u1", Email: "a@x"}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	if _, err := users.Create(ttlUser{ID: "u2", Email: "b@x"}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	// handOver makes value v's marker name u2 (which holds b@x) behind
	// the library's back.
	handOver := func(v string) {
		t.Helper()
		b := markerOf(t, db, "b@x")
		m := markerOf(t, db, v)
		m["uniqueOwner"] = b["uniqueOwner"]
		if _, err := db.Client.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String(db.TableName), Item: m}); err != nil {
			t.Fatal(err)
		}
	}
	handOver("a@x")
	if _, err := users.Update(entity.Values{"id": "u1"}).Set("email", "c@x").Run(ctx, db); err != nil {
		t.Fatalf("update moving a@x away from under an orphaned marker: %v", err)
	}
	if m := markerOf(t, db, "a@x"); len(m) != 0 {
		t.Errorf("the orphaned marker of a@x after the update: %v; want it deleted", m)
	}

	// u2 takes c@x (raw) just before the second try of u1's delete.
	handOver("c@x")
	sends := 0
	raced := *db
	raced.Client = &transactHook{Client: db.Client, before: func(ctx context.Context, in *dynamodb.TransactWriteItemsInput) {
		if sends++; sends != 2 {
			return
		}
		out, err := db.Client.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String(db.TableName), Key: uqKey("USER#u2", "#META")})
		if err != nil || len(out.Item) == 0 {
			t.Errorf("reading u2: %v, %v", err, out)
			return
		}
		item := out.Item
		item["email"] = &types.AttributeValueMemberS{Value: "c@x"}
		if _, err := db.Client.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String(db.TableName), Item: item}); err != nil {
			t.Error(err)
		}
	}}
	err := users.Delete(entity.Values{"id": "u1"}).Run(ctx, &raced)
	var oe *ddbmodel.UniqueOwnerError
	if !errors.As(err, &oe) || !errors.Is(err, ddbmodel.ErrUniqueNotOwned) || !errors.Is(err, ddbmodel.ErrConditionFailed) {
		t.Fatalf("delete raced by the owner taking the value back: %v (%T), want a UniqueOwnerError", err, err)
	}
	if oe.Entity != "User" || oe.Attribute != "email" || oe.Value != "c@x" || !strings.Contains(oe.Owner, "USER#u2") {
		t.Errorf("%+v", oe)
	}
	if !strings.Contains(err.Error(), "USER#u2") || strings.Contains(err.Error(), "uniqueOwner") {
		t.Errorf("message %q", err)
	}
	if m := markerOf(t, db, "c@x"); !strings.Contains(str(m["uniqueOwner"]), "USER#u2") {
		t.Errorf("the marker of c@x: %v; want it kept for u2", m)
	}
}

// transactHook runs before ahead of every TransactWriteItems call.
type transactHook struct {
	entity.Client
	before func(context.Context, *dynamodb.TransactWriteItemsInput)
}

func (c *transactHook) TransactWriteItems(ctx context.Context, in *dynamodb.TransactWriteItemsInput, opts ...func(*dynamodb.Options)) (*dynamodb.TransactWriteItemsOutput, error) {
	c.before(ctx, in)
	return c.Client.TransactWriteItems(ctx, in, opts...)
}

// A unique value too long for its marker's key is refused before sending,
// naming the entity, the attribute, the value's length and the limit, not
// the marker's template.
func TestUniqueValueTooLongForItsMarker(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	table, users := newTTLUqModel(t)
	rec := entitytest.NewRecorder(nil)
	db := entity.NewDB(rec, table.Name)
	for _, tc := range []struct {
		email string
		limit string
	}{
		{strings.Repeat("x", 2100), "2030"}, // UNIQUE#User#email# is 18 bytes
		{strings.Repeat("#", 1100), "1013"}, // hex encoded after HEX#: two bytes each
	} {
		_, err := users.Create(ttlUser{ID: "u1", Email: tc.email}).Run(ctx, db)
		var ve *ddbmodel.ValidationError
		if !errors.As(err, &ve) || ve.Entity != "User" || ve.Attribute != "email" || !errors.Is(err, ddbmodel.ErrLimitExceeded) {
			t.Fatalf("%d bytes: %v", len(tc.email), err)
		}
		msg := err.Error()
		for _, want := range []string{"unique value of " + strconv.Itoa(len(tc.email)) + " bytes", "at most " + tc.limit + " bytes"} {
			if !strings.Contains(msg, want) {
				t.Errorf("%d bytes: %q lacks %q", len(tc.email), msg, want)
			}
		}
		if strings.Contains(msg, "${value}") || strings.Contains(msg, "UNIQUE#") {
			t.Errorf("message shows the marker template: %q", msg)
		}
	}
	if n := rec.Count(); n != 0 {
		t.Errorf("%d requests sent", n)
	}
}
