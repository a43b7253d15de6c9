package query_test

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/query"
)

type Ticket struct {
	ID    string `dynamo:"id"`
	Queue string `dynamo:"queue"`
}

// tickets is an entity whose index partition is sharded 40 ways.
func tickets() *entity.Entity[Ticket] {
	table := &entity.Table{Name: "t", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"),
		Indexes: []entity.Index{{Name: "ByQueue", PartitionKey: entity.S("GPK"), SortKey: entity.S("GSK")}}}
	return entity.MustDefine(table, entity.Config[Ticket]{
		Name: "Ticket", Key: entity.Key{Partition: "T#${id}", Sort: "T"},
		Indexes: []entity.IndexKey[Ticket]{{Index: "ByQueue", Partition: "Q#${id:shard(40)}", Sort: "${queue}#${id}"}},
	})
}

// fanClient answers queries and scans after a short wait, recording how
// many were in flight at once; it panics or cancels when told to.
type fanClient struct {
	entity.Client
	inFlight, peak atomic.Int64
	panicOn        func(n int64) bool // panic on the nth call, if set
	calls          atomic.Int64
	item           map[string]types.AttributeValue
	cancel         context.CancelFunc // called on a scan's second page, if set
}

// enter records a call and, unless told to panic on it, waits briefly;
// the caller defers leave.
func (c *fanClient) enter() {
	call := c.calls.Add(1)
	n := c.inFlight.Add(1)
	for p := c.peak.Load(); n > p && !c.peak.CompareAndSwap(p, n); p = c.peak.Load() {
	}
	if c.panicOn != nil && c.panicOn(call) {
		panic("client bug")
	}
	time.Sleep(2 * time.Millisecond)
}

func (c *fanClient) leave() { c.inFlight.Add(-1) }

func (c *fanClient) Query(context.Context, *dynamodb.QueryInput, ...func(*dynamodb.Options)) (*dynamodb.QueryOutput, error) {
	defer c.leave()
	c.enter()
	return &dynamodb.QueryOutput{}, nil
}

func (c *fanClient) Scan(ctx context.Context, in *dynamodb.ScanInput, _ ...func(*dynamodb.Options)) (*dynamodb.ScanOutput, error) {
	defer c.leave()
	c.enter()
	if in.ExclusiveStartKey != nil && c.cancel != nil {
		c.cancel()
		return nil, fmt.Errorf("operation error DynamoDB: Scan: %w", &aws.RequestCanceledError{Err: ctx.Err()})
	}
	out := &dynamodb.ScanOutput{}
	if c.item != nil {
		out.Items = []map[string]types.AttributeValue{c.item}
		out.LastEvaluatedKey = map[string]types.AttributeValue{"PK": s("x"), "SK": s("y")}
	}
	return out, nil
}

// AllShards and scan segments run at most 8 requests at once by default,
// and at most Concurrency when it is given.
func TestShardsAndSegmentsAreBounded(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	e := tickets()
	for _, tc := range []struct {
		concurrency int
		want        int64
	}{{0, 8}, {3, 3}, {1, 1}} {
		c := &fanClient{Client: entitytest.NoRequests(t)}
		db := entity.NewDB(c, "t")
		q := query.New(e).Index("ByQueue").AllShards()
		if tc.concurrency != 0 {
			q = q.Concurrency(tc.concurrency)
		}
		if _, err := q.Page(ctx, db, ""); err != nil {
			t.Fatal(err)
		}
		if p := c.peak.Load(); p > tc.want || c.calls.Load() != 40 {
			t.Errorf("AllShards, concurrency %d: %d queries at once of %d, want at most %d of 40", tc.concurrency, p, c.calls.Load(), tc.want)
		}

		c = &fanClient{Client: entitytest.NoRequests(t)}
		db = entity.NewDB(c, "t")
		s := query.Scan(e).Segments(50)
		if tc.concurrency != 0 {
			s = s.Concurrency(tc.concurrency)
		}
		if _, err := s.Collect(ctx, db); err != nil {
			t.Fatal(err)
		}
		if p := c.peak.Load(); p > tc.want || c.calls.Load() != 50 {
			t.Errorf("scan, concurrency %d: %d segments at once of %d, want at most %d of 50", tc.concurrency, p, c.calls.Load(), tc.want)
		}
	}
	var ve *ddbmodel.ValidationError
	db := entity.NewDB(entitytest.NoRequests(t), "t")
	if _, err := query.New(e).Index("ByQueue").AllShards().Concurrency(-1).Page(ctx, db, ""); !errors.As(err, &ve) {
		t.Errorf("negative shard concurrency: err = %v, want *ValidationError", err)
	}
	if _, err := query.Scan(e).Segments(4).Concurrency(-1).Collect(ctx, db); !errors.As(err, &ve) {
		t.Errorf("negative scan concurrency: err = %v, want *ValidationError", err)
	}
}

// A client that panics inside a shard query or a scan segment does not
// end the process: the panic comes back as a *ddbmodel.PanicError.
func TestShardAndSegmentPanicsAreErrors(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	e := tickets()
	c := &fanClient{Client: entitytest.NoRequests(t), panicOn: func(n int64) bool { return n == 5 }}
	_, err := query.New(e).Index("ByQueue").AllShards().Page(ctx, entity.NewDB(c, "t"), "")
	var pe *ddbmodel.PanicError
	if !errors.As(err, &pe) || pe.Value != "client bug" || !errors.Is(err, ddbmodel.ErrPanic) {
		t.Errorf("AllShards: err = %v, want a *PanicError(client bug)", err)
	}

	c = &fanClient{Client: entitytest.NoRequests(t), panicOn: func(n int64) bool { return n == 5 }}
	_, err = query.Scan(e).Segments(20).Collect(ctx, entity.NewDB(c, "t"))
	if !errors.As(err, &pe) || pe.Value != "client bug" {
		t.Errorf("scan: err = %v, want a *PanicError(client bug)", err)
	}
}

// A nil DB, or one without a client, is refused before any request.
func TestQueriesRefuseNilDB(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	e := tickets()
	for name, db := range map[string]*entity.DB{"nil": nil, "no client": {TableName: "t"}} {
		var ve *ddbmodel.ValidationError
		err := func() (err error) {
			defer func() {
				if v := recover(); v != nil {
					err = fmt.Errorf("panic: %v", v)
				}
			}()
			if _, err := query.New(e).Where(entity.Values{"id": "1"}).Page(ctx, db, ""); !errors.As(err, &ve) {
				return fmt.Errorf("query: %w", err)
			}
			if _, err := query.New(e).Index("ByQueue").AllShards().Page(ctx, db, ""); !errors.As(err, &ve) {
				return fmt.Errorf("AllShards: %w", err)
			}
			if _, err := query.Scan(e).Segments(3).Collect(ctx, db); !errors.As(err, &ve) {
				return fmt.Errorf("scan: %w", err)
			}
			return nil
		}()
		if err != nil {
			t.Errorf("%s DB: %v, want *ValidationError", name, err)
		}
	}
}

// A scan whose context is canceled while segments still have pages to
// read ends with the cancellation, never as if it were complete.
func TestScanCanceledMidwayReportsIt(t *testing.T) {
	t.Parallel()
	e := tickets()
	put, err := e.Put(Ticket{ID: "1", Queue: "q"}).Build()
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 30; i++ {
		ctx, cancel := context.WithCancel(context.Background())
		c := &fanClient{Client: entitytest.NoRequests(t), item: put.Item, cancel: cancel}
		got, err := 0, error(nil)
		for _, ierr := range query.Scan(e).Segments(1).All(ctx, entity.NewDB(c, "t")) {
			if ierr != nil {
				err = ierr
			} else {
				got++
			}
		}
		cancel()
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("run %d: %d items, err = %v; want context.Canceled", i, got, err)
		}
	}
}

// An Observer that panics inside a shard query or a scan segment does not
// end the process either: the panic comes back as a *ddbmodel.PanicError.
func TestObserverPanicsInShardsAndSegmentsAreErrors(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	e := tickets()
	var seen atomic.Int64
	panicky := entity.ObserverFunc(func(context.Context, *entity.Event) {
		if seen.Add(1) == 3 {
			panic("observer bug")
		}
	})
	db := entity.NewDB(&fanClient{Client: entitytest.NoRequests(t)}, "t").WithObserver(panicky)
	_, err := query.New(e).Index("ByQueue").AllShards().Page(ctx, db, "")
	var pe *ddbmodel.PanicError
	if !errors.As(err, &pe) || pe.Value != "observer bug" {
		t.Errorf("AllShards: err = %v, want a *PanicError(observer bug)", err)
	}
	seen.Store(0)
	db = entity.NewDB(&fanClient{Client: entitytest.NoRequests(t)}, "t").WithObserver(panicky)
	if _, err = query.Scan(e).Segments(20).Collect(ctx, db); !errors.As(err, &pe) || pe.Value != "observer bug" {
		t.Errorf("scan: err = %v, want a *PanicError(observer bug)", err)
	}
}
