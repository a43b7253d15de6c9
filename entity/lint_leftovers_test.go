package entity_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/query"
)

func findingsOf(fs []entity.Finding, code string) []entity.Finding {
	var out []entity.Finding
	for _, f := range fs {
		if f.Code == code {
			out = append(out, f)
		}
	}
	return out
}

// Provisioned capacity above DynamoDB's default quota of 40,000 units per
// table and per global index is a warning saying the quota is raisable.
func TestLintCapacityQuota(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		p    *entity.Provisioned
		want []string // the findings' indexes
	}{
		{&entity.Provisioned{Read: 40_000, Write: 40_000}, nil},
		{&entity.Provisioned{Read: 40_001, Write: 5}, []string{"", "GSI1", ""}}, // the last: the sum above 80,000
		{&entity.Provisioned{Read: 5, Write: 5, Indexes: map[string]entity.Throughput{"GSI1": {Read: 5, Write: 50_000}}}, []string{"GSI1"}},
	} {
		tbl := &entity.Table{Name: "cap", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"),
			Indexes:     []entity.Index{{Name: "GSI1", PartitionKey: entity.S("GSI1PK"), SortKey: entity.S("GSI1SK")}},
			Provisioned: tc.p}
		got := findingsOf(tbl.Lint(entity.LintOptions{}), entity.LintCapacityQuota)
		var ixs []string
		for _, f := range got {
			ixs = append(ixs, f.Index)
			if f.Severity != entity.Warning || !strings.Contains(f.Message, "raisable") || !strings.Contains(f.Message, "40000") && !strings.Contains(f.Message, "80000") {
				t.Errorf("finding %v", f)
			}
		}
		if !slices.Equal(ixs, tc.want) {
			t.Errorf("%+v: findings on %q, want %q", tc.p, ixs, tc.want)
		}
	}
}

// A TTLAttribute that no entity stores is a warning with a "did you mean".
func TestLintTTLUnstored(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ ttl, want string }{
		{"expiresAT", `did you mean "expiresAt"`},
		{"expiresAt", ""},
		{"zzz", "stored by no entity"},
	} {
		tbl := &entity.Table{Name: "sessions", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"), TTLAttribute: tc.ttl}
		entity.MustDefine(tbl, entity.Config[Session]{Name: "Session", Key: entity.Key{Partition: "USER#${user}", Sort: "SESSION#${id}"}})
		got := findingsOf(tbl.Lint(entity.LintOptions{}), entity.LintTTLUnstored)
		if tc.want == "" {
			if len(got) != 0 {
				t.Errorf("TTL %q: %v", tc.ttl, got)
			}
			continue
		}
		if len(got) != 1 || got[0].Severity != entity.Warning || !strings.Contains(got[0].Message, tc.want) || !strings.Contains(got[0].Message, tc.ttl) {
			t.Errorf("TTL %q: findings %v, want one with %q", tc.ttl, got, tc.want)
		}
		if tc.ttl == "zzz" && strings.Contains(got[0].Message, "did you mean") {
			t.Errorf("TTL zzz suggests a name far from it: %v", got[0])
		}
	}
}

// A SortFunc without SortUses is refused: an update could not know when to
// recompute the key, which would go stale.
func TestDefineRefusesSortFuncWithoutUses(t *testing.T) {
	t.Parallel()
	tbl := ovTable()
	_, err := entity.Define(tbl, entity.Config[ovItem]{Name: "A", Key: ovKey("A#${id}", "A"),
		Indexes: []entity.IndexKey[ovItem]{{Index: "GSI1", Partition: "S#${status}", SortFunc: func(it ovItem) (string, error) { return it.X, nil }}}})
	var ve *ddbmodel.ValidationError
	if !errors.As(err, &ve) || ve.Entity != "A" || ve.Attribute != "GSI1SK" || !strings.Contains(ve.Reason, "SortUses") {
		t.Fatalf("Define = %v, want a *ValidationError for A, GSI1SK, naming SortUses", err)
	}
	if _, err := entity.Define(tbl, entity.Config[ovItem]{Name: "A", Key: ovKey("A#${id}", "A"),
		Indexes: []entity.IndexKey[ovItem]{{Index: "GSI1", Partition: "S#${status}", SortFunc: func(it ovItem) (string, error) { return it.X, nil }, SortUses: []string{"x"}}}}); err != nil {
		t.Fatalf("with SortUses: %v", err)
	}
}

// A pattern broken by a consistent read on a global index is filed under
// that index, which is then not reported unused.
func TestLintBrokenPatternFiledUnderItsIndex(t *testing.T) {
	t.Parallel()
	tbl := ovTable()
	a := entity.MustDefine(tbl, entity.Config[ovItem]{Name: "A", Key: ovKey("A#${id}", "A"),
		Indexes: []entity.IndexKey[ovItem]{{Index: "GSI1", Partition: "S#${status}", Sort: "A#${id}"}}})
	if err := tbl.AddAccessPatterns(
		entity.QueryPattern("by status", "consistent, by mistake", query.New(a).Index("GSI1").Where(entity.Values{"status": "s"}).Consistent()),
		entity.GetPattern("one", "by id", a.Get(entity.Values{"id": "1"})),
	); err != nil {
		t.Fatal(err)
	}
	fs := tbl.Lint(entity.LintOptions{})
	broken := findingsOf(fs, entity.LintPatternBroken)
	if len(broken) != 1 || broken[0].Index != "GSI1" || !strings.Contains(broken[0].Message, "by status") {
		t.Errorf("pattern-broken findings = %v, want one on GSI1", broken)
	}
	for _, f := range findingsOf(fs, entity.LintUnusedIndex) {
		if f.Index == "GSI1" {
			t.Errorf("the index the broken pattern reads is reported unused: %v", f)
		}
	}
}

// Ensure over an existing table that lacks a global index the model
// declares returns a *ddbmodel.TableMismatchError naming it, and changes
// nothing; a table that fits gives nil.
func TestEnsureReportsATableThatDoesNotFit(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	model := ovTable()
	client := entitytest.Client(t)
	create := func(name string, drop bool) {
		in := model.CreateTableInput()
		in.TableName = aws.String(name)
		if drop {
			in.GlobalSecondaryIndexes = in.GlobalSecondaryIndexes[1:] // no GSI1
			// DynamoDB refuses attribute definitions no key uses.
			in.AttributeDefinitions = slices.DeleteFunc(in.AttributeDefinitions, func(d types.AttributeDefinition) bool {
				return strings.HasPrefix(aws.ToString(d.AttributeName), "GSI1")
			})
		}
		if _, err := client.CreateTable(ctx, in); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() {
			_, _ = client.DeleteTable(context.Background(), &dynamodb.DeleteTableInput{TableName: aws.String(name)})
		})
	}
	stamp := time.Now().UnixNano()
	lacking, fitting := fmt.Sprintf("lacking-%d", stamp), fmt.Sprintf("fitting-%d", stamp)
	create(lacking, true)
	create(fitting, false)
	err := model.Ensure(ctx, entity.NewDB(client, lacking), time.Minute)
	var me *ddbmodel.TableMismatchError
	if !errors.As(err, &me) {
		t.Fatalf("Ensure of a table without GSI1 = %v, want a *ddbmodel.TableMismatchError", err)
	}
	if me.Table != lacking || !slices.Equal(me.Differences, []string{"global index GSI1 is missing"}) {
		t.Errorf("TableMismatchError = %+v", me)
	}
	out, err := client.DescribeTable(ctx, &dynamodb.DescribeTableInput{TableName: aws.String(lacking)})
	if err != nil || len(out.Table.GlobalSecondaryIndexes) != 1 {
		t.Errorf("the existing table was changed: %v, %d global indexes", err, len(out.Table.GlobalSecondaryIndexes))
	}
	if err := model.Ensure(ctx, entity.NewDB(client, fitting), time.Minute); err != nil {
		t.Errorf("Ensure of a fitting table = %v", err)
	}
	// A stream and TTL the model declares but the table lacks are listed too.
	streamed := ovTable()
	streamed.Stream, streamed.TTLAttribute = entity.StreamNewImage, "ttl"
	err = streamed.Ensure(ctx, entity.NewDB(client, fitting), time.Minute)
	if !errors.As(err, &me) || len(me.Differences) != 2 || !strings.Contains(me.Differences[0], "no stream") || !strings.Contains(me.Differences[1], "time to live is off") {
		t.Errorf("Ensure with stream and TTL = %v", err)
	}
}
