package entity_test

import (
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel/entity"
)

// builtQuery stands for a query builder: Build returns a fixed request.
type builtQuery struct {
	in  *dynamodb.QueryInput
	err error
}

func (q builtQuery) Build() (*dynamodb.QueryInput, error) { return q.in, q.err }

func patternTable(t *testing.T) (*entity.Table, *entity.Entity[lintDoc]) {
	t.Helper()
	tb := &entity.Table{Name: "p", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"), Indexes: []entity.Index{gsi("GSI"), gsi("HSI")}}
	e := entity.MustDefine(tb, entity.Config[lintDoc]{Name: "Doc", Key: entity.Key{Partition: "DOC#${id}", Sort: "DOC"},
		Indexes: []entity.IndexKey[lintDoc]{{Index: "GSI", Partition: "O#${owner}", Sort: "D#${id}"}, {Index: "HSI", Partition: "T#${day}", Sort: "D#${id}"}}})
	return tb, e
}

// TestAccessPatternsCompileInWords checks what the design document shows of
// a pattern: its operation, index and key condition with the names and
// sample values written in (#n10 is not read as #n1 followed by 0).
func TestAccessPatternsCompileInWords(t *testing.T) {
	t.Parallel()
	_, doc := patternTable(t)
	get, err := entity.GetPattern("AP1", "a document by ID", doc.Get(entity.Values{"id": "d1"})).Compile()
	if err != nil || get.Operation != "GetItem" || get.Index != "" || get.KeyCondition != `PK = "DOC#d1" AND SK = "DOC"` || get.Doc != "a document by ID" {
		t.Errorf("get: %+v, %v", get, err)
	}
	q := builtQuery{in: &dynamodb.QueryInput{IndexName: aws.String("GSI"), KeyConditionExpression: aws.String("#n1 = :v1 AND begins_with(#n10, :v10)"),
		ExpressionAttributeNames:  map[string]string{"#n1": "GPK", "#n10": "GSK"},
		ExpressionAttributeValues: map[string]types.AttributeValue{":v1": &types.AttributeValueMemberS{Value: "O#u1"}, ":v10": &types.AttributeValueMemberN{Value: "42"}}}}
	got, err := entity.QueryPattern("AP2", "", q).Compile()
	if err != nil || got.Operation != "Query" || got.Index != "GSI" || got.KeyCondition != `GPK = "O#u1" AND begins_with(GSK, 42)` {
		t.Errorf("query: %+v, %v", got, err)
	}
	if _, err := (entity.AccessPattern{}).Compile(); err == nil {
		t.Error("the zero AccessPattern compiled")
	}
}

// TestAddAccessPatternsRefusesNamelessAndTwice checks that a refused call
// adds none of its patterns.
func TestAddAccessPatternsRefusesNamelessAndTwice(t *testing.T) {
	t.Parallel()
	tb, doc := patternTable(t)
	ap := entity.GetPattern("AP1", "", doc.Get(entity.Values{"id": "d1"}))
	if err := tb.AddAccessPatterns(ap); err != nil {
		t.Fatal(err)
	}
	for _, ps := range [][]entity.AccessPattern{{entity.GetPattern("AP9", "", doc.Get(entity.Values{"id": "d"})), ap}, {entity.GetPattern("", "", doc.Get(entity.Values{"id": "d"}))}} {
		if err := tb.AddAccessPatterns(ps...); err == nil {
			t.Errorf("%d patterns accepted", len(ps))
		}
	}
	if got := tb.AccessPatterns(); len(got) != 1 || got[0].Name() != "AP1" {
		t.Errorf("registered: %v", got)
	}
}

// TestLintReadsTheAccessPatterns checks the lint's use of the patterns: an
// index entities place items in that no pattern reads is unused, and a
// pattern that does not compile is an error; without patterns, neither.
func TestLintReadsTheAccessPatterns(t *testing.T) {
	t.Parallel()
	tb, doc := patternTable(t)
	if got := tb.Lint(entity.LintOptions{}); len(got) != 0 {
		t.Fatalf("no patterns: %v", got)
	}
	onG := builtQuery{in: &dynamodb.QueryInput{IndexName: aws.String("GSI"), KeyConditionExpression: aws.String("#a = :a"),
		ExpressionAttributeNames: map[string]string{"#a": "GPK"}, ExpressionAttributeValues: map[string]types.AttributeValue{":a": &types.AttributeValueMemberS{Value: "O#u1"}}}}
	tb.MustAddAccessPatterns(entity.QueryPattern("by owner", "", onG), entity.GetPattern("broken", "", doc.Get(entity.Values{"owner": "no id"})))
	got := tb.Lint(entity.LintOptions{})
	if len(got) != 2 || got[0].Code != entity.LintPatternBroken || got[0].Severity != entity.Error || !strings.Contains(got[0].Message, `"broken"`) ||
		got[1].Code != entity.LintUnusedIndex || got[1].Index != "HSI" || !strings.Contains(got[1].Message, "access pattern") {
		t.Errorf("got %v, want the broken pattern and index H unread", got)
	}
}
