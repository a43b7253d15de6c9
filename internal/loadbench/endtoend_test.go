package loadbench_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/query"
)

// workers is the goroutines of the end-to-end benchmark.
const workers = 8

// e2e is one end-to-end workload: op runs the i-th operation of a kind.
type e2e struct {
	db       *entity.DB
	client   *dynamodb.Client
	articles *entity.Entity[article]
	as       []article // seeded
	authors  int
}

// The library's operations.

func (w *e2e) libPut(ctx context.Context, i int) error {
	a := w.as[i%len(w.as)]
	a.Title += "!"
	_, err := w.articles.Put(a).Run(ctx, w.db)
	return err
}

func (w *e2e) libGet(ctx context.Context, i int) error {
	a := w.as[i%len(w.as)]
	got, err := w.articles.Get(entity.Values{"articleId": a.ArticleID}).Run(ctx, w.db)
	if err == nil && got.ArticleID != a.ArticleID {
		err = fmt.Errorf("got article %s, want %s", got.ArticleID, a.ArticleID)
	}
	return err
}

func (w *e2e) libQuery(ctx context.Context, i int) error {
	author := fmt.Sprintf("author-%d", i%w.authors)
	got, err := query.New(w.articles).Index("GSI1").Where(entity.Values{"authorId": author}).Collect(ctx, w.db)
	if err == nil && len(got) != len(w.as)/w.authors {
		err = fmt.Errorf("%s has %d articles, want %d", author, len(got), len(w.as)/w.authors)
	}
	return err
}

// The same operations written by hand: the same requests (the put's
// condition that the item is free or an article, the key by
// fmt.Sprintf), the same checks (rawItem's; the marker of every item
// read), attributevalue's decoding.

func (w *e2e) rawPut(ctx context.Context, i int) error {
	a := w.as[i%len(w.as)]
	a.Title += "!"
	item, err := rawItem(a)
	if err != nil {
		return err
	}
	_, err = w.client.PutItem(ctx, &dynamodb.PutItemInput{
		TableName: aws.String(w.db.TableName), Item: item,
		ConditionExpression:                 aws.String("attribute_not_exists(#PK) OR #__entity = :v0"),
		ExpressionAttributeNames:            map[string]string{"#PK": "PK", "#__entity": "__entity"},
		ExpressionAttributeValues:           map[string]types.AttributeValue{":v0": &types.AttributeValueMemberS{Value: "Article"}},
		ReturnValuesOnConditionCheckFailure: types.ReturnValuesOnConditionCheckFailureAllOld,
	})
	return err
}

// rawArticle decodes an item after checking its marker.
func rawArticle(item map[string]types.AttributeValue) (articleRow, error) {
	var a articleRow
	if m, ok := item["__entity"].(*types.AttributeValueMemberS); !ok || m.Value != "Article" {
		return a, fmt.Errorf("not an article")
	}
	err := attributevalue.UnmarshalMap(item, &a)
	return a, err
}

func (w *e2e) rawGet(ctx context.Context, i int) error {
	a := w.as[i%len(w.as)]
	if a.ArticleID == "" || strings.Contains(a.ArticleID, "#") {
		return fmt.Errorf("articleId %q: empty or holds #", a.ArticleID)
	}
	out, err := w.client.GetItem(ctx, &dynamodb.GetItemInput{
		TableName: aws.String(w.db.TableName),
		Key: map[string]types.AttributeValue{
			"PK": &types.AttributeValueMemberS{Value: fmt.Sprintf("ARTICLE#%s", a.ArticleID)},
			"SK": &types.AttributeValueMemberS{Value: "#METADATA"},
		},
	})
	if err != nil {
		return err
	}
	got, err := rawArticle(out.Item)
	if err == nil && got.ArticleID != a.ArticleID {
		err = fmt.Errorf("got article %s, want %s", got.ArticleID, a.ArticleID)
	}
	return err
}

func (w *e2e) rawQuery(ctx context.Context, i int) error {
	author := fmt.Sprintf("author-%d", i%w.authors)
	p := dynamodb.NewQueryPaginator(w.client, &dynamodb.QueryInput{
		TableName: aws.String(w.db.TableName), IndexName: aws.String("GSI1"),
		KeyConditionExpression:   aws.String("#GSI1PK = :v0 AND begins_with(#GSI1SK, :v1)"),
		ExpressionAttributeNames: map[string]string{"#GSI1PK": "GSI1PK", "#GSI1SK": "GSI1SK"},
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":v0": &types.AttributeValueMemberS{Value: fmt.Sprintf("AUTHOR#%s", author)},
			":v1": &types.AttributeValueMemberS{Value: "ARTICLE#"},
		},
	})
	var got []articleRow
	for p.HasMorePages() {
		out, err := p.NextPage(ctx)
		if err != nil {
			return err
		}
		for _, item := range out.Items {
			a, err := rawArticle(item)
			if err != nil {
				return err
			}
			got = append(got, a)
		}
	}
	if len(got) != len(w.as)/w.authors {
		return fmt.Errorf("%s has %d articles, want %d", author, len(got), len(w.as)/w.authors)
	}
	return nil
}

// runWorkers runs ops operations of op on workers goroutines and returns
// the wall time and this process's CPU time they took.
func runWorkers(ctx context.Context, ops int, op func(context.Context, int) error) (wall, cpu time.Duration, err error) {
	var wg sync.WaitGroup
	errs := make([]error, workers)
	start, cpu0 := time.Now(), cpuTime()
	for g := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := g; i < ops; i += workers {
				if err := op(ctx, i); err != nil {
					errs[g] = err
					return
				}
			}
		}()
	}
	wg.Wait()
	wall, cpu = time.Since(start), cpuTime()-cpu0
	for _, e := range errs {
		if e != nil {
			return wall, cpu, e
		}
	}
	return wall, cpu, nil
}

// TestHandWrittenOperationsReadAndWriteTheSame: the hand-written put
// stores what the library's does, and the hand-written get and query read
// the same articles, so the end-to-end figures compare the same work.
func TestHandWrittenOperationsReadAndWriteTheSame(t *testing.T) {
	ctx := context.Background()
	w := newE2E(t, 40, 4)
	lib, raw := entitytest.NewDB(t, newTable()), entitytest.NewDB(t, newTable())
	for i := range w.as {
		w.db = lib
		if err := w.libPut(ctx, i); err != nil {
			t.Fatal(err)
		}
		w.db = raw
		if err := w.rawPut(ctx, i); err != nil {
			t.Fatal(err)
		}
	}
	libItems, rawItems := scanAll(t, w.client, lib.TableName), scanAll(t, w.client, raw.TableName)
	if len(libItems) != len(w.as) {
		t.Fatalf("the library's puts stored %d items, want %d", len(libItems), len(w.as))
	}
	if diff := itemsDiff(libItems, rawItems); diff != "" {
		t.Fatalf("the hand-written puts stored other items (-library +hand-written):\n%s", diff)
	}
	w.db = lib
	for i := range 2 * len(w.as) {
		for _, op := range []func(context.Context, int) error{w.libGet, w.rawGet, w.libQuery, w.rawQuery} {
			if err := op(ctx, i); err != nil {
				t.Fatalf("operation %d: %v", i, err)
			}
		}
	}
}

// newE2E seeds n articles of authors authors on a fresh table.
func newE2E(t testing.TB, n, authors int) *e2e {
	t.Helper()
	table := newTable()
	w := &e2e{articles: newArticles(table), as: articlesOf(n, authors), authors: authors}
	w.db = entitytest.NewDB(t, table)
	w.client = w.db.Client.(*dynamodb.Client)
	if err := libLoad(context.Background(), w.db, w.articles, w.as); err != nil {
		t.Fatal(err)
	}
	return w
}

// BenchmarkEndToEnd runs puts, gets and queries (an author's 5 articles on
// GSI1) against DynamoDB Local from 8 goroutines, through the library and
// through hand-written SDK code doing the same work, and reports for each
// the operations per second and this process's CPU time per operation
// (its rusage: DynamoDB Local runs in another process), and the library's
// CPU per operation as a multiple of the hand-written code's. Each
// iteration runs 2,000 operations of each kind and way, the library and
// the hand-written code alternating (the order swapped every iteration).
//
//	go test ./internal/loadbench/ -run '^$' -bench EndToEnd -benchtime 10x
func BenchmarkEndToEnd(b *testing.B) {
	const ops = 2000
	ctx := context.Background()
	w := newE2E(b, 2000, 400)
	for _, kind := range []struct {
		name     string
		lib, raw func(context.Context, int) error
	}{{"put", w.libPut, w.rawPut}, {"get", w.libGet, w.rawGet}, {"query", w.libQuery, w.rawQuery}} {
		b.Run(kind.name, func(b *testing.B) {
			// Warm both paths (connections, DynamoDB Local's JIT).
			for _, op := range []func(context.Context, int) error{kind.lib, kind.raw} {
				if _, _, err := runWorkers(ctx, 200, op); err != nil {
					b.Fatal(err)
				}
			}
			var libWall, rawWall, libCPU, rawCPU time.Duration
			i := 0
			for b.Loop() {
				for j := range 2 {
					lib := (i+j)%2 == 0
					op := kind.raw
					if lib {
						op = kind.lib
					}
					wall, cpu, err := runWorkers(ctx, ops, op)
					if err != nil {
						b.Fatal(err)
					}
					if lib {
						libWall, libCPU = libWall+wall, libCPU+cpu
					} else {
						rawWall, rawCPU = rawWall+wall, rawCPU+cpu
					}
				}
				i++
			}
			n := float64(ops * i)
			b.ReportMetric(n/libWall.Seconds(), "lib-ops/s")
			b.ReportMetric(n/rawWall.Seconds(), "raw-ops/s")
			b.ReportMetric(float64(libCPU.Microseconds())/n, "lib-cpu-µs/op")
			b.ReportMetric(float64(rawCPU.Microseconds())/n, "raw-cpu-µs/op")
			b.ReportMetric(libCPU.Seconds()/rawCPU.Seconds(), "lib/raw-cpu")
		})
	}
}
