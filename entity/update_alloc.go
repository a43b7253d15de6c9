package entity

import "github.com/aws/aws-sdk-go-v2/service/dynamodb"

// updateOut is what a compiled update returns, in one allocation: the
// compiled update, its request and the request's strings. Each compile
// makes a new one, so every built request is the caller's own.
type updateOut struct {
	c    compiledUpdate
	in   dynamodb.UpdateItemInput
	strs [3]string // table name, update expression, condition expression
}

// setIn stores v under k in *m, making the map on the first store.
func setIn[M ~map[string]V, V any](m *M, k string, v V) {
	if *m == nil {
		*m = M{}
	}
	(*m)[k] = v
}
