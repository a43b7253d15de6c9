package entity_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
)

// ensureTestTable creates in on DynamoDB Local under a fresh name and
// deletes it when the test ends.
func ensureTestTable(t *testing.T, client *dynamodb.Client, prefix string, in *dynamodb.CreateTableInput) string {
	t.Helper()
	name := fmt.Sprintf("%s-%d", prefix, time.Now().UnixNano())
	in.TableName = aws.String(name)
	if _, err := client.CreateTable(t.Context(), in); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_, _ = client.DeleteTable(context.Background(), &dynamodb.DeleteTableInput{TableName: aws.String(name)})
	})
	return name
}

func gsiOnlyTable(p *entity.Provisioned, proj entity.Projection) *entity.Table {
	return &entity.Table{
		Name: "capacity", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"), Provisioned: p,
		Indexes: []entity.Index{{Name: "GSI1", PartitionKey: entity.S("GSI1PK"), SortKey: entity.S("GSI1SK"), Projection: proj}},
	}
}

// Ensure over an existing provisioned table reports other read or write
// units, of the table and of each global index, as differences, and
// changes neither.
func TestEnsureComparesProvisionedCapacity(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	client := entitytest.Client(t)
	existing := gsiOnlyTable(&entity.Provisioned{Read: 10, Write: 10,
		Indexes: map[string]entity.Throughput{"GSI1": {Read: 3, Write: 4}}}, entity.Projection{})
	name := ensureTestTable(t, client, "capacity", existing.CreateTableInput())

	if err := existing.Ensure(ctx, entity.NewDB(client, name), time.Minute); err != nil {
		t.Fatalf("Ensure of the table as created = %v", err)
	}
	declared := gsiOnlyTable(&entity.Provisioned{Read: 5, Write: 5}, entity.Projection{})
	err := declared.Ensure(ctx, entity.NewDB(client, name), time.Minute)
	var me *ddbmodel.TableMismatchError
	if !errors.As(err, &me) {
		t.Fatalf("Ensure of a 5/5 model over a 10/10 table = %v, want a *ddbmodel.TableMismatchError", err)
	}
	want := []string{
		"the table is provisioned with 10 read and 10 write units, the model with 5 and 5",
		"global index GSI1 is provisioned with 3 read and 4 write units, the model with 5 and 5",
	}
	if !slices.Equal(me.Differences, want) {
		t.Errorf("Differences = %q, want %q", me.Differences, want)
	}
	out, err := client.DescribeTable(ctx, &dynamodb.DescribeTableInput{TableName: aws.String(name)})
	if err != nil {
		t.Fatal(err)
	}
	if r := aws.ToInt64(out.Table.ProvisionedThroughput.ReadCapacityUnits); r != 10 {
		t.Errorf("the table's read units were changed to %d", r)
	}
	if r := aws.ToInt64(out.Table.GlobalSecondaryIndexes[0].ProvisionedThroughput.ReadCapacityUnits); r != 3 {
		t.Errorf("GSI1's read units were changed to %d", r)
	}
	// Only the index differs.
	indexOnly := gsiOnlyTable(&entity.Provisioned{Read: 10, Write: 10}, entity.Projection{})
	if err := indexOnly.Ensure(ctx, entity.NewDB(client, name), time.Minute); !errors.As(err, &me) ||
		!slices.Equal(me.Differences, []string{"global index GSI1 is provisioned with 3 read and 4 write units, the model with 10 and 10"}) {
		t.Errorf("Ensure with only GSI1's units other = %v", err)
	}
}

// An existing index that projects a superset of the declared projection
// serves every read of the model, so it fits; a subset does not.
func TestEnsureAcceptsASupersetProjection(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	client := entitytest.Client(t)
	include := func(attrs ...string) entity.Projection {
		return entity.Projection{Type: types.ProjectionTypeInclude, Attributes: attrs}
	}
	all, keysOnly := entity.Projection{}, entity.Projection{Type: types.ProjectionTypeKeysOnly}
	for _, tc := range []struct {
		name          string
		existing, mod entity.Projection
		fits          bool
	}{
		{"include-superset", include("a", "b", "c"), include("a", "b"), true},
		{"include-same", include("a", "b"), include("b", "a"), true},
		{"all-for-include", all, include("a"), true},
		{"all-for-keys", all, keysOnly, true},
		{"include-for-keys", include("a"), keysOnly, true},
		{"include-subset", include("a"), include("a", "b"), false},
		{"keys-for-include", keysOnly, include("a"), false},
		{"include-for-all", include("a"), all, false},
		{"keys-for-all", keysOnly, all, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			name := ensureTestTable(t, client, "proj-"+tc.name, gsiOnlyTable(nil, tc.existing).CreateTableInput())
			err := gsiOnlyTable(nil, tc.mod).Ensure(ctx, entity.NewDB(client, name), time.Minute)
			var me *ddbmodel.TableMismatchError
			switch {
			case tc.fits && err != nil:
				t.Errorf("Ensure = %v, want nil", err)
			case !tc.fits && (!errors.As(err, &me) || len(me.Differences) != 1):
				t.Errorf("Ensure = %v, want a *ddbmodel.TableMismatchError with one difference", err)
			}
		})
	}
}

// flakyTTL fails its first UpdateTimeToLive.
type flakyTTL struct {
	*dynamodb.Client
	calls atomic.Int32
}

var errTTLOnce = errors.New("injected: UpdateTimeToLive fails once")

func (c *flakyTTL) UpdateTimeToLive(ctx context.Context, in *dynamodb.UpdateTimeToLiveInput, optFns ...func(*dynamodb.Options)) (*dynamodb.UpdateTimeToLiveOutput, error) {
	if c.calls.Add(1) == 1 {
		return nil, errTTLOnce
	}
	return c.Client.UpdateTimeToLive(ctx, in, optFns...)
}

// When enabling TTL fails after Ensure created the table, Ensure returns
// that error, and running Ensure again finishes the job: TTL is on.
func TestEnsureRetryFinishesAFailedTTLStep(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	client := entitytest.Client(t)
	for _, model := range []*entity.Table{
		gsiOnlyTable(nil, entity.Projection{Type: types.ProjectionTypeInclude, Attributes: []string{"a"}}),
		gsiOnlyTable(&entity.Provisioned{Read: 2, Write: 3}, entity.Projection{}),
		ovTable(),
	} {
		model.TTLAttribute = "exp"
		name := fmt.Sprintf("ttl-retry-%d", time.Now().UnixNano())
		t.Cleanup(func() {
			_, _ = client.DeleteTable(context.Background(), &dynamodb.DeleteTableInput{TableName: aws.String(name)})
		})
		db := entity.NewDB(&flakyTTL{Client: client}, name)
		if err := model.Ensure(ctx, db, time.Minute); !errors.Is(err, errTTLOnce) {
			t.Fatalf("first Ensure = %v, want the injected error", err)
		}
		if err := model.Ensure(ctx, db, time.Minute); err != nil {
			t.Fatalf("Ensure again = %v, want nil", err)
		}
		out, err := client.DescribeTimeToLive(ctx, &dynamodb.DescribeTimeToLiveInput{TableName: aws.String(name)})
		if err != nil || out.TimeToLiveDescription.TimeToLiveStatus != types.TimeToLiveStatusEnabled ||
			aws.ToString(out.TimeToLiveDescription.AttributeName) != "exp" {
			t.Errorf("TTL after the retry: %v, %+v", err, out)
		}
	}
}
