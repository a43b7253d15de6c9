package evolve

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/internal/errtext"
	"github.com/ddbmodel/ddbmodel/internal/expr"
	"github.com/ddbmodel/ddbmodel/query"
)

// DefaultSamples is how many samples per kind a report keeps when the job
// sets none.
const DefaultSamples = 10

// Job is a verify or repair job over one entity's items, or over a whole
// table. It is immutable: each method returns a changed copy. Its zero
// value is no job; make one with Entity or Table.
type Job struct {
	targets   []Target
	whole     bool
	segments  int
	workers   int
	samples   int
	dryRun    bool
	progress  func(Progress)
	readRate  float64
	writeRate float64
	// shareI, shareN, shared, expected, pageSize: scale.go;
	// checkpoint, named, lease: checkpoint.go.
	shareI, shareN int
	shared         bool
	checkpoint     string
	named          bool
	lease          time.Duration
	expected       int64
	pageSize       int
}

// Entity returns a job over the items of e: the scan reads only items
// carrying e's marker (or that e recognises), so no other entity's item
// is read or written.
func Entity[T any](e *entity.Entity[T]) Job {
	return Job{targets: []Target{Of(e)}, segments: 1}
}

// Table returns a job over the whole table of the targets: every item is
// checked as the entity its marker names. The targets must cover every
// entity registered on the table (Go cannot find an entity's type from
// its name), or Build refuses the job naming the one left out. An item
// whose marker names no entity of the table is reported (UnknownEntity);
// marker items of unique attributes and checkpoint items (Checkpoint) are
// skipped.
func Table(targets ...Target) Job {
	return Job{targets: slices.Clone(targets), whole: true, segments: 1}
}

// Segments sets the number of parallel scan segments (default 1).
func (j Job) Segments(n int) Job { j.segments = n; return j }

// Workers sets how many segments are scanned at once (default
// fanout's 8, and never more than Segments).
func (j Job) Workers(n int) Job { j.workers = n; return j }

// Samples sets how many findings per kind the report keeps whole
// (default DefaultSamples); counts cover every finding.
func (j Job) Samples(n int) Job { j.samples = n; return j }

// DryRun makes Repair send no repair write (with Checkpoint, the
// checkpoint items are still written): its report counts and samples the
// findings it would repair (WouldRepair), each with the request it would
// send (Finding.Build), and lists in Failed those it would not. The
// findings are the dry run's result: its error is nil unless a request
// failed or the job is invalid.
func (j Job) DryRun() Job { j.dryRun = true; return j }

// Progress sets a callback called after each page scanned, and once when
// the run ends (with the counts of its Report), from one goroutine at a
// time.
func (j Job) Progress(fn func(Progress)) Job { j.progress = fn; return j }

// ReadRate limits the read capacity the scan consumes, in units per
// second (0: no limit), as DynamoDB reports it (ReturnConsumedCapacity).
func (j Job) ReadRate(units float64) Job { j.readRate = units; return j }

// WriteRate limits the write capacity the repairs consume, in units per
// second (0: no limit).
func (j Job) WriteRate(units float64) Job { j.writeRate = units; return j }

// Progress is a job's progress so far: one snapshot, its counts taken
// together (Findings never ahead of Scanned, nor Repaired ahead of
// Findings), of this run (this process, with Share) since it started.
type Progress struct {
	// Scanned counts the items read, each once (as Report.Scanned).
	Scanned int64
	// ScannedBefore counts the items of this run's segments that their
	// checkpoints show scanned by earlier runs (Checkpoint): the pages a
	// resumed segment skips and the segments already done.
	ScannedBefore int64
	// Findings counts the items that differ.
	Findings int64
	// Repaired counts the items rewritten; Moved those of them moved to
	// a new table key (Report.Moved).
	Repaired, Moved int64
	// DryRun is set in a dry run, where WouldRepair counts the items
	// Repair would rewrite (Report.WouldRepair) and Repaired stays 0.
	DryRun      bool
	WouldRepair int64
	// Failed counts the findings not repaired so far (Report.Failed);
	// NotReached those not attempted because the run's context ended
	// (Report.NotReached).
	Failed, NotReached int64
	// Elapsed is the time since the job started.
	Elapsed time.Duration
	// Rate is items scanned per second by this run (Scanned / Elapsed).
	Rate float64
	// Capacity is the capacity consumed so far.
	Capacity entity.Capacity
	// Segments is how many segments this run takes (its Share), and
	// SegmentsDone how many of them are finished, including those a
	// checkpoint shows finished before.
	Segments, SegmentsDone int
	// Expected is the job's Expected item count (0: not given).
	Expected int64
}

// scan is the entity's own scan (query.Scan): it reads only the
// entity's items.
func (t target[T]) scan(segments int) ([]*dynamodb.ScanInput, error) {
	return query.Scan(t.e).Segments(segments).Build()
}

func (j Job) invalid(format string, args ...any) error {
	name := ""
	if len(j.targets) == 1 && j.targets[0] != nil {
		name = j.targets[0].Name()
	}
	return &ddbmodel.ValidationError{Entity: name, Reason: "" + fmt.Sprintf(format, args...)}
}

// check checks the job's settings.
func (j Job) check() error {
	if len(j.targets) == 0 {
		return j.invalid("a job needs an entity (Entity or Table)")
	}
	for i, t := range j.targets {
		if t == nil || t.Name() == "" {
			return j.invalid("target %d is nil", i)
		}
	}
	if j.segments < 1 || j.segments > 1000000 {
		return j.invalid("Segments must be 1 to 1000000, got %d", j.segments)
	}
	if j.workers < 0 {
		return j.invalid("Workers must not be negative, got %d", j.workers)
	}
	if j.samples < 0 {
		return j.invalid("Samples must not be negative, got %d", j.samples)
	}
	if !validRate(j.readRate) || !validRate(j.writeRate) {
		return j.invalid("ReadRate and WriteRate must be 0 (no limit) or a positive, finite number, got %g and %g", j.readRate, j.writeRate)
	}
	if err := j.checkScale(); err != nil {
		return err
	}
	if !j.whole {
		return nil
	}
	tb := j.targets[0].table()
	var have []string
	for _, t := range j.targets {
		if t.table() != tb {
			return &ddbmodel.ValidationError{Entity: t.Name(), Reason: fmt.Sprintf("Table: the entity is of table %q, the job's is %q", t.table().Name, tb.Name)}
		}
		if slices.Contains(have, t.Name()) {
			return &ddbmodel.ValidationError{Entity: t.Name(), Reason: "Table: the entity is given twice"}
		}
		have = append(have, t.Name())
	}
	var missing []string
	for _, name := range tb.Entities() {
		if !slices.Contains(have, name) {
			missing = append(missing, name)
		}
	}
	if len(missing) > 0 {
		return &ddbmodel.ValidationError{Entity: missing[0], Reason: fmt.Sprintf("Table: every entity of table %q must be given (evolve.Of); missing: %s", tb.Name, strings.Join(missing, ", "))}
	}
	return nil
}

// Build compiles the job's scan requests, one per segment, without I/O.
func (j Job) Build() ([]*dynamodb.ScanInput, error) {
	if err := j.check(); err != nil {
		return nil, err
	}
	var ins []*dynamodb.ScanInput
	if !j.whole {
		var err error
		if ins, err = j.targets[0].scan(j.segments); err != nil {
			return nil, err
		}
	} else {
		tb := j.targets[0].table()
		for seg := 0; seg < j.segments; seg++ {
			in := &dynamodb.ScanInput{TableName: aws.String(tb.Name)}
			if j.segments > 1 {
				in.Segment, in.TotalSegments = aws.Int32(int32(seg)), aws.Int32(int32(j.segments))
			}
			ins = append(ins, in)
		}
	}
	for _, in := range ins {
		in.ReturnConsumedCapacity = types.ReturnConsumedCapacityTotal
	}
	return j.share(j.limit(ins)), nil
}

// Build compiles the UpdateItem request that repairs f, without I/O: it
// sets every index key a put writes that is stale or missing, removes
// every index key a put does not write, sets the lock attribute (and the
// Updated timestamp where a differing key may be built from it) as a put
// would, and nothing else; its condition
// is that the item is unchanged since it was read (every attribute as
// read, and every key, marker or stored attribute of the entity it
// lacked still absent: a write that added one, say a status an index's
// When reads, fails the repair, which reads the item again). For an
// OldVersion finding it rewrites the whole item as a put of the upgraded
// value writes it (see OldVersion). A finding Repair does not rewrite
// (see Repairable) is refused with a *RepairError (ErrNotRepairable, or
// the finding's error), one that moves the item (Moves) with an ErrMoves
// one (BuildMove compiles it), and an item too large for the condition
// with an ErrLimitExceeded one.
func (f *Finding) Build() (*dynamodb.UpdateItemInput, error) {
	if f == nil {
		return nil, &ddbmodel.ValidationError{Reason: "Build of a nil *Finding"}
	}
	if !f.Repairable() {
		return nil, &RepairError{Entity: f.Entity, Key: f.Key, Kinds: f.Kinds, Err: errNotRepaired(f)}
	}
	if f.Moves() {
		return nil, &RepairError{Entity: f.Entity, Key: f.Key, Kinds: f.Kinds, Err: ErrMoves}
	}
	var w expr.Writer
	var sets, removes []string
	for _, d := range f.writes() {
		if d.Wanted == nil {
			removes = append(removes, w.Name(d.Attribute))
		} else {
			sets = append(sets, w.Name(d.Attribute)+" = "+w.Value(d.Wanted))
		}
	}
	var ue []string
	if len(sets) > 0 {
		ue = append(ue, "SET "+strings.Join(sets, ", "))
	}
	if len(removes) > 0 {
		ue = append(ue, "REMOVE "+strings.Join(removes, ", "))
	}
	cond := f.unchanged(&w)
	update := strings.Join(ue, " ")
	if err := expr.CheckLimits(f.Entity, "the condition that the repaired item is unchanged", update, cond); err != nil {
		return nil, &RepairError{Entity: f.Entity, Key: f.Key, Kinds: f.Kinds, Err: err}
	}
	return &dynamodb.UpdateItemInput{
		TableName:                           aws.String(f.table),
		Key:                                 f.Key,
		UpdateExpression:                    aws.String(update),
		ConditionExpression:                 aws.String(cond),
		ExpressionAttributeNames:            w.Names(),
		ExpressionAttributeValues:           w.Values(),
		ReturnValuesOnConditionCheckFailure: types.ReturnValuesOnConditionCheckFailureAllOld,
		ReturnConsumedCapacity:              types.ReturnConsumedCapacityTotal,
	}, nil
}

// RepairError is an item Repair did not repair, with the reason.
type RepairError struct {
	// Entity names the item's entity.
	Entity string
	// Key is the item's table key.
	Key map[string]types.AttributeValue
	// Kinds are the finding's kinds.
	Kinds []Kind
	// Err is the reason: ErrNotRepairable, ErrChanged, the decoding or
	// put error of the item, or the failed request's error.
	Err error
}

// Error names the entity, the item's key, the kinds and the reason.
func (e *RepairError) Error() string {
	return fmt.Sprintf("ddbmodel: repair %s item %s (%s): %s", e.Entity, expr.DescribeKey(e.Key), kindsText(e.Kinds), errtext.Detail(e.Err))
}

// Unwrap returns the reason.
func (e *RepairError) Unwrap() error { return e.Err }

// Check checks one item as the job's scan does, without I/O: it returns
// the finding, or nil when the item is exactly as a put of its decoded
// value writes it (in its table key, index keys and markers), or is no
// item of the job (another entity's, in an entity job; a unique
// attribute's marker item). An invalid job is refused.
func (j Job) Check(item map[string]types.AttributeValue) (*Finding, error) {
	if err := j.check(); err != nil {
		return nil, err
	}
	_, f := j.find(item)
	return f, nil
}

// find returns the item's target and finding (nil when it is as a put
// writes it, or not the job's).
func (j Job) find(item map[string]types.AttributeValue) (Target, *Finding) {
	for _, t := range j.targets {
		if t.is(item) {
			return t, t.check(item)
		}
	}
	tb := j.targets[0].table()
	if !j.whole || tb.IsUniqueMarker(item) || isCheckpoint(tb, item) {
		return nil, nil
	}
	return nil, unknown(tb, item)
}

// validRate reports whether r is a rate a job takes: 0 (no limit) or a
// positive, finite number (NaN and +Inf would make the limiter never wait).
func validRate(r float64) bool { return r >= 0 && !math.IsInf(r, 1) }
