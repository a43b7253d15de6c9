package exampleapp

import (
	"context"
	"fmt"
	"slices"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel/entity"
)

// StoredKeys sends in, a built *dynamodb.GetItemInput or
// *dynamodb.QueryInput (every page of a query), and returns the string or
// number attribute attr of each item read, as stored (a number as its
// text), in the order DynamoDB returns the items. With entities given,
// items whose entity marker is none of them are skipped, as a typed read
// skips them. The programs print these values, so that a key shown is the
// key read from the table, never one rebuilt from an item's values. The
// requests go straight to db.Client, past db's observers: they show the
// result and are not part of the access pattern, so a pattern's cost line
// and the -v log leave them out.
func StoredKeys(ctx context.Context, db *entity.DB, in any, attr string, entities ...string) ([]string, error) {
	var items []map[string]types.AttributeValue
	switch in := in.(type) {
	case *dynamodb.GetItemInput:
		c := *in
		c.TableName = &db.TableName
		out, err := db.Client.GetItem(ctx, &c, db.Options...)
		if err != nil {
			return nil, err
		}
		if out.Item != nil {
			items = append(items, out.Item)
		}
	case *dynamodb.QueryInput:
		c := *in
		c.TableName = &db.TableName
		for {
			out, err := db.Client.Query(ctx, &c, db.Options...)
			if err != nil {
				return nil, err
			}
			items = append(items, out.Items...)
			if len(out.LastEvaluatedKey) == 0 {
				break
			}
			c.ExclusiveStartKey = out.LastEvaluatedKey
		}
	default:
		return nil, fmt.Errorf("exampleapp: StoredKeys of a %T", in)
	}
	var keys []string
	for _, it := range items {
		if len(entities) > 0 {
			marker, _ := it[entity.DefaultEntityAttribute].(*types.AttributeValueMemberS)
			if marker == nil || !slices.Contains(entities, marker.Value) {
				continue
			}
		}
		switch v := it[attr].(type) {
		case *types.AttributeValueMemberS:
			keys = append(keys, v.Value)
		case *types.AttributeValueMemberN:
			keys = append(keys, v.Value)
		default:
			return nil, fmt.Errorf("exampleapp: an item without the string or number attribute %s", attr)
		}
	}
	return keys, nil
}
