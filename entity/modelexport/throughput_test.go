package modelexport_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
	"github.com/ddbmodel/ddbmodel/entity/modelexport"
)

type order struct {
	OrderID string `dynamo:"orderId"`
	Tenant  string `dynamo:"tenant"`
	Region  int    `dynamo:"region"`
	Status  string `dynamo:"status"`
	Total   int    `dynamo:"total"`
	Expires int64  `dynamo:"expiresAt"`
}

// streamedModel is a provisioned table with a stream and TTL: GSI1 takes
// the table's capacity, ByTenant (a multi-attribute key) its own. With
// every set, it also has a local index and the multi-attribute index,
// which a NoSQL Workbench model cannot declare.
func streamedModel(every bool) *entity.Table {
	table := &entity.Table{
		Name: "orders", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"), TTLAttribute: "expiresAt",
		Indexes: []entity.Index{
			{Name: "GSI1", PartitionKey: entity.S("GSI1PK"), SortKey: entity.S("GSI1SK"), Projection: entity.Projection{Type: types.ProjectionTypeKeysOnly}},
		},
		Stream:      entity.StreamNewAndOldImages,
		Provisioned: &entity.Provisioned{Read: 5, Write: 3},
	}
	cfg := entity.Config[order]{
		Name:    "Order",
		Key:     entity.Key{Partition: "ORDER#${orderId}", Sort: "#META"},
		Indexes: []entity.IndexKey[order]{{Index: "GSI1", Partition: "TENANT#${tenant}", Sort: "ORDER#${orderId}"}},
	}
	if every {
		table.Indexes = append(table.Indexes,
			entity.Index{Name: "ByTenant",
				PartitionKeys: []entity.KeyAttribute{entity.S("tenant"), entity.N("region")},
				SortKeys:      []entity.KeyAttribute{entity.S("status"), entity.N("total")}},
			entity.Index{Name: "LSI1", Local: true, SortKey: entity.S("LSI1SK")})
		table.Provisioned.Indexes = map[string]entity.Throughput{"ByTenant": {Read: 2, Write: 1}}
		cfg.Indexes = append(cfg.Indexes,
			entity.IndexKey[order]{Index: "ByTenant", Sparse: true},
			entity.IndexKey[order]{Index: "LSI1", Sort: "STATUS#${status}"})
	}
	entity.MustDefine(table, cfg)
	return table
}

// TestStreamAndCapacityExports checks every export of a provisioned table
// with a stream against its golden file, and the facts each must state.
func TestStreamAndCapacityExports(t *testing.T) {
	t.Parallel()
	every, plain := streamedModel(true), streamedModel(false)
	cases := []struct {
		file string
		fn   func() ([]byte, error)
		want []string
	}{
		{"orders.cfn.json", func() ([]byte, error) { return modelexport.CloudFormationJSON(every) }, []string{
			`"BillingMode": "PROVISIONED"`, `"ReadCapacityUnits": 5`, `"ReadCapacityUnits": 2`, `"StreamViewType": "NEW_AND_OLD_IMAGES"`}},
		{"orders.cfn.yaml", func() ([]byte, error) { return modelexport.CloudFormationYAML(every) }, []string{
			`BillingMode: "PROVISIONED"`, "WriteCapacityUnits: 3", "WriteCapacityUnits: 1", `StreamViewType: "NEW_AND_OLD_IMAGES"`}},
		{"orders.tf", func() ([]byte, error) { return modelexport.Terraform(every) }, []string{
			`billing_mode     = "PROVISIONED"`, "read_capacity    = 5", "stream_enabled   = true", `stream_view_type = "NEW_AND_OLD_IMAGES"`,
			"read_capacity   = 2", "key_schema {", `key_type       = "RANGE"`, "hashicorp/aws provider " + modelexport.TerraformProvider}},
		{"orders.md", func() ([]byte, error) { return modelexport.DesignDoc(every, entity.LintOptions{}) }, []string{
			"Billing: provisioned (`PROVISIONED`), read 5 and write 3 capacity units; global indexes: `ByTenant` read 2 and write 1, the others the table's. Stream: `NEW_AND_OLD_IMAGES`.",
			"no Workbench export"}},
		{"orders.workbench.json", func() ([]byte, error) { return modelexport.NoSQLWorkbench(plain) }, []string{
			`"BillingMode": "PROVISIONED"`, `"ProvisionedCapacitySettings": {`, `"WriteCapacityUnits": 3`}},
	}
	for _, c := range cases {
		got, err := c.fn()
		if err != nil {
			t.Fatalf("%s: %v", c.file, err)
		}
		for _, w := range c.want {
			if !strings.Contains(string(got), w) {
				t.Errorf("%s lacks %s", c.file, w)
			}
		}
		goldenFile(t, filepath.Join("testdata", c.file), got, "go test ./entity/modelexport -update")
	}
	// The Workbench model of the table with a multi-attribute key is refused.
	if _, err := modelexport.NoSQLWorkbench(every); err == nil {
		t.Error("NoSQLWorkbench: no error for a local index and a multi-attribute key")
	}
}

// TestInvalidDeclarationsAreNotExported checks that every export refuses a
// table whose capacity Validate refuses, with its typed error.
func TestInvalidDeclarationsAreNotExported(t *testing.T) {
	t.Parallel()
	tb := &entity.Table{Name: "t", PartitionKey: entity.S("PK"), Provisioned: &entity.Provisioned{Read: 1, Write: 1, Indexes: map[string]entity.Throughput{"GSI1": {Read: 1, Write: 1}}}}
	for _, f := range modelexport.Files(tb, "t", entity.LintOptions{}) {
		var ve *ddbmodel.ValidationError
		if !errors.As(f.Err, &ve) || !strings.Contains(ve.Reason, `no index "GSI1"`) {
			t.Errorf("%s: err = %v, want *ValidationError naming the missing index", f.Name, f.Err)
		}
	}
}

// TestStreamedProvisionedTableFromExportsOnDynamoDBLocal turns the
// CloudFormation and Terraform exports of the streamed, provisioned table
// back into CreateTable requests (equal to CreateTableInput), creates the
// table from each on DynamoDB Local, and reads back with DescribeTable its
// stream, the capacity of the table and of each global index, and the
// multi-attribute key.
func TestStreamedProvisionedTableFromExportsOnDynamoDBLocal(t *testing.T) {
	t.Parallel()
	model := streamedModel(true)
	want := jsonOf(t, model.CreateTableInput())
	for _, format := range []string{"cloudformation", "terraform"} {
		t.Run(format, func(t *testing.T) {
			t.Parallel()
			var in *dynamodb.CreateTableInput
			var ttl string
			if format == "cloudformation" {
				doc, err := modelexport.CloudFormationJSON(model)
				must(t, err)
				in, ttl = fromCloudFormation(t, doc)
			} else {
				doc, err := modelexport.Terraform(model)
				must(t, err)
				in, ttl = fromTerraform(t, doc)
			}
			if got := jsonOf(t, in); got != want || ttl != "expiresAt" {
				t.Fatalf("read back %s ttl %q\nwant %s", got, ttl, want)
			}
			name := entitytest.NewTable(t, in)
			out, err := entitytest.Client(t).DescribeTable(t.Context(), &dynamodb.DescribeTableInput{TableName: aws.String(name)})
			must(t, err)
			d := out.Table
			if s := d.StreamSpecification; s == nil || !aws.ToBool(s.StreamEnabled) || s.StreamViewType != types.StreamViewTypeNewAndOldImages || d.LatestStreamArn == nil {
				t.Errorf("stream %+v (arn %v), want NEW_AND_OLD_IMAGES", s, d.LatestStreamArn)
			}
			if got := capacityOf(d.ProvisionedThroughput); got != [2]int64{5, 3} {
				t.Errorf("table capacity %v, want [5 3]", got)
			}
			wantIx := map[string][2]int64{"GSI1": {5, 3}, "ByTenant": {2, 1}}
			for _, ix := range d.GlobalSecondaryIndexes {
				n := aws.ToString(ix.IndexName)
				if got := capacityOf(ix.ProvisionedThroughput); got != wantIx[n] {
					t.Errorf("%s capacity %v, want %v", n, got, wantIx[n])
				}
				if n == "ByTenant" && len(ix.KeySchema) != 4 {
					t.Errorf("ByTenant key schema %s, want 4 attributes", jsonOf(t, ix.KeySchema))
				}
			}
			if len(d.GlobalSecondaryIndexes) != 2 || len(d.LocalSecondaryIndexes) != 1 {
				t.Errorf("%d global and %d local indexes, want 2 and 1", len(d.GlobalSecondaryIndexes), len(d.LocalSecondaryIndexes))
			}
		})
	}
}

func capacityOf(p *types.ProvisionedThroughputDescription) [2]int64 {
	if p == nil {
		return [2]int64{}
	}
	return [2]int64{aws.ToInt64(p.ReadCapacityUnits), aws.ToInt64(p.WriteCapacityUnits)}
}

// TestNoSQLWorkbenchCarriesProvisionedCapacity decodes the Workbench model
// of a provisioned table with the format's fields only and reads back its
// billing mode and capacity.
func TestNoSQLWorkbenchCarriesProvisionedCapacity(t *testing.T) {
	t.Parallel()
	doc, err := modelexport.NoSQLWorkbench(streamedModel(false))
	must(t, err)
	var wb wbModel
	dec := json.NewDecoder(bytes.NewReader(doc))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&wb); err != nil {
		t.Fatalf("not a Workbench model: %v", err)
	}
	tb := wb.DataModel[0]
	if tb.BillingMode != "PROVISIONED" || tb.ProvisionedCapacitySettings == nil {
		t.Fatalf("billing %q, capacity %+v", tb.BillingMode, tb.ProvisionedCapacitySettings)
	}
	if p := tb.ProvisionedCapacitySettings.ProvisionedThroughput; p.ReadCapacityUnits != 5 || p.WriteCapacityUnits != 3 {
		t.Errorf("capacity %+v, want read 5, write 3", p)
	}
}
