package txn_test

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/google/go-cmp/cmp"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/txn"
)

// capacityOn reports whether cc is one entry of positive units on table.
func capacityOn(cc []types.ConsumedCapacity, table string) bool {
	return len(cc) == 1 && aws.ToString(cc[0].TableName) == table && aws.ToFloat64(cc[0].CapacityUnits) > 0
}

func TestObserverTransactions(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	m := newModel()
	var log entitytest.EventLog
	var counter entity.CapacityCounter
	db := entitytest.NewDB(t, m.table).WithObserver(&log).WithObserver(&counter)
	name := aws.ToString(db.Table(m.table.Name))
	if _, err := m.users.Put(User{UserID: "u1", Name: "Ann"}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	if _, err := m.groups.Put(Group{GroupID: "g1"}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	log.Reset()
	if err := m.join("u1", "g1").Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	if _, err := txn.Get(m.users.Get(entity.Values{"userId": "u1"}), m.groups.Get(entity.Values{"groupId": "g1"}),
		m.users.Get(entity.Values{"userId": "nobody"})).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	events := log.Events()
	if len(events) != 2 {
		t.Fatalf("%d events, want 2: %+v", len(events), events)
	}
	want := []entity.Event{
		{Operation: "TransactWriteItems", Entities: []string{"Membership", "User", "Group"}, Tables: []string{name}, Segment: -1, Attempt: 1},
		{Operation: "TransactGetItems", Entities: []string{"User", "Group"}, Tables: []string{name}, Segment: -1, Attempt: 1, Items: 2},
	}
	for i, ev := range events {
		if !capacityOn(ev.Capacity, name) || ev.Err != nil || ev.Duration <= 0 {
			t.Errorf("%s: capacity %+v, err %v, duration %v", ev.Operation, ev.Capacity, ev.Err, ev.Duration)
		}
		ev.Capacity, ev.Start, ev.Duration = nil, time.Time{}, 0
		if diff := cmp.Diff(want[i], ev); diff != "" {
			t.Errorf("event %d (-want +got):\n%s", i, diff)
		}
	}
	// The transaction writes three items, one of them with an index entry;
	// the read transaction reads two (a missing item costs too).
	if got := counter.Index(name, "GSI1"); got.Write <= 0 {
		t.Errorf("GSI1 capacity %v, want write units", got)
	}
	if got := counter.Total(); got.Read <= 0 || got.Write <= 0 {
		t.Errorf("total %v", got)
	}
}

// Batches report each attempt of each chunk: the first sending, the
// resending of what DynamoDB left unprocessed, and the resending after a
// retryable error.
func TestObserverBatchAttempts(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	m := newModel()
	server := entitytest.NewDB(t, m.table)
	name := aws.ToString(server.Table(m.table.Name))
	var log entitytest.EventLog
	var counter entity.CapacityCounter
	db := server.WithObserver(&log).WithObserver(&counter)
	db.Client = entitytest.NewFaultClient(server.Client, 1,
		entitytest.FaultRule{Fault: entitytest.Unprocessed, Operations: []entitytest.Operation{entitytest.BatchWriteItem}, Count: 1},
		entitytest.FaultRule{Fault: entitytest.Throttling, Operations: []entitytest.Operation{entitytest.BatchGetItem}, Count: 1})
	opts := txn.BatchOptions{Concurrency: 1, BaseDelay: time.Millisecond, MaxDelay: 2 * time.Millisecond}
	var puts []entity.BatchWriter
	var keys []entity.Values
	for i := range 30 {
		puts = append(puts, m.users.Put(User{UserID: fmt.Sprintf("u%02d", i)}))
		keys = append(keys, entity.Values{"userId": fmt.Sprintf("u%02d", i)})
	}
	puts = append(puts, m.groups.Put(Group{GroupID: "g1"}))
	if err := txn.BatchWrite(ctx, db, opts, puts...); err != nil {
		t.Fatal(err)
	}
	// Chunks of 25 and 6; the first comes back half unprocessed (13 of 25)
	// and is sent again.
	writes := log.Events(entitytest.BatchWriteItem)
	type summary struct {
		Entities               []string
		Attempt, Unprocessed   int
		CapacityOnTable, Error bool
	}
	var got []summary
	for _, ev := range writes {
		got = append(got, summary{ev.Entities, ev.Attempt, ev.Unprocessed, capacityOn(ev.Capacity, name), ev.Err != nil})
		if diff := cmp.Diff([]string{name}, ev.Tables); diff != "" || ev.Segment != -1 {
			t.Errorf("tables (-want +got):\n%s, segment %d", diff, ev.Segment)
		}
	}
	wantWrites := []summary{
		{[]string{"User"}, 1, 13, true, false},
		{[]string{"User"}, 2, 0, true, false},
		{[]string{"User", "Group"}, 1, 0, true, false},
	}
	if diff := cmp.Diff(wantWrites, got); diff != "" {
		t.Errorf("batch write events (-want +got):\n%s", diff)
	}
	// One chunk of 31 keys: throttled once, then read whole.
	reads := []txn.ReadOp{m.groups.Get(entity.Values{"groupId": "g1"})}
	for _, k := range keys {
		reads = append(reads, m.users.Get(k))
	}
	items, err := txn.BatchGet(ctx, db, opts, reads...)
	if err != nil {
		t.Fatal(err)
	}
	if !items.Found(0) || !items.Found(30) {
		t.Error("batch get missed items")
	}
	gets := log.Events(entitytest.BatchGetItem)
	if len(gets) != 2 {
		t.Fatalf("%d batch get events, want 2", len(gets))
	}
	var throttled *types.ThrottlingException
	if gets[0].Attempt != 1 || !errors.As(gets[0].Err, &throttled) || len(gets[0].Capacity) != 0 || gets[0].Items != 0 {
		t.Errorf("first attempt: %+v, want a throttling error", gets[0])
	}
	if gets[1].Attempt != 2 || gets[1].Err != nil || gets[1].Items != 31 || !capacityOn(gets[1].Capacity, name) {
		t.Errorf("second attempt: %+v, want 31 items and capacity", gets[1])
	}
	if diff := cmp.Diff([]string{"Group", "User"}, gets[1].Entities); diff != "" {
		t.Errorf("entities (-want +got):\n%s", diff)
	}
	if got, want := counter.Requests(), 5; got != want {
		t.Errorf("counter saw %d requests, want %d", got, want)
	}
	if got := counter.Table(name); got.Read <= 0 || got.Write < 31 {
		t.Errorf("table capacity %v: want reads and at least a write unit per item", got)
	}
}
