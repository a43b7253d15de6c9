package loadbench_test

import (
	"context"
	"fmt"
	"runtime"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/query"
	"github.com/ddbmodel/ddbmodel/txn"
)

// heapReport is what streaming a partition through query.All kept on the
// heap.
type heapReport struct {
	items int
	// peakLive is the largest live heap seen at a checkpoint (after a
	// collection), baseLive the live heap before the query.
	peakLive, baseLive uint64
	// peakSampled is the largest heap in use seen at a checkpoint without
	// forcing a collection: what the process held, garbage included.
	peakSampled uint64
}

// count counts one item streamed and, every every items, reads the heap.
func (r *heapReport) count(every int) {
	r.items++
	if r.items%every != 0 {
		return
	}
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	r.peakSampled = max(r.peakSampled, ms.HeapAlloc)
	r.peakLive = max(r.peakLive, liveHeap())
}

// liveHeap is the heap in use after a collection.
func liveHeap() uint64 {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc
}

// stream reads every article of author through query.All on GSI1, pages
// of limit items (0: DynamoDB's 1 MB pages), checking the live heap every
// every items.
func stream(t testing.TB, db *entity.DB, articles *entity.Entity[article], author string, limit, every int) heapReport {
	t.Helper()
	r := heapReport{baseLive: liveHeap()}
	q := query.New(articles).Index("GSI1").Where(entity.Values{"authorId": author})
	if limit > 0 {
		q = q.Limit(limit)
	}
	for a, err := range q.All(context.Background(), db) {
		if err != nil {
			t.Fatal(err)
		}
		if a.AuthorID != author {
			t.Fatalf("article %s of %s in %s's partition", a.ArticleID, a.AuthorID, author)
		}
		r.count(every)
	}
	return r
}

// seedPartitions writes, for each size, that many articles of one author
// ("author-<size>") through txn.BatchWrite.
func seedPartitions(t testing.TB, db *entity.DB, articles *entity.Entity[article], sizes ...int) {
	t.Helper()
	var ops []entity.BatchWriter
	next := 0
	for _, n := range sizes {
		for _, a := range articlesOf(n, 1) {
			a.ArticleID = fmt.Sprintf("a%08d", next)
			a.AuthorID = fmt.Sprintf("author-%d", n)
			next++
			ops = append(ops, articles.Put(a))
		}
	}
	if err := txn.BatchWrite(context.Background(), db, txn.BatchOptions{Concurrency: 8}, ops...); err != nil {
		t.Fatal(err)
	}
}

// TestStreamingKeepsNoPartitionOnTheHeap streams a partition of 6,000
// articles through query.All in pages of 300 and checks, every 300
// articles, that the live heap is within 1 MB of what it was before the
// query. (An All that kept the pages it read, decoded, ends about 1.8 MB
// above it; it stays within 0.1 MB as it is.) A partition of 100,000 is
// BenchmarkStreamPartition's.
func TestStreamingKeepsNoPartitionOnTheHeap(t *testing.T) {
	table := newTable()
	articles := newArticles(table)
	db := entitytest.NewDB(t, table)
	seedPartitions(t, db, articles, 6000)
	r := stream(t, db, articles, "author-6000", 300, 300)
	if r.items != 6000 {
		t.Fatalf("streamed %d articles, want 6000", r.items)
	}
	const bound = 1 << 20
	t.Logf("live heap before %d KB, at most %d KB while streaming", r.baseLive>>10, r.peakLive>>10)
	if r.peakLive > r.baseLive+bound {
		t.Errorf("live heap grew from %d KB to %d KB while streaming 6,000 items, more than %d KB", r.baseLive>>10, r.peakLive>>10, bound>>10)
	}
}

// BenchmarkStreamPartition streams partitions of 10,000 and 100,000
// articles through query.All (DynamoDB's 1 MB pages) and reports the
// heap: the live heap before the query and the largest after a
// collection at each checkpoint (every 1,000 items), and the largest heap
// in use (garbage included) at a checkpoint. Flat streaming memory is the
// same figures for both partitions.
//
//	go test ./internal/loadbench/ -run '^$' -bench StreamPartition -benchtime 1x
func BenchmarkStreamPartition(b *testing.B) {
	table := newTable()
	articles := newArticles(table)
	db := entitytest.NewDB(b, table)
	seedPartitions(b, db, articles, 10000, 100000)
	for _, c := range []struct {
		name   string
		stream func(testing.TB, *entity.DB, *entity.Entity[article], string, int, int) heapReport
	}{{"ddbmodel", stream}, {"sdk-handwritten", streamRaw}} {
		for _, n := range []int{10000, 100000} {
			b.Run(fmt.Sprintf("%s/items=%d", c.name, n), func(b *testing.B) {
				var r heapReport
				for b.Loop() {
					r = c.stream(b, db, articles, fmt.Sprintf("author-%d", n), 0, 1000)
					if r.items != n {
						b.Fatalf("streamed %d articles, want %d", r.items, n)
					}
				}
				b.ReportMetric(float64(r.baseLive)/(1<<20), "MB-live-before")
				b.ReportMetric(float64(r.peakLive)/(1<<20), "MB-live-peak")
				b.ReportMetric(float64(r.peakSampled)/(1<<20), "MB-inuse-peak")
				b.ReportMetric(float64(n*b.N)/b.Elapsed().Seconds(), "items/s")
			})
		}
	}
}

// streamRaw is stream written by hand: the SDK's query paginator on GSI1,
// each item's marker checked and the item decoded by attributevalue.
func streamRaw(t testing.TB, db *entity.DB, _ *entity.Entity[article], author string, limit, every int) heapReport {
	t.Helper()
	r := heapReport{baseLive: liveHeap()}
	in := &dynamodb.QueryInput{
		TableName: aws.String(db.TableName), IndexName: aws.String("GSI1"),
		KeyConditionExpression:    aws.String("#GSI1PK = :v0 AND begins_with(#GSI1SK, :v1)"),
		ExpressionAttributeNames:  map[string]string{"#GSI1PK": "GSI1PK", "#GSI1SK": "GSI1SK"},
		ExpressionAttributeValues: map[string]types.AttributeValue{":v0": &types.AttributeValueMemberS{Value: "AUTHOR#" + author}, ":v1": &types.AttributeValueMemberS{Value: "ARTICLE#"}},
	}
	if limit > 0 {
		in.Limit = aws.Int32(int32(limit))
	}
	p := dynamodb.NewQueryPaginator(db.Client.(*dynamodb.Client), in)
	for p.HasMorePages() {
		out, err := p.NextPage(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		for _, item := range out.Items {
			if m, ok := item["__entity"].(*types.AttributeValueMemberS); !ok || m.Value != "Article" {
				continue
			}
			var a articleRow
			if err := attributevalue.UnmarshalMap(item, &a); err != nil {
				t.Fatal(err)
			}
			if a.AuthorID != author {
				t.Fatalf("article %s of %s in %s's partition", a.ArticleID, a.AuthorID, author)
			}
			r.count(every)
		}
	}
	return r
}
