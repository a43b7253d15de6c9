package evolve_test

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/entity/evolve"
)

// workerEnv selects, in a re-executed test binary, the worker that
// TestWorkerProcess runs: "i/n/table".
const workerEnv = "EVOLVE_TEST_WORKER"

// Settings of the job the worker processes share: their checkpoint name,
// segments and a short lease, so that the segments a killed worker held
// are free again soon.
const (
	procCheckpoint = "procs"
	procSegments   = 8
	procLease      = 3 * time.Second
)

// procJob is the job of TestRepairSplitAcrossProcesses: the v2 model with
// the comments' shape change, checkpointed.
func procJob(v2 model) evolve.Job {
	return evolve.Table(v2.targets()...).Segments(procSegments).Workers(2).PageSize(50).
		Checkpoint(procCheckpoint).Lease(procLease)
}

// TestWorkerProcess is one worker process of TestRepairSplitAcrossProcesses
// (skipped unless that test started it). It prints a line per progress
// report ("progress ...") and, once its share is done, its totals
// ("worker i: scanned N repaired N skipped N resumed N"). Segments still
// claimed by a killed earlier run of the same worker are tried again
// after the lease, until none is left.
func TestWorkerProcess(t *testing.T) {
	spec := os.Getenv(workerEnv)
	if spec == "" {
		t.Skip("a worker process of TestRepairSplitAcrossProcesses")
	}
	parts := strings.SplitN(spec, "/", 3)
	i, _ := strconv.Atoi(parts[0])
	n, _ := strconv.Atoi(parts[1])
	db := entity.NewDB(entitytest.Client(t), parts[2])
	job := procJob(modelV2Migrating()).Share(i, n).Progress(func(p evolve.Progress) {
		fmt.Printf("progress %d scanned\n", p.Scanned)
	})
	var scanned, repaired, skipped, resumed int64
	for {
		r, err := job.Repair(t.Context(), db)
		scanned, repaired, resumed = scanned+r.Scanned, repaired+r.Repaired, resumed+r.SegmentsResumed
		if skipped == 0 {
			skipped = r.SegmentsSkipped // the first run's: later ones skip what it did too
		}
		var de *ddbmodel.DecodeError
		switch {
		case errors.Is(err, evolve.ErrSegmentClaimed):
			time.Sleep(procLease / 2)
			continue
		case err == nil, errors.Is(err, evolve.ErrJobDone):
		case errors.As(err, &de) && len(r.Failed) == 1:
		default:
			t.Fatal(err)
		}
		break
	}
	fmt.Printf("worker %d: scanned %d repaired %d skipped %d resumed %d\n", i, scanned, repaired, skipped, resumed)
}

// A repair split across four OS processes (the test binary run again, each
// worker selected by an environment variable), while the service keeps
// writing: worker 0 is killed (SIGKILL, no clean-up) after a few pages and
// started again, and finishes its share without scanning again the
// segments it had finished. Afterwards the table verifies clean, every
// acknowledged write of the service is in place, and the checkpoints
// count every item once.
func TestRepairSplitAcrossProcesses(t *testing.T) {
	t.Parallel()
	const tickets, comments = 1200, 400
	s := seedFor(t, modelV2Migrating(), tickets, comments)
	const total = tickets + comments + 1
	endpoint := entitytest.Endpoint(t)
	start := func(i int) (*exec.Cmd, io.Reader) {
		cmd := exec.CommandContext(t.Context(), os.Args[0], "-test.run=^TestWorkerProcess$", "-test.count=1", "-test.v")
		cmd.Env = append(os.Environ(), entitytest.EndpointEnv+"="+endpoint, fmt.Sprintf("%s=%d/4/%s", workerEnv, i, s.db.TableName))
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		cmd.Stderr = cmd.Stdout
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		return cmd, out
	}
	w := startWriter(t.Context(), s, 11)
	outs := make([]string, 4)
	errs := make([]error, 4)
	var killed string
	var wg sync.WaitGroup
	for i := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			cmd, out := start(i)
			if i == 0 {
				// Kill worker 0 at its third progress line, then start it again.
				var b strings.Builder
				lines := bufio.NewScanner(out)
				for pages := 0; pages < 3 && lines.Scan(); {
					b.WriteString(lines.Text() + "\n")
					if strings.HasPrefix(lines.Text(), "progress ") {
						pages++
					}
				}
				if err := cmd.Process.Kill(); err != nil {
					errs[i] = err
					return
				}
				rest, _ := io.ReadAll(out)
				killed = b.String() + string(rest)
				if err := cmd.Wait(); err == nil || strings.Contains(killed, "worker 0:") {
					errs[i] = fmt.Errorf("worker 0 was not killed mid-way (%v):\n%s", err, killed)
					return
				}
				cmd, out = start(0)
			}
			b, _ := io.ReadAll(out)
			outs[i], errs[i] = string(b), cmd.Wait()
		}()
	}
	wg.Wait()
	writes := w.end()
	var scanned, repaired int64
	for i := range 4 {
		if errs[i] != nil {
			t.Fatalf("worker %d: %v\n%s", i, errs[i], outs[i])
		}
		at := strings.Index(outs[i], "worker ")
		var wi int
		var sc, rp, sk, rs int64
		if at < 0 {
			t.Fatalf("worker %d printed no report:\n%s", i, outs[i])
		}
		if _, err := fmt.Sscanf(outs[i][at:], "worker %d: scanned %d repaired %d skipped %d resumed %d", &wi, &sc, &rp, &sk, &rs); err != nil || wi != i {
			t.Fatalf("worker %d: %v\n%s", i, err, outs[i])
		}
		if i == 0 && sk+rs == 0 {
			t.Errorf("the restarted worker 0 neither skipped nor resumed a segment:\n%s", outs[i])
		}
		scanned += sc
		repaired += rp
	}
	// The killed run's pages are not in the restarted run's count: the
	// processes together scanned at most the table, and the checkpoints
	// (which count each page once it is checkpointed) every item once.
	if scanned > total || repaired == 0 {
		t.Errorf("the processes scanned %d items and repaired %d, want at most %d scanned", scanned, repaired, total)
	}
	cps, err := procJob(s.v2).Checkpoints(t.Context(), s.db)
	if covered, done := sumScanned(cps); err != nil || covered != total || done != procSegments {
		t.Errorf("checkpoints cover %d of %d items, %d of %d segments done, %v", covered, total, done, procSegments, err)
	}
	t.Logf("killed worker 0 after:\n%s", killed)
	t.Logf("%d writes of the service acknowledged meanwhile (%d comment updates refused as old versions)", writes, w.oldRefused.Load())
	s.verifiedClean(t)
	w.check(t)
}
