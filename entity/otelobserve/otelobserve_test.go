package otelobserve_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/google/go-cmp/cmp"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"
	"go.opentelemetry.io/otel/trace"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/entity/otelobserve"
	"github.com/ddbmodel/ddbmodel/query"
)

type Article struct {
	ArticleID string `dynamo:"articleId"`
	AuthorID  string `dynamo:"authorId"`
	Title     string `dynamo:"title"`
}

func newModel() (*entity.Table, *entity.Entity[Article]) {
	table := &entity.Table{Name: "content", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"),
		Indexes: []entity.Index{{Name: "GSI1", PartitionKey: entity.S("GSI1PK"), SortKey: entity.S("GSI1SK")}}}
	return table, entity.MustDefine(table, entity.Config[Article]{Name: "Article",
		Key:     entity.Key{Partition: "ARTICLE#${articleId}", Sort: "#METADATA"},
		Indexes: []entity.IndexKey[Article]{{Index: "GSI1", Partition: "AUTHOR#${authorId}", Sort: "ARTICLE#${articleId}"}}})
}

func attrs(s sdktrace.ReadOnlySpan) map[attribute.Key]attribute.Value {
	m := map[attribute.Key]attribute.Value{}
	for _, kv := range s.Attributes() {
		m[kv.Key] = kv.Value
	}
	return m
}

func TestSpansOnDynamoDBLocal(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	table, articles := newModel()
	server := entitytest.NewDB(t, table)
	name := aws.ToString(server.Table(table.Name))
	rec := tracetest.NewSpanRecorder()
	tp := sdktrace.NewTracerProvider(sdktrace.WithSpanProcessor(rec))
	db := server.WithObserver(otelobserve.New(tp))
	ctx, parent := tp.Tracer("test").Start(ctx, "handler")
	if _, err := articles.Put(Article{ArticleID: "a1", AuthorID: "u1", Title: "x"}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	if _, err := query.New(articles).Index("GSI1").Where(entity.Values{"authorId": "u1"}).Collect(ctx, db); err != nil {
		t.Fatal(err)
	}
	db.Client = entitytest.NewFaultClient(server.Client, 1, entitytest.FaultRule{Fault: entitytest.Throttling, Count: 1})
	if _, err := articles.Get(entity.Values{"articleId": "a1"}).Run(ctx, db); err == nil {
		t.Fatal("throttled get succeeded")
	}
	parent.End()
	var spans []sdktrace.ReadOnlySpan
	for _, s := range rec.Ended() {
		if s.Name() != "handler" {
			spans = append(spans, s)
		}
	}
	if len(spans) != 3 {
		t.Fatalf("%d spans, want 3", len(spans))
	}
	wantNames := []string{"DynamoDB.PutItem", "DynamoDB.Query", "DynamoDB.GetItem"}
	for i, s := range spans {
		a := attrs(s)
		if s.Name() != wantNames[i] || s.SpanKind() != trace.SpanKindClient || s.Parent().SpanID() != parent.SpanContext().SpanID() {
			t.Errorf("span %d: %s kind %v parent %v", i, s.Name(), s.SpanKind(), s.Parent().SpanID())
		}
		if !s.EndTime().After(s.StartTime()) {
			t.Errorf("%s: start %v end %v", s.Name(), s.StartTime(), s.EndTime())
		}
		got := map[string]any{
			"db.system":                a["db.system"].AsString(),
			"db.system.name":           a["db.system.name"].AsString(),
			"rpc.system":               a["rpc.system"].AsString(),
			"rpc.method":               a["rpc.method"].AsString(),
			"aws.dynamodb.table_names": a["aws.dynamodb.table_names"].AsStringSlice(),
			"ddbmodel.entities":        a["ddbmodel.entities"].AsStringSlice(),
			"ddbmodel.attempt":         a["ddbmodel.attempt"].AsInt64(),
		}
		want := map[string]any{"db.system": "dynamodb", "db.system.name": "aws.dynamodb", "rpc.system": "aws-api", "rpc.method": wantNames[i][len("DynamoDB."):],
			"aws.dynamodb.table_names": []string{name}, "ddbmodel.entities": []string{"Article"}, "ddbmodel.attempt": int64(1)}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%s attributes (-want +got):\n%s", s.Name(), diff)
		}
		if i == 2 {
			if s.Status().Code != codes.Error || len(s.Events()) == 0 || s.Events()[0].Name != "exception" {
				t.Errorf("throttled get: status %v, events %v", s.Status(), s.Events())
			}
			if _, ok := a["aws.dynamodb.consumed_capacity"]; ok {
				t.Error("a failed request reports capacity")
			}
			continue
		}
		cc := a["aws.dynamodb.consumed_capacity"].AsStringSlice()
		if len(cc) != 1 {
			t.Fatalf("%s: consumed capacity %v", s.Name(), cc)
		}
		var c types.ConsumedCapacity
		if err := json.Unmarshal([]byte(cc[0]), &c); err != nil || aws.ToString(c.TableName) != name || aws.ToFloat64(c.CapacityUnits) <= 0 {
			t.Errorf("%s: consumed capacity %s (%v)", s.Name(), cc[0], err)
		}
	}
	q := attrs(spans[1])
	if q["aws.dynamodb.index_name"].AsString() != "GSI1" || q["aws.dynamodb.count"].AsInt64() != 1 {
		t.Errorf("query: index %q, count %d", q["aws.dynamodb.index_name"].AsString(), q["aws.dynamodb.count"].AsInt64())
	}
}

// The span of a query, a parallel scan and a failed get carries the
// request's semantic-convention attributes: the operation, limit, select,
// projection, read order, consistency, segments and the error's type.
func TestSpanRequestAttributes(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	table, articles := newModel()
	server := entitytest.NewDB(t, table)
	rec := tracetest.NewSpanRecorder()
	tp := sdktrace.NewTracerProvider(sdktrace.WithSpanProcessor(rec))
	db := server.WithObserver(otelobserve.New(tp))
	if _, err := articles.Put(Article{ArticleID: "a1", AuthorID: "u1", Title: "x"}).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	if _, err := query.New(articles).Where(entity.Values{"articleId": "a1"}).Desc().Limit(7).Consistent().Project("title").Page(ctx, db, ""); err != nil {
		t.Fatal(err)
	}
	if _, err := query.New(articles).Where(entity.Values{"articleId": "a1"}).Count(ctx, db); err != nil {
		t.Fatal(err)
	}
	if _, err := query.Scan(articles).Segments(2).Concurrency(1).Collect(ctx, db); err != nil {
		t.Fatal(err)
	}
	db.Client = entitytest.NewFaultClient(server.Client, 1, entitytest.FaultRule{Fault: entitytest.Throttling, Count: 1})
	if _, err := articles.Get(entity.Values{"articleId": "a1"}).Run(ctx, db); err == nil {
		t.Fatal("throttled get succeeded")
	}
	type view struct {
		Op, Select, ErrType string
		Limit, Total        int64
		Forward, Consistent any
		Projection          bool
	}
	var got []view
	for _, s := range rec.Ended() {
		a := attrs(s)
		v := view{Op: a["db.operation.name"].AsString(), Select: a["aws.dynamodb.select"].AsString(), ErrType: a["error.type"].AsString(),
			Limit: a["aws.dynamodb.limit"].AsInt64(), Total: a["aws.dynamodb.total_segments"].AsInt64(),
			Projection: strings.Contains(a["aws.dynamodb.projection"].AsString(), "#")}
		if f, ok := a["aws.dynamodb.scan_forward"]; ok {
			v.Forward = f.AsBool()
		}
		if c, ok := a["aws.dynamodb.consistent_read"]; ok {
			v.Consistent = c.AsBool()
		}
		got = append(got, v)
	}
	want := []view{
		{Op: "PutItem"},
		{Op: "Query", Limit: 7, Forward: false, Consistent: true, Projection: true},
		{Op: "Query", Select: "COUNT", Forward: true, Consistent: false},
		{Op: "Scan", Total: 2, Consistent: false},
		{Op: "Scan", Total: 2, Consistent: false},
		{Op: "GetItem", Consistent: false, ErrType: "ThrottlingException"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("span attributes (-want +got):\n%s", diff)
	}
}
