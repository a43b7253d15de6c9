// Package slogobserve logs the requests of an entity.DB with log/slog.
//
// Each request is one record with the message "dynamodb request" and the
// attributes op (the DynamoDB API), entities, tables, index and segment
// (when set), attempt, duration, read and write (consumed capacity units),
// items, scanned and unprocessed (when not zero) and error (when the
// request failed). A request that succeeded at its first attempt is logged
// at Debug; a failed request, a retry (attempt 2 and more) and a batch
// answer leaving items unprocessed are logged at Warn:
//
//	db = db.WithObserver(slogobserve.New(slog.Default()))
//
// A failed condition (a create finding the item, a version conflict) is
// often an expected outcome; NewWithOptions logs it at another level:
//
//	db = db.WithObserver(slogobserve.NewWithOptions(logger, slogobserve.Options{ConditionFailed: slog.LevelDebug}))
package slogobserve

import (
	"context"
	"log/slog"

	"github.com/ddbmodel/ddbmodel/entity"
)

// Message is the message of every record.
const Message = "dynamodb request"

// New returns an Observer logging every request to logger (slog.Default()
// when nil). A record is built only when logger is enabled at its level.
func New(logger *slog.Logger) entity.Observer {
	return observer{logger: logger}
}

type observer struct {
	logger *slog.Logger
	opts   Options
}

// Level returns the level at which ev is logged: Warn for a failed
// request, a retry and a batch answer leaving items unprocessed, Debug for
// every other request.
func Level(ev *entity.Event) slog.Level {
	if ev.Err != nil || ev.Attempt > 1 || ev.Unprocessed > 0 {
		return slog.LevelWarn
	}
	return slog.LevelDebug
}

func (o observer) Observe(ctx context.Context, ev *entity.Event) {
	logger := o.logger
	if logger == nil {
		logger = slog.Default()
	}
	level := o.opts.Level(ev)
	if !logger.Enabled(ctx, level) {
		return
	}
	attrs := make([]slog.Attr, 0, 14)
	attrs = append(attrs, slog.String("op", ev.Operation), slog.Any("entities", ev.Entities), slog.Any("tables", ev.Tables))
	if ev.Index != "" {
		attrs = append(attrs, slog.String("index", ev.Index))
	}
	if ev.Segment >= 0 {
		attrs = append(attrs, slog.Int("segment", ev.Segment))
	}
	units := ev.Units()
	attrs = append(attrs, slog.Int("attempt", ev.Attempt), slog.Duration("duration", ev.Duration),
		slog.Float64("read", units.Read), slog.Float64("write", units.Write), slog.Int("items", ev.Items))
	if ev.Scanned != 0 {
		attrs = append(attrs, slog.Int("scanned", ev.Scanned))
	}
	if ev.Unprocessed != 0 {
		attrs = append(attrs, slog.Int("unprocessed", ev.Unprocessed))
	}
	if ev.Err != nil {
		attrs = append(attrs, slog.Any("error", ev.Err))
	}
	logger.LogAttrs(ctx, level, Message, attrs...)
}
