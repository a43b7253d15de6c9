package evolve

import (
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel/internal/expr"
)

// snapshot is the run's progress: every count taken under one hold of
// the run's lock.
func (rn *run) snapshot() Progress {
	rn.mu.Lock()
	defer rn.mu.Unlock()
	el := time.Since(rn.started)
	p := Progress{Scanned: rn.r.Scanned, ScannedBefore: rn.before, Findings: rn.r.Findings, Repaired: rn.r.Repaired, Moved: rn.r.Moved,
		Failed: int64(len(rn.r.Failed)), NotReached: rn.r.NotReached, Elapsed: el, Capacity: rn.r.Capacity,
		Segments: rn.segs, SegmentsDone: rn.done, Expected: rn.j.expected,
		DryRun: rn.j.dryRun && rn.repair, WouldRepair: rn.r.WouldRepair}
	if s := el.Seconds(); s > 0 {
		p.Rate = float64(p.Scanned) / s
	}
	return p
}

// scanned counts an item read, unless this run moved it here (its key is
// one a move of this run wrote): a moved item counts once. The caller
// holds rn.mu.
func (rn *run) scanned(item map[string]types.AttributeValue) bool {
	if len(rn.movedTo) > 0 {
		k := expr.DescribeKey(tableKey(rn.j.targets[0].table(), item))
		if rn.movedTo[k] {
			delete(rn.movedTo, k)
			return false
		}
	}
	rn.r.Scanned++
	return true
}

// moved counts the move of f as done: repaired, moved, and its new key
// remembered, so that the item, read again there, counts once.
func (rn *run) moved(f *Finding) {
	k := expr.DescribeKey(f.movedKey())
	rn.mu.Lock()
	defer rn.mu.Unlock()
	rn.r.Repaired++
	rn.r.Moved++
	if rn.movedTo == nil {
		rn.movedTo = map[string]bool{}
	}
	rn.movedTo[k] = true
}
