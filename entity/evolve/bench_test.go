package evolve_test

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"github.com/ddbmodel/ddbmodel/entity/evolve"
	"github.com/ddbmodel/ddbmodel/internal/fanout"
)

// benchTickets and benchComments size the benchmarks' table: 4,001 items written
// under model v1 (with the undecodable one), of which 1,901 differ under v2.
const benchTickets, benchComments = 3000, 1000

// BenchmarkScale measures, on DynamoDB Local, the items per second of a
// raw parallel scan doing no work (8 segments, 8 at once, the SDK alone),
// of Verify and of Repair over the same table with the same segments, so
// that the ratios show what the checks and the repairs cost. Repair runs
// on a fresh v1 table each iteration (written with the timer stopped).
//
//	go test ./entity/evolve/ -run '^$' -bench BenchmarkScale -benchtime 3x
func BenchmarkScale(b *testing.B) {
	s := seed(b, benchTickets, benchComments)
	const total = benchTickets + benchComments + 1
	job := func(s *seeded) evolve.Job { return s.tableJob().Segments(8).Workers(8) }
	// Warm DynamoDB Local's scan path (its JIT) before timing anything,
	// so the first sub-benchmark is not the one that pays for it.
	for range 3 {
		if _, err := job(s).Verify(context.Background(), s.db); err != nil {
			b.Fatal(err)
		}
	}
	b.Run("raw-scan", func(b *testing.B) {
		ctx := context.Background()
		for b.Loop() {
			var n atomic.Int64
			errs := fanout.Run(ctx, 8, 8, func(ctx context.Context, seg int) error {
				in := &dynamodb.ScanInput{TableName: aws.String(s.db.TableName), Segment: aws.Int32(int32(seg)), TotalSegments: aws.Int32(8)}
				for {
					out, err := s.db.Client.Scan(ctx, in)
					if err != nil {
						return err
					}
					n.Add(int64(len(out.Items)))
					if len(out.LastEvaluatedKey) == 0 {
						return nil
					}
					in.ExclusiveStartKey = out.LastEvaluatedKey
				}
			})
			for _, err := range errs {
				if err != nil {
					b.Fatal(err)
				}
			}
			if n.Load() != total {
				b.Fatalf("scanned %d, want %d", n.Load(), total)
			}
		}
		b.ReportMetric(float64(total*b.N)/b.Elapsed().Seconds(), "items/s")
	})
	b.Run("verify", func(b *testing.B) {
		for b.Loop() {
			r, err := job(s).Verify(context.Background(), s.db)
			if err != nil || r.Scanned != total {
				b.Fatalf("scanned %d: %v", r.Scanned, err)
			}
		}
		b.ReportMetric(float64(total*b.N)/b.Elapsed().Seconds(), "items/s")
	})
	b.Run("repair", func(b *testing.B) {
		var repaired int64
		var took time.Duration
		for range b.N {
			b.StopTimer()
			fresh := seed(b, benchTickets, benchComments)
			b.StartTimer()
			start := time.Now()
			r, _ := job(fresh).Repair(context.Background(), fresh.db)
			took += time.Since(start)
			if r.Scanned != total || r.Repaired == 0 || len(r.Failed) != 1 {
				b.Fatalf("scanned %d, repaired %d, failed %d", r.Scanned, r.Repaired, len(r.Failed))
			}
			repaired += r.Repaired
		}
		b.ReportMetric(float64(total*b.N)/took.Seconds(), "items/s")
		b.ReportMetric(float64(repaired)/took.Seconds(), "repaired/s")
	})
}
