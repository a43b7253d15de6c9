package query

import (
	"sync"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"github.com/ddbmodel/ddbmodel/internal/expr"
)

// queryOut is one query input being built, in one allocation: the input
// and its strings; w, the placeholder writer it is written with, is
// borrowed from writers until done. Each input gets a new queryOut, so
// every built input is the caller's own.
type queryOut struct {
	w    *expr.Writer // from writers; nil once done
	in   dynamodb.QueryInput
	strs [3]string // table name, key condition, index name
}

// writers holds placeholder writers for reuse, reset to their zero value:
// a written input keeps the maps a writer made, not the writer, so a
// built input does not carry the writer's lookup arrays.
var writers = sync.Pool{New: func() any { return new(expr.Writer) }}

// newQueryOut returns a queryOut with a writer from writers.
func newQueryOut() *queryOut { return &queryOut{w: writers.Get().(*expr.Writer)} }

// done returns q's writer to writers, once q's input holds the names and
// values it wrote. A query that panicked leaves it to the collector.
func (q *queryOut) done() {
	*q.w = expr.Writer{}
	writers.Put(q.w)
	q.w = nil
}
