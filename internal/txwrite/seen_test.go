package txwrite

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/internal/expr"
)

// Two actions on one item are refused wherever they stand in the
// transaction: both among the first few (compared key by key), one among
// them and one past them, and both past them (compared by KeyID); keys
// that differ in the table, the value or its kind are other items.
func TestInputRefusesTwoActionsOnOneItemAnywhere(t *testing.T) {
	action := func(table, pk string, number bool) Action {
		var v types.AttributeValue = &types.AttributeValueMemberS{Value: pk}
		if number {
			v = &types.AttributeValueMemberN{Value: pk}
		}
		key := map[string]types.AttributeValue{"PK": v, "SK": &types.AttributeValueMemberS{Value: "A"}}
		return Action{Entity: "E", Key: key, Item: types.TransactWriteItem{Delete: &types.Delete{TableName: aws.String(table), Key: key}}}
	}
	distinct := func(n int) []Action {
		var as []Action
		for i := range n {
			as = append(as, action("t", fmt.Sprint(i), false))
		}
		return as
	}
	for _, pair := range [][2]int{{0, 1}, {2, 7}, {3, 8}, {0, 19}, {9, 10}, {12, 19}} {
		as := distinct(20)
		as[pair[1]] = action("t", fmt.Sprint(pair[0]), false)
		_, err := Input(Tables{}, "", as)
		var ve *ddbmodel.ValidationError
		want := fmt.Sprintf("transaction actions %d and %d are on the same item", pair[0], pair[1])
		if !errors.As(err, &ve) || !strings.Contains(err.Error(), want) {
			t.Errorf("actions %v on one item: %v; want %q", pair, err, want)
		}
	}
	for _, other := range []Action{action("u", "0", false), action("t", "0", true), action("t", "00", false)} {
		for _, at := range []int{1, 15} {
			as := distinct(20)
			as[0] = action("t", "0", false)
			as[at] = other
			if _, err := Input(Tables{}, "", as); err != nil {
				t.Errorf("%s at %d: %v; it is another item than action 0's", expr.DescribeKey(other.Key), at, err)
			}
		}
	}
}
