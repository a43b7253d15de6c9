package entity

import (
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	streams "github.com/aws/aws-sdk-go-v2/service/dynamodbstreams/types"
)

// StreamImage converts an image of a DynamoDB Streams record (NewImage or
// OldImage, whose values are the Streams service's types) into an item, so
// that Table.Decode and Entity.Decode read stream records as they read
// query pages.
func StreamImage(image map[string]streams.AttributeValue) map[string]types.AttributeValue {
	if image == nil {
		return nil
	}
	item := make(map[string]types.AttributeValue, len(image))
	for k, v := range image {
		item[k] = streamValue(v)
	}
	return item
}

func streamValue(v streams.AttributeValue) types.AttributeValue {
	switch x := v.(type) {
	case *streams.AttributeValueMemberS:
		return &types.AttributeValueMemberS{Value: x.Value}
	case *streams.AttributeValueMemberN:
		return &types.AttributeValueMemberN{Value: x.Value}
	case *streams.AttributeValueMemberB:
		return &types.AttributeValueMemberB{Value: x.Value}
	case *streams.AttributeValueMemberBOOL:
		return &types.AttributeValueMemberBOOL{Value: x.Value}
	case *streams.AttributeValueMemberNULL:
		return &types.AttributeValueMemberNULL{Value: x.Value}
	case *streams.AttributeValueMemberSS:
		return &types.AttributeValueMemberSS{Value: x.Value}
	case *streams.AttributeValueMemberNS:
		return &types.AttributeValueMemberNS{Value: x.Value}
	case *streams.AttributeValueMemberBS:
		return &types.AttributeValueMemberBS{Value: x.Value}
	case *streams.AttributeValueMemberL:
		l := make([]types.AttributeValue, len(x.Value))
		for i, e := range x.Value {
			l[i] = streamValue(e)
		}
		return &types.AttributeValueMemberL{Value: l}
	case *streams.AttributeValueMemberM:
		return &types.AttributeValueMemberM{Value: StreamImage(x.Value)}
	}
	return &types.AttributeValueMemberNULL{Value: true}
}
