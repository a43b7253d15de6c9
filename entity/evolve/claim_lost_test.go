package evolve_test

import (
	"errors"
	"testing"

	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/entity/evolve"
)

// A claim whose answer is lost may still have landed: the run releases it,
// so a restarted run (another owner) claims the segment at once instead of
// waiting out the lease of a run that no longer exists.
func TestALostClaimIsReleased(t *testing.T) {
	t.Parallel()
	v2, db := paperMove(t, 2)
	ctx := t.Context()
	job := evolve.Entity(v2).Checkpoint("lost-claim")
	fdb := *db
	// The first UpdateItem is the claim of segment 0: it is applied, and
	// its answer lost.
	fdb.Client = entitytest.NewFaultClient(db.Client, 1, entitytest.FaultRule{Fault: entitytest.ResponseLost, Operations: []entitytest.Operation{"UpdateItem"}, Count: 1})
	if _, err := job.Repair(ctx, &fdb); err == nil {
		t.Fatal("the run whose claim's answer was lost reported no error")
	}
	cps, err := job.Checkpoints(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	if len(cps) != 1 || !cps[0].LeaseUntil.IsZero() {
		t.Fatalf("checkpoints after the lost claim = %+v, want one segment with no lease", cps)
	}
	r, err := job.Repair(ctx, db)
	var ce *evolve.CheckpointError
	if errors.As(err, &ce) || err != nil || r.Moved != 2 {
		t.Errorf("restarted run: moved %d, %v; want 2 moved, no error", r.Moved, err)
	}
}

// A run under a Checkpoint name whose checkpoints record another segment
// count is refused whole, before any segment is scanned: it does not do
// the part of the job those checkpoints do not cover.
func TestAChangedSegmentCountIsRefusedBeforeScanning(t *testing.T) {
	t.Parallel()
	v2, db := paperMove(t, 20)
	ctx := t.Context()
	if _, err := evolve.Entity(v2).Segments(2).Checkpoint("resized").Verify(ctx, db); err != nil {
		t.Fatal(err)
	}
	r, err := evolve.Entity(v2).Segments(4).Checkpoint("resized").Repair(ctx, db)
	var ce *evolve.CheckpointError
	if !errors.As(err, &ce) || !errors.Is(err, evolve.ErrSegmentsChanged) || ce.Segments != 2 {
		t.Errorf("run with 4 segments over checkpoints of 2 = %v, want a *CheckpointError with ErrSegmentsChanged naming 2", err)
	}
	if r.Scanned != 0 || r.Repaired != 0 {
		t.Errorf("the refused run scanned %d items and repaired %d, want none", r.Scanned, r.Repaired)
	}
}
