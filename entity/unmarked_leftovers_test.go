package entity_test

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
)

// An unmarked item of about 150 attributes is under the 4 KB expression
// limit, but the condition that it is unchanged since the read compares
// each attribute: more than the 300 operators DynamoDB takes in one
// expression. Every write to it and its adoption are refused with a
// *ddbmodel.LimitError before any write is sent (DynamoDB would answer
// ValidationException "too many operators").
func TestUnmarkedItemOfManyOperatorsRefusedBeforeSending(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	table, books := urvModel(true)
	base := entitytest.NewDB(t, table)
	it := urvRaw("s1", "b1", "ann")
	for i := range 150 {
		it[fmt.Sprintf("legacy_%03d", i)] = s("v")
	}
	rawPut(t, base, it)
	rec := entitytest.NewRecorder(base.Client)
	db := *base
	db.Client = rec
	key := entity.Values{"shelf": "s1", "id": "b1"}
	errs := map[string]error{}
	errs["delete"] = books.Delete(key).Run(ctx, &db)
	_, errs["update"] = books.Update(key).Set("count", 2).Run(ctx, &db)
	_, errs["put"] = books.Put(urvBook{Shelf: "s1", ID: "b1", Author: "ann"}).Run(ctx, &db)
	_, errs["upsert"] = books.Upsert(urvBook{Shelf: "s1", ID: "b1", Author: "ann"}).Run(ctx, &db)
	_, errs["adopt"] = books.Adopt(key).Run(ctx, &db)
	for op, err := range errs {
		var le *ddbmodel.LimitError
		if !errors.As(err, &le) || le.Limit != 300 || le.Got <= 300 || le.Entity != "Book" || !errors.Is(err, ddbmodel.ErrLimitExceeded) {
			t.Errorf("%s of the item = %v, want a *ddbmodel.LimitError on the operators", op, err)
		}
	}
	if n := rec.Count() - rec.Count(entitytest.GetItem); n != 0 {
		t.Errorf("%d requests other than reads sent, want 0", n)
	}
	if got := rawGet(t, base, "SHELF#s1", "BOOK#b1"); len(got) != len(it) {
		t.Errorf("the item changed: %d attributes, want %d", len(got), len(it))
	}
}

// WithObserver on a nil *DB returns a DB that operations refuse with a
// typed error instead of panicking.
func TestWithObserverOnNilDB(t *testing.T) {
	t.Parallel()
	var base *entity.DB
	var counter entity.CapacityCounter
	db := base.WithObserver(&counter)
	_, books := urvModel(false)
	_, err := books.Get(entity.Values{"shelf": "s1", "id": "b1"}).Run(context.Background(), db)
	var ve *ddbmodel.ValidationError
	if !errors.As(err, &ve) {
		t.Errorf("get on a nil DB with an observer: %v, want a *ddbmodel.ValidationError", err)
	}
}

// CapacityCounter counts the requests that failed, whose capacity
// DynamoDB does not report.
func TestCapacityCounterCountsFailedRequests(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	table, books := urvModel(false)
	var counter entity.CapacityCounter
	db := entitytest.NewDB(t, table).WithObserver(&counter)
	b := urvBook{Shelf: "s1", ID: "b1", Author: "ann"}
	if _, err := books.Create(b).Run(ctx, db); err != nil {
		t.Fatal(err)
	}
	if _, err := books.Create(b).Run(ctx, db); !errors.Is(err, ddbmodel.ErrAlreadyExists) {
		t.Fatalf("second create: %v", err)
	}
	if counter.Requests() != 2 || counter.Failed() != 1 {
		t.Errorf("counter: %d requests, %d failed; want 2 and 1", counter.Requests(), counter.Failed())
	}
	counter.Reset()
	if counter.Failed() != 0 {
		t.Errorf("after Reset: %d failed", counter.Failed())
	}
}
