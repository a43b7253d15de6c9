package evolve

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/internal/errtext"
	"github.com/ddbmodel/ddbmodel/internal/expr"
	"github.com/ddbmodel/ddbmodel/keys"
)

// Checkpoint items. A job named N keeps, per segment s, one item in the
// job's own table:
//
//	partition key  EVOLVE#CHECKPOINT#N
//	sort key       SEGMENT#<s, 7 digits>
//	entity marker  ddbmodel/evolve.Checkpoint
//
// and the attributes below. Build refuses a checkpointed job when a key
// template of an entity of the table could render that key (keys.Overlap,
// as Define compares two entities), when an entity has the marker's name,
// or when an attribute below is a key attribute of the table or an index,
// so that no entity reads, writes or indexes a checkpoint item.
const (
	checkpointMarker  = "ddbmodel/evolve.Checkpoint"
	checkpointPrefix  = "EVOLVE#CHECKPOINT#"
	checkpointSegment = "SEGMENT#"

	cpJob      = "evolveJob"
	cpSegment  = "evolveSegment"
	cpSegments = "evolveSegments"
	cpOwner    = "evolveOwner"
	cpLease    = "evolveLeaseUntil" // unix milliseconds
	cpLastKey  = "evolveLastKey"
	cpDone     = "evolveDone"
	cpScanned  = "evolveScanned"
	cpUpdated  = "evolveUpdated" // unix milliseconds
	cpMode     = "evolveMode"    // verify, repair or dry run
)

var checkpointAttrs = []string{cpJob, cpSegment, cpSegments, cpOwner, cpLease, cpLastKey, cpDone, cpScanned, cpUpdated, cpMode}

// DefaultLease is how long a worker's claim on a segment lasts when the
// job sets no Lease: each page's checkpoint renews it.
const DefaultLease = 2 * time.Minute

// Checkpoint names the job and keeps each segment's progress in the
// job's table: after each page, the segment's last evaluated key (or
// that it is done) is written to the segment's checkpoint item. A run of
// the same job (same name, same Segments, same kind of run: Verify,
// Repair or a DryRun repair; otherwise the run is refused whole, before
// any segment is scanned, with a *CheckpointError with ErrSegmentsChanged
// or ErrOtherMode: use another name, or ClearCheckpoints) skips the
// segments done and
// resumes the others where the last checkpoint left them; a page being
// processed when a worker stopped is read again.
//
// A worker claims a segment before it scans it, with a conditional write
// of its identity (host, process and a random part) and a lease (Lease)
// that each page renews and that a stopped run (its context cancelled)
// releases, also a claim whose answer was lost. A segment another worker holds is not scanned: the run goes
// on with its other segments and returns a *CheckpointError for it
// (errors.Is ErrSegmentClaimed), so no two workers process a segment at
// once; a worker that loses its lease (a page took longer than the
// lease, and another worker took the segment) stops that segment the same
// way. The segment of a worker that crashed is free again once its lease
// ends (clocks of the workers are taken to agree within the lease).
//
// The name is 1 to 100 letters, digits, '.', '_' or '-'. The table's
// partition and sort keys must be strings (Build refuses the job
// otherwise). The checkpoint items stay after the job ends (see
// Checkpoints); ClearCheckpoints deletes them, so that the job can run
// again from the start. A run whose segments the checkpoints all show
// done scans nothing and returns ErrJobDone; a run that skipped or
// resumed segments reports only what it scanned (Report.Partial).
func (j Job) Checkpoint(name string) Job { j.checkpoint = name; j.named = true; return j }

// Lease sets how long a worker's claim on a segment lasts without a page
// checkpointed (default DefaultLease). It must exceed the time one page
// takes, with its repairs.
func (j Job) Lease(d time.Duration) Job { j.lease = d; return j }

// ErrSegmentClaimed is the error (in a *CheckpointError) of a segment
// another worker holds: it was not scanned by this run.
var ErrSegmentClaimed = errors.New("ddbmodel: the segment is claimed by another worker")

// ErrSegmentsChanged is the error (in a *CheckpointError) of a segment
// whose checkpoint was written by the job run with another number of
// segments: a last evaluated key of one segmentation means nothing in
// another. Clear the checkpoints (ClearCheckpoints) or use a new name.
var ErrSegmentsChanged = errors.New("ddbmodel: the checkpoint is of another number of segments")

// ErrOtherMode is the error (in a *CheckpointError) of a segment whose
// checkpoint was written by a run of another kind (Verify, Repair, or a
// DryRun repair): a segment verified is not repaired, so a repair does
// not take a verify's checkpoints. Give each its own name. The
// *CheckpointError names both kinds (Mode, RunMode).
var ErrOtherMode = errors.New("ddbmodel: the checkpoint is of another kind of run (verify, repair, dry run)")

// CheckpointError is a segment a checkpointed run did not scan (or
// stopped scanning) because of its checkpoint item.
type CheckpointError struct {
	// Job is the job's Checkpoint name.
	Job string
	// Segment is the segment.
	Segment int
	// Owner is the worker holding the segment, and LeaseUntil when its
	// claim ends (ErrSegmentClaimed).
	Owner      string
	LeaseUntil time.Time
	// Segments is the number of segments of the checkpoint
	// (ErrSegmentsChanged).
	Segments int
	// Mode is the kind of run of the checkpoint (ErrOtherMode): verify,
	// repair or dry run.
	Mode string
	// RunSegments and RunMode are the segment count and kind of the run
	// refused (ErrSegmentsChanged, ErrOtherMode).
	RunSegments int
	RunMode     string
	// Err is ErrSegmentClaimed, ErrSegmentsChanged or ErrOtherMode.
	Err error
}

// Error names the job, the segment and the reason; for a checkpoint of
// another segment count or kind of run, both counts or kinds and how to
// start afresh.
func (e *CheckpointError) Error() string {
	s := fmt.Sprintf("ddbmodel: job %q segment %d: ", e.Job, e.Segment)
	switch {
	case errors.Is(e.Err, ErrSegmentsChanged):
		return s + fmt.Sprintf("the checkpoint is of %d segments, this run has %d", e.Segments, e.RunSegments) + afresh
	case errors.Is(e.Err, ErrOtherMode):
		return s + fmt.Sprintf("the checkpoint is of a %s run, this run is a %s", e.Mode, e.RunMode) + afresh
	}
	s += errtext.Detail(e.Err)
	if errors.Is(e.Err, ErrSegmentClaimed) {
		s += fmt.Sprintf(" (%s, until %s)", e.Owner, e.LeaseUntil.UTC().Format(time.RFC3339))
	}
	return s
}

// Unwrap returns the reason.
func (e *CheckpointError) Unwrap() error { return e.Err }

// SegmentCheckpoint is one segment's checkpoint item, as Checkpoints reads
// it.
type SegmentCheckpoint struct {
	// Segment is the segment, of Segments.
	Segment, Segments int
	// Done: the segment was scanned to its end.
	Done bool
	// Scanned counts the items of the pages checkpointed.
	Scanned int64
	// LastKey is where the segment resumes (nil: from its start, or done).
	LastKey map[string]types.AttributeValue
	// Owner is the worker that claimed the segment last, and LeaseUntil
	// when its claim ends (zero: released).
	Owner      string
	LeaseUntil time.Time
	// Updated is when the item was last written.
	Updated time.Time
	// Mode is the kind of run that claimed the segment: verify, repair
	// or dry run.
	Mode string
}

// checkCheckpoint checks the Checkpoint settings: the name, the table's
// keys, and that no entity of the table can hold a checkpoint item.
func (j Job) checkCheckpoint() error {
	if j.lease < 0 {
		return j.invalid("Lease must not be negative, got %v", j.lease)
	}
	if !j.named {
		if j.lease != 0 {
			return j.invalid("Lease needs a Checkpoint name")
		}
		return nil
	}
	if n := j.checkpoint; n == "" || len(n) > 100 || strings.IndexFunc(n, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '.' || r == '_' || r == '-')
	}) >= 0 {
		return j.invalid("Checkpoint: the name is 1 to 100 letters, digits, '.', '_' or '-', got %q", n)
	}
	tb := j.targets[0].table()
	if tb.PartitionKey.Type != "" && tb.PartitionKey.Type != types.ScalarAttributeTypeS || tb.SortKey.Name == "" ||
		tb.SortKey.Type != "" && tb.SortKey.Type != types.ScalarAttributeTypeS {
		return j.invalid("Checkpoint: the checkpoint items need a table whose partition and sort keys are strings; table %q has %s %s and sort key %q %s",
			tb.Name, tb.PartitionKey.Name, tb.PartitionKey.Type, tb.SortKey.Name, tb.SortKey.Type)
	}
	if slices.Contains(tb.Entities(), checkpointMarker) {
		return &ddbmodel.ValidationError{Entity: checkpointMarker, Reason: "Checkpoint: an entity of the table has the name of the checkpoint items' marker"}
	}
	for _, ix := range append([]string{""}, indexNames(tb)...) {
		pk, sk, err := tb.KeyAttributes(ix)
		if err != nil {
			return j.invalid("Checkpoint: %v", err)
		}
		for _, a := range slices.Concat(pk, sk) {
			if slices.Contains(checkpointAttrs, a.Name) {
				return &ddbmodel.ValidationError{Attribute: a.Name, Reason: fmt.Sprintf("Checkpoint: index %q of table %q has a key attribute the checkpoint items hold", ix, tb.Name)}
			}
		}
	}
	mine := checkpointPair(j.checkpoint)
	for _, p := range tb.Placements() {
		if p.Index != "" {
			continue
		}
		theirs := keys.Pair{Partition: p.Partition.Template, Sort: p.Sort.Template, AnySort: p.Sort.Template == nil}
		if c, ok := keys.Overlap(mine, theirs); ok {
			return &ddbmodel.ValidationError{Entity: p.Entity, Attribute: tb.PartitionKey.Name,
				Reason: fmt.Sprintf("Checkpoint: the entity's key (%s) can render the key of a checkpoint item of job %q (%s / %s); name the job otherwise or change the entity's key templates",
					templateText(p.Partition, p.Sort), j.checkpoint, c.Partition, c.Sort)}
		}
	}
	return nil
}

func indexNames(tb *entity.Table) []string {
	var out []string
	for _, ix := range tb.Indexes {
		out = append(out, ix.Name)
	}
	return out
}

func templateText(pk, sk entity.KeySpec) string {
	s := func(k entity.KeySpec) string {
		if k.Template == nil {
			return "a key function"
		}
		return k.Template.String()
	}
	return s(pk) + " / " + s(sk)
}

// checkpointPair is the key space of the job's checkpoint items.
func checkpointPair(name string) keys.Pair {
	return keys.Pair{
		Partition: keys.MustParse(checkpointPrefix + name),
		Sort:      keys.MustParse(checkpointSegment + "${segment:pad(7)}"),
	}
}

// checkpointKey is the key of segment seg's checkpoint item.
func checkpointKey(tb *entity.Table, name string, seg int) map[string]types.AttributeValue {
	return map[string]types.AttributeValue{
		tb.PartitionKey.Name: &types.AttributeValueMemberS{Value: checkpointPrefix + name},
		tb.SortKey.Name:      &types.AttributeValueMemberS{Value: fmt.Sprintf("%s%07d", checkpointSegment, seg)},
	}
}

// isCheckpoint reports whether item is a checkpoint item of the table.
func isCheckpoint(tb *entity.Table, item map[string]types.AttributeValue) bool {
	m, ok := item[tb.EntityAttr()].(*types.AttributeValueMemberS)
	if !ok || m.Value != checkpointMarker {
		return false
	}
	pk, ok := item[tb.PartitionKey.Name].(*types.AttributeValueMemberS)
	return ok && strings.HasPrefix(pk.Value, checkpointPrefix)
}

// workerID names this worker in its claims: host, process, and a random
// part that tells two runs of one process apart.
func workerID() string {
	host, _ := os.Hostname()
	b := make([]byte, 4)
	_, _ = rand.Read(b)
	return fmt.Sprintf("%s/%d/%s", host, os.Getpid(), hex.EncodeToString(b))
}

// claim is a run's hold on one segment's checkpoint item; nil without a
// Checkpoint.
type claim struct {
	rn  *run
	seg int
	key map[string]types.AttributeValue
}

func num(n int64) types.AttributeValue {
	return &types.AttributeValueMemberN{Value: strconv.FormatInt(n, 10)}
}

func str(s string) types.AttributeValue { return &types.AttributeValueMemberS{Value: s} }

func boolean(b bool) types.AttributeValue { return &types.AttributeValueMemberBOOL{Value: b} }

// claim claims the segment of in for this run, and sets in's start key
// from the checkpoint. done: a checkpoint shows the segment finished.
func (rn *run) claim(ctx context.Context, in *dynamodb.ScanInput) (c *claim, done bool, err error) {
	if !rn.j.named {
		return nil, false, nil
	}
	tb := rn.j.targets[0].table()
	seg := int(aws.ToInt32(in.Segment))
	c = &claim{rn: rn, seg: seg, key: checkpointKey(tb, rn.j.checkpoint, seg)}
	now := time.Now()
	var w expr.Writer
	m, segs, owner, lease, dn, mode := w.Name(tb.EntityAttr()), w.Name(cpSegments), w.Name(cpOwner), w.Name(cpLease), w.Name(cpDone), w.Name(cpMode)
	no, md := w.Value(boolean(false)), w.Value(str(rn.mode()))
	up := &dynamodb.UpdateItemInput{
		Key: c.key,
		UpdateExpression: aws.String("SET " + m + " = " + w.Value(str(checkpointMarker)) + ", " + w.Name(cpJob) + " = " + w.Value(str(rn.j.checkpoint)) +
			", " + w.Name(cpSegment) + " = " + w.Value(num(int64(seg))) + ", " + segs + " = " + w.Value(num(int64(rn.j.segments))) +
			", " + owner + " = " + w.Value(str(rn.owner)) + ", " + lease + " = " + w.Value(num(now.Add(rn.lease()).UnixMilli())) +
			", " + mode + " = " + md + ", " + dn + " = if_not_exists(" + dn + ", " + no + "), " + w.Name(cpUpdated) + " = " + w.Value(num(now.UnixMilli()))),
		ConditionExpression: aws.String("attribute_not_exists(" + w.Name(tb.PartitionKey.Name) + ") OR (" + m + " = " + w.Value(str(checkpointMarker)) +
			" AND " + segs + " = " + w.Value(num(int64(rn.j.segments))) + " AND " + mode + " = " + md + " AND " + dn + " = " + no +
			" AND (" + owner + " = " + w.Value(str(rn.owner)) + " OR " + lease + " < " + w.Value(num(now.UnixMilli())) + "))"),
		ReturnValues:                        types.ReturnValueAllNew,
		ReturnValuesOnConditionCheckFailure: types.ReturnValuesOnConditionCheckFailureAllOld,
	}
	out, err := c.send(ctx, up, &w)
	if err != nil {
		var ccf *types.ConditionalCheckFailedException
		if !errors.As(err, &ccf) {
			// The claim may have landed though its answer was lost (a
			// cancelled context, a reset connection): release it, so that
			// a restarted run is not locked out by this one's lease.
			return nil, false, c.release(ctx, errtext.Errorf("claiming segment %d of job %q: %w", seg, rn.j.checkpoint, err))
		}
		old := decodeCheckpoint(ccf.Item)
		switch {
		case !isCheckpoint(tb, ccf.Item):
			return nil, false, errtext.Errorf("claiming segment %d of job %q: the checkpoint's key holds an item that is no checkpoint", seg, rn.j.checkpoint)
		case old.Segments != rn.j.segments, old.Mode != rn.mode():
			return nil, false, rn.misfit(old)
		case old.Done:
			rn.scannedBefore(old.Scanned)
			return nil, true, nil
		}
		return nil, false, &CheckpointError{Job: rn.j.checkpoint, Segment: seg, Owner: old.Owner, LeaseUntil: old.LeaseUntil, Err: ErrSegmentClaimed}
	}
	if k, ok := out.Attributes[cpLastKey].(*types.AttributeValueMemberM); ok {
		in.ExclusiveStartKey = k.Value
		rn.count(&rn.r.SegmentsResumed)
		rn.scannedBefore(decodeCheckpoint(out.Attributes).Scanned)
	}
	return c, false, nil
}

// checkpointsFit refuses, before any segment is scanned, a run whose
// Checkpoint name holds checkpoints of another segment count or kind of
// run (otherwise the segments those checkpoints do not cover would be
// scanned, and the run would do part of the job), and a run whose
// segments (ins) are all done (ErrJobDone).
func (rn *run) checkpointsFit(ctx context.Context, ins []*dynamodb.ScanInput) error {
	if !rn.j.named {
		return nil
	}
	items, err := rn.j.checkpointItems(ctx, rn.db)
	if err != nil {
		return err
	}
	for _, it := range items {
		if c := decodeCheckpoint(it); c.Segments != rn.j.segments || c.Mode != rn.mode() {
			return rn.misfit(c)
		}
	}
	return rn.finished(items, ins)
}

// mode is the kind of run, as its checkpoints record it.
func (rn *run) mode() string {
	switch {
	case !rn.repair:
		return "verify"
	case rn.j.dryRun:
		return "dry run"
	}
	return "repair"
}

func (rn *run) lease() time.Duration {
	if rn.j.lease > 0 {
		return rn.j.lease
	}
	return DefaultLease
}

// send sends an update of the checkpoint item, counting its capacity.
func (c *claim) send(ctx context.Context, up *dynamodb.UpdateItemInput, w *expr.Writer) (*dynamodb.UpdateItemOutput, error) {
	rn := c.rn
	up.TableName = rn.db.Table(rn.j.targets[0].table().Name)
	up.ExpressionAttributeNames, up.ExpressionAttributeValues = w.Names(), w.Values()
	up.ReturnConsumedCapacity = types.ReturnConsumedCapacityTotal
	out, err := entity.Send(ctx, rn.db, rn.db.Client.UpdateItem, up, entity.Request{})
	if err == nil {
		rn.consumed(&rn.write, "UpdateItem", out.ConsumedCapacity)
	}
	return out, err
}

// advance checkpoints a page of n items: the segment resumes after last
// (done when last is empty). It renews the lease, on the condition that
// the run still holds it.
func (c *claim) advance(ctx context.Context, n int, last map[string]types.AttributeValue) error {
	if c == nil {
		return nil
	}
	now := time.Now()
	var w expr.Writer
	sc := w.Name(cpScanned)
	set := []string{w.Name(cpLease) + " = " + w.Value(num(now.Add(c.rn.lease()).UnixMilli())),
		w.Name(cpUpdated) + " = " + w.Value(num(now.UnixMilli())),
		sc + " = if_not_exists(" + sc + ", " + w.Value(num(0)) + ") + " + w.Value(num(int64(n)))}
	ue := ""
	if len(last) > 0 {
		set = append(set, w.Name(cpLastKey)+" = "+w.Value(&types.AttributeValueMemberM{Value: last}))
		ue = "SET " + strings.Join(set, ", ")
	} else {
		set = append(set, w.Name(cpDone)+" = "+w.Value(boolean(true)))
		ue = "SET " + strings.Join(set, ", ") + " REMOVE " + w.Name(cpLastKey)
	}
	up := &dynamodb.UpdateItemInput{Key: c.key, UpdateExpression: aws.String(ue),
		ConditionExpression:                 aws.String(w.Name(cpOwner) + " = " + w.Value(str(c.rn.owner)) + " AND " + w.Name(cpDone) + " = " + w.Value(boolean(false))),
		ReturnValuesOnConditionCheckFailure: types.ReturnValuesOnConditionCheckFailureAllOld}
	_, err := c.send(ctx, up, &w)
	var ccf *types.ConditionalCheckFailedException
	if errors.As(err, &ccf) {
		old := decodeCheckpoint(ccf.Item)
		return &CheckpointError{Job: c.rn.j.checkpoint, Segment: c.seg, Owner: old.Owner, LeaseUntil: old.LeaseUntil, Err: ErrSegmentClaimed}
	}
	if err != nil {
		return errtext.Errorf("checkpointing segment %d of job %q: %w", c.seg, c.rn.j.checkpoint, err)
	}
	return nil
}

// release ends the run's claim on the segment, so that another run can
// take it at once (also when ctx is done: a stopped run releases). It
// returns err, joined with the release's own error if any.
func (c *claim) release(ctx context.Context, err error) error {
	if c == nil {
		return err
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	var w expr.Writer
	up := &dynamodb.UpdateItemInput{Key: c.key,
		UpdateExpression:    aws.String("SET " + w.Name(cpLease) + " = " + w.Value(num(0))),
		ConditionExpression: aws.String(w.Name(cpOwner) + " = " + w.Value(str(c.rn.owner)))}
	_, rerr := c.send(ctx, up, &w)
	var ccf *types.ConditionalCheckFailedException
	if rerr != nil && !errors.As(rerr, &ccf) {
		return errors.Join(err, errtext.Errorf("releasing segment %d of job %q: %w", c.seg, c.rn.j.checkpoint, rerr))
	}
	return err
}

// decodeCheckpoint reads a checkpoint item.
func decodeCheckpoint(item map[string]types.AttributeValue) SegmentCheckpoint {
	n := func(name string) int64 {
		if v, ok := item[name].(*types.AttributeValueMemberN); ok {
			i, _ := strconv.ParseInt(v.Value, 10, 64)
			return i
		}
		return 0
	}
	var c SegmentCheckpoint
	c.Segment, c.Segments, c.Scanned = int(n(cpSegment)), int(n(cpSegments)), n(cpScanned)
	if ms := n(cpLease); ms > 0 {
		c.LeaseUntil = time.UnixMilli(ms)
	}
	if ms := n(cpUpdated); ms > 0 {
		c.Updated = time.UnixMilli(ms)
	}
	if v, ok := item[cpOwner].(*types.AttributeValueMemberS); ok {
		c.Owner = v.Value
	}
	if v, ok := item[cpMode].(*types.AttributeValueMemberS); ok {
		c.Mode = v.Value
	}
	if v, ok := item[cpDone].(*types.AttributeValueMemberBOOL); ok {
		c.Done = v.Value
	}
	if v, ok := item[cpLastKey].(*types.AttributeValueMemberM); ok {
		c.LastKey = v.Value
	}
	return c
}

// checkpointed checks a job that lists or clears its checkpoints.
func (j Job) checkpointed(db *entity.DB) error {
	if err := j.check(); err != nil {
		return err
	}
	if !j.named {
		return j.invalid("the job has no Checkpoint name")
	}
	if db == nil || db.Client == nil {
		return j.invalid("entity.DB has no Client")
	}
	return nil
}

// Checkpoints reads the job's checkpoint items (its Checkpoint name's),
// one per segment claimed so far, in segment order. The job is checked as
// Build checks it; nothing is sent for an invalid one.
func (j Job) Checkpoints(ctx context.Context, db *entity.DB) ([]SegmentCheckpoint, error) {
	items, err := j.checkpointItems(ctx, db)
	out := make([]SegmentCheckpoint, len(items))
	for i, it := range items {
		out[i] = decodeCheckpoint(it)
	}
	return out, err
}

func (j Job) checkpointItems(ctx context.Context, db *entity.DB) ([]map[string]types.AttributeValue, error) {
	if err := j.checkpointed(db); err != nil {
		return nil, err
	}
	tb := j.targets[0].table()
	var w expr.Writer
	in := &dynamodb.QueryInput{TableName: db.Table(tb.Name), ConsistentRead: aws.Bool(true),
		KeyConditionExpression: aws.String(w.Name(tb.PartitionKey.Name) + " = " + w.Value(str(checkpointPrefix+j.checkpoint)) +
			" AND begins_with(" + w.Name(tb.SortKey.Name) + ", " + w.Value(str(checkpointSegment)) + ")"),
		FilterExpression: aws.String(w.Name(tb.EntityAttr()) + " = " + w.Value(str(checkpointMarker)))}
	in.ExpressionAttributeNames, in.ExpressionAttributeValues = w.Names(), w.Values()
	var items []map[string]types.AttributeValue
	for {
		out, err := entity.Send(ctx, db, db.Client.Query, in, entity.Request{})
		if err != nil {
			return items, errtext.Errorf("reading the checkpoints of job %q: %w", j.checkpoint, err)
		}
		items = append(items, out.Items...)
		if len(out.LastEvaluatedKey) == 0 {
			return items, nil
		}
		in.ExclusiveStartKey = out.LastEvaluatedKey
	}
}

// ClearCheckpoints deletes the job's checkpoint items, so that the job
// runs again from the start, and returns how many it deleted. A segment
// a worker holds (its lease not ended, the segment not done) is left, and
// reported as a *CheckpointError (ErrSegmentClaimed) in the error.
func (j Job) ClearCheckpoints(ctx context.Context, db *entity.DB) (int, error) {
	items, err := j.checkpointItems(ctx, db)
	if err != nil {
		return 0, err
	}
	tb := j.targets[0].table()
	var errs []error
	deleted := 0
	for _, it := range items {
		var w expr.Writer
		in := &dynamodb.DeleteItemInput{TableName: db.Table(tb.Name), Key: map[string]types.AttributeValue{
			tb.PartitionKey.Name: it[tb.PartitionKey.Name], tb.SortKey.Name: it[tb.SortKey.Name]},
			ConditionExpression: aws.String(w.Name(tb.EntityAttr()) + " = " + w.Value(str(checkpointMarker)) + " AND (" +
				w.Name(cpDone) + " = " + w.Value(boolean(true)) + " OR " + w.Name(cpLease) + " < " + w.Value(num(time.Now().UnixMilli())) + ")"),
			ReturnValuesOnConditionCheckFailure: types.ReturnValuesOnConditionCheckFailureAllOld}
		in.ExpressionAttributeNames, in.ExpressionAttributeValues = w.Names(), w.Values()
		_, err := entity.Send(ctx, db, db.Client.DeleteItem, in, entity.Request{})
		var ccf *types.ConditionalCheckFailedException
		switch {
		case err == nil:
			deleted++
		case errors.As(err, &ccf) && len(ccf.Item) > 0:
			old := decodeCheckpoint(ccf.Item)
			errs = append(errs, &CheckpointError{Job: j.checkpoint, Segment: old.Segment, Owner: old.Owner, LeaseUntil: old.LeaseUntil, Err: ErrSegmentClaimed})
		case errors.As(err, &ccf):
			// Deleted in between.
		default:
			errs = append(errs, errtext.Errorf("clearing the checkpoints of job %q: %w", j.checkpoint, err))
		}
	}
	return deleted, errors.Join(errs...)
}

// items checks (and repairs) the items of a page and returns how many are
// the job's: checkpoint items are neither checked nor counted, nor is an
// item this run moved into the page's segment.
func (rn *run) items(ctx context.Context, items []map[string]types.AttributeValue) (int, error) {
	n := 0
	tb := rn.j.targets[0].table()
	for _, it := range items {
		if isCheckpoint(tb, it) {
			continue
		}
		counted, err := rn.item(ctx, it)
		if err != nil {
			return n, err
		}
		if counted {
			n++
		}
	}
	return n, nil
}
