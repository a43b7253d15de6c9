package evolve

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/ddbmodel/ddbmodel/internal/errtext"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/internal/fanout"
)

// repairAttempts is how often Repair writes one item: after a failed
// condition it reads the item again and, while it still differs, writes
// again from that read.
const repairAttempts = 3

// Report is a job's outcome.
type Report struct {
	// Scanned counts the items read, each once: an item this run moved
	// to a key a segment's scan had not reached yet, read again there, is
	// checked but not counted again.
	Scanned int64
	// Findings counts the items that differ (each once, whatever its
	// kinds).
	Findings int64
	// Counts counts the findings per kind (an item of two kinds counts
	// under both).
	Counts map[Kind]int64
	// Samples holds, per kind, up to the job's Samples findings, as read.
	Samples map[Kind][]*Finding
	// Repaired counts the items Repair rewrote.
	Repaired int64
	// WouldRepair counts, in a dry run, the items Repair would rewrite.
	WouldRepair int64
	// MarkersWritten counts the marker items of unique attributes Repair
	// wrote (MissingUniqueMarker); WouldWriteMarkers, in a dry run, those
	// it would write.
	MarkersWritten, WouldWriteMarkers int64
	// Moved counts the items Repair moved to a new table key (counted in
	// Repaired too); WouldMove, in a dry run, those it would move (in
	// WouldRepair too).
	Moved, WouldMove int64
	// SkippedChanged counts the items that changed since they were read
	// and, read again, no longer differ (or are gone): another writer got
	// there first, and nothing was written.
	SkippedChanged int64
	// NotReached counts the findings Repair did not attempt because the
	// run's context ended first (no write of them was sent): neither
	// repaired nor in Failed. Run the job again to repair them.
	NotReached int64
	// Failed holds one error per finding Repair did not repair: kinds it
	// does not rewrite (ErrNotRepairable, or the decoding error), items
	// that kept changing (ErrChanged), failed writes; in a dry run, the
	// findings a repair would not rewrite. Verify leaves it empty.
	Failed []*RepairError
	// Capacity is the capacity the job consumed.
	Capacity entity.Capacity
	// Elapsed is how long the job ran.
	Elapsed time.Duration
	// SegmentsSkipped counts the segments a checkpoint showed finished
	// (Job.Checkpoint): not scanned again. SegmentsResumed counts those
	// resumed from a checkpoint's last evaluated key.
	SegmentsSkipped, SegmentsResumed int64
	// Partial is set when the report covers only part of the run's
	// segments: a checkpoint showed segments finished (SegmentsSkipped)
	// or resumed a segment after its first pages (SegmentsResumed). The
	// items of those segments and pages were scanned, and their findings
	// counted, by the earlier run that checkpointed them; checkpoints keep
	// no findings. For a whole report, run under another Checkpoint name,
	// or after ClearCheckpoints.
	Partial bool
}

// Verify scans the job's items and reports each that differs from what a
// put of its decoded value writes now. It writes no item of the job's
// entities (with Checkpoint, only the checkpoint items). The error is
// that of a request that failed (which ends its segment, the others run
// on), of an invalid job, refused before any request, or, with
// Checkpoint, ErrJobDone for a run whose segments earlier runs finished
// (a resumed run's report is Partial).
func (j Job) Verify(ctx context.Context, db *entity.DB) (Report, error) {
	return j.run(ctx, db, false)
}

// Repair scans as Verify does and rewrites, in each item that differs
// only in index keys, exactly those attributes (see Finding.Build), and
// moves each item whose table key is stale (Finding.BuildMove), each
// write conditioned on the item being unchanged since read; when the condition
// fails, the item is read again, and written again while it still
// differs. The error holds every Report.Failed (errors.As finds each
// *RepairError; its text lists the first ten and counts the others) and
// any failed scan. With DryRun, nothing is written, and the findings
// are the result, not an error: Report.Failed lists those a Repair would
// not rewrite, and the error is nil unless a request failed or the job
// is invalid.
func (j Job) Repair(ctx context.Context, db *entity.DB) (Report, error) {
	return j.run(ctx, db, true)
}

// run is one job run: its state, shared by the segments.
type run struct {
	j       Job
	db      *entity.DB
	repair  bool
	started time.Time
	read    limiter
	write   limiter

	// owner names the run in its checkpoint claims (checkpoint.go).
	owner string

	mu sync.Mutex
	r  Report
	// segs is how many segments the run takes, done how many are done.
	segs, done int
	// calling is held while the progress callback runs; last is the
	// progress it was last called with (reported: once at least).
	calling  sync.Mutex
	last     Progress
	reported bool
	// before counts the items the checkpoints of the run's segments show
	// scanned by earlier runs; movedTo holds the keys this run moved
	// items to (progress_count.go).
	before  int64
	movedTo map[string]bool
	// unmarked holds, by the key of a unique value's marker item, the
	// first item this run found holding the value without a marker.
	unmarked map[string]map[string]types.AttributeValue
}

func (j Job) run(ctx context.Context, db *entity.DB, repair bool) (Report, error) {
	ins, err := j.Build()
	if err != nil {
		return Report{}, err
	}
	if db == nil || db.Client == nil {
		return Report{}, j.invalid("entity.DB has no Client")
	}
	rn := newRun(j, db, repair, len(ins))
	now := rn.started
	if err := rn.checkpointsFit(ctx, ins); err != nil {
		return rn.r, err
	}
	errs := fanout.Run(ctx, len(ins), j.workers, func(ctx context.Context, i int) error {
		return rn.segment(ctx, ins[i])
	})
	rn.r.Elapsed = time.Since(now)
	rn.r.Partial = rn.r.SegmentsSkipped > 0 || rn.r.SegmentsResumed > 0
	errs = append(errs, fanout.Call(func() error { rn.report(); return nil }))
	return rn.r, rn.result(errs)
}

// newRun starts the state of a run of j taking segs segments (Repair
// when repair is set).
func newRun(j Job, db *entity.DB, repair bool, segs int) *run {
	if j.samples == 0 {
		j.samples = DefaultSamples
	}
	now := time.Now()
	return &run{j: j, db: db, repair: repair, started: now,
		read: limiter{rate: j.readRate, start: now}, write: limiter{rate: j.writeRate, start: now},
		r: Report{Counts: map[Kind]int64{}, Samples: map[Kind][]*Finding{}}, owner: workerID(), segs: segs}
}

// names lists the job's entities, for the observer.
func (rn *run) names() []string {
	out := make([]string, len(rn.j.targets))
	for i, t := range rn.j.targets {
		out[i] = t.Name()
	}
	return out
}

// segment scans one segment page by page (from its checkpoint, with
// Job.Checkpoint).
func (rn *run) segment(ctx context.Context, in *dynamodb.ScanInput) (err error) {
	in.TableName = rn.db.Table(aws.ToString(in.TableName))
	c, done, err := rn.claim(ctx, in)
	if err != nil || done {
		if done {
			rn.mu.Lock()
			rn.r.SegmentsSkipped++
			rn.done++
			rn.mu.Unlock()
		}
		return err
	}
	defer func() { err = c.release(ctx, err) }()
	for {
		if err := rn.read.wait(ctx); err != nil {
			return err
		}
		out, err := entity.Send(ctx, rn.db, rn.db.Client.Scan, in, entity.Request{Entities: rn.names()})
		if err != nil {
			return errtext.Errorf("scan: %w", err)
		}
		rn.consumed(&rn.read, "Scan", out.ConsumedCapacity)
		n, err := rn.items(ctx, out.Items)
		if err != nil {
			return err
		}
		if err := c.advance(ctx, n, out.LastEvaluatedKey); err != nil {
			return err
		}
		rn.mu.Lock()
		if len(out.LastEvaluatedKey) == 0 {
			rn.done++
		}
		rn.mu.Unlock()
		rn.report()
		if len(out.LastEvaluatedKey) == 0 {
			return nil
		}
		in.ExclusiveStartKey = out.LastEvaluatedKey
	}
}

// report calls the progress callback, one call at a time and each with
// counts no lower than the last's, taken together under the run's lock
// (snapshot). A panic in the callback unlocks.
func (rn *run) report() {
	if rn.j.progress == nil {
		return
	}
	rn.calling.Lock()
	defer rn.calling.Unlock()
	p := rn.snapshot()
	// The run's last call repeats the last page's when nothing changed
	// since: not reported twice.
	same := p
	same.Elapsed, same.Rate = rn.last.Elapsed, rn.last.Rate
	if rn.reported && same == rn.last {
		return
	}
	rn.last, rn.reported = p, true
	rn.j.progress(p)
}

// consumed counts the capacity of one response, against the limiter l.
func (rn *run) consumed(l *limiter, op string, cc *types.ConsumedCapacity) {
	if cc == nil {
		return
	}
	c := entity.CapacityOf(op, []types.ConsumedCapacity{*cc})
	l.add(c.Units())
	rn.mu.Lock()
	rn.r.Capacity.Read += c.Read
	rn.r.Capacity.Write += c.Write
	rn.mu.Unlock()
}

// item checks one item read, and repairs it when asked. It returns
// whether the item is counted scanned: an item this run moved here is
// not counted again.
func (rn *run) item(ctx context.Context, it map[string]types.AttributeValue) (bool, error) {
	t, f := rn.j.find(it)
	if t != nil {
		var err error
		if f, err = rn.uniques(ctx, t, it, f); err != nil {
			return false, err
		}
	}
	rn.mu.Lock()
	counted := rn.scanned(it)
	if f == nil {
		rn.mu.Unlock()
		return counted, nil
	}
	rn.r.Findings++
	for _, k := range f.Kinds {
		rn.r.Counts[k]++
		if len(rn.r.Samples[k]) < rn.j.samples {
			rn.r.Samples[k] = append(rn.r.Samples[k], f)
		}
	}
	rn.mu.Unlock()
	if rn.repair {
		if keys := f.withoutUnique(); keys != nil {
			rn.fix(ctx, t, keys)
		}
		if len(f.Unique) > 0 {
			rn.fixUnique(ctx, t, f)
		}
	}
	return counted, nil
}

// fix repairs one finding and counts the outcome.
func (rn *run) fix(ctx context.Context, t Target, f *Finding) {
	fail := func(err error) {
		var re *RepairError
		if !errors.As(err, &re) {
			re = &RepairError{Entity: f.Entity, Key: f.Key, Kinds: f.Kinds, Err: err}
		}
		rn.mu.Lock()
		rn.r.Failed = append(rn.r.Failed, re)
		rn.mu.Unlock()
	}
	for attempt := 0; attempt < repairAttempts; attempt++ {
		if ctx.Err() != nil {
			rn.count(&rn.r.NotReached)
			return
		}
		changed, err := rn.send(ctx, f)
		var ns notSent
		if errors.As(err, &ns) {
			rn.count(&rn.r.NotReached)
			return
		}
		if err != nil {
			fail(err)
			return
		}
		if !changed {
			return
		}
		// Changed since read: read it again, strongly consistent, and
		// check it again.
		now, err := rn.reread(ctx, f)
		if err != nil {
			fail(err)
			return
		}
		var again *Finding
		if len(now) > 0 && t.is(now) {
			again = t.check(now)
		}
		if again == nil {
			rn.count(&rn.r.SkippedChanged)
			return
		}
		f = again
	}
	fail(ErrChanged)
}

// notSent is the error of a repair write not sent because the run's
// context ended while it waited for the write rate.
type notSent struct{ err error }

func (e notSent) Error() string { return e.err.Error() }
func (e notSent) Unwrap() error { return e.err }

func (rn *run) count(ns ...*int64) {
	rn.mu.Lock()
	for _, n := range ns {
		*n++
	}
	rn.mu.Unlock()
}

// reread reads the item of f again, strongly consistent.
func (rn *run) reread(ctx context.Context, f *Finding) (map[string]types.AttributeValue, error) {
	return rn.readAt(ctx, f, f.Key)
}

// readAt reads the item at key in the table of f, strongly consistent.
func (rn *run) readAt(ctx context.Context, f *Finding, key map[string]types.AttributeValue) (map[string]types.AttributeValue, error) {
	item, err := rn.get(ctx, f.table, key, []string{f.Entity})
	if err != nil {
		return nil, errtext.Errorf("reading the item again: %w", err)
	}
	return item, nil
}

// get reads the item at key in table, strongly consistent, counting its
// capacity against the read rate; entities name the request's entities.
func (rn *run) get(ctx context.Context, table string, key map[string]types.AttributeValue, entities []string) (map[string]types.AttributeValue, error) {
	out, err := entity.Send(ctx, rn.db, rn.db.Client.GetItem, &dynamodb.GetItemInput{
		TableName: rn.db.Table(table), Key: key, ConsistentRead: aws.Bool(true),
		ReturnConsumedCapacity: types.ReturnConsumedCapacityTotal,
	}, entity.Request{Entities: entities})
	if err != nil {
		return nil, err
	}
	rn.consumed(&rn.read, "GetItem", out.ConsumedCapacity)
	return out.Item, nil
}

// limiter spaces requests so that the capacity they consume stays at rate
// units per second on average since start (no limit when rate is 0).
type limiter struct {
	rate  float64
	start time.Time
	mu    sync.Mutex
	used  float64
}

func (l *limiter) add(units float64) {
	l.mu.Lock()
	l.used += units
	l.mu.Unlock()
}

// wait waits until the capacity used so far fits the rate.
func (l *limiter) wait(ctx context.Context) error {
	if l.rate <= 0 {
		return nil
	}
	l.mu.Lock()
	due := l.start.Add(time.Duration(l.used / l.rate * float64(time.Second)))
	l.mu.Unlock()
	d := time.Until(due)
	if d <= 0 {
		return nil
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}
