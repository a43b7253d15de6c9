package entitytest

import (
	"context"
	"sync"

	"github.com/ddbmodel/ddbmodel/entity"
)

// EventLog is an [entity.Observer] that keeps every event it is told
// about, for tests to inspect: db.WithObserver(log). The zero value is
// ready to use; it is safe for concurrent use.
type EventLog struct {
	mu     sync.Mutex
	events []entity.Event
}

// Observe keeps a copy of ev.
func (l *EventLog) Observe(_ context.Context, ev *entity.Event) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.events = append(l.events, *ev)
}

// Events returns a copy of the events kept so far, in the order they were
// observed; with operations given, only the events of those operations.
func (l *EventLog) Events(ops ...Operation) []entity.Event {
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []entity.Event
	for _, ev := range l.events {
		if len(ops) == 0 || containsOp(ops, Operation(ev.Operation)) {
			out = append(out, ev)
		}
	}
	return out
}

// Reset forgets the events kept so far.
func (l *EventLog) Reset() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.events = nil
}

func containsOp(ops []Operation, op Operation) bool {
	for _, o := range ops {
		if o == op {
			return true
		}
	}
	return false
}
