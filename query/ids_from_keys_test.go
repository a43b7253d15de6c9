package query_test

import (
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/google/go-cmp/cmp"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/query"
)

// Shipment is read from two narrow indexes: ByCarrier (KEYS_ONLY) and
// ByDay (INCLUDE weight). Its ids are rendered in its keys: the table key
// holds depot and seq (padded), ByCarrier's holds carrier and, as a date
// only, shipped; ByDay's holds the day of shipped and, sharded, id.
type Shipment struct {
	Depot   string    `dynamo:"depot"`
	Seq     int       `dynamo:"seq"`
	ID      string    `dynamo:"id"`
	Carrier string    `dynamo:"carrier"`
	Shipped time.Time `dynamo:"shipped"`
	Weight  float64   `dynamo:"weight"`
	Note    string    `dynamo:"note"`
}

func narrowIndexTable() *entity.Table {
	return &entity.Table{Name: "narrow", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"),
		Indexes: []entity.Index{
			{Name: "ByCarrier", PartitionKey: entity.S("GSI1PK"), SortKey: entity.S("GSI1SK"),
				Projection: entity.Projection{Type: types.ProjectionTypeKeysOnly}},
			{Name: "ByDay", PartitionKey: entity.S("GSI2PK"), SortKey: entity.S("GSI2SK"),
				Projection: entity.Projection{Type: types.ProjectionTypeInclude, Attributes: []string{"weight"}}},
		}}
}

// A read of a KEYS_ONLY or INCLUDE index returns values whose ids are read
// back from the keys the index returns, so they can be got by them; what
// a key renders only in part (a date, a shard) stays zero.
func TestNarrowIndexReadsFillIdsFromKeys(t *testing.T) {
	t.Parallel()
	table := narrowIndexTable()
	e := entity.MustDefine(table, entity.Config[Shipment]{Name: "Shipment",
		Key: entity.Key{Partition: "DEPOT#${depot}", Sort: "S#${seq:pad(6)}"},
		Indexes: []entity.IndexKey[Shipment]{
			{Index: "ByCarrier", Partition: "CARRIER#${carrier}", Sort: "DAY#${shipped:date}#${id}"},
			{Index: "ByDay", Partition: "DAY#${shipped:date}#${id:shard(4)}", Sort: "S#${depot}#${seq:pad(6)}"},
		}})
	db := entitytest.NewDB(t, table)
	at := time.Date(2026, 5, 4, 10, 30, 0, 0, time.UTC)
	s := Shipment{Depot: "ams", Seq: 42, ID: "sh-1", Carrier: "dhl", Shipped: at, Weight: 2.5, Note: "fragile"}
	if _, err := e.Put(s).Run(t.Context(), db); err != nil {
		t.Fatal(err)
	}

	got, err := query.New(e).Index("ByCarrier").Where(entity.Values{"carrier": "dhl"}).Collect(t.Context(), db)
	if err != nil {
		t.Fatal(err)
	}
	// KEYS_ONLY: depot and seq from the table key, carrier and id from the
	// index key; shipped is only a date there, so it stays zero.
	want := []Shipment{{Depot: "ams", Seq: 42, ID: "sh-1", Carrier: "dhl"}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("KEYS_ONLY read (-want +got):\n%s", diff)
	}
	full, err := e.Get(entity.Values{"depot": got[0].Depot, "seq": got[0].Seq}).Run(t.Context(), db)
	if err != nil {
		t.Fatalf("get by the ids read from the index: %v", err)
	}
	if diff := cmp.Diff(s, full); diff != "" {
		t.Errorf("get by the ids read (-want +got):\n%s", diff)
	}

	byDay, err := query.New(e).Index("ByDay").Where(entity.Values{"shipped": at, "id": "sh-1"}).Collect(t.Context(), db)
	if err != nil {
		t.Fatal(err)
	}
	// INCLUDE weight: depot and seq from both keys, weight projected; id
	// is only a shard number in this index's key and is not in the table
	// key, so it stays zero, as do the unprojected carrier and note.
	want = []Shipment{{Depot: "ams", Seq: 42, Weight: 2.5}}
	if diff := cmp.Diff(want, byDay); diff != "" {
		t.Errorf("INCLUDE read (-want +got):\n%s", diff)
	}
}

// An attribute the item holds is never replaced by what its key renders,
// and a full read is unchanged.
func TestIdsFromKeysNeverReplaceAnAttribute(t *testing.T) {
	t.Parallel()
	table := narrowIndexTable()
	e := entity.MustDefine(table, entity.Config[Shipment]{Name: "Shipment",
		Key: entity.Key{Partition: "DEPOT#${depot}", Sort: "S#${seq:pad(6)}"}})
	item := map[string]types.AttributeValue{
		"PK": avS("DEPOT#ams"), "SK": avS("S#000042"),
		"depot": avS("rtm"), "seq": &types.AttributeValueMemberN{Value: "7"}}
	item[table.EntityAttr()] = avS("Shipment")
	v, err := e.Decode(item)
	if err != nil {
		t.Fatal(err)
	}
	if v.Depot != "rtm" || v.Seq != 7 {
		t.Errorf("decoded %+v, want the item's own depot rtm and seq 7", v)
	}
	delete(item, "depot")
	v, err = e.Decode(item)
	if err != nil {
		t.Fatal(err)
	}
	if v.Depot != "ams" || v.Seq != 7 {
		t.Errorf("decoded %+v, want depot ams from the key and the item's seq 7", v)
	}
}
