package query_test

import (
	"fmt"
	"sort"

	"github.com/aws/aws-sdk-go-v2/aws"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/query"
)

// A multi-attribute index key: the partition is the item's own tenant
// (string) and region (number), the sort key its state then total. The
// entity gives no template; a query gives equality on every partition
// attribute, on a leading run of sort attributes, then one range condition
// on the next.
func Example_multiAttributeKey() {
	type Invoice struct {
		ID     string `dynamo:"id"`
		Tenant string `dynamo:"tenant"`
		Region int    `dynamo:"region"`
		State  string `dynamo:"state"`
		Total  int    `dynamo:"total"`
	}
	table := &entity.Table{
		Name:         "billing",
		PartitionKey: entity.S("PK"),
		SortKey:      entity.S("SK"),
		Indexes: []entity.Index{{
			Name:          "ByTenant",
			PartitionKeys: []entity.KeyAttribute{entity.S("tenant"), entity.N("region")},
			SortKeys:      []entity.KeyAttribute{entity.S("state"), entity.N("total")},
		}},
	}
	invoices := entity.MustDefine(table, entity.Config[Invoice]{
		Name:    "Invoice",
		Key:     entity.Key{Partition: "INVOICE#${id}", Sort: "#I"},
		Indexes: []entity.IndexKey[Invoice]{{Index: "ByTenant", Sparse: true}},
	})

	for _, k := range table.CreateTableInput().GlobalSecondaryIndexes[0].KeySchema {
		fmt.Println(aws.ToString(k.AttributeName), k.KeyType)
	}
	in, err := query.New(invoices).Index("ByTenant").
		Where(entity.Values{"tenant": "acme", "region": 3, "state": "due"}).
		Ge(entity.Values{"total": 100}).
		Build()
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(aws.ToString(in.KeyConditionExpression))
	var ps []string
	for p := range in.ExpressionAttributeValues {
		ps = append(ps, p)
	}
	sort.Strings(ps)
	for _, p := range ps {
		fmt.Println(p, show(in.ExpressionAttributeValues[p]))
	}
	// A gap (total without state) is refused before sending.
	_, err = query.New(invoices).Index("ByTenant").Where(entity.Values{"tenant": "acme", "region": 3, "total": 100}).Build()
	fmt.Println(err != nil)
	// Output:
	// tenant HASH
	// region HASH
	// state RANGE
	// total RANGE
	// #tenant = :v0 AND #region = :v1 AND #state = :v2 AND #total >= :v3
	// :v0 "acme"
	// :v1 3
	// :v2 "due"
	// :v3 100
	// true
}
