package slogobserve

import (
	"errors"
	"log/slog"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
)

// Options sets the levels of an Observer made by NewWithOptions. The zero
// value logs as New does.
type Options struct {
	// ConditionFailed is the level of a request that failed only because
	// its condition did not hold (ddbmodel.IsConditionFailed: a create
	// finding the item, a version conflict, a canceled transaction whose
	// actions failed their conditions), at its first attempt. Nil: Warn,
	// as every failed request.
	ConditionFailed slog.Leveler
}

// NewWithOptions returns an Observer logging every request to logger
// (slog.Default() when nil) at the levels opts sets.
func NewWithOptions(logger *slog.Logger, opts Options) entity.Observer {
	return observer{logger: logger, opts: opts}
}

// Level returns the level at which ev is logged: as the package function
// Level, except for a failed condition when o.ConditionFailed is set.
func (o Options) Level(ev *entity.Event) slog.Level {
	if o.ConditionFailed != nil && ev.Err != nil && ev.Attempt <= 1 && ev.Unprocessed == 0 && conditionFailed(ev.Err) {
		return o.ConditionFailed.Level()
	}
	return Level(ev)
}

// conditionFailed reports whether err is a failed condition: a single
// request's, or a transaction canceled by failed conditions alone.
func conditionFailed(err error) bool {
	if ddbmodel.IsConditionFailed(err) {
		return true
	}
	var tce *types.TransactionCanceledException
	if !errors.As(err, &tce) {
		return false
	}
	failed := false
	for _, r := range tce.CancellationReasons {
		switch aws.ToString(r.Code) {
		case "ConditionalCheckFailed":
			failed = true
		case "", "None":
		default:
			return false
		}
	}
	return failed
}
