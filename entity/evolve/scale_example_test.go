package evolve_test

import (
	"fmt"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"

	"github.com/ddbmodel/ddbmodel/entity/evolve"
)

// A job split across three worker processes: each runs the same job with
// its own Share, and takes every third segment. With Checkpoint, each
// segment's progress is kept in the table, so a worker started again
// resumes where it stopped; Build shows the scans a worker sends, without
// I/O.
func ExampleJob_Share() {
	v2 := modelV2()
	job := evolve.Table(evolve.Of(v2.tickets), evolve.Of(v2.comments)).
		Segments(8).PageSize(500).Checkpoint("reindex-2026-11")
	for worker := range 3 {
		ins, err := job.Share(worker, 3).Build()
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("worker %d:", worker)
		for _, in := range ins {
			fmt.Printf(" %d/%d", aws.ToInt32(in.Segment), aws.ToInt32(in.TotalSegments))
		}
		fmt.Println()
	}
	_, err := job.Share(3, 3).Build()
	fmt.Println(err)
	// Output:
	// worker 0: 0/8 3/8 6/8
	// worker 1: 1/8 4/8 7/8
	// worker 2: 2/8 5/8
	// ddbmodel: Share: i must be 0 to 2 (n-1), got 3
}

// The progress line a program prints from its Progress callback; with
// Expected, it says how many items are left and when the job should end.
// After a resume, the items the checkpoints show scanned before count
// towards those left; without Expected, neither is guessed.
func ExampleProgress_String() {
	p := evolve.Progress{Scanned: 12000, Findings: 310, Repaired: 305, Elapsed: 3 * time.Second, Rate: 4000,
		Segments: 16, SegmentsDone: 3, Expected: 50000}
	fmt.Println(p)
	p.ScannedBefore, p.Moved, p.Failed = 20000, 5, 1
	fmt.Println(p)
	p.Expected = 0
	fmt.Println(p)
	dry := evolve.Progress{Scanned: 12000, Findings: 310, DryRun: true, WouldRepair: 305, Rate: 4000}
	fmt.Println(dry)
	// Output:
	// 12000 scanned, 310 findings, 305 repaired, 38000 left, 4000 items/s, ETA 10s (3/16 segments done)
	// 12000 scanned (20000 before), 310 findings, 305 repaired (5 moved), 1 failed, 18000 left, 4000 items/s, ETA 5s (3/16 segments done)
	// 12000 scanned (20000 before), 310 findings, 305 repaired (5 moved), 1 failed, ? left, 4000 items/s, ETA ? (3/16 segments done)
	// 12000 scanned, 310 findings, 305 to repair (dry run), ? left, 4000 items/s, ETA ?
}
