package evolve

import (
	"errors"
	"fmt"
	"slices"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel/internal/errtext"
)

// ErrJobDone is the error of a checkpointed run (Job.Checkpoint) whose
// segments earlier runs under the same name all finished: it scans
// nothing, and reports nothing, so that a report of no findings is
// never taken for a clean table. The findings are in the reports of the
// runs that scanned the segments. Run the job afresh under another
// Checkpoint name, or after ClearCheckpoints.
var ErrJobDone = errors.New("ddbmodel: the checkpointed job is already done")

// afresh ends the text of an error about a Checkpoint name's items.
const afresh = "; use another Checkpoint name, or ClearCheckpoints, to run the job afresh"

// misfit is the error of a checkpoint c of another segment count or kind
// of run than this run's.
func (rn *run) misfit(c SegmentCheckpoint) error {
	e := &CheckpointError{Job: rn.j.checkpoint, Segment: c.Segment, Segments: c.Segments, Mode: c.Mode,
		RunSegments: rn.j.segments, RunMode: rn.mode(), Err: ErrOtherMode}
	if c.Segments != rn.j.segments {
		e.Err = ErrSegmentsChanged
	}
	return e
}

// finished returns ErrJobDone, counting the segments skipped, when the
// checkpoint items show every segment of ins done.
func (rn *run) finished(items []map[string]types.AttributeValue, ins []*dynamodb.ScanInput) error {
	var done []int
	var scanned int64
	for _, it := range items {
		if c := decodeCheckpoint(it); c.Done {
			done = append(done, c.Segment)
			scanned += c.Scanned
		}
	}
	for _, in := range ins {
		if !slices.Contains(done, int(aws.ToInt32(in.Segment))) {
			return nil
		}
	}
	rn.r.SegmentsSkipped, rn.done = int64(len(ins)), len(ins)
	return errtext.Errorf("job %q: %w: %s finished by an earlier %s run under this name (%s scanned), whose report holds the findings; this run scans nothing%s",
		rn.j.checkpoint, ErrJobDone, segmentsText(len(ins), rn.j.segments), rn.mode(), plural(scanned, "item"), afresh)
}

// segmentsText says which of the job's segments a run takes, as the
// subject of "finished".
func segmentsText(n, of int) string {
	switch {
	case n == 1 && of == 1:
		return "the job's one segment was"
	case n == of:
		return fmt.Sprintf("all %d segments of the job were", n)
	case n == 1:
		return fmt.Sprintf("the one segment of %d this worker takes (Share) was", of)
	}
	return fmt.Sprintf("the %d segments of %d this worker takes (Share) were", n, of)
}

// scannedBefore counts n items of a segment an earlier run scanned.
func (rn *run) scannedBefore(n int64) {
	rn.mu.Lock()
	rn.before += n
	rn.mu.Unlock()
}
