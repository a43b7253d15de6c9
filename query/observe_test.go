package query_test

import (
	"context"
	"slices"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/google/go-cmp/cmp"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/query"
)

// pageSummary is what an observer sees of a query or scan page, less what
// varies between runs.
type pageSummary struct {
	Entities []string
	Index    string
	Segment  int
	Items    int
	Capacity bool // units reported on the table
}

func summarize(t *testing.T, events []entity.Event, table string) []pageSummary {
	t.Helper()
	var out []pageSummary
	for _, ev := range events {
		if ev.Err != nil || ev.Attempt != 1 || ev.Duration <= 0 || !slices.Equal(ev.Tables, []string{table}) {
			t.Errorf("%s event: err %v, attempt %d, duration %v, tables %v", ev.Operation, ev.Err, ev.Attempt, ev.Duration, ev.Tables)
		}
		ok := len(ev.Capacity) == 1 && aws.ToString(ev.Capacity[0].TableName) == table && aws.ToFloat64(ev.Capacity[0].CapacityUnits) > 0
		out = append(out, pageSummary{ev.Entities, ev.Index, ev.Segment, ev.Items, ok})
	}
	return out
}

func TestObserverQueryAndScanPages(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := seed(t)
	name := aws.ToString(s.db.Table("school"))
	var log entitytest.EventLog
	var counter entity.CapacityCounter
	db := s.db.WithObserver(&log).WithObserver(&counter)
	lesson := []string{"Lesson"}
	cases := []struct {
		name string
		run  func() error
		op   entitytest.Operation
		want []pageSummary
	}{
		{"pages of a query", func() error {
			_, err := query.New(s.lessons).Where(entity.Values{"courseId": "c1"}).Limit(5).Collect(ctx, db)
			return err
		}, entitytest.Query, []pageSummary{{lesson, "", -1, 5, true}, {lesson, "", -1, 5, true}, {lesson, "", -1, 2, true}}},
		{"count", func() error {
			_, err := query.New(s.lessons).Where(entity.Values{"courseId": "c1"}).Count(ctx, db)
			return err
		}, entitytest.Query, []pageSummary{{lesson, "", -1, 12, true}}},
		{"an index", func() error {
			_, err := query.New(s.scores).Index("ByPoints").Where(entity.Values{"game": "chess"}).Collect(ctx, db)
			return err
		}, entitytest.Query, []pageSummary{{[]string{"Score"}, "ByPoints", -1, 5, true}}},
		{"a collection", func() error {
			_, err := query.Of(s.courses, s.lessons).Where(entity.Values{"courseId": "c1"}).Collect(ctx, db)
			return err
		}, entitytest.Query, []pageSummary{{[]string{"Course", "Lesson"}, "", -1, 13, true}}},
		{"parallel scan", func() error {
			_, err := query.Scan(s.students).Segments(3).Collect(ctx, db)
			return err
		}, entitytest.Scan, nil}, // checked below: segments finish in any order
	}
	for _, c := range cases {
		log.Reset()
		if err := c.run(); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		got := summarize(t, log.Events(), name)
		if c.want == nil {
			slices.SortFunc(got, func(a, b pageSummary) int { return a.Segment - b.Segment })
			total := 0
			for i, p := range got {
				total += p.Items
				if p.Segment != i || !p.Capacity || !slices.Equal(p.Entities, []string{"Student"}) {
					t.Errorf("%s: page %+v", c.name, p)
				}
			}
			if len(got) != 3 || total != 37 {
				t.Errorf("%s: %d pages of %d items, want 3 segments of 37 students in all", c.name, len(got), total)
			}
			continue
		}
		if diff := cmp.Diff(c.want, got); diff != "" {
			t.Errorf("%s (-want +got):\n%s", c.name, diff)
		}
		if n := len(log.Events(c.op)); n != len(c.want) {
			t.Errorf("%s: %d %s events", c.name, n, c.op)
		}
	}
	// Sharded: one page per shard, each reported.
	log.Reset()
	got, err := query.New(s.students).Index("GSI1").AllShards().Collect(ctx, db)
	if err != nil || len(got) != 37 {
		t.Fatalf("all shards: %d students, %v", len(got), err)
	}
	pages := summarize(t, log.Events(), name)
	total := 0
	for _, p := range pages {
		total += p.Items
		if p.Index != "GSI1" || !p.Capacity {
			t.Errorf("shard page %+v", p)
		}
	}
	if len(pages) != 10 || total != 37 {
		t.Errorf("shards: %d pages with %d items, want 10 with 37", len(pages), total)
	}
	if got := counter.Index(name, "ByPoints"); got.Read <= 0 || got.Write != 0 {
		t.Errorf("ByPoints capacity %v, want reads", got)
	}
	if got := counter.Index(name, "GSI1"); got.Read <= 0 {
		t.Errorf("GSI1 capacity %v, want reads", got)
	}
	if got := counter.Total(); got.Read <= 0 || got.Write != 0 {
		t.Errorf("total %v, want reads only", got)
	}
}
