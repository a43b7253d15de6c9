package entity_test

import (
	"errors"
	"fmt"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
)

// Validate refuses, before any request, a declaration DynamoDB would
// refuse: here an index name of one letter, then capacity beyond
// MaxProvisionedUnits.
func ExampleTable_Validate() {
	table := &entity.Table{Name: "orders", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"),
		Indexes: []entity.Index{{Name: "G", PartitionKey: entity.S("GSI1PK")}}}
	var ve *ddbmodel.ValidationError
	if err := table.Validate(); errors.As(err, &ve) {
		fmt.Println(ve.Attribute+":", ve.Reason)
	}
	table.Indexes[0].Name = "GSI1"
	table.Provisioned = &entity.Provisioned{Read: 1 << 62, Write: 5}
	if err := table.Validate(); errors.As(err, &ve) {
		fmt.Println(ve.Attribute + ": more than MaxProvisionedUnits")
	}
	table.Provisioned.Read = 10
	fmt.Println(table.Validate())
	// Output:
	// Indexes: table "orders": index name "G": DynamoDB takes 3 to 255 characters of a-z, A-Z, 0-9, '_', '-' and '.'
	// Provisioned: more than MaxProvisionedUnits
	// <nil>
}

// A SharesKeysWith entry that names no entity of the table is a
// stale-shares finding, with the nearest name.
func ExampleTable_Lint_staleShares() {
	type user struct {
		ID string `dynamo:"id"`
	}
	table := &entity.Table{Name: "accounts", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
	entity.MustDefine(table, entity.Config[user]{Name: "User", Key: entity.Key{Partition: "ACCOUNT#${id}", Sort: "ACCOUNT"}, SharesKeysWith: []string{"Organisation"}})
	entity.MustDefine(table, entity.Config[user]{Name: "Organization", Key: entity.Key{Partition: "ACCOUNT#${id}", Sort: "ACCOUNT"}, SharesKeysWith: []string{"User"}})
	for _, f := range table.Lint(entity.LintOptions{}) {
		fmt.Println(f)
	}
	// Output:
	// warning stale-shares (table): User names "Organisation" in SharesKeysWith, which is no entity of table accounts, so it shares nothing; remove it or write "Organization"
}
