package evolve_test

import (
	"context"
	"testing"
	"time"

	"github.com/ddbmodel/ddbmodel/entity/evolve"
)

// benchDocs sizes BenchmarkMove's table: every doc's table key is stale.
const benchDocs = 2000

// BenchmarkMove measures, on DynamoDB Local, Repair moving every item of a
// table whose sort template changed (one TransactWriteItems per item: a
// conditioned delete and a conditioned put), with BenchmarkScale's
// segments; each iteration on a fresh table written with the timer
// stopped. scans/item is the items scanned per doc: a moved item sorts
// after its old key, and is met again (clean) when a page of its
// segment ends between the two keys.
//
//	go test ./entity/evolve/ -run '^$' -bench 'BenchmarkScale/repair|BenchmarkMove' -benchtime 3x
func BenchmarkMove(b *testing.B) {
	var moved, scanned int64
	var took time.Duration
	for range b.N {
		b.StopTimer()
		d := seedDocs(b, benchDocs)
		b.StartTimer()
		start := time.Now()
		r, err := evolve.Entity(d.v2).Segments(8).Workers(8).Repair(context.Background(), d.db)
		took += time.Since(start)
		if err != nil || r.Moved != benchDocs {
			b.Fatalf("moved %d of %d: %v", r.Moved, benchDocs, err)
		}
		moved += r.Moved
		scanned += r.Scanned
	}
	b.ReportMetric(float64(benchDocs*b.N)/took.Seconds(), "items/s")
	b.ReportMetric(float64(moved)/took.Seconds(), "moved/s")
	b.ReportMetric(float64(scanned)/float64(benchDocs*b.N), "scans/item")
}
