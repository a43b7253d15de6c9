package txn_test

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
)

// Table.Ensure's requests reach the DB's Observer, naming the table.
func TestEnsureRequestsAreObserved(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	m := newModel()
	base := entitytest.NewDB(t, m.table)
	name := fmt.Sprintf("ensure-observed-%d", time.Now().UnixNano())
	var log entitytest.EventLog
	db := entity.NewDB(base.Client, name).WithObserver(&log)
	if err := m.table.Ensure(ctx, db, time.Minute); err != nil {
		t.Fatal(err)
	}
	var ops []string
	for _, ev := range log.Events() {
		ops = append(ops, ev.Operation)
		if !slices.Equal(ev.Tables, []string{name}) {
			t.Errorf("%s: tables %v, want [%s]", ev.Operation, ev.Tables, name)
		}
	}
	if !slices.Contains(ops, "DescribeTable") || !slices.Contains(ops, "CreateTable") {
		t.Errorf("observed %v, want DescribeTable and CreateTable", ops)
	}
}
