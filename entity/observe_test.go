package entity_test

import (
	"context"
	"errors"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/google/go-cmp/cmp"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/txn"
)

// checkEvent compares the fields of ev that do not vary between runs and
// checks the others: a positive duration and, for a request that succeeded,
// capacity reported on the event's one table.
func checkEvent(t *testing.T, ev entity.Event, want entity.Event) {
	t.Helper()
	got := ev
	got.Start, got.Duration, got.Capacity, got.Err = want.Start, want.Duration, want.Capacity, want.Err
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("%s event (-want +got):\n%s", want.Operation, diff)
	}
	if ev.Start.IsZero() || ev.Duration <= 0 {
		t.Errorf("%s: start %v, duration %v", want.Operation, ev.Start, ev.Duration)
	}
	if ev.Err != nil {
		return
	}
	if len(ev.Capacity) != 1 || aws.ToString(ev.Capacity[0].TableName) != want.Tables[0] || aws.ToFloat64(ev.Capacity[0].CapacityUnits) <= 0 {
		t.Errorf("%s: capacity %+v, want units on table %s", want.Operation, ev.Capacity, want.Tables[0])
	}
}

func TestObserverSingleItemOperations(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	table := newTable()
	articles := defineArticles(t, table)
	base := entitytest.NewDB(t, table)
	var log entitytest.EventLog
	var counter entity.CapacityCounter
	db := base.WithObserver(&log).WithObserver(&counter)
	if base.Observer != nil {
		t.Fatal("WithObserver changed the DB it was called on")
	}
	name := aws.ToString(db.Table(table.Name))
	key := entity.Values{"articleId": "a1"}
	steps := []struct {
		run  func() error
		want entity.Event
		err  error
	}{
		{func() error {
			_, err := articles.Put(Article{ArticleID: "a1", Title: "One", AuthorID: "u1"}).Run(ctx, db)
			return err
		}, entity.Event{Operation: "PutItem"}, nil},
		{func() error { _, err := articles.Get(key).Run(ctx, db); return err },
			entity.Event{Operation: "GetItem", Items: 1}, nil},
		{func() error { _, err := articles.Get(entity.Values{"articleId": "none"}).Run(ctx, db); return err },
			entity.Event{Operation: "GetItem"}, ddbmodel.ErrNotFound},
		{func() error { _, err := articles.Update(key).Set("title", "Uno").Run(ctx, db); return err },
			entity.Event{Operation: "UpdateItem"}, nil},
		{func() error {
			_, err := articles.Create(Article{ArticleID: "a1", Title: "Again", AuthorID: "u1"}).Run(ctx, db)
			return err
		}, entity.Event{Operation: "PutItem"}, ddbmodel.ErrAlreadyExists},
		{func() error {
			return txn.Write(articles.Put(Article{ArticleID: "a2", Title: "Two", AuthorID: "u1"})).Run(ctx, db)
		}, entity.Event{Operation: "TransactWriteItems"}, nil},
		{func() error { return articles.Delete(key).Run(ctx, db) },
			entity.Event{Operation: "DeleteItem"}, nil},
	}
	for i, step := range steps {
		log.Reset()
		if err := step.run(); !errors.Is(err, step.err) {
			t.Fatalf("step %d (%s): error %v, want %v", i, step.want.Operation, err, step.err)
		}
		events := log.Events()
		if len(events) != 1 {
			t.Fatalf("step %d (%s): %d events, want 1: %+v", i, step.want.Operation, len(events), events)
		}
		want := step.want
		want.Entities, want.Tables, want.Segment, want.Attempt = []string{"Article"}, []string{name}, -1, 1
		checkEvent(t, events[0], want)
		if (events[0].Err != nil) != (step.want.Operation == "PutItem" && step.err != nil) {
			t.Errorf("step %d (%s): event error %v", i, step.want.Operation, events[0].Err)
		}
	}
	// Seven requests; the failed create consumed nothing that was reported.
	if got := counter.Requests(); got != len(steps) {
		t.Errorf("counter saw %d requests, want %d", got, len(steps))
	}
	total := counter.Total()
	if total.Read <= 0 || total.Write <= 0 {
		t.Errorf("total %v, want read and write units", total)
	}
	if got := counter.Table(name); got != total {
		t.Errorf("table %s: %v, want the total %v", name, got, total)
	}
	if got := counter.Index(name, "GSI1"); got.Write <= 0 || got.Read != 0 {
		t.Errorf("GSI1: %v, want write units only (puts, update and delete keep it)", got)
	}
	if diff := cmp.Diff([]string{name}, counter.Tables()); diff != "" {
		t.Errorf("tables (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"GSI1"}, counter.Indexes(name)); diff != "" {
		t.Errorf("indexes (-want +got):\n%s", diff)
	}
}

// The capacity request is made by Run when observing, never by Build, and
// a request asking for something else keeps it.
func TestObserverAsksForCapacity(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	table := newTable()
	articles := defineArticles(t, table)
	rec := entitytest.NewRecorder(nil)
	plain := entity.NewDB(rec, "t")
	observed := plain.WithObserver(entity.ObserverFunc(func(context.Context, *entity.Event) {}))
	put := articles.Put(Article{ArticleID: "a1", Title: "One", AuthorID: "u1"})
	in, err := put.Build()
	if err != nil {
		t.Fatal(err)
	}
	if in.ReturnConsumedCapacity != "" {
		t.Errorf("Build asks for capacity %q", in.ReturnConsumedCapacity)
	}
	for _, db := range []*entity.DB{plain, observed} {
		if _, err := put.Run(ctx, db); err != nil {
			t.Fatal(err)
		}
	}
	reqs := rec.Requests()
	if got := reqs[0].Input.(*dynamodb.PutItemInput).ReturnConsumedCapacity; got != "" {
		t.Errorf("unobserved put asks for capacity %q", got)
	}
	if got := reqs[1].Input.(*dynamodb.PutItemInput).ReturnConsumedCapacity; got != types.ReturnConsumedCapacityIndexes {
		t.Errorf("observed put asks for capacity %q, want INDEXES", got)
	}
	// Send asks for capacity on a copy: the caller's input is never
	// written to, so one built input can be sent from many goroutines.
	if _, err := entity.Send(ctx, observed, observed.Client.PutItem, in, entity.Request{}); err != nil {
		t.Fatal(err)
	}
	if in.ReturnConsumedCapacity != "" {
		t.Errorf("Send wrote ReturnConsumedCapacity %q into the caller's input", in.ReturnConsumedCapacity)
	}
	reqs = rec.Requests()
	if got := reqs[len(reqs)-1].Input.(*dynamodb.PutItemInput).ReturnConsumedCapacity; got != types.ReturnConsumedCapacityIndexes {
		t.Errorf("observed Send asks for capacity %q, want INDEXES", got)
	}
	in.ReturnConsumedCapacity = types.ReturnConsumedCapacityTotal
	if _, err := entity.Send(ctx, observed, observed.Client.PutItem, in, entity.Request{}); err != nil {
		t.Fatal(err)
	}
	if got := in.ReturnConsumedCapacity; got != types.ReturnConsumedCapacityTotal {
		t.Errorf("Send changed a request's own choice to %q", got)
	}
}

func TestObservers(t *testing.T) {
	t.Parallel()
	if o := entity.Observers(); o != nil {
		t.Errorf("Observers() = %v, want nil", o)
	}
	if o := entity.Observers(nil, nil); o != nil {
		t.Errorf("Observers(nil, nil) = %v, want nil", o)
	}
	var order []string
	mark := func(s string) entity.Observer {
		return entity.ObserverFunc(func(context.Context, *entity.Event) { order = append(order, s) })
	}
	o := entity.Observers(mark("a"), nil, entity.Observers(mark("b"), mark("c")))
	o.Observe(context.Background(), &entity.Event{})
	if diff := cmp.Diff([]string{"a", "b", "c"}, order); diff != "" {
		t.Errorf("order (-want +got):\n%s", diff)
	}
}

// zeroAllocClient answers a PutItem with a preallocated output.
type zeroAllocClient struct{ entity.Client }

var putOutput = &dynamodb.PutItemOutput{}

func (zeroAllocClient) PutItem(context.Context, *dynamodb.PutItemInput, ...func(*dynamodb.Options)) (*dynamodb.PutItemOutput, error) {
	return putOutput, nil
}

// Without an Observer, Send allocates nothing of its own.
func TestSendWithoutObserverAllocatesNothing(t *testing.T) {
	ctx := context.Background()
	db := entity.NewDB(zeroAllocClient{}, "t")
	in := &dynamodb.PutItemInput{}
	name := "Article"
	allocs := testing.AllocsPerRun(100, func() {
		if _, err := entity.Send(ctx, db, db.Client.PutItem, in, entity.Request{Entities: []string{name}}); err != nil {
			t.Fatal(err)
		}
	})
	if allocs != 0 {
		t.Errorf("Send without an Observer: %v allocations, want 0", allocs)
	}
}

func TestCapacityOf(t *testing.T) {
	t.Parallel()
	cc := []types.ConsumedCapacity{
		{TableName: aws.String("a"), CapacityUnits: aws.Float64(2)},
		{TableName: aws.String("b"), CapacityUnits: aws.Float64(3), ReadCapacityUnits: aws.Float64(1), WriteCapacityUnits: aws.Float64(2)},
	}
	if got, want := entity.CapacityOf("Query", cc), (entity.Capacity{Read: 3, Write: 2}); got != want {
		t.Errorf("Query: %v, want %v", got, want)
	}
	if got, want := entity.CapacityOf("BatchWriteItem", cc), (entity.Capacity{Read: 1, Write: 4}); got != want {
		t.Errorf("BatchWriteItem: %v, want %v", got, want)
	}
}
