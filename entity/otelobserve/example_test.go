package otelobserve_test

import (
	"context"
	"fmt"

	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/entity/otelobserve"
)

// A span per request. A recorder answering every request at once stands in
// for DynamoDB, and a span recorder for an exporter.
func Example() {
	_, articles := newModel()
	spans := tracetest.NewSpanRecorder()
	tp := sdktrace.NewTracerProvider(sdktrace.WithSpanProcessor(spans))
	db := entity.NewDB(entitytest.NewRecorder(nil), "content-prod").WithObserver(otelobserve.New(tp))
	if _, err := articles.Put(Article{ArticleID: "a1", AuthorID: "u1"}).Run(context.Background(), db); err != nil {
		fmt.Println(err)
	}
	for _, s := range spans.Ended() {
		fmt.Println(s.Name(), s.SpanKind())
		for _, kv := range s.Attributes() {
			fmt.Printf("  %s=%s\n", kv.Key, kv.Value.String())
		}
	}
	// Output:
	// DynamoDB.PutItem client
	//   db.system=dynamodb
	//   db.system.name=aws.dynamodb
	//   rpc.system=aws-api
	//   rpc.service=DynamoDB
	//   rpc.method=PutItem
	//   db.operation.name=PutItem
	//   aws.dynamodb.table_names=["content-prod"]
	//   ddbmodel.entities=["Article"]
	//   ddbmodel.attempt=1
	//   ddbmodel.items=0
}
