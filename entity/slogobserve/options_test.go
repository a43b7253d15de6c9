package slogobserve_test

import (
	"errors"
	"fmt"
	"log/slog"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/slogobserve"
)

// A failed condition (a create finding its item) logged at Debug rather
// than Warn; other failures stay at Warn.
func ExampleNewWithOptions() {
	opts := slogobserve.Options{ConditionFailed: slog.LevelDebug}
	failed := &entity.Event{Operation: "PutItem", Attempt: 1, Segment: -1, Err: &types.ConditionalCheckFailedException{}}
	throttled := &entity.Event{Operation: "PutItem", Attempt: 1, Segment: -1, Err: errors.New("throttled")}
	fmt.Println(slogobserve.Level(failed), opts.Level(failed), opts.Level(throttled))
	_ = slogobserve.NewWithOptions(slog.Default(), opts) // db.WithObserver(...)
	// Output: WARN DEBUG WARN
}

func TestOptionsConditionFailedLevel(t *testing.T) {
	opts := slogobserve.Options{ConditionFailed: slog.LevelInfo}
	reasons := func(codes ...string) error {
		e := &types.TransactionCanceledException{}
		for _, c := range codes {
			e.CancellationReasons = append(e.CancellationReasons, types.CancellationReason{Code: aws.String(c)})
		}
		return e
	}
	for name, tc := range map[string]struct {
		ev   entity.Event
		want slog.Level
	}{
		"condition":                 {entity.Event{Attempt: 1, Err: &types.ConditionalCheckFailedException{}}, slog.LevelInfo},
		"transaction of conditions": {entity.Event{Attempt: 1, Err: reasons("None", "ConditionalCheckFailed")}, slog.LevelInfo},
		"transaction conflict":      {entity.Event{Attempt: 1, Err: reasons("ConditionalCheckFailed", "TransactionConflict")}, slog.LevelWarn},
		"other error":               {entity.Event{Attempt: 1, Err: errors.New("boom")}, slog.LevelWarn},
		"retry of a condition":      {entity.Event{Attempt: 2, Err: &types.ConditionalCheckFailedException{}}, slog.LevelWarn},
		"success":                   {entity.Event{Attempt: 1}, slog.LevelDebug},
	} {
		if got := opts.Level(&tc.ev); got != tc.want {
			t.Errorf("%s: level %v, want %v", name, got, tc.want)
		}
	}
	if got := (slogobserve.Options{}).Level(&entity.Event{Attempt: 1, Err: &types.ConditionalCheckFailedException{}}); got != slog.LevelWarn {
		t.Errorf("zero Options: a failed condition at %v, want WARN", got)
	}
}
