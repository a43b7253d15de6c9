package exampletest

import (
	"context"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
)

// ConsistentBatchGets reports an error on t for each table of a
// BatchGetItem rec recorded that is not read strongly consistent, and
// returns how many BatchGetItem requests rec recorded.
func ConsistentBatchGets(t *testing.T, rec *entitytest.Recorder) int {
	t.Helper()
	n := 0
	for _, r := range rec.Requests() {
		in, ok := r.Input.(*dynamodb.BatchGetItemInput)
		if !ok {
			continue
		}
		n++
		for table, ka := range in.RequestItems {
			if !aws.ToBool(ka.ConsistentRead) {
				t.Errorf("a BatchGetItem of %s is not strongly consistent", table)
			}
		}
	}
	return n
}

// RecordedSample is Sample with every request of the returned DB recorded
// by the returned Recorder (reset after load, so it holds only the test's
// own requests).
func RecordedSample(t *testing.T, table *entity.Table, load func(context.Context, *entity.DB) error) (context.Context, *entity.DB, *entitytest.Recorder) {
	t.Helper()
	ctx := t.Context()
	rec := entitytest.NewRecorder(entitytest.Client(t))
	db := entity.NewDB(rec, entitytest.NewTable(t, table.CreateTableInput()))
	if err := load(ctx, db); err != nil {
		t.Fatal(err)
	}
	rec.Reset()
	return ctx, db, rec
}
