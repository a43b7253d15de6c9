package modelexport_test

import (
	"fmt"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/modelexport"
)

type invoice struct {
	InvoiceID string `dynamo:"invoiceId"`
	Tenant    string `dynamo:"tenant"`
	Total     int    `dynamo:"total"`
}

// A provisioned table with a stream: the index gets its own capacity and,
// as every global index, is written as key_schema blocks, and the file
// names the provider version that reads them.
func ExampleTerraform_provisioned() {
	table := &entity.Table{Name: "invoices", PartitionKey: entity.S("PK"),
		Indexes: []entity.Index{{Name: "ByTenant",
			PartitionKeys: []entity.KeyAttribute{entity.S("tenant")}, SortKeys: []entity.KeyAttribute{entity.N("total")}}},
		Stream:      entity.StreamNewImage,
		Provisioned: &entity.Provisioned{Read: 10, Write: 5, Indexes: map[string]entity.Throughput{"ByTenant": {Read: 2, Write: 1}}},
	}
	entity.MustDefine(table, entity.Config[invoice]{
		Name:    "Invoice",
		Key:     entity.Key{Partition: "INVOICE#${invoiceId}"},
		Indexes: []entity.IndexKey[invoice]{{Index: "ByTenant"}},
	})
	doc, err := modelexport.Terraform(table)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(string(doc))
	// Output:
	// # Needs the hashicorp/aws provider >= 6.37.0: each global_secondary_index is
	// # declared with key_schema blocks.
	//
	// resource "aws_dynamodb_table" "invoices" {
	//   name             = "invoices"
	//   billing_mode     = "PROVISIONED"
	//   read_capacity    = 10
	//   write_capacity   = 5
	//   stream_enabled   = true
	//   stream_view_type = "NEW_IMAGE"
	//   hash_key         = "PK"
	//
	//   attribute {
	//     name = "PK"
	//     type = "S"
	//   }
	//
	//   attribute {
	//     name = "tenant"
	//     type = "S"
	//   }
	//
	//   attribute {
	//     name = "total"
	//     type = "N"
	//   }
	//
	//   global_secondary_index {
	//     name            = "ByTenant"
	//     projection_type = "ALL"
	//     read_capacity   = 2
	//     write_capacity  = 1
	//
	//     key_schema {
	//       attribute_name = "tenant"
	//       key_type       = "HASH"
	//     }
	//
	//     key_schema {
	//       attribute_name = "total"
	//       key_type       = "RANGE"
	//     }
	//   }
	// }
}
