package entity_test

import (
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"

	"github.com/ddbmodel/ddbmodel/entity"
)

// A table declares its stream and its provisioned capacity once; the
// CreateTable request (and Ensure, and the exports of package
// modelexport) carry them. An index not named in Indexes gets the table's
// units.
func ExampleProvisioned() {
	table := &entity.Table{
		Name: "orders", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"),
		Indexes: []entity.Index{
			{Name: "GSI1", PartitionKey: entity.S("GSI1PK"), SortKey: entity.S("GSI1SK")},
			{Name: "GSI2", PartitionKey: entity.S("GSI2PK")},
		},
		Stream:      entity.StreamNewAndOldImages,
		Provisioned: &entity.Provisioned{Read: 10, Write: 5, Indexes: map[string]entity.Throughput{"GSI2": {Read: 2, Write: 1}}},
	}
	in := table.CreateTableInput()
	fmt.Println(in.BillingMode, aws.ToInt64(in.ProvisionedThroughput.ReadCapacityUnits), aws.ToInt64(in.ProvisionedThroughput.WriteCapacityUnits))
	for _, ix := range in.GlobalSecondaryIndexes {
		fmt.Println(aws.ToString(ix.IndexName), aws.ToInt64(ix.ProvisionedThroughput.ReadCapacityUnits), aws.ToInt64(ix.ProvisionedThroughput.WriteCapacityUnits))
	}
	fmt.Println("stream:", in.StreamSpecification.StreamViewType)

	// Capacity for an index the table lacks is refused before any request.
	table.Provisioned.Indexes["GSI3"] = entity.Throughput{Read: 1, Write: 1}
	fmt.Println(table.Validate())
	// Output:
	// PROVISIONED 10 5
	// GSI1 10 5
	// GSI2 2 1
	// stream: NEW_AND_OLD_IMAGES
	// ddbmodel: invalid attribute Provisioned.Indexes: table "orders" has no index "GSI3" to provision capacity for (its indexes: [GSI1 GSI2])
}
