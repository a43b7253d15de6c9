package query

import (
	"sync"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

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
	// keyS holds the key condition's string values (the partition key and
	// up to two sort bounds): keyAV hands them out while they last.
	keyS  [3]types.AttributeValueMemberS
	nKeyS int
	// one is the list of one input a planned query returns.
	one [1]*dynamodb.QueryInput
}

// keyAV returns the key value v of a number (N) or string (S) key
// attribute; a string is held in q while it has room.
func (q *queryOut) keyAV(number bool, v string) types.AttributeValue {
	if number {
		return &types.AttributeValueMemberN{Value: v}
	}
	if q.nKeyS < len(q.keyS) {
		q.keyS[q.nKeyS].Value = v
		q.nKeyS++
		return &q.keyS[q.nKeyS-1]
	}
	return &types.AttributeValueMemberS{Value: v}
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
