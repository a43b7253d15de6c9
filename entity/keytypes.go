package entity

import (
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// keyAttributeTypes returns the declared type (S, N or B) of every key
// attribute of the table and its indexes, by name, as CreateTableInput
// defines them: a condition or filter value for one of them must be of
// that type, or the comparison is always false.
func (t *Table) keyAttributeTypes() map[string]types.ScalarAttributeType {
	defs := t.CreateTableInput().AttributeDefinitions
	m := make(map[string]types.ScalarAttributeType, len(defs))
	for _, d := range defs {
		m[aws.ToString(d.AttributeName)] = d.AttributeType
	}
	return m
}
