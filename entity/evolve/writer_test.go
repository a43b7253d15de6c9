package evolve_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/evolve"
)

// serviceWriter is the service, on model v2, updating random tickets while
// a job runs: a note, and the priority and status its index keys are
// built from. acked holds the last acknowledged write of each ticket.
// With a model whose comments changed shape, every other write updates a
// random comment's text and edits instead: refused with ErrOldVersion
// while the comment is not migrated, the writer then migrates that one
// comment (evolve's RepairItem, beside the job's workers) and updates it
// again; ackedComments holds the last acknowledged update of each
// comment, and oldRefused counts the refusals.
type serviceWriter struct {
	s             *seeded
	stop          chan struct{}
	wg            sync.WaitGroup
	writes        atomic.Int64
	oldRefused    atomic.Int64
	acked         map[string]Ticket
	ackedComments map[string]CommentV2
	// failed holds the first error of a comment update, once migrated.
	failed error
}

func startWriter(ctx context.Context, s *seeded, seed uint64) *serviceWriter {
	w := &serviceWriter{s: s, stop: make(chan struct{}), acked: map[string]Ticket{}, ackedComments: map[string]CommentV2{}}
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
			if s.v2.commentsV2 != nil && i%2 == 1 {
				w.updateComment(ctx, rng, i)
				continue
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

// updateComment is the writer's i-th write when it updates a comment.
func (w *serviceWriter) updateComment(ctx context.Context, rng *rand.Rand, i int) {
	c := w.s.comments[rng.IntN(len(w.s.comments))]
	key := entity.Values{"tenantId": c.TenantID, "ticketId": c.TicketID, "commentId": c.CommentID}
	update := w.s.v2.commentsV2.Update(key).Set("text", fmt.Sprintf("w%d", i)).Add("edits", 1)
	got, err := update.Run(ctx, w.s.db)
	if errors.Is(err, ddbmodel.ErrOldVersion) {
		// Not migrated yet: migrate it now, and update it again.
		w.oldRefused.Add(1)
		var k map[string]types.AttributeValue
		if k, err = w.s.v2.commentsV2.Key(key); err == nil {
			if _, err = evolve.Entity(w.s.v2.commentsV2).RepairItem(ctx, w.s.db, k); err == nil {
				got, err = update.Run(ctx, w.s.db)
			}
		}
	}
	switch {
	case err == nil:
		w.ackedComments["TENANT#"+c.TenantID+"/COMMENT#"+c.TicketID+"#"+c.CommentID] = got
		w.writes.Add(1)
	case w.failed == nil && ctx.Err() == nil:
		w.failed = err
	}
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
	if w.failed != nil {
		t.Errorf("a comment update failed: %v", w.failed)
	}
	for key, want := range w.ackedComments {
		pk, sk, _ := strings.Cut(key, "/")
		ticket, id, _ := strings.Cut(strings.TrimPrefix(sk, "COMMENT#"), "#")
		got, err := w.s.v2.commentsV2.Get(entity.Values{"tenantId": strings.TrimPrefix(pk, "TENANT#"), "ticketId": ticket, "commentId": id}).Run(t.Context(), w.s.db)
		if err != nil {
			t.Fatalf("%s: %v", key, err)
		}
		if got != want {
			t.Errorf("%s: %+v, want the last acknowledged %+v", key, got, want)
		}
	}
}
