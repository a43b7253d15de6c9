package slogobserve_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/google/go-cmp/cmp"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/entity/slogobserve"
)

// records logs events at the level given and returns the JSON records,
// without their time.
func records(t *testing.T, level slog.Level, events ...*entity.Event) []map[string]any {
	t.Helper()
	var buf bytes.Buffer
	logger := slog.New(slog.NewJSONHandler(&buf, &slog.HandlerOptions{Level: level}))
	o := slogobserve.New(logger)
	for _, ev := range events {
		o.Observe(context.Background(), ev)
	}
	var out []map[string]any
	for _, line := range strings.Split(strings.TrimSpace(buf.String()), "\n") {
		if line == "" {
			continue
		}
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatal(err)
		}
		delete(m, "time")
		out = append(out, m)
	}
	return out
}

func TestLevelsAndAttributes(t *testing.T) {
	t.Parallel()
	ok := &entity.Event{Operation: "Query", Entities: []string{"Lesson"}, Tables: []string{"t"}, Index: "GSI1", Segment: -1,
		Attempt: 1, Duration: 2 * time.Millisecond, Items: 3, Scanned: 4,
		Capacity: []types.ConsumedCapacity{{TableName: aws.String("t"), CapacityUnits: aws.Float64(0.5)}}}
	retry := &entity.Event{Operation: "BatchWriteItem", Entities: []string{"User"}, Tables: []string{"t"}, Segment: -1, Attempt: 2, Unprocessed: 5}
	failed := &entity.Event{Operation: "Scan", Entities: []string{"User"}, Tables: []string{"t"}, Segment: 1, Attempt: 1, Err: errors.New("boom")}
	want := []map[string]any{
		{"level": "DEBUG", "msg": slogobserve.Message, "op": "Query", "entities": []any{"Lesson"}, "tables": []any{"t"}, "index": "GSI1",
			"attempt": 1.0, "duration": 2e6, "read": 0.5, "write": 0.0, "items": 3.0, "scanned": 4.0},
		{"level": "WARN", "msg": slogobserve.Message, "op": "BatchWriteItem", "entities": []any{"User"}, "tables": []any{"t"},
			"attempt": 2.0, "duration": 0.0, "read": 0.0, "write": 0.0, "items": 0.0, "unprocessed": 5.0},
		{"level": "WARN", "msg": slogobserve.Message, "op": "Scan", "entities": []any{"User"}, "tables": []any{"t"}, "segment": 1.0,
			"attempt": 1.0, "duration": 0.0, "read": 0.0, "write": 0.0, "items": 0.0, "error": "boom"},
	}
	if diff := cmp.Diff(want, records(t, slog.LevelDebug, ok, retry, failed)); diff != "" {
		t.Errorf("records at debug (-want +got):\n%s", diff)
	}
	// At Info, only the retry and the failure.
	if diff := cmp.Diff(want[1:], records(t, slog.LevelInfo, ok, retry, failed)); diff != "" {
		t.Errorf("records at info (-want +got):\n%s", diff)
	}
}

// Requests to DynamoDB Local, one of them throttled: the request is
// logged at debug, the failure and the retry at warn.
func TestLogsRequestsAndRetries(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	table := &entity.Table{Name: "content", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
	arts := entity.MustDefine(table, entity.Config[Article]{Name: "Article", Key: entity.Key{Partition: "ARTICLE#${articleId}", Sort: "#METADATA"}})
	server := entitytest.NewDB(t, table)
	var buf bytes.Buffer
	db := server.WithObserver(slogobserve.New(slog.New(slog.NewTextHandler(&buf, &slog.HandlerOptions{Level: slog.LevelDebug}))))
	if _, err := arts.Put(Article{ArticleID: "a1", Title: "x"}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	db.Client = entitytest.NewFaultClient(server.Client, 1, entitytest.FaultRule{Fault: entitytest.Throttling, Count: 1})
	if _, err := arts.Get(entity.Values{"articleId": "a1"}).Run(ctx, db); err == nil {
		t.Fatal("throttled get succeeded")
	}
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	if len(lines) != 2 {
		t.Fatalf("%d records, want 2:\n%s", len(lines), buf.String())
	}
	if !strings.Contains(lines[0], "level=DEBUG") || !strings.Contains(lines[0], "op=PutItem") || !strings.Contains(lines[0], "write=1") {
		t.Errorf("put record: %s", lines[0])
	}
	if !strings.Contains(lines[1], "level=WARN") || !strings.Contains(lines[1], "op=GetItem") || !strings.Contains(lines[1], "error=") {
		t.Errorf("throttled get record: %s", lines[1])
	}
}
