package entity

import "github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

// keyAttributeTypes returns the declared type (S, N or B) of every key
// attribute of the table and its indexes, by name: a condition or filter
// value for one of them must be of that type, or the comparison is always
// false.
func (t *Table) keyAttributeTypes() map[string]types.ScalarAttributeType {
	m := map[string]types.ScalarAttributeType{}
	add := func(k KeyAttribute) {
		if k.Name != "" {
			m[k.Name] = k.typ()
		}
	}
	add(t.PartitionKey)
	add(t.SortKey)
	for _, ix := range t.Indexes {
		add(ix.PartitionKey)
		add(ix.SortKey)
		for _, k := range ix.PartitionKeys {
			add(k)
		}
		for _, k := range ix.SortKeys {
			add(k)
		}
	}
	return m
}
