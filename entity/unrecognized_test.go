package entity_test

import (
	"errors"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/query"
)

// Collect, All, One, Count and a scan's Collect leave out the unmarked
// items an entity does not recognise, as they always did; OnUnrecognized
// shows each to the caller (Page lists them in Page.Unrecognized), and an
// error from it stops the read.
func TestOnUnrecognizedShowsWhatReadsLeaveOut(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	table, books, _ := brownModel(true)
	db := entitytest.NewDB(t, table)
	rawPut(t, db, rawBook("s1", "b1", "One", "ann", false))
	odd := rawBook("s1", "b2", "Two", "ann", false)
	odd["id"] = s("zz") // its key holds b2: a put of its value would write BOOK#zz
	rawPut(t, db, odd)

	var seen []map[string]types.AttributeValue
	note := func(it map[string]types.AttributeValue) error { seen = append(seen, it); return nil }
	wantSeen := func(what string) {
		t.Helper()
		if len(seen) != 1 || attrS(seen[0], "SK") != "BOOK#b2" {
			t.Errorf("%s: OnUnrecognized saw %v, want the item BOOK#b2", what, seen)
		}
		seen = nil
	}
	q := query.New(books).Where(entity.Values{"shelf": "s1"})
	if got, err := q.Collect(ctx, db); err != nil || len(got) != 1 {
		t.Fatalf("Collect without OnUnrecognized: %v, %v; want book b1 only, as before", got, err)
	}
	if got, err := q.OnUnrecognized(note).Collect(ctx, db); err != nil || len(got) != 1 || got[0].ID != "b1" {
		t.Errorf("Collect: %v, %v", got, err)
	}
	wantSeen("Collect")
	if got, err := q.OnUnrecognized(note).One(ctx, db); err != nil || got.ID != "b1" {
		t.Errorf("One: %v, %v", got, err)
	}
	wantSeen("One")
	if n, err := q.OnUnrecognized(note).Count(ctx, db); err != nil || n != 1 {
		t.Errorf("Count: %d, %v", n, err)
	}
	wantSeen("Count")
	if got, err := query.Scan(books).OnUnrecognized(note).Collect(ctx, db); err != nil || len(got) != 1 {
		t.Errorf("scan Collect: %v, %v", got, err)
	}
	wantSeen("scan Collect")
	// Build is the same with or without it.
	a, _ := q.Build()
	b, _ := q.OnUnrecognized(note).Build()
	if *a.KeyConditionExpression != *b.KeyConditionExpression || len(a.ExpressionAttributeValues) != len(b.ExpressionAttributeValues) {
		t.Error("OnUnrecognized changed the request")
	}
	// An error stops the read and comes back.
	stop := errors.New("stop")
	fail := func(map[string]types.AttributeValue) error { return stop }
	if _, err := q.OnUnrecognized(fail).Collect(ctx, db); !errors.Is(err, stop) {
		t.Errorf("Collect with a failing OnUnrecognized: %v, want stop", err)
	}
	if _, err := query.Scan(books).OnUnrecognized(fail).Collect(ctx, db); !errors.Is(err, stop) {
		t.Errorf("scan Collect with a failing OnUnrecognized: %v, want stop", err)
	}
}
