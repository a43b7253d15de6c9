package query

import (
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"github.com/ddbmodel/ddbmodel/internal/expr"
)

// queryOut is one query input being built, in one allocation: the
// placeholder writer, the input and its strings. Each input gets a new
// one, so every built input is the caller's own.
type queryOut struct {
	w    expr.Writer
	in   dynamodb.QueryInput
	strs [3]string // table name, key condition, index name
}
