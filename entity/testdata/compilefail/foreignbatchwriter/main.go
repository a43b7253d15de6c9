package main

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/txn"
)

// rawPut would join a batch write with an item no entity checked (no
// keys rendered, no marker), if entity.BatchWriter were not sealed.
type rawPut struct{}

func (rawPut) BatchWrite() (entity.BatchWrite, error) {
	return entity.BatchWrite{Request: types.WriteRequest{PutRequest: &types.PutRequest{}}}, nil
}

func main() {
	_ = txn.BatchWrite(context.Background(), nil, txn.BatchOptions{}, rawPut{}) // want: does not implement entity.BatchWriter
}
