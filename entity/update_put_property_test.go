package entity_test

import (
	"context"
	"math/rand/v2"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/google/go-cmp/cmp"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
)

// randomTicket returns a ticket whose fields are random, often empty, nil
// or zero: the values a put encodes in the most ways.
func randomTicket(rng *rand.Rand, id string) ckTicket {
	str := func() string {
		return []string{"", "a", "héllo", "with space", "0", "x.y"}[rng.IntN(6)]
	}
	v := ckTicket{ID: id, Tenant: "t1", Status: []string{"open", "closed"}[rng.IntN(2)], Votes: rng.IntN(2000),
		Title: str(), Open: rng.IntN(2) == 0, Dotted: str(), Meta: ckMeta{Version: str()},
		Assignee: ckPerson{Name: str(), Team: str()}}
	if rng.IntN(3) > 0 {
		v.Expires = time.Unix(rng.Int64N(4e9), 0).In(time.FixedZone("Z", 3600*(rng.IntN(24)-12)))
	}
	for i := range rng.IntN(4) {
		v.Labels = append(v.Labels, "l"+strconv.Itoa(i))
	}
	switch rng.IntN(3) {
	case 0:
		v.Notes = []string{}
	case 1:
		v.Notes = []string{str(), str()}
	}
	if rng.IntN(2) == 0 {
		v.Addresses = map[string]ckAddress{"home": {Street: str(), City: str()}}
		if rng.IntN(2) == 0 {
			v.Addresses["my.work"] = ckAddress{City: str()}
		}
	}
	return v
}

// setEveryField returns an update setting every field of v but the
// primary key's composites, each by its stored name (quoted where it holds
// a dot).
func setEveryField(u entity.UpdateOp[ckTicket], v ckTicket) entity.UpdateOp[ckTicket] {
	rv := reflect.ValueOf(v)
	rt := rv.Type()
	for i := range rt.NumField() {
		name, _, _ := strings.Cut(rt.Field(i).Tag.Get("dynamo"), ",")
		if name == "id" || name == "tenantId" {
			continue
		}
		if strings.Contains(name, ".") {
			name = strconv.Quote(name)
		}
		u = u.Set(name, rv.Field(i).Interface())
	}
	return u
}

// TestUpdateOfEveryFieldStoresWhatAPutStores: for random values, a put of
// v and an update setting every field of an older item to v's values leave
// byte-identical items in DynamoDB Local, index keys included.
func TestUpdateOfEveryFieldStoresWhatAPutStores(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	table := ckTable()
	tickets, err := entity.Define(table, ckConfig())
	if err != nil {
		t.Fatal(err)
	}
	db := entitytest.NewDB(t, table)
	rng := rand.New(rand.NewPCG(11, 12))
	raw := func(id string) map[string]types.AttributeValue {
		key, err := tickets.Key(entity.Values{"tenantId": "t1", "id": id})
		if err != nil {
			t.Fatal(err)
		}
		out, err := db.Client.GetItem(ctx, &dynamodb.GetItemInput{TableName: db.Table(table.Name), Key: key, ConsistentRead: aws.Bool(true)})
		if err != nil {
			t.Fatal(err)
		}
		return out.Item
	}
	for n := range 40 {
		want := randomTicket(rng, "p"+strconv.Itoa(n))
		if _, err := tickets.Put(want).Run(ctx, db); err != nil {
			t.Fatalf("case %d: put: %v", n, err)
		}
		old := randomTicket(rng, "u"+strconv.Itoa(n))
		if _, err := tickets.Put(old).Run(ctx, db); err != nil {
			t.Fatalf("case %d: put: %v", n, err)
		}
		if _, err := setEveryField(tickets.Update(entity.Values{"tenantId": "t1", "id": old.ID}), want).Run(ctx, db); err != nil {
			t.Fatalf("case %d: update: %v", n, err)
		}
		put, updated := raw(want.ID), raw(old.ID)
		for _, m := range []map[string]types.AttributeValue{put, updated} {
			delete(m, "id")
			delete(m, "SK")
		}
		if diff := cmp.Diff(put, updated, entitytest.CmpOptions); diff != "" {
			t.Fatalf("case %d: %+v\nput vs update (-put +update):\n%s", n, want, diff)
		}
	}
}
