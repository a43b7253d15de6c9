package buildbench_test

import (
	"encoding/json"
	"fmt"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/internal/benchmodel"
	"github.com/ddbmodel/ddbmodel/query"
	"github.com/ddbmodel/ddbmodel/txn"
)

// The CMS model of BENCHMARKS.md (package benchmodel): articles and their
// versions in one table.
type article = benchmodel.Article

type version struct {
	ArticleID string `dynamo:"articleId"`
	Version   int    `dynamo:"version"`
	Body      string `dynamo:"body"`
}

// versionRow is the version as hand-written SDK code stores it: the key
// attributes and markers as fields, filled with fmt.Sprintf.
type versionRow struct {
	ArticleID     string `dynamodbav:"articleId"`
	Version       int    `dynamodbav:"version"`
	Body          string `dynamodbav:"body"`
	PK            string `dynamodbav:"PK"`
	SK            string `dynamodbav:"SK"`
	Entity        string `dynamodbav:"__entity"`
	EntityVersion string `dynamodbav:"__entity_version"`
}

var (
	table    = benchmodel.NewTable("bench")
	articles = benchmodel.DefineArticles(table)
	versions = entity.MustDefine(table, entity.Config[version]{
		Name: "ArticleVersion",
		Key:  entity.Key{Partition: "ARTICLE#${articleId}", Sort: "VERSION#${version:pad(10)}"},
	})

	// Variables, as IDs are in real code (a constant boxes into an
	// interface without allocating).
	articleID = "01HZX3J5Q8K1V2"
	authorID  = "author-42"
	status    = "published"
	body      = "Single-table design in Go, version 4"
	nextVer   = 4

	sinkUpdate *dynamodb.UpdateItemInput
	sinkQuery  *dynamodb.QueryInput
	sinkTx     *dynamodb.TransactWriteItemsInput
)

// libUpdate: a plain status update with a condition.
func libUpdate() (*dynamodb.UpdateItemInput, error) {
	return articles.Update(entity.Values{"articleId": articleID}).
		Set("status", status).
		If(entity.Attr("status").Eq("draft")).Build()
}

// libQuery: the articles of an author on GSI1, a begins_with on the sort key.
func libQuery() (*dynamodb.QueryInput, error) {
	return query.New(articles).Index("GSI1").Where(entity.Values{"authorId": authorID}).Build()
}

// libTx: create the next version and move the article's current version
// to it, if the article is still at the previous one.
func libTx() (*dynamodb.TransactWriteItemsInput, error) {
	return txn.Write(
		versions.Create(version{ArticleID: articleID, Version: nextVer, Body: body}),
		articles.Update(entity.Values{"articleId": articleID}).
			Set("currentVersion", nextVer).
			If(entity.Attr("currentVersion").Eq(nextVer-1)),
	).Build()
}

// sdkUpdate is libUpdate written by hand: the same checks (the status is
// one of the enum, the key value is not empty and holds no delimiter), the
// key by fmt.Sprintf, the expressions as literals.
func sdkUpdate() (*dynamodb.UpdateItemInput, error) {
	if status != "draft" && status != "published" && status != "archived" {
		return nil, fmt.Errorf("status %q: not one of the enum", status)
	}
	if articleID == "" || strings.Contains(articleID, "#") {
		return nil, fmt.Errorf("articleId %q: empty or holds #", articleID)
	}
	return &dynamodb.UpdateItemInput{
		TableName: aws.String("bench"),
		Key: map[string]types.AttributeValue{
			"PK": &types.AttributeValueMemberS{Value: fmt.Sprintf("ARTICLE#%s", articleID)},
			"SK": &types.AttributeValueMemberS{Value: "#METADATA"},
		},
		UpdateExpression:         aws.String("SET #status = :v0"),
		ConditionExpression:      aws.String("(#__entity = :v1) AND (#status = :v2)"),
		ExpressionAttributeNames: map[string]string{"#__entity": "__entity", "#status": "status"},
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":v0": &types.AttributeValueMemberS{Value: status},
			":v1": &types.AttributeValueMemberS{Value: "Article"},
			":v2": &types.AttributeValueMemberS{Value: "draft"},
		},
		ReturnValues:                        types.ReturnValueAllNew,
		ReturnValuesOnConditionCheckFailure: types.ReturnValuesOnConditionCheckFailureAllOld,
	}, nil
}

// sdkQuery is libQuery written by hand.
func sdkQuery() (*dynamodb.QueryInput, error) {
	if authorID == "" || strings.Contains(authorID, "#") {
		return nil, fmt.Errorf("authorId %q: empty or holds #", authorID)
	}
	return &dynamodb.QueryInput{
		TableName:                aws.String("bench"),
		IndexName:                aws.String("GSI1"),
		KeyConditionExpression:   aws.String("#GSI1PK = :v0 AND begins_with(#GSI1SK, :v1)"),
		ExpressionAttributeNames: map[string]string{"#GSI1PK": "GSI1PK", "#GSI1SK": "GSI1SK"},
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":v0": &types.AttributeValueMemberS{Value: fmt.Sprintf("AUTHOR#%s", authorID)},
			":v1": &types.AttributeValueMemberS{Value: "ARTICLE#"},
		},
	}, nil
}

// sdkTx is libTx written by hand: the version encoded by attributevalue
// with its keys and markers as fields.
func sdkTx() (*dynamodb.TransactWriteItemsInput, error) {
	if articleID == "" || strings.Contains(articleID, "#") {
		return nil, fmt.Errorf("articleId %q: empty or holds #", articleID)
	}
	item, err := attributevalue.MarshalMap(versionRow{
		ArticleID: articleID, Version: nextVer, Body: body,
		PK: fmt.Sprintf("ARTICLE#%s", articleID), SK: fmt.Sprintf("VERSION#%010d", nextVer),
		Entity: "ArticleVersion", EntityVersion: "1",
	})
	if err != nil {
		return nil, err
	}
	return &dynamodb.TransactWriteItemsInput{TransactItems: []types.TransactWriteItem{
		{Put: &types.Put{
			TableName:                           aws.String("bench"),
			Item:                                item,
			ConditionExpression:                 aws.String("attribute_not_exists(#PK)"),
			ExpressionAttributeNames:            map[string]string{"#PK": "PK"},
			ReturnValuesOnConditionCheckFailure: types.ReturnValuesOnConditionCheckFailureAllOld,
		}},
		{Update: &types.Update{
			TableName: aws.String("bench"),
			Key: map[string]types.AttributeValue{
				"PK": &types.AttributeValueMemberS{Value: fmt.Sprintf("ARTICLE#%s", articleID)},
				"SK": &types.AttributeValueMemberS{Value: "#METADATA"},
			},
			UpdateExpression:         aws.String("SET #currentVersion = :v0"),
			ConditionExpression:      aws.String("(#__entity = :v1) AND (#currentVersion = :v2)"),
			ExpressionAttributeNames: map[string]string{"#__entity": "__entity", "#currentVersion": "currentVersion"},
			ExpressionAttributeValues: map[string]types.AttributeValue{
				":v0": &types.AttributeValueMemberN{Value: strconv.Itoa(nextVer)},
				":v1": &types.AttributeValueMemberS{Value: "Article"},
				":v2": &types.AttributeValueMemberN{Value: strconv.Itoa(nextVer - 1)},
			},
			ReturnValuesOnConditionCheckFailure: types.ReturnValuesOnConditionCheckFailureAllOld,
		}},
	}}, nil
}

// TestBaselinesBuildTheSameRequests: each hand-written baseline builds
// exactly the request of the library, so the ratios compare the same work.
func TestBaselinesBuildTheSameRequests(t *testing.T) {
	same := func(name string, lib, sdk any, lerr, serr error) {
		t.Helper()
		sameRequests(t, name, lib, sdk, lerr, serr)
	}
	lu, lerr := libUpdate()
	su, serr := sdkUpdate()
	same("update", lu, su, lerr, serr)
	lq, lerr := libQuery()
	sq, serr := sdkQuery()
	same("query", lq, sq, lerr, serr)
	lt, lerr := libTx()
	st, serr := sdkTx()
	same("transaction", lt, st, lerr, serr)
}

// sameRequests fails unless lib and sdk, requests or lists of them, are
// the same in their JSON form and neither build failed.
func sameRequests(t *testing.T, name string, lib, sdk any, lerr, serr error) {
	t.Helper()
	if lerr != nil || serr != nil {
		t.Fatalf("%s: library error %v, baseline error %v", name, lerr, serr)
	}
	l, err := json.Marshal(lib)
	if err != nil {
		t.Fatal(err)
	}
	s, err := json.Marshal(sdk)
	if err != nil {
		t.Fatal(err)
	}
	if string(l) != string(s) {
		t.Errorf("%s: the baseline builds another request\nlibrary:  %s\nbaseline: %s", name, l, s)
	}
}

// bench runs the library's build and its hand-written baseline as
// sub-benchmarks of one benchmark, so both are timed in the same process.
func bench[R any](b *testing.B, sink *R, lib, sdk func() (R, error)) {
	for _, c := range []struct {
		name  string
		build func() (R, error)
	}{{"ddbmodel", lib}, {"sdk-handwritten", sdk}} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				in, err := c.build()
				if err != nil {
					b.Fatal(err)
				}
				*sink = in
			}
		})
	}
}

// BenchmarkBuildUpdate: a plain status update with a condition.
func BenchmarkBuildUpdate(b *testing.B) { bench(b, &sinkUpdate, libUpdate, sdkUpdate) }

// BenchmarkBuildQuery: a GSI1 query with a begins_with on the sort key.
func BenchmarkBuildQuery(b *testing.B) { bench(b, &sinkQuery, libQuery, sdkQuery) }

// BenchmarkBuildTx: a transaction of a create and a conditioned update.
func BenchmarkBuildTx(b *testing.B) { bench(b, &sinkTx, libTx, sdkTx) }

// TestBuiltRequestsAreTheCallers: a built request's maps and strings are
// the caller's own; changing them changes nothing in the next Build.
func TestBuiltRequestsAreTheCallers(t *testing.T) {
	scribble := func(names map[string]string, values map[string]types.AttributeValue, strs ...*string) {
		for k := range names {
			names[k] = "changed"
		}
		if names != nil {
			names["#extra"] = "extra"
		}
		for k := range values {
			values[k] = &types.AttributeValueMemberS{Value: "changed"}
		}
		if values != nil {
			values[":extra"] = &types.AttributeValueMemberS{Value: "extra"}
		}
		for _, s := range strs {
			if s != nil {
				*s = "changed"
			}
		}
	}
	check := func(name string, build func() (any, error), change func(any)) {
		t.Helper()
		first, err := build()
		if err != nil {
			t.Fatal(err)
		}
		want, _ := json.Marshal(first)
		change(first)
		second, err := build()
		if err != nil {
			t.Fatal(err)
		}
		if got, _ := json.Marshal(second); string(got) != string(want) {
			t.Errorf("%s: changing a built request changed the next:\nwant %s\ngot  %s", name, want, got)
		}
	}
	check("update", func() (any, error) { return libUpdate() }, func(r any) {
		in := r.(*dynamodb.UpdateItemInput)
		scribble(in.ExpressionAttributeNames, in.ExpressionAttributeValues, in.TableName, in.UpdateExpression, in.ConditionExpression)
		in.Key["PK"] = &types.AttributeValueMemberS{Value: "changed"}
	})
	check("query", func() (any, error) { return libQuery() }, func(r any) {
		in := r.(*dynamodb.QueryInput)
		scribble(in.ExpressionAttributeNames, in.ExpressionAttributeValues, in.TableName, in.IndexName, in.KeyConditionExpression)
	})
	check("transaction", func() (any, error) { return libTx() }, func(r any) {
		in := r.(*dynamodb.TransactWriteItemsInput)
		p, u := in.TransactItems[0].Put, in.TransactItems[1].Update
		scribble(p.ExpressionAttributeNames, p.ExpressionAttributeValues, p.TableName, p.ConditionExpression)
		p.Item["body"] = &types.AttributeValueMemberS{Value: "changed"}
		scribble(u.ExpressionAttributeNames, u.ExpressionAttributeValues, u.TableName, u.UpdateExpression, u.ConditionExpression)
		u.Key["SK"] = &types.AttributeValueMemberS{Value: "changed"}
	})
}

// TestBuildAllocations holds the builds to the allocations BENCHMARKS.md
// reports, so that a change that adds some is seen here rather than in the
// next measurement. (Allocation counts do not depend on the machine's
// speed; only a new Go release or a change of the code moves them.)
func TestBuildAllocations(t *testing.T) {
	for _, c := range []struct {
		name  string
		build func() error
		most  float64
	}{
		{"update", func() error { _, err := libUpdate(); return err }, 23},
		{"query", func() error { _, err := libQuery(); return err }, 14},
		{"transaction", func() error { _, err := libTx(); return err }, 48},
	} {
		t.Run(c.name, func(t *testing.T) {
			var err error
			got := testing.AllocsPerRun(200, func() { err = c.build() })
			if err != nil {
				t.Fatal(err)
			}
			most := c.most
			if underRace && c.name != "query" {
				most++
			}
			if got > most {
				t.Errorf("%s build: %v allocations, at most %v expected", c.name, got, most)
			}
		})
	}
}

// TestBuildBytes holds the builds to the bytes BENCHMARKS.md reports, with
// room: the wall-clock cost of a build follows its bytes (the collector
// runs more often the more a build allocates), which allocation counts do
// not show (one 1.5 KB plan counts as one). Under the race detector a
// sync.Pool drops some of what it is given, so the pooled update plan and
// query writer are sometimes allocated anew: the bounds leave room for it.
func TestBuildBytes(t *testing.T) {
	for _, c := range []struct {
		name  string
		build func() error
		// Bytes per build (1,920 / 1,144 / 5,754 measured), and under
		// the race detector (a quarter of the pooled plans and writers
		// made anew: about 2,430 / 1,224 / 6,207).
		most, raceMost uint64
	}{
		{"update", func() error { _, err := libUpdate(); return err }, 2100, 2550},
		{"query", func() error { _, err := libQuery(); return err }, 1250, 1350},
		{"transaction", func() error { _, err := libTx(); return err }, 5900, 6350},
	} {
		t.Run(c.name, func(t *testing.T) {
			const runs = 400
			if err := c.build(); err != nil { // warm up: pools, lazily made tables
				t.Fatal(err)
			}
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			for range runs {
				if err := c.build(); err != nil {
					t.Fatal(err)
				}
			}
			runtime.ReadMemStats(&after)
			most := c.most
			if underRace {
				most = c.raceMost
			}
			got := (after.TotalAlloc - before.TotalAlloc) / runs
			if got > most {
				t.Errorf("%s build: %d bytes, at most %d expected", c.name, got, most)
			}
			t.Logf("%s build: %d bytes (at most %d)", c.name, got, most)
		})
	}
}
