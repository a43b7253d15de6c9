package entity

import (
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/google/go-cmp/cmp"
)

// testKit holds the parts of package entitytest that this package's
// internal tests use. entitytest imports entity, so those tests cannot
// import it; kit_test.go (package entity_test, in the same test binary)
// fills testKit in through TestKit before any test runs.
var testKit struct {
	Client     func(testing.TB) *dynamodb.Client
	NewTable   func(testing.TB, *dynamodb.CreateTableInput) string
	CmpOptions cmp.Options
}

// TestKit lets kit_test.go fill in testKit.
var TestKit = &testKit

// CheckUnmarked lets external tests see why an entity does not take an
// unmarked item as its own.
func CheckUnmarked[T any](e *Entity[T], item map[string]types.AttributeValue) error {
	return e.checkUnmarked(item)
}

// ApplyUpdateLocally returns item with op applied by the update's local
// model: the model that updates reading the item first (ReadFirst, moves)
// derive keys and conditions from, itself checked against DynamoDB by
// TestApplyLocallyMatchesDynamoDB.
func ApplyUpdateLocally[T any](op UpdateOp[T], item map[string]types.AttributeValue) (map[string]types.AttributeValue, error) {
	c, err := op.compile(item)
	if err != nil {
		return nil, err
	}
	return c.merged, nil
}
