package loadbench_test

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/google/go-cmp/cmp"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/txn"
)

// concurrency is the chunks in flight at once for both loaders: the
// library's default (txn.BatchOptions.Concurrency).
const concurrency = 4

// libLoad writes the articles through txn.BatchWrite.
func libLoad(ctx context.Context, db *entity.DB, articles *entity.Entity[article], as []article) error {
	ops := make([]entity.BatchWriter, len(as))
	for i, a := range as {
		ops[i] = articles.Put(a)
	}
	return txn.BatchWrite(ctx, db, txn.BatchOptions{Concurrency: concurrency}, ops...)
}

// rawLoad is libLoad written by hand: each article checked and encoded
// (rawItem), chunks of 25 sent by concurrency goroutines with
// BatchWriteItem, unprocessed items sent again after a short backoff.
func rawLoad(ctx context.Context, client *dynamodb.Client, table string, as []article) error {
	reqs := make([]types.WriteRequest, len(as))
	for i, a := range as {
		item, err := rawItem(a)
		if err != nil {
			return err
		}
		reqs[i] = types.WriteRequest{PutRequest: &types.PutRequest{Item: item}}
	}
	chunks := make(chan []types.WriteRequest)
	var wg sync.WaitGroup
	errs := make([]error, concurrency)
	for g := range concurrency {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for chunk := range chunks {
				if errs[g] != nil {
					continue // drain
				}
				pending := map[string][]types.WriteRequest{table: chunk}
				for attempt := 0; len(pending) > 0; attempt++ {
					if attempt == 10 {
						errs[g] = fmt.Errorf("%d items unprocessed after 10 attempts", len(pending[table]))
						break
					}
					if attempt > 0 {
						time.Sleep(time.Duration(attempt) * 20 * time.Millisecond)
					}
					out, err := client.BatchWriteItem(ctx, &dynamodb.BatchWriteItemInput{RequestItems: pending})
					if err != nil {
						errs[g] = err
						break
					}
					pending = out.UnprocessedItems
				}
			}
		}()
	}
	for len(reqs) > 0 {
		n := min(25, len(reqs))
		chunks <- reqs[:n]
		reqs = reqs[n:]
	}
	close(chunks)
	wg.Wait()
	return errors.Join(errs...)
}

// scanAll reads every item of the table, sorted by table key.
func scanAll(t testing.TB, client *dynamodb.Client, table string) []map[string]types.AttributeValue {
	t.Helper()
	var items []map[string]types.AttributeValue
	p := dynamodb.NewScanPaginator(client, &dynamodb.ScanInput{TableName: aws.String(table)})
	for p.HasMorePages() {
		out, err := p.NextPage(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		items = append(items, out.Items...)
	}
	key := func(it map[string]types.AttributeValue) string {
		return it["PK"].(*types.AttributeValueMemberS).Value + "/" + it["SK"].(*types.AttributeValueMemberS).Value
	}
	slices.SortFunc(items, func(a, b map[string]types.AttributeValue) int { return strings.Compare(key(a), key(b)) })
	return items
}

// TestRawLoadWritesWhatBatchWriteWrites: the hand-written loader stores
// exactly the items of the library's, so the bulk-load figures compare
// the same work.
func TestRawLoadWritesWhatBatchWriteWrites(t *testing.T) {
	ctx := context.Background()
	table := newTable()
	articles := newArticles(table)
	as := articlesOf(260, 7)
	lib, raw := entitytest.NewDB(t, table), entitytest.NewDB(t, table)
	if err := libLoad(ctx, lib, articles, as); err != nil {
		t.Fatal(err)
	}
	if err := rawLoad(ctx, raw.Client.(*dynamodb.Client), raw.TableName, as); err != nil {
		t.Fatal(err)
	}
	libItems := scanAll(t, lib.Client.(*dynamodb.Client), lib.TableName)
	rawItems := scanAll(t, raw.Client.(*dynamodb.Client), raw.TableName)
	if len(libItems) != len(as) {
		t.Fatalf("the library wrote %d items, want %d", len(libItems), len(as))
	}
	if diff := itemsDiff(libItems, rawItems); diff != "" {
		t.Errorf("the hand-written load stores other items (-library +hand-written):\n%s", diff)
	}
}

// itemsDiff compares raw items, attribute values included.
func itemsDiff(a, b []map[string]types.AttributeValue) string {
	return cmp.Diff(a, b, cmp.Exporter(func(reflect.Type) bool { return true }))
}

// cpuTime is the process's user and system CPU time so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkBulkLoad writes 20,000 articles to a fresh table through
// txn.BatchWrite and through the hand-written loader (rawLoad), the two
// alternating within each iteration (the order swapped every iteration),
// each with 4 chunks in flight. It reports each loader's items per
// second and client CPU per item (this process's rusage; DynamoDB Local
// runs in another process), and the library's throughput as a fraction
// of the hand-written loader's over the same iterations.
//
//	go test ./internal/loadbench/ -run '^$' -bench BulkLoad -benchtime 6x
func BenchmarkBulkLoad(b *testing.B) {
	const n = 20000
	ctx := context.Background()
	table := newTable()
	articles := newArticles(table)
	as := articlesOf(n, 500)
	var libTook, rawTook, libCPU, rawCPU time.Duration
	run := func(lib bool) {
		b.StopTimer()
		db := entitytest.NewDB(b, table)
		b.StartTimer()
		start, cpu := time.Now(), cpuTime()
		var err error
		if lib {
			err = libLoad(ctx, db, articles, as)
		} else {
			err = rawLoad(ctx, db.Client.(*dynamodb.Client), db.TableName, as)
		}
		took, used := time.Since(start), cpuTime()-cpu
		if err != nil {
			b.Fatal(err)
		}
		if lib {
			libTook, libCPU = libTook+took, libCPU+used
		} else {
			rawTook, rawCPU = rawTook+took, rawCPU+used
		}
	}
	i := 0
	for b.Loop() {
		run(i%2 == 0)
		run(i%2 != 0)
		i++
	}
	items := float64(n * i)
	b.ReportMetric(items/libTook.Seconds(), "lib-items/s")
	b.ReportMetric(items/rawTook.Seconds(), "raw-items/s")
	b.ReportMetric(rawTook.Seconds()/libTook.Seconds(), "lib/raw-throughput")
	b.ReportMetric(float64(libCPU.Nanoseconds())/items, "lib-cpu-ns/item")
	b.ReportMetric(float64(rawCPU.Nanoseconds())/items, "raw-cpu-ns/item")
}
