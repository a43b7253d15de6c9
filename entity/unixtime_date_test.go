package entity_test

import (
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/query"
)

// A reading stores its time as Unix seconds and is found by its UTC day.
type udReading struct {
	Sensor string    `dynamo:"sensor"`
	ID     string    `dynamo:"id"`
	At     time.Time `dynamo:"at,unixtime"`
	Noted  time.Time `dynamo:"noted"` // stored as RFC 3339 text
	Value  int       `dynamo:"value"`
}

func udEntity(t *testing.T) *entity.Entity[udReading] {
	t.Helper()
	table := &entity.Table{Name: "ud", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"), Indexes: []entity.Index{
		{Name: "GSI1", PartitionKey: entity.S("GSI1PK"), SortKey: entity.S("GSI1SK")},
	}}
	return entity.MustDefine(table, entity.Config[udReading]{
		Name: "Reading",
		Key:  entity.Key{Partition: "SENSOR#${sensor}", Sort: "READING#${id}"},
		Indexes: []entity.IndexKey[udReading]{
			{Index: "GSI1", Partition: "DAY#${at:date}", Sort: "NOTED#${noted:date}#${sensor}"},
		},
	})
}

func udS(t *testing.T, item map[string]types.AttributeValue, attr string) string {
	t.Helper()
	s, ok := item[attr].(*types.AttributeValueMemberS)
	if !ok {
		t.Fatalf("%s = %#v, want a string", attr, item[attr])
	}
	return s.Value
}

// A ${at:date} composite of a time stored as Unix seconds renders the
// time's UTC day in every operation that renders the key: a put, an update
// of the time, and a query given the time. (Every put of such a model
// failed: the date format refused the seconds the item holds.)
func TestADateCompositeOfAUnixtimeFieldRendersItsDay(t *testing.T) {
	t.Parallel()
	e := udEntity(t)
	// 23:30 at UTC-5 is the next day in UTC.
	at := time.Date(2024, 5, 31, 23, 30, 0, 0, time.FixedZone("EST", -5*3600))
	noted := time.Date(2024, 6, 3, 8, 0, 0, 0, time.UTC)
	in, err := e.Put(udReading{Sensor: "s1", ID: "r1", At: at, Noted: noted, Value: 7}).Build()
	if err != nil {
		t.Fatalf("put: %v", err)
	}
	if got := udS(t, in.Item, "GSI1PK"); got != "DAY#2024-06-01" {
		t.Errorf("put GSI1PK = %q, want DAY#2024-06-01", got)
	}
	if got := udS(t, in.Item, "GSI1SK"); got != "NOTED#2024-06-03#s1" {
		t.Errorf("put GSI1SK = %q, want NOTED#2024-06-03#s1", got)
	}
	if n, ok := in.Item["at"].(*types.AttributeValueMemberN); !ok || n.Value != "1717216200" {
		t.Errorf("put at = %#v, want the number 1717216200", in.Item["at"])
	}

	// An update of the time recomputes the day, as a put of the new time writes it.
	later := at.Add(48 * time.Hour)
	up, err := e.Update(entity.Values{"sensor": "s1", "id": "r1"}).
		With(entity.Values{"noted": noted}).Set("at", later).Build()
	if err != nil {
		t.Fatalf("update: %v", err)
	}
	put, err := e.Put(udReading{Sensor: "s1", ID: "r1", At: later, Noted: noted, Value: 7}).Build()
	if err != nil {
		t.Fatalf("put of the later time: %v", err)
	}
	if got := udS(t, put.Item, "GSI1PK"); got != "DAY#2024-06-03" {
		t.Errorf("put of the later time: GSI1PK = %q, want DAY#2024-06-03", got)
	}
	found := false
	for _, av := range up.ExpressionAttributeValues {
		if s, ok := av.(*types.AttributeValueMemberS); ok && s.Value == "DAY#2024-06-03" {
			found = true
		}
	}
	if !found {
		t.Errorf("update of the time: values %#v hold no DAY#2024-06-03", up.ExpressionAttributeValues)
	}

	// A query given the time, in any zone, finds the put's partition.
	for _, v := range []any{at, at.UTC(), at.Format(time.RFC3339)} {
		q, err := query.New(e).Index("GSI1").Where(entity.Values{"at": v}).Build()
		if err != nil {
			t.Fatalf("query by %v: %v", v, err)
		}
		found := false
		for _, av := range q.ExpressionAttributeValues {
			if s, ok := av.(*types.AttributeValueMemberS); ok && s.Value == "DAY#2024-06-01" {
				found = true
			}
		}
		if !found {
			t.Errorf("query by %#v: values %#v hold no DAY#2024-06-01", v, q.ExpressionAttributeValues)
		}
	}
}

type udEvent struct {
	ID      string `dynamo:"id"`
	At      int64  `dynamo:"at"`      // Unix seconds
	Updated int64  `dynamo:"updated"` // an int64 timestamp: Unix seconds
}

// A ${x:date} composite of an integer field takes it as Unix seconds, as
// ${x:time} does: a put, an update (of the field, or of an int64 updated
// timestamp set to now) and a query render the UTC day. Every put of such
// a model failed (helper-110).
func TestADateCompositeOfAnIntegerFieldRendersItsDay(t *testing.T) {
	t.Parallel()
	table := &entity.Table{Name: "ud-int", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"), Indexes: []entity.Index{
		{Name: "GSI1", PartitionKey: entity.S("GSI1PK"), SortKey: entity.S("GSI1SK")},
		{Name: "GSI2", PartitionKey: entity.S("GSI2PK"), SortKey: entity.S("GSI2SK")},
	}}
	clock := time.Date(2025, 3, 1, 23, 59, 59, 0, time.UTC)
	events := entity.MustDefine(table, entity.Config[udEvent]{
		Name: "Event", Key: entity.Key{Partition: "E#${id}", Sort: "#E"},
		Timestamps: entity.Timestamps{Updated: "updated"},
		Indexes: []entity.IndexKey[udEvent]{
			{Index: "GSI1", Partition: "DAY#${at:date}", Sort: "E#${id}"},
			{Index: "GSI2", Partition: "UPD#${updated:date}", Sort: "E#${id}"},
		},
		Now: func() time.Time { return clock },
	})
	put, err := events.Put(udEvent{ID: "e1", At: 1717216200}).Build()
	if err != nil {
		t.Fatalf("put: %v", err)
	}
	if got := udS(t, put.Item, "GSI1PK"); got != "DAY#2024-06-01" {
		t.Errorf("put GSI1PK = %q, want DAY#2024-06-01", got)
	}
	if got := udS(t, put.Item, "GSI2PK"); got != "UPD#2025-03-01" {
		t.Errorf("put GSI2PK = %q, want UPD#2025-03-01", got)
	}
	up, err := events.Update(entity.Values{"id": "e1"}).Set("at", int64(-86400)).Build()
	if err != nil {
		t.Fatalf("update: %v", err)
	}
	seen := map[string]bool{}
	for _, av := range up.ExpressionAttributeValues {
		if s, ok := av.(*types.AttributeValueMemberS); ok {
			seen[s.Value] = true
		}
	}
	if !seen["DAY#1969-12-31"] || !seen["UPD#2025-03-01"] {
		t.Errorf("update values %v: want DAY#1969-12-31 and UPD#2025-03-01", up.ExpressionAttributeValues)
	}
	q, err := query.New(events).Index("GSI1").Where(entity.Values{"at": 1717216200}).Build()
	if err != nil {
		t.Fatalf("query: %v", err)
	}
	found := false
	for _, av := range q.ExpressionAttributeValues {
		if s, ok := av.(*types.AttributeValueMemberS); ok && s.Value == "DAY#2024-06-01" {
			found = true
		}
	}
	if !found {
		t.Errorf("query values %v hold no DAY#2024-06-01", q.ExpressionAttributeValues)
	}
}
