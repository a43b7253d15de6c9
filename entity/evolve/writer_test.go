package evolve_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/ddbmodel/ddbmodel/entity"
)

// serviceWriter is the service, on model v2, updating random tickets while
// a job runs: a note, and the priority and status its index keys are
// built from. acked holds the last acknowledged write of each ticket.
type serviceWriter struct {
	s      *seeded
	stop   chan struct{}
	wg     sync.WaitGroup
	writes atomic.Int64
	acked  map[string]Ticket
}

func startWriter(ctx context.Context, s *seeded, seed uint64) *serviceWriter {
	w := &serviceWriter{s: s, stop: make(chan struct{}), acked: map[string]Ticket{}}
	w.wg.Add(1)
	go func() {
		defer w.wg.Done()
		rng := rand.New(rand.NewPCG(seed, 2))
		for i := 0; ; i++ {
			select {
			case <-w.stop:
				return
			default:
			}
			tk := s.tickets[rng.IntN(len(s.tickets))]
			note, prio, status := fmt.Sprintf("w%d", i), rng.IntN(4), statuses[rng.IntN(3)]
			_, err := s.v2.tickets.Update(entity.Values{"tenantId": tk.TenantID, "id": tk.ID}).
				Set("note", note).Set("priority", prio).Set("status", status).ReadFirst().Run(ctx, s.db)
			if err == nil {
				tk.Note, tk.Priority, tk.Status = note, prio, status
				w.acked["TENANT#"+tk.TenantID+"/TICKET#"+tk.ID] = tk
				w.writes.Add(1)
			}
		}
	}()
	return w
}

// end stops the writer and returns how many writes were acknowledged.
func (w *serviceWriter) end() int64 {
	close(w.stop)
	w.wg.Wait()
	return w.writes.Load()
}

// check fails t unless every ticket holds its last acknowledged write
// (call after end).
func (w *serviceWriter) check(t *testing.T) {
	t.Helper()
	for key, want := range w.acked {
		pk, sk, _ := strings.Cut(key, "/")
		got, err := w.s.v2.tickets.Get(entity.Values{"tenantId": strings.TrimPrefix(pk, "TENANT#"), "id": strings.TrimPrefix(sk, "TICKET#")}).Run(t.Context(), w.s.db)
		if err != nil {
			t.Fatalf("%s: %v", key, err)
		}
		if got != want {
			t.Errorf("%s: %+v, want the last acknowledged %+v", key, got, want)
		}
	}
}
