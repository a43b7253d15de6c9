package evolve_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/ddbmodel/ddbmodel/entity/evolve"
)

// The test at its size: 50,000 items written under v1, checked,
// migrated and reindexed under v2 (a new index, a changed sort template,
// a changed condition and a shape change of every comment) by 4 workers
// while the service writes. Measured on this 2-core machine with the
// machine otherwise busy (another go test -race build and DynamoDB Local
// load beside it): 212 s, and 409 s under -race (87 s writing the table,
// 21 s verifying, 4m31s repairing 28,560 items while the service's 5,867
// writes were acknowledged). TestWorkersAWriterAndARestartTogether runs
// the same code on 2,001 items.
func TestFiftyThousandItems(t *testing.T) {
	t.Parallel()
	workersWriterRestart(t, 37500, 12499, 16)
}

func TestWorkersAWriterAndARestartTogether(t *testing.T) {
	t.Parallel()
	workersWriterRestart(t, nTickets, nComments, 8)
}

// workersWriterRestart seeds a v1 table, checks that a v2 verify reports
// exactly the affected items, then repairs it with 4 workers in
// goroutines (Share(i, 4), checkpointed) while the service keeps
// updating random tickets; worker 0 is stopped after a few pages and
// started again. Afterwards verify reports the undecodable item alone,
// every acknowledged write is in place, and the checkpoints show every
// item scanned once.
func workersWriterRestart(t *testing.T, tickets, comments, segments int) {
	start := time.Now()
	s := seedFor(t, modelV2Migrating(), tickets, comments)
	total := int64(tickets + comments + 1)
	ctx := t.Context()
	t.Logf("%d items written in %v", total, time.Since(start))
	start = time.Now()
	v, err := s.tableJob().Segments(segments).Samples(1<<30).Verify(ctx, s.db)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(s.want, found(t, v)); diff != "" || v.Scanned != total {
		t.Fatalf("verify scanned %d of %d items; findings by kind (-want +got):\n%s", v.Scanned, total, diff)
	}
	t.Logf("verified %d items (%d findings) in %v", v.Scanned, v.Findings, time.Since(start))
	start = time.Now()
	w := startWriter(ctx, s, 7)
	job := s.tableJob().Segments(segments).Workers(2).PageSize(100).Checkpoint("v2")
	reports := make([]evolve.Report, 5)
	errs := make([]error, 5)
	var stopped error
	var wg sync.WaitGroup
	for i := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if i > 0 {
				reports[i], errs[i] = job.Share(i, 4).Repair(ctx, s.db)
				return
			}
			stop, cancel := context.WithCancel(ctx)
			pages := 0
			reports[0], stopped = job.Share(0, 4).Progress(func(evolve.Progress) {
				if pages++; pages == 3 {
					cancel()
				}
			}).Repair(stop, s.db)
			cancel()
			reports[4], errs[4] = job.Share(0, 4).Repair(ctx, s.db)
		}()
	}
	wg.Wait()
	writes := w.end()
	if !errors.Is(stopped, context.Canceled) {
		t.Errorf("the stopped worker: %v, want context.Canceled", stopped)
	}
	var failed []*evolve.RepairError
	var repaired int64
	for i, err := range errs {
		var re *evolve.RepairError
		if err != nil && !errors.As(err, &re) {
			t.Errorf("worker run %d: %v", i, err)
		}
		if i > 0 {
			failed = append(failed, reports[i].Failed...)
		}
		repaired += reports[i].Repaired
	}
	if len(failed) != 1 || keyText(failed[0].Key) != "TENANT#t0/TICKET#bad" {
		t.Errorf("failed %v, want the undecodable ticket alone", failed)
	}
	if r := reports[4]; r.SegmentsResumed+r.SegmentsSkipped == 0 {
		t.Errorf("the restarted worker resumed %d and skipped %d segments", r.SegmentsResumed, r.SegmentsSkipped)
	}
	t.Logf("repaired %d items in %v, the service's %d writes acknowledged meanwhile (%d comment updates refused as old versions)", repaired, time.Since(start), writes, w.oldRefused.Load())
	cps, err := job.Checkpoints(ctx, s.db)
	if covered, done := sumScanned(cps); err != nil || covered != total || done != segments {
		t.Errorf("checkpoints cover %d of %d items, %d of %d segments done, %v", covered, total, done, segments, err)
	}
	s.verifiedClean(t)
	w.check(t)
	if writes == 0 {
		t.Error("the service wrote nothing during the repair")
	}
}
