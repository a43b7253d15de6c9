package buildbench_test

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/query"
)

// pageSize is the number of articles a canned query page holds.
const pageSize = 25

// cannedClient answers every Query with the same page of articles and a
// LastEvaluatedKey, with no network: a page benchmark then times only the
// client-side work (building, cursors, decoding).
type cannedClient struct {
	entity.Client // other methods are not called
	out           *dynamodb.QueryOutput
}

func (c cannedClient) Query(context.Context, *dynamodb.QueryInput, ...func(*dynamodb.Options)) (*dynamodb.QueryOutput, error) {
	return c.out, nil
}

// cannedPage is one GSI1 page of pageSize articles of authorID, written as
// the library writes them.
func cannedPage(tb testing.TB) *dynamodb.QueryOutput {
	out := &dynamodb.QueryOutput{}
	for i := range pageSize {
		in, err := articles.Put(article{ArticleID: fmt.Sprintf("a%04d", i), Title: "Title", Slug: "slug", Status: "published",
			AuthorID: authorID, CurrentVersion: 3, Tags: []string{"go", "dynamodb"}, CreatedAt: time.Date(2024, 6, 1, 12, 0, 0, 0, time.UTC)}).Build()
		if err != nil {
			tb.Fatal(err)
		}
		out.Items = append(out.Items, in.Item)
	}
	last := out.Items[pageSize-1]
	out.LastEvaluatedKey = map[string]types.AttributeValue{"PK": last["PK"], "SK": last["SK"], "GSI1PK": last["GSI1PK"], "GSI1SK": last["GSI1SK"]}
	return out
}

// articleRow is the article as hand-written SDK code reads it.
type articleRow struct {
	ArticleID      string    `dynamodbav:"articleId"`
	Title          string    `dynamodbav:"title"`
	Slug           string    `dynamodbav:"slug"`
	Status         string    `dynamodbav:"status"`
	AuthorID       string    `dynamodbav:"authorId"`
	CurrentVersion int       `dynamodbav:"currentVersion"`
	Tags           []string  `dynamodbav:"tags,stringset"`
	CreatedAt      time.Time `dynamodbav:"createdAt"`
}

// sdkPage is a page of the GSI1 query written by hand: the request as
// sdkQuery builds it, the incoming cursor decoded into ExclusiveStartKey,
// the items decoded by attributevalue, and the next cursor encoded (JSON
// of the key, base64url), with the item markers checked.
func sdkPage(ctx context.Context, c entity.Client, cursor string) ([]articleRow, string, error) {
	in, err := sdkQuery()
	if err != nil {
		return nil, "", err
	}
	if cursor != "" {
		raw, err := base64.RawURLEncoding.DecodeString(cursor)
		if err != nil {
			return nil, "", err
		}
		var k map[string]string
		if err := json.Unmarshal(raw, &k); err != nil {
			return nil, "", err
		}
		in.ExclusiveStartKey = map[string]types.AttributeValue{}
		for n, v := range k {
			in.ExclusiveStartKey[n] = &types.AttributeValueMemberS{Value: v}
		}
	}
	out, err := c.Query(ctx, in)
	if err != nil {
		return nil, "", err
	}
	rows := make([]articleRow, 0, len(out.Items))
	for _, it := range out.Items {
		if m, ok := it["__entity"].(*types.AttributeValueMemberS); !ok || m.Value != "Article" {
			continue
		}
		var r articleRow
		if err := attributevalue.UnmarshalMap(it, &r); err != nil {
			return nil, "", err
		}
		rows = append(rows, r)
	}
	next := ""
	if len(out.LastEvaluatedKey) > 0 {
		k := map[string]string{}
		for n, v := range out.LastEvaluatedKey {
			k[n] = v.(*types.AttributeValueMemberS).Value
		}
		raw, err := json.Marshal(k)
		if err != nil {
			return nil, "", err
		}
		next = base64.RawURLEncoding.EncodeToString(raw)
	}
	return rows, next, nil
}

// BenchmarkQueryPage: one page of 25 articles of the GSI1 query, from a
// cursor to the next cursor, against a client that answers at once: the
// library's Page beside the same work written by hand.
func BenchmarkQueryPage(b *testing.B) {
	ctx := context.Background()
	client := cannedClient{out: cannedPage(b)}
	db := entity.NewDB(client, "bench")
	q := query.New(articles).Index("GSI1").Where(entity.Values{"authorId": authorID})
	first, err := q.Page(ctx, db, "")
	if err != nil || len(first.Items) != pageSize || first.Cursor == "" {
		b.Fatalf("first page: %d items, cursor %q, %v", len(first.Items), first.Cursor, err)
	}
	_, sdkCursor, err := sdkPage(ctx, client, "")
	if err != nil {
		b.Fatal(err)
	}
	b.Run("ddbmodel", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			p, err := q.Page(ctx, db, first.Cursor)
			if err != nil || len(p.Items) != pageSize {
				b.Fatal(err)
			}
		}
	})
	b.Run("sdk-handwritten", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			rows, _, err := sdkPage(ctx, client, sdkCursor)
			if err != nil || len(rows) != pageSize {
				b.Fatal(err)
			}
		}
	})
}

// TestQueryPageBaselineReadsTheSameArticles: the hand-written page decodes
// the same articles as the library's, so the benchmark compares equal work.
func TestQueryPageBaselineReadsTheSameArticles(t *testing.T) {
	ctx := context.Background()
	client := cannedClient{out: cannedPage(t)}
	p, err := query.New(articles).Index("GSI1").Where(entity.Values{"authorId": authorID}).Page(ctx, entity.NewDB(client, "bench"), "")
	if err != nil {
		t.Fatal(err)
	}
	rows, next, err := sdkPage(ctx, client, "")
	if err != nil || next == "" || p.Cursor == "" {
		t.Fatalf("next %q, library cursor %q, %v", next, p.Cursor, err)
	}
	if len(rows) != len(p.Items) {
		t.Fatalf("%d rows, %d items", len(rows), len(p.Items))
	}
	for i, a := range p.Items {
		got := article(rows[i])
		if fmt.Sprint(got) != fmt.Sprint(a) {
			t.Errorf("item %d: hand-written %v, library %v", i, got, a)
		}
	}
	if _, _, err := sdkPage(ctx, client, next); err != nil {
		t.Fatal(err)
	}
}
