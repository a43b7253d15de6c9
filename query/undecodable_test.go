package query_test

import (
	"errors"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/query"
)

// With OnUndecodable, a scan and a query skip an item of the entity that
// does not decode (another writer stored a string where T has an int) and
// report its key and *ddbmodel.DecodeError, returning every item that
// decodes; without it they stop with the DecodeError as before.
func TestOnUndecodableSkipsAndReports(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	counters, db := brokenCounters(t, "a", "b", "c")
	var seen []query.Undecodable
	note := func(u query.Undecodable) error { seen = append(seen, u); return nil }
	checkSeen := func(what string, got []counter, err error, skipped []query.Undecodable) {
		t.Helper()
		if err != nil || len(got) != 2 || got[0].ID != "a" && got[1].ID != "a" || got[0].ID == "b" || got[1].ID == "b" {
			t.Errorf("%s: %v, %v; want counters a and c", what, got, err)
		}
		if len(skipped) != 1 {
			t.Fatalf("%s: reported %d undecodable items, want 1 (b)", what, len(skipped))
		}
		u := skipped[0]
		if sk, ok := u.Key["SK"].(*types.AttributeValueMemberS); !ok || sk.Value != "COUNTER#b" || len(u.Key) != 2 {
			t.Errorf("%s: key %v, want PK=C,SK=COUNTER#b", what, u.Key)
		}
		if u.Err == nil || u.Err.Entity != "Counter" || u.Err.Attribute != "count" || u.Err.Key != "PK=C,SK=COUNTER#b" {
			t.Errorf("%s: error %+v, want a DecodeError of Counter naming count and the key", what, u.Err)
		}
	}
	q := query.New(counters).Where(entity.Values{})
	for _, scan := range []query.Scanner[counter]{query.Scan(counters), query.Scan(counters).Segments(3)} {
		seen = nil
		got, err := scan.OnUndecodable(note).Collect(ctx, db)
		checkSeen("scan collect", got, err, seen)
		p, err := scan.OnUndecodable(note).Page(ctx, db, "")
		checkSeen("scan page", p.Items, err, p.Undecodable)
	}
	seen = nil
	got, err := q.OnUndecodable(note).Collect(ctx, db)
	checkSeen("query collect", got, err, seen)
	p, err := q.OnUndecodable(note).Page(ctx, db, "")
	checkSeen("query page", p.Items, err, p.Undecodable)
	p, err = query.Scan(counters).Segments(3).OnUndecodable(note).SegmentPage(ctx, db, 0, "")
	if err != nil || len(p.Items)+len(p.Undecodable) > 3 {
		t.Errorf("segment page: %v, %v", p, err)
	}

	// The default is unchanged: the read stops with the DecodeError.
	var de *ddbmodel.DecodeError
	if _, err := q.Collect(ctx, db); !errors.As(err, &de) {
		t.Errorf("query without OnUndecodable: %v; want the DecodeError", err)
	}
	if _, err := query.Scan(counters).Collect(ctx, db); !errors.As(err, &de) {
		t.Errorf("scan without OnUndecodable: %v; want the DecodeError", err)
	}
	// fn's error stops the read and is returned, wrapped.
	stop := errors.New("stop")
	refuse := func(query.Undecodable) error { return stop }
	if _, err := q.OnUndecodable(refuse).Collect(ctx, db); !errors.Is(err, stop) {
		t.Errorf("query with a refusing fn: %v; want stop", err)
	}
	if _, err := query.Scan(counters).OnUndecodable(refuse).Collect(ctx, db); !errors.Is(err, stop) {
		t.Errorf("scan with a refusing fn: %v; want stop", err)
	}
	if _, err := q.OnUndecodable(refuse).One(ctx, db); !errors.Is(err, stop) {
		t.Errorf("query One with a refusing fn: %v; want stop", err)
	}
	// It changes no request.
	a, _ := q.Build()
	b, _ := q.OnUndecodable(note).Build()
	if aws.ToString(a.FilterExpression) != aws.ToString(b.FilterExpression) || aws.ToString(a.KeyConditionExpression) != aws.ToString(b.KeyConditionExpression) {
		t.Error("OnUndecodable changed the request")
	}
}

// brokenCounters stores a counter for each id on a fresh table, then, as
// another writer might, sets counter b's count to a string, which does not
// decode into counter.Count.
func brokenCounters(t *testing.T, ids ...string) (*entity.Entity[counter], *entity.DB) {
	t.Helper()
	ctx := t.Context()
	table := &entity.Table{Name: "counters", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
	counters := entity.MustDefine(table, entity.Config[counter]{Name: "Counter", Key: entity.Key{Partition: "C", Sort: "COUNTER#${id}"}})
	db := entitytest.NewDB(t, table)
	for _, id := range ids {
		if _, err := counters.Put(counter{ID: id, Count: 1}).Run(ctx, db); err != nil {
			t.Fatal(err)
		}
	}
	key, err := counters.Key(entity.Values{"id": "b"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Client.UpdateItem(ctx, &dynamodb.UpdateItemInput{TableName: db.Table("counters"), Key: key,
		UpdateExpression:          aws.String("SET #c = :s"),
		ExpressionAttributeNames:  map[string]string{"#c": "count"},
		ExpressionAttributeValues: map[string]types.AttributeValue{":s": &types.AttributeValueMemberS{Value: "many"}}}); err != nil {
		t.Fatal(err)
	}
	return counters, db
}
