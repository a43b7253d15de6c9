package query_test

import (
	"strconv"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/query"
)

type dayEvent struct {
	ID string    `dynamo:"id"`
	At time.Time `dynamo:"at,unixtime"`
}

// A ${at:date} composite of a time stored as Unix seconds (unixtime)
// renders the UTC day, as it does for a time stored as text: a put
// writes the day's key, and a query by the same time, given as a
// time.Time, RFC 3339 text or Unix seconds, reads that day's partition.
// (Before, the date format refused the Unix seconds every put of such a
// field gives it, so no item could be written.)
func TestADateCompositeOfAUnixtimeField(t *testing.T) {
	table := &entity.Table{Name: "days", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
	events := entity.MustDefine(table, entity.Config[dayEvent]{
		Name: "Event",
		Key:  entity.Key{Partition: "DAY#${at:date}", Sort: "E#${id}"},
	})
	at := time.Date(2026, 11, 29, 23, 30, 0, 0, time.FixedZone("UTC-2", -2*3600)) // 2026-11-30 in UTC
	in, err := events.Put(dayEvent{ID: "e1", At: at}).Build()
	if err != nil {
		t.Fatalf("put: %v", err)
	}
	pk, _ := in.Item["PK"].(*types.AttributeValueMemberS)
	if pk == nil || pk.Value != "DAY#2026-11-30" {
		t.Fatalf("put's PK = %#v, want DAY#2026-11-30", in.Item["PK"])
	}
	unix := strconv.FormatInt(at.Unix(), 10)
	if n, ok := in.Item["at"].(*types.AttributeValueMemberN); !ok || n.Value != unix {
		t.Fatalf("put's at = %#v, want Unix seconds %s", in.Item["at"], unix)
	}
	for _, v := range []any{at, at.Format(time.RFC3339), at.Unix()} {
		q, err := query.New(events).Where(entity.Values{"at": v}).Build()
		if err != nil {
			t.Errorf("query by %v: %v", v, err)
			continue
		}
		got, _ := q.ExpressionAttributeValues[":v0"].(*types.AttributeValueMemberS)
		if got == nil || got.Value != "DAY#2026-11-30" {
			t.Errorf("query by %v: partition %#v, want DAY#2026-11-30", v, q.ExpressionAttributeValues[":v0"])
		}
	}
}
