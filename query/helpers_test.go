package query_test

import (
	"strconv"

	"github.com/ddbmodel/ddbmodel/keys"
)

func shardOf(id string) string { return strconv.Itoa(keys.ShardOf(id, 10)) }
