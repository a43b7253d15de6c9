package entity_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/keys"
	"github.com/ddbmodel/ddbmodel/query"
)

// A shipment's times, held three ways: a time.Time stored as text, an
// integer of Unix seconds, and a time.Time stored as Unix seconds. Each
// is found by its UTC day; the integer also by its instant.
type tkShipment struct {
	ID        string    `dynamo:"id"`
	Packed    time.Time `dynamo:"packed"`            // keys: its day only
	Sent      int64     `dynamo:"sent"`              // keys: its day only
	Delivered int64     `dynamo:"delivered"`         // keys: its day and its instant
	Signed    time.Time `dynamo:"signed,unixtime"`   // keys: its day only
	Noted     time.Time `dynamo:"noted"`             // keys: its day and its instant
	Weight    int64     `dynamo:"weight"`            // keys: as a plain number
	Shelved   int64     `dynamo:"shelved,omitempty"` // keys: its day, and a key function
	Due       time.Time `dynamo:"due,omitempty"`     // not in a key
	Carrier   string    `dynamo:"carrier,omitempty"` // keys: plain text
}

func tkShipments(t *testing.T) (*entity.Table, *entity.Entity[tkShipment]) {
	t.Helper()
	var ixs []entity.Index
	for _, n := range []string{"GSI1", "GSI2", "GSI3", "GSI4", "GSI5", "GSI6", "GSI7"} {
		ixs = append(ixs, entity.Index{Name: n, PartitionKey: entity.S(n + "PK"), SortKey: entity.S(n + "SK")})
	}
	table := &entity.Table{Name: "tk", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"), Indexes: ixs}
	return table, entity.MustDefine(table, entity.Config[tkShipment]{
		Name: "Shipment", Key: entity.Key{Partition: "SHIP#${id}", Sort: "#S"},
		Indexes: []entity.IndexKey[tkShipment]{
			{Index: "GSI1", Partition: "PACKED#${packed:date}", Sort: "${id}"},
			{Index: "GSI2", Partition: "SENT#${sent:date}", Sort: "${id}"},
			{Index: "GSI3", Partition: "DDAY#${delivered:date}", Sort: "AT#${delivered:time}#${id}"},
			{Index: "GSI4", Partition: "SIGNED#${signed:date}", Sort: "${id}"},
			{Index: "GSI5", Partition: "NDAY#${noted:date}", Sort: "AT#${noted:time}#${id}"},
			{Index: "GSI6", Partition: "W#${weight}", Sort: "${id}"},
			{Index: "GSI7", Partition: "SHELF#${shelved:date}", SortFunc: func(s tkShipment) (string, error) {
				return time.Unix(s.Shelved, 0).UTC().Format(time.RFC3339), nil
			}, SortUses: []string{"shelved"}, Sparse: true},
		},
	})
}

// A key value for a field that keys use only as a date (or a time) may be
// given as the day (or instant) itself, whatever the field's own type:
// "2026-03-10" for a time.Time field, a time.Time for an integer of Unix
// seconds. The query's key is the key a put of a matching value writes, and
// finds the item in DynamoDB. Both were refused as values the field cannot
// hold (helper-113 #6). Where a key keeps more than the value's day, or
// reads the field itself, they are still refused before anything is sent.
func TestATimeKeyValueMayBeGivenAsTheDayOrInstantItRenders(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	table, shipments := tkShipments(t)
	db := entitytest.NewDB(t, table)

	// 23:30 at UTC-5 on March 9 is March 10 in UTC.
	est := time.FixedZone("EST", -5*3600)
	at := time.Date(2026, 3, 9, 23, 30, 15, 0, est)
	v := tkShipment{ID: "s1", Packed: at, Sent: at.Unix(), Delivered: at.Unix(), Signed: at, Noted: at, Weight: 12}
	put, err := shipments.Put(v).Build()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := shipments.Put(v).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	withFraction := at.Add(250 * time.Millisecond)
	for _, c := range []struct {
		index string
		where entity.Values
	}{
		{"GSI1", entity.Values{"packed": "2026-03-10"}},
		{"GSI2", entity.Values{"sent": at}},
		{"GSI2", entity.Values{"sent": withFraction}}, // the day is all the key keeps
		{"GSI2", entity.Values{"sent": &at}},
		{"GSI2", entity.Values{"sent": at.UTC().Add(15 * time.Hour)}}, // another hour of the same UTC day
		{"GSI3", entity.Values{"delivered": at}},
		{"GSI4", entity.Values{"signed": "2026-03-10"}},
	} {
		in, err := query.New(shipments).Index(c.index).Where(c.where).Build()
		if err != nil {
			t.Errorf("%s %v: %v", c.index, c.where, err)
			continue
		}
		got := in.ExpressionAttributeValues[":v0"]
		want := put.Item[c.index+"PK"]
		if s, ok := got.(*types.AttributeValueMemberS); !ok || s.Value != want.(*types.AttributeValueMemberS).Value {
			t.Errorf("%s %v: the query's partition value is %#v, the put wrote %#v", c.index, c.where, got, want)
			continue
		}
		items, err := query.New(shipments).Index(c.index).Where(c.where).Collect(ctx, db)
		if err != nil || len(items) != 1 || items[0].ID != "s1" {
			t.Errorf("%s %v: found %v, %v; want the shipment", c.index, c.where, items, err)
		}
	}
	// The instant in the sort key as well: a get of the exact item.
	in, err := query.New(shipments).Index("GSI3").Where(entity.Values{"delivered": at}).Build()
	if err != nil {
		t.Fatal(err)
	}
	if kce := *in.KeyConditionExpression; in.ExpressionAttributeValues[":v1"].(*types.AttributeValueMemberS).Value != "AT#2026-03-10T04:30:15.000000000Z#" {
		t.Errorf("G3 sort condition %s with %#v, want the instant's prefix", kce, in.ExpressionAttributeValues[":v1"])
	}

	requests := 0
	counted := *db
	counted.Observer = entity.ObserverFunc(func(context.Context, *entity.Event) { requests++ })
	for _, c := range []struct {
		index string
		where entity.Values
		why   string
	}{
		{"GSI3", entity.Values{"delivered": withFraction}, "the sort key keeps the instant, which seconds cannot hold"},
		{"GSI3", entity.Values{"delivered": "2026-03-10"}, "an integer field takes no date text"},
		{"GSI5", entity.Values{"noted": "2026-03-10"}, "the sort key keeps the instant, which a day does not say"},
		{"GSI6", entity.Values{"weight": at}, "a plain number composite"},
		{"GSI7", entity.Values{"shelved": at}, "a key function reads the field"},
		{"GSI2", entity.Values{"sent": time.Time{}}, "the zero time is no day of a stored value"},
		{"GSI1", entity.Values{"packed": "2026-3-10"}, "not a 2006-01-02 date"},
		{"GSI1", entity.Values{"packed": "2026-02-30"}, "no such day"},
	} {
		_, err := query.New(shipments).Index(c.index).Where(c.where).Build()
		var ve *ddbmodel.ValidationError
		if !errors.As(err, &ve) || !errors.Is(err, keys.ErrType) {
			t.Errorf("%s %v (%s): err = %v, want a *ddbmodel.ValidationError wrapping keys.ErrType", c.index, c.where, c.why, err)
		}
		if _, err := query.New(shipments).Index(c.index).Where(c.where).Collect(ctx, &counted); err == nil {
			t.Errorf("%s %v: All succeeded", c.index, c.where)
		}
	}
	if requests != 0 {
		t.Errorf("%d requests sent for refused queries, want none", requests)
	}
}
