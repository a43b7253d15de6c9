package query_test

import (
	"errors"
	"testing"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/query"
)

// A QueryKey that QueryKeyOf did not make (a zero value) gives a query
// that Build refuses with a *ValidationError, not a panic.
func TestAZeroQueryKeyIsRefusedNotAPanic(t *testing.T) {
	type byAuthor struct {
		AuthorID string `dynamo:"authorId"`
	}
	_, err := query.By(&entity.QueryKey[struct{}, byAuthor]{}, byAuthor{AuthorID: "ana"}).Build()
	var ve *ddbmodel.ValidationError
	if !errors.As(err, &ve) {
		t.Fatalf("Build of a zero QueryKey's query: %v, want a *ddbmodel.ValidationError", err)
	}
}
