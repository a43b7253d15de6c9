package query_test

import (
	"errors"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/query"
)

// An OnUndecodable or OnUnrecognized callback that panics fails the query
// or scan with an error wrapping ErrPanic (Collect, All, and a segmented
// scan, whose pages are read in goroutines) instead of unwinding through
// the caller's loop. (Queries and scans report skipped items through one
// function: a scan's OnUnrecognized is covered by the query's.)
func TestACallbackThatPanicsFailsTheRead(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	counters, db := brokenCounters(t, "a", "b") // b does not decode
	// An item without the entity's marker whose key fits its templates.
	if _, err := db.Client.PutItem(ctx, &dynamodb.PutItemInput{TableName: db.Table("counters"), Item: map[string]types.AttributeValue{
		"PK": &types.AttributeValueMemberS{Value: "C"}, "SK": &types.AttributeValueMemberS{Value: "COUNTER#z"},
		"id": &types.AttributeValueMemberS{Value: "z"}, "count": &types.AttributeValueMemberN{Value: "1"},
	}}); err != nil {
		t.Fatal(err)
	}
	undecodable := func(query.Undecodable) error { panic("OnUndecodable: boom") }
	unrecognized := func(map[string]types.AttributeValue) error { panic("OnUnrecognized: boom") }
	skip := func(query.Undecodable) error { return nil } // item b
	all := func(seq func(func(counter, error) bool)) error {
		for _, err := range seq {
			if err != nil {
				return err
			}
		}
		return nil
	}
	for what, run := range map[string]func() error{
		"Query.OnUndecodable.Collect": func() error {
			_, err := query.New(counters).Where(entity.Values{}).OnUndecodable(undecodable).Collect(ctx, db)
			return err
		},
		"Query.OnUnrecognized.All": func() error {
			return all(query.New(counters).Where(entity.Values{}).OnUndecodable(skip).OnUnrecognized(unrecognized).All(ctx, db))
		},
		"Scan.Segments.OnUndecodable.Collect": func() error {
			_, err := query.Scan(counters).Segments(2).OnUndecodable(undecodable).Collect(ctx, db)
			return err
		},
	} {
		err := callNoPanic(t, what, run)
		if !errors.Is(err, ddbmodel.ErrPanic) {
			t.Errorf("%s: got %v, want an error wrapping ErrPanic", what, err)
		}
	}
}
