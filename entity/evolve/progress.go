package evolve

import (
	"fmt"
	"strings"
	"time"
)

// Left returns how many items are left to scan, and whether that is
// known: 0 once every segment of the run is done; otherwise estimated
// from Job.Expected, less the items scanned by this run and, by the
// checkpoints, by earlier ones (ScannedBefore); not known without
// Expected.
func (p Progress) Left() (int64, bool) {
	switch {
	case p.Segments > 0 && p.SegmentsDone >= p.Segments:
		return 0, true
	case p.Expected > 0:
		return max(p.Expected-p.ScannedBefore-p.Scanned, 0), true
	}
	return 0, false
}

// ETA returns the time left, and whether it can be told: 0 once every
// segment is done; otherwise the items left (Left) at this run's Rate,
// an estimate that holds while the rate does (segments finishing early,
// of uneven size, lower it). Without Expected it is not known: the
// segments finished so far tell nothing of the time the others take.
func (p Progress) ETA() (time.Duration, bool) {
	left, ok := p.Left()
	switch {
	case !ok:
		return 0, false
	case left == 0:
		return 0, true
	case p.Rate > 0:
		return time.Duration(float64(left) / p.Rate * float64(time.Second)), true
	}
	return 0, false
}

// String is a progress line a program can print from the Progress
// callback: items scanned (and, after a resume, scanned before),
// findings, repaired (moved, failed, not reached, where any), items
// left, the rate and the time left (see Left and ETA; "?" where not
// known):
//
//	12000 scanned, 310 findings, 305 repaired, 38000 left, 4000 items/s, ETA 10s (3/16 segments done)
func (p Progress) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d scanned", p.Scanned)
	if p.ScannedBefore > 0 {
		fmt.Fprintf(&b, " (%d before)", p.ScannedBefore)
	}
	if p.DryRun {
		fmt.Fprintf(&b, ", %d findings, %d to repair (dry run)", p.Findings, p.WouldRepair)
	} else {
		fmt.Fprintf(&b, ", %d findings, %d repaired", p.Findings, p.Repaired)
	}
	if p.Moved > 0 {
		fmt.Fprintf(&b, " (%d moved)", p.Moved)
	}
	if p.Failed > 0 {
		fmt.Fprintf(&b, ", %d failed", p.Failed)
	}
	if p.NotReached > 0 {
		fmt.Fprintf(&b, ", %d not reached", p.NotReached)
	}
	left, eta := "?", "?"
	if n, ok := p.Left(); ok {
		left = fmt.Sprint(n)
	}
	if d, ok := p.ETA(); ok {
		eta = roundETA(d)
	}
	fmt.Fprintf(&b, ", %s left, %.0f items/s, ETA %s", left, p.Rate, eta)
	if p.Segments > 0 {
		fmt.Fprintf(&b, " (%d/%d segments done)", p.SegmentsDone, p.Segments)
	}
	return b.String()
}

// roundETA rounds a time left to the second (to the minute above an hour).
func roundETA(d time.Duration) string {
	if d >= time.Hour {
		return d.Round(time.Minute).String()
	}
	return d.Round(time.Second).String()
}
