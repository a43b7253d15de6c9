package evolve

import (
	"fmt"
	"strings"
	"time"
)

// String is a progress line a program can print from the Progress
// callback: items scanned, findings, repaired, items left, the rate and
// the time left (ETA). Items left and the ETA come from Job.Expected when
// given; otherwise the ETA is estimated from the segments done, and the
// items left are not known ("?").
//
//	12000 scanned, 310 findings, 305 repaired, 38000 left, 4000 items/s, ETA 10s (3/16 segments done)
func (p Progress) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d scanned, %d findings, %d repaired, ", p.Scanned, p.Findings, p.Repaired)
	eta := "?"
	switch {
	case p.Expected > 0:
		left := max(p.Expected-p.Scanned, 0)
		fmt.Fprintf(&b, "%d left, ", left)
		if p.Rate > 0 {
			eta = roundETA(time.Duration(float64(left) / p.Rate * float64(time.Second)))
		}
	case p.Segments > 0 && p.SegmentsDone >= p.Segments:
		b.WriteString("0 left, ")
		eta = "0s"
	default:
		b.WriteString("? left, ")
		if p.SegmentsDone > 0 && p.Segments > 0 {
			eta = roundETA(time.Duration(float64(p.Elapsed) * float64(p.Segments-p.SegmentsDone) / float64(p.SegmentsDone)))
		}
	}
	fmt.Fprintf(&b, "%.0f items/s, ETA %s", p.Rate, eta)
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
