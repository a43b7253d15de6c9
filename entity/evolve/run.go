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
	// Scanned counts the items read (an item Repair moved to a key its
	// segment's scan had not reached yet is read again there, clean).
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
	// that kept changing (ErrChanged), failed writes. Verify leaves it
	// empty.
	Failed []*RepairError
	// Capacity is the capacity the job consumed.
	Capacity entity.Capacity
	// Elapsed is how long the job ran.
	Elapsed time.Duration
	// SegmentsSkipped counts the segments a checkpoint showed finished
	// (Job.Checkpoint): not scanned again. SegmentsResumed counts those
	// resumed from a checkpoint's last evaluated key.
	SegmentsSkipped, SegmentsResumed int64
}

// Verify scans the job's items and reports each that differs from what a
// put of its decoded value writes now. It writes no item of the job's
// entities (with Checkpoint, only the checkpoint items). The error is
// that of a request that failed (which ends its segment, the others run
// on) or of an invalid job, refused before any request.
func (j Job) Verify(ctx context.Context, db *entity.DB) (Report, error) {
	return j.run(ctx, db, false)
}

// Repair scans as Verify does and rewrites, in each item that differs
// only in index keys, exactly those attributes (see Finding.Build), and
// moves each item whose table key is stale (Finding.BuildMove), each
// write conditioned on the item being unchanged since read; when the condition
// fails, the item is read again, and written again while it still
// differs. With DryRun, nothing is written. The error joins every
// Report.Failed (errors.As finds each *RepairError) and any failed scan.
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
	// calling is held while the progress callback runs.
	calling sync.Mutex
}

func (j Job) run(ctx context.Context, db *entity.DB, repair bool) (Report, error) {
	ins, err := j.Build()
	if err != nil {
		return Report{}, err
	}
	if db == nil || db.Client == nil {
		return Report{}, j.invalid("entity.DB has no Client")
	}
	if j.samples == 0 {
		j.samples = DefaultSamples
	}
	now := time.Now()
	rn := &run{j: j, db: db, repair: repair, started: now,
		read: limiter{rate: j.readRate, start: now}, write: limiter{rate: j.writeRate, start: now},
		r: Report{Counts: map[Kind]int64{}, Samples: map[Kind][]*Finding{}}, owner: workerID(), segs: len(ins)}
	if err := rn.checkpointsFit(ctx); err != nil {
		return rn.r, err
	}
	errs := fanout.Run(ctx, len(ins), j.workers, func(ctx context.Context, i int) error {
		return rn.segment(ctx, ins[i])
	})
	rn.r.Elapsed = time.Since(now)
	for _, f := range rn.r.Failed {
		errs = append(errs, f)
	}
	if err := errors.Join(errs...); err != nil {
		switch {
		case !repair:
			return rn.r, errtext.Errorf("verify (%d items scanned): %w", rn.r.Scanned, err)
		case len(rn.r.Failed) == 0:
			return rn.r, errtext.Errorf("repair stopped (%d items repaired): %w", rn.r.Repaired, err)
		}
		return rn.r, errtext.Errorf("%d items not repaired (%d repaired): %w", len(rn.r.Failed), rn.r.Repaired, err)
	}
	return rn.r, nil
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
		n := rn.items(ctx, out.Items)
		if err := c.advance(ctx, n, out.LastEvaluatedKey); err != nil {
			return err
		}
		rn.mu.Lock()
		rn.r.Scanned += int64(n)
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
// counts no lower than the last's. A panic in the callback unlocks.
func (rn *run) report() {
	if rn.j.progress == nil {
		return
	}
	rn.calling.Lock()
	defer rn.calling.Unlock()
	el := time.Since(rn.started)
	rn.mu.Lock()
	p := Progress{Scanned: rn.r.Scanned, Findings: rn.r.Findings, Repaired: rn.r.Repaired, Elapsed: el, Capacity: rn.r.Capacity,
		Segments: rn.segs, SegmentsDone: rn.done, Expected: rn.j.expected}
	rn.mu.Unlock()
	if s := el.Seconds(); s > 0 {
		p.Rate = float64(p.Scanned) / s
	}
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

// item checks one item read, and repairs it when asked.
func (rn *run) item(ctx context.Context, it map[string]types.AttributeValue) {
	t, f := rn.j.find(it)
	if f == nil {
		return
	}
	rn.mu.Lock()
	rn.r.Findings++
	for _, k := range f.Kinds {
		rn.r.Counts[k]++
		if len(rn.r.Samples[k]) < rn.j.samples {
			rn.r.Samples[k] = append(rn.r.Samples[k], f)
		}
	}
	rn.mu.Unlock()
	if rn.repair {
		rn.fix(ctx, t, f)
	}
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
	out, err := entity.Send(ctx, rn.db, rn.db.Client.GetItem, &dynamodb.GetItemInput{
		TableName: rn.db.Table(f.table), Key: key, ConsistentRead: aws.Bool(true),
		ReturnConsumedCapacity: types.ReturnConsumedCapacityTotal,
	}, entity.Request{Entities: []string{f.Entity}})
	if err != nil {
		return nil, errtext.Errorf("reading the item again: %w", err)
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
