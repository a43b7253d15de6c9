package evolve_test

import (
	"errors"
	"fmt"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/entity/evolve"
)

// A second run under the name of a finished checkpointed job scans
// nothing and says so (ErrJobDone, with how to start afresh), rather than
// reporting 0 findings of a table it did not read.
func TestARunUnderAFinishedCheckpointSaysSo(t *testing.T) {
	t.Parallel()
	v2, db := paperMove(t, 20)
	ctx := t.Context()
	job := evolve.Entity(v2).Segments(2).Checkpoint("audit")
	first, err := job.Verify(ctx, db)
	if err != nil || first.Findings != 20 || first.Partial {
		t.Fatalf("first verify: %d findings, partial %v, %v; want 20, false, nil", first.Findings, first.Partial, err)
	}
	again, err := job.Verify(ctx, db)
	if !errors.Is(err, evolve.ErrJobDone) || again.Scanned != 0 || again.SegmentsSkipped != 2 {
		t.Fatalf("second verify: scanned %d, skipped %d, %v; want ErrJobDone, nothing scanned, 2 segments skipped", again.Scanned, again.SegmentsSkipped, err)
	}
	for _, want := range []string{`job "audit"`, "all 2 segments of the job were finished by an earlier verify run", "(20 items scanned)",
		"use another Checkpoint name, or ClearCheckpoints"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not say %q", err, want)
		}
	}
	if n, err := job.ClearCheckpoints(ctx, db); n != 2 || err != nil {
		t.Fatalf("cleared %d, %v", n, err)
	}
	afresh, err := job.Verify(ctx, db)
	if err != nil || afresh.Findings != 20 {
		t.Errorf("after ClearCheckpoints: %d findings, %v; want 20, nil", afresh.Findings, err)
	}
}

// The refusal of a run over checkpoints of another kind of run or
// segment count names both, and says how to start afresh.
func TestACheckpointMisfitNamesBothRunsAndTheWayOut(t *testing.T) {
	t.Parallel()
	v2, db := paperMove(t, 3)
	ctx := t.Context()
	job := evolve.Entity(v2).Segments(2).Checkpoint("misfit")
	if _, err := job.Verify(ctx, db); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		run  func() error
		is   error
		want string
	}{
		{"repair", func() error { _, err := job.Repair(ctx, db); return err }, evolve.ErrOtherMode,
			"the checkpoint is of a verify run, this run is a repair; use another Checkpoint name, or ClearCheckpoints, to run the job afresh"},
		{"dry run", func() error { _, err := job.DryRun().Repair(ctx, db); return err }, evolve.ErrOtherMode,
			"the checkpoint is of a verify run, this run is a dry run; use another Checkpoint name"},
		{"segments", func() error { _, err := job.Segments(3).Verify(ctx, db); return err }, evolve.ErrSegmentsChanged,
			"the checkpoint is of 2 segments, this run has 3; use another Checkpoint name, or ClearCheckpoints, to run the job afresh"},
	} {
		err := c.run()
		var ce *evolve.CheckpointError
		if !errors.Is(err, c.is) || !errors.As(err, &ce) || err.Error() != `ddbmodel: job "misfit" segment 0: `+c.want && !strings.HasPrefix(err.Error(), `ddbmodel: job "misfit" segment 0: `+c.want) {
			t.Errorf("%s: %v\nwant %v saying %q", c.name, err, c.is, c.want)
		}
	}
}

// Every Progress value is one snapshot (findings never ahead of items
// scanned, repairs never ahead of findings), the last one is the run's
// Report, and a finished run shows nothing left though Expected was an
// overestimate.
func TestProgressIsOneSnapshotAndTheLastIsTheReport(t *testing.T) {
	t.Parallel()
	s := seed(t, 300, 100)
	const total = 300 + 100 + 1
	var all []evolve.Progress
	r, err := s.tableJob().Segments(4).Workers(4).PageSize(20).Expected(total+500).
		Progress(func(p evolve.Progress) { all = append(all, p) }).Repair(t.Context(), s.db)
	onlyUndecodable(t, err, r)
	if len(all) < 2 {
		t.Fatalf("%d progress calls", len(all))
	}
	for i, p := range all {
		if p.Findings > p.Scanned || p.Repaired+p.Failed+p.NotReached > p.Findings || p.Moved > p.Repaired {
			t.Errorf("progress %d is no snapshot: %+v", i, p)
		}
		if i > 0 && (p.Scanned < all[i-1].Scanned || p.Repaired < all[i-1].Repaired) {
			t.Errorf("progress %d went back: %+v after %+v", i, p, all[i-1])
		}
		if i > 0 {
			same := p
			same.Elapsed, same.Rate = all[i-1].Elapsed, all[i-1].Rate
			if same == all[i-1] {
				t.Errorf("progress %d repeats progress %d: %+v", i, i-1, p)
			}
		}
	}
	last := all[len(all)-1]
	if last.Scanned != r.Scanned || last.Findings != r.Findings || last.Repaired != r.Repaired || last.Failed != int64(len(r.Failed)) || last.SegmentsDone != 4 {
		t.Errorf("last progress %+v, report scanned %d findings %d repaired %d failed %d", last, r.Scanned, r.Findings, r.Repaired, len(r.Failed))
	}
	if left, ok := last.Left(); !ok || left != 0 || !strings.Contains(last.String(), " 0 left, ") || !strings.Contains(last.String(), "ETA 0s") {
		t.Errorf("the finished run's last line: %s (left %d, %v)", last, left, ok)
	}
	// A dry run's line says what a Repair would rewrite.
	var dry evolve.Progress
	fresh := seed(t, 30, 10)
	d, err := fresh.tableJob().DryRun().Progress(func(p evolve.Progress) { dry = p }).Repair(t.Context(), fresh.db)
	if err != nil || !dry.DryRun || dry.WouldRepair != d.WouldRepair || d.WouldRepair == 0 ||
		!strings.Contains(dry.String(), fmt.Sprintf("%d to repair (dry run)", d.WouldRepair)) {
		t.Errorf("the dry run's last line: %s (would repair %d, %v)", dry, d.WouldRepair, err)
	}
}

// Progress after a resume: the items the checkpoints show scanned count
// towards the items left; without Expected, neither the items left nor
// the time left is guessed.
func TestProgressLeftAndETA(t *testing.T) {
	for _, c := range []struct {
		p    evolve.Progress
		left string
		eta  string
	}{
		{evolve.Progress{Scanned: 1000, ScannedBefore: 9000, Rate: 100, Expected: 20000, Segments: 8, SegmentsDone: 5}, "10000", "1m40s"},
		{evolve.Progress{Scanned: 1000, Rate: 100, Segments: 8, SegmentsDone: 5}, "?", "?"},
		{evolve.Progress{Scanned: 1000, ScannedBefore: 9000, Rate: 100, Expected: 20000, Segments: 8, SegmentsDone: 8}, "0", "0s"},
		{evolve.Progress{Scanned: 0, Expected: 20000, Segments: 8}, "20000", "?"},
	} {
		line := c.p.String()
		if !strings.Contains(line, ", "+c.left+" left, ") || !strings.Contains(line, "ETA "+c.eta) {
			t.Errorf("%+v: %q, want %s left and ETA %s", c.p, line, c.left, c.eta)
		}
	}
	p := evolve.Progress{Scanned: 10, Findings: 4, Repaired: 2, Moved: 1, Failed: 1, NotReached: 1}
	if line := p.String(); !strings.HasPrefix(line, "10 scanned, 4 findings, 2 repaired (1 moved), 1 failed, 1 not reached, ? left") {
		t.Errorf("%q", line)
	}
	if d, ok := (evolve.Progress{Scanned: 5, Expected: 10, Rate: 5, Segments: 2}).ETA(); !ok || d != time.Second {
		t.Errorf("ETA %v, %v; want 1s", d, ok)
	}
}

// docsAtVersion1 writes n docs at version "1" and returns Doc version "2" of the
// same keys, which declares no upgrade: every doc is a Marker finding.
func docsAtVersion1(t *testing.T, n int) (*entity.Entity[Doc], *entity.DB) {
	t.Helper()
	v2 := entity.MustDefine(newTable(), entity.Config[Doc]{Name: "Doc", Version: "2", Key: entity.Key{Partition: "SPACE#${space}", Sort: "DOC#${id}"}})
	v1 := docModel("DOC#${id}")
	db := entitytest.NewDB(t, v2.Table())
	for i := range n {
		if _, err := v1.Put(Doc{Space: "s", ID: strings.Repeat("x", i+1), Title: "v1"}).Run(t.Context(), db); err != nil {
			t.Fatal(err)
		}
	}
	return v2, db
}

// A failed run's error lists the first ten items and counts the others,
// while every *RepairError stays in the chain and in Report.Failed; the
// finding of an item of a version without an upgrade says that declaring
// one migrates it; a dry run's findings are its result, not an error.
func TestAFailedRunsErrorIsShortAndComplete(t *testing.T) {
	t.Parallel()
	v2, db := docsAtVersion1(t, 25)
	ctx := t.Context()
	r, err := evolve.Entity(v2).Repair(ctx, db)
	if len(r.Failed) != 25 || r.Counts[evolve.Marker] != 25 {
		t.Fatalf("repair: failed %d, marker %d, %v", len(r.Failed), r.Counts[evolve.Marker], err)
	}
	msg := err.Error()
	if !strings.HasPrefix(msg, "ddbmodel: 25 items not repaired (0 repaired): ") || strings.Count(msg, "\n") != 10 ||
		!strings.HasSuffix(msg, "\nand 15 more (Report.Failed holds every item not repaired)") {
		t.Errorf("error text:\n%s", msg)
	}
	if p := errtext(msg); p != "" {
		t.Errorf("error text %s", p)
	}
	reached := 0
	var walk func(error)
	walk = func(e error) {
		if _, ok := e.(*evolve.RepairError); ok {
			reached++
			return
		}
		if u, ok := e.(interface{ Unwrap() []error }); ok {
			for _, e := range u.Unwrap() {
				walk(e)
			}
		}
	}
	walk(err)
	if reached != 25 || !errors.Is(err, evolve.ErrNotRepairable) {
		t.Errorf("%d *RepairError in the chain, want 25", reached)
	}
	hint := `the item is stored at version "1", the entity's Version is "2", and it declares no upgrade from "1": if "1" is an older version, entity.UpgradeFrom("1", ...) in Config.Upgrades would make Repair migrate such items; an item of a newer version was written by a newer model, and is that model's to check`
	if f := r.Failed[0]; !strings.Contains(f.Error(), "(marker): Repair does not rewrite this kind of finding: [marker]: "+hint) {
		t.Errorf("repair error %q, want the kinds and the hint", f)
	}
	v, err := evolve.Entity(v2).Verify(ctx, db)
	if err != nil || len(v.Samples[evolve.Marker]) == 0 || v.Samples[evolve.Marker][0].Hint != hint {
		t.Errorf("verify: %v; %d samples, want each with the hint", err, len(v.Samples[evolve.Marker]))
	}
	dry, err := evolve.Entity(v2).DryRun().Repair(ctx, db)
	if err != nil || len(dry.Failed) != 25 || dry.WouldRepair != 0 {
		t.Errorf("dry run: failed %d, would repair %d, %v; want 25, 0 and no error", len(dry.Failed), dry.WouldRepair, err)
	}
	one, oneDB := docsAtVersion1(t, 1)
	if _, err := evolve.Entity(one).Repair(ctx, oneDB); err == nil || !strings.HasPrefix(err.Error(), "ddbmodel: 1 item not repaired (0 repaired): repair Doc item") {
		t.Errorf("one item: %v", err)
	}
}

// errtext checks an error text's prefix, as the module's tests do.
func errtext(msg string) string {
	if !strings.HasPrefix(msg, "ddbmodel: ") || strings.Count(msg, "ddbmodel:") != 1 {
		return "wants one ddbmodel: prefix: " + msg
	}
	return ""
}

// paperIndex writes n papers under model v1 and returns model v2, which
// places them in GSI1: each is repaired in place.
func paperIndex(t *testing.T, n int) (*entity.Entity[PaperV2], *entity.DB) {
	t.Helper()
	key := entity.Key{Partition: "P#${id}", Sort: "P"}
	v1 := entity.MustDefine(papersTable(), entity.Config[PaperV2]{Name: "Paper", Key: key})
	v2 := entity.MustDefine(papersTable(), entity.Config[PaperV2]{Name: "Paper", Key: key,
		Indexes: []entity.IndexKey[PaperV2]{{Index: "GSI1", Partition: "TITLE#${title}", Sort: "P#${id}"}}})
	db := entitytest.NewDB(t, v2.Table())
	for i := range n {
		if _, err := v1.Put(PaperV2{ID: string(rune('a' + i)), Title: "x"}).Run(t.Context(), db); err != nil {
			t.Fatal(err)
		}
	}
	return v2, db
}

// An in-place repair whose answer is lost is classified by reading the
// item back: applied, it counts as repaired; not applied (the connection
// reset before sending), it is a failed repair with the send's error.
func TestAnInPlaceRepairWhoseResponseIsLostIsReadBack(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		fault    entitytest.Fault
		repaired int64
	}{{entitytest.ResponseLost, 3}, {entitytest.ConnectionReset, 2}} {
		v2, db := paperIndex(t, 3)
		ctx := t.Context()
		fdb := *db
		fdb.Client = entitytest.NewFaultClient(db.Client, 1, entitytest.FaultRule{Fault: c.fault, Operations: []entitytest.Operation{"UpdateItem"}, Count: 1})
		r, err := evolve.Entity(v2).Repair(ctx, &fdb)
		if r.Repaired != c.repaired || int64(len(r.Failed)) != 3-c.repaired {
			t.Errorf("%v: repaired %d, failed %d, %v; want %d repaired", c.fault, r.Repaired, len(r.Failed), err, c.repaired)
		}
		if c.repaired < 3 && !errors.Is(err, syscall.ECONNRESET) {
			t.Errorf("%v: %v, want the send's error", c.fault, err)
		}
		after, err := evolve.Entity(v2).Verify(ctx, db)
		if err != nil || after.Findings != 3-c.repaired {
			t.Errorf("%v: verify after: %d findings, %v", c.fault, after.Findings, err)
		}
	}
}
