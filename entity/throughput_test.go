package entity_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
)

// streamedTable is a provisioned table with a stream: GSI1 takes the
// table's capacity, GSI2 its own, and the local index none.
func streamedTable() *entity.Table {
	return &entity.Table{
		Name: "orders", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"),
		Indexes: []entity.Index{
			{Name: "GSI1", PartitionKey: entity.S("GSI1PK"), SortKey: entity.S("GSI1SK")},
			{Name: "GSI2", PartitionKey: entity.S("GSI2PK")},
			{Name: "LSI1", Local: true, SortKey: entity.S("LSI1SK")},
		},
		Stream:      entity.StreamNewAndOldImages,
		Provisioned: &entity.Provisioned{Read: 5, Write: 3, Indexes: map[string]entity.Throughput{"GSI2": {Read: 2, Write: 1}}},
	}
}

func units(p *types.ProvisionedThroughput) string {
	if p == nil {
		return "none"
	}
	return fmt.Sprintf("%d/%d", aws.ToInt64(p.ReadCapacityUnits), aws.ToInt64(p.WriteCapacityUnits))
}

func TestCreateTableInputCarriesStreamAndProvisionedCapacity(t *testing.T) {
	t.Parallel()
	in := streamedTable().CreateTableInput()
	if in.BillingMode != types.BillingModeProvisioned || units(in.ProvisionedThroughput) != "5/3" {
		t.Errorf("billing %s, table capacity %s; want PROVISIONED 5/3", in.BillingMode, units(in.ProvisionedThroughput))
	}
	want := map[string]string{"GSI1": "5/3", "GSI2": "2/1"}
	for _, ix := range in.GlobalSecondaryIndexes {
		if got := units(ix.ProvisionedThroughput); got != want[aws.ToString(ix.IndexName)] {
			t.Errorf("%s capacity %s, want %s", aws.ToString(ix.IndexName), got, want[aws.ToString(ix.IndexName)])
		}
	}
	if s := in.StreamSpecification; s == nil || !aws.ToBool(s.StreamEnabled) || s.StreamViewType != types.StreamViewTypeNewAndOldImages {
		t.Errorf("StreamSpecification = %+v, want enabled NEW_AND_OLD_IMAGES", s)
	}
	// The zero values: on demand, no stream, no capacity anywhere.
	plain := &entity.Table{Name: "t", PartitionKey: entity.S("PK"), Indexes: []entity.Index{{Name: "G", PartitionKey: entity.S("G")}}}
	in = plain.CreateTableInput()
	if in.BillingMode != types.BillingModePayPerRequest || in.ProvisionedThroughput != nil || in.StreamSpecification != nil || in.GlobalSecondaryIndexes[0].ProvisionedThroughput != nil {
		t.Errorf("zero-value table: billing %s, capacity %s, stream %+v, index capacity %s", in.BillingMode, units(in.ProvisionedThroughput), in.StreamSpecification, units(in.GlobalSecondaryIndexes[0].ProvisionedThroughput))
	}
	for v, name := range map[entity.StreamView]types.StreamViewType{entity.StreamKeysOnly: "KEYS_ONLY", entity.StreamNewImage: "NEW_IMAGE", entity.StreamOldImage: "OLD_IMAGE"} {
		tb := &entity.Table{Name: "t", PartitionKey: entity.S("PK"), Stream: v}
		if got := tb.CreateTableInput().StreamSpecification; got == nil || got.StreamViewType != name || v.String() != string(name) {
			t.Errorf("%v: StreamSpecification %+v, want %s", v, got, name)
		}
	}
}

// tableCalls is a TableClient that counts every call and answers none.
type tableCalls struct {
	entity.Client
	n int
}

func (c *tableCalls) DescribeTable(context.Context, *dynamodb.DescribeTableInput, ...func(*dynamodb.Options)) (*dynamodb.DescribeTableOutput, error) {
	c.n++
	return nil, errors.New("sent")
}

func (c *tableCalls) CreateTable(context.Context, *dynamodb.CreateTableInput, ...func(*dynamodb.Options)) (*dynamodb.CreateTableOutput, error) {
	c.n++
	return nil, errors.New("sent")
}

func (c *tableCalls) DescribeTimeToLive(context.Context, *dynamodb.DescribeTimeToLiveInput, ...func(*dynamodb.Options)) (*dynamodb.DescribeTimeToLiveOutput, error) {
	c.n++
	return nil, errors.New("sent")
}

func (c *tableCalls) UpdateTimeToLive(context.Context, *dynamodb.UpdateTimeToLiveInput, ...func(*dynamodb.Options)) (*dynamodb.UpdateTimeToLiveOutput, error) {
	c.n++
	return nil, errors.New("sent")
}

// TestInvalidCapacityOrStreamIsRefusedBeforeAnyRequest declares each
// mistake and checks that Validate, Define and Ensure refuse it with a
// *ddbmodel.ValidationError naming what is wrong, and that Ensure sends
// nothing.
func TestInvalidCapacityOrStreamIsRefusedBeforeAnyRequest(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, attr, want string
		set              func(*entity.Table)
	}{
		{"zero table units", "Provisioned", `table "orders": provisioned capacity of read 0, write 3`, func(tb *entity.Table) { tb.Provisioned.Read = 0 }},
		{"negative table units", "Provisioned", "read 5, write -1", func(tb *entity.Table) { tb.Provisioned.Write = -1 }},
		{"empty provisioned", "Provisioned", "read 0, write 0", func(tb *entity.Table) { tb.Provisioned = &entity.Provisioned{} }},
		{"zero index units", "Provisioned.Indexes", `index "GSI2": provisioned capacity of read 2, write 0`, func(tb *entity.Table) {
			tb.Provisioned.Indexes["GSI2"] = entity.Throughput{Read: 2}
		}},
		{"unknown index", "Provisioned.Indexes", `has no index "GSI9"`, func(tb *entity.Table) { tb.Provisioned.Indexes["GSI9"] = entity.Throughput{Read: 1, Write: 1} }},
		{"local index", "Provisioned.Indexes", `index "LSI1" is local`, func(tb *entity.Table) { tb.Provisioned.Indexes["LSI1"] = entity.Throughput{Read: 1, Write: 1} }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tb := streamedTable()
			c.set(tb)
			check := func(what string, err error) {
				t.Helper()
				var ve *ddbmodel.ValidationError
				if !errors.As(err, &ve) || ve.Attribute != c.attr || !strings.Contains(ve.Reason, c.want) {
					t.Errorf("%s: err = %v, want *ValidationError on %s saying %q", what, err, c.attr, c.want)
				}
			}
			check("Validate", tb.Validate())
			_, err := entity.Define(tb, entity.Config[lintVersion]{Name: "Version", Key: entity.Key{Partition: "DOC#${docId}", Sort: "V#${version:pad(6)}"}})
			check("Define", err)
			calls := &tableCalls{}
			check("Ensure", tb.Ensure(t.Context(), entity.NewDB(calls, "orders"), time.Second))
			if calls.n != 0 {
				t.Errorf("Ensure sent %d requests", calls.n)
			}
		})
	}
	if err := streamedTable().Validate(); err != nil {
		t.Errorf("the valid declaration: %v", err)
	}
}

// TestEnsureCreatesAStreamedProvisionedTable creates the table with Ensure
// on DynamoDB Local and reads back its stream and capacity.
func TestEnsureCreatesAStreamedProvisionedTable(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	client := entitytest.Client(t)
	name := fmt.Sprintf("ensure-stream-%d", time.Now().UnixNano())
	t.Cleanup(func() {
		_, _ = client.DeleteTable(context.Background(), &dynamodb.DeleteTableInput{TableName: aws.String(name)})
	})
	if err := streamedTable().Ensure(ctx, entity.NewDB(client, name), time.Minute); err != nil {
		t.Fatal(err)
	}
	out, err := client.DescribeTable(ctx, &dynamodb.DescribeTableInput{TableName: aws.String(name)})
	if err != nil {
		t.Fatal(err)
	}
	d := out.Table
	if s := d.StreamSpecification; s == nil || !aws.ToBool(s.StreamEnabled) || s.StreamViewType != types.StreamViewTypeNewAndOldImages || d.LatestStreamArn == nil {
		t.Errorf("stream %+v, arn %v; want NEW_AND_OLD_IMAGES", s, d.LatestStreamArn)
	}
	if p := d.ProvisionedThroughput; p == nil || aws.ToInt64(p.ReadCapacityUnits) != 5 || aws.ToInt64(p.WriteCapacityUnits) != 3 {
		t.Errorf("table capacity %+v, want 5/3", p)
	}
	want := map[string][2]int64{"GSI1": {5, 3}, "GSI2": {2, 1}}
	for _, ix := range d.GlobalSecondaryIndexes {
		p, w := ix.ProvisionedThroughput, want[aws.ToString(ix.IndexName)]
		if p == nil || aws.ToInt64(p.ReadCapacityUnits) != w[0] || aws.ToInt64(p.WriteCapacityUnits) != w[1] {
			t.Errorf("%s capacity %+v, want %v", aws.ToString(ix.IndexName), p, w)
		}
	}
}
