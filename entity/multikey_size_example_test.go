package entity_test

import (
	"errors"
	"fmt"
	"strings"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/query"
)

// Invoice is keyed in the ByTenant index by its own attributes.
type Invoice struct {
	ID     string `dynamo:"id"`
	Tenant string `dynamo:"tenant"`
	Region int    `dynamo:"region"`
	State  string `dynamo:"state"`
}

// DynamoDB adds up the attributes of each role of a multi-attribute index
// key: together, the partition attributes hold at most 2048 bytes and the
// sort attributes 1024. A write, or a query, over that is refused before
// anything is sent, naming the entity and the largest attribute.
func ExampleIndex_multiAttributeKeySize() {
	table := &entity.Table{Name: "billing", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"),
		Indexes: []entity.Index{{Name: "ByTenant",
			PartitionKeys: []entity.KeyAttribute{entity.S("tenant"), entity.N("region")},
			SortKeys:      []entity.KeyAttribute{entity.S("state")}}}}
	invoices := entity.MustDefine(table, entity.Config[Invoice]{
		Name: "Invoice", Key: entity.Key{Partition: "INVOICE#${id}", Sort: "#I"},
		Indexes: []entity.IndexKey[Invoice]{{Index: "ByTenant"}},
	})
	long := strings.Repeat("t", 2047) // with region 3 (2 bytes): 2049 bytes

	_, err := invoices.Put(Invoice{ID: "i1", Tenant: long, Region: 3, State: "due"}).Build()
	var ve *ddbmodel.ValidationError
	fmt.Println(errors.Is(err, ddbmodel.ErrLimitExceeded), errors.As(err, &ve), ve.Entity, ve.Attribute)

	_, err = query.New(invoices).Index("ByTenant").Where(entity.Values{"tenant": long, "region": 3}).Build()
	var le *ddbmodel.LimitError
	fmt.Println(errors.As(err, &le), le.What, le.Got, "of", le.Limit)
	// Output:
	// true true Invoice tenant
	// true index ByTenant partition key size in bytes 2049 of 2048
}
