package entity_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/smithy-go"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
)

type plainNote struct {
	ID     string   `dynamo:"id"`
	Owner  string   `dynamo:"owner"`
	Note   string   `dynamo:"note"`
	Count  int      `dynamo:"count"`
	Ratio  float64  `dynamo:"ratio"`
	Labels []string `dynamo:"labels,set"`
	Done   bool     `dynamo:"done"`
}

// The fast encoder measures the item as DynamoDB does: the largest item it
// accepts is stored, one byte more is refused before sending. The second
// table's index keys overlap the fields: its sort key attribute is the
// note's own "owner" attribute, which the key writes again (Define allows
// only ${owner} there), so the item is measured again rather than added up.
func TestFastPathItemSizeLimit(t *testing.T) {
	t.Parallel()
	overlapping := &entity.Table{Name: "overlap", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"),
		Indexes: []entity.Index{{Name: "ByOwner", PartitionKey: entity.S("GSI1PK"), SortKey: entity.S("owner")}}}
	cases := map[string]struct {
		table *entity.Table
		index entity.IndexKey[plainNote]
	}{
		"keys apart from fields": {newTable(), entity.IndexKey[plainNote]{Index: "GSI1", Partition: "OWNER#${owner}", Sort: "NOTE#${id}"}},
		"key over a field":       {overlapping, entity.IndexKey[plainNote]{Index: "ByOwner", Partition: "NOTES", Sort: "${owner}"}},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			notes := entity.MustDefine(c.table, entity.Config[plainNote]{
				Name:    "Note",
				Key:     entity.Key{Partition: "NOTE#${id}", Sort: "N"},
				Indexes: []entity.IndexKey[plainNote]{c.index},
			})
			db := entitytest.NewDB(t, c.table)
			base := plainNote{ID: "n1", Owner: "ana", Count: -12345, Ratio: -0.125, Labels: []string{"a", "bc"}, Done: true}
			big := base
			big.Note = strings.Repeat("x", 500000)
			_, err := notes.Put(big).Build()
			var le *ddbmodel.LimitError
			if !errors.As(err, &le) {
				t.Fatalf("oversized item: err = %v, want *LimitError", err)
			}
			atLimit := base
			atLimit.Note = strings.Repeat("x", 500000-(le.Got-le.Limit))
			if _, err := notes.Put(atLimit).Run(ctx, db); err != nil {
				t.Fatalf("an item measured at the limit was refused: %v", err)
			}
			over := atLimit
			over.Note += "x"
			if _, err := notes.Put(over).Run(ctx, db); !errors.As(err, &le) || le.Got != le.Limit+1 {
				t.Fatalf("one byte over: err = %v, want a *LimitError of limit+1", err)
			}
			// DynamoDB itself refuses that byte: the measure is exact.
			in, err := notes.Put(atLimit).Build()
			if err != nil {
				t.Fatal(err)
			}
			in.TableName = db.Table(c.table.Name)
			in.Item["note"] = &types.AttributeValueMemberS{Value: over.Note}
			var api smithy.APIError
			if _, err := db.Client.PutItem(ctx, in); !errors.As(err, &api) || api.ErrorCode() != "ValidationException" {
				t.Fatalf("DynamoDB took an item one byte over the measured limit: err = %v", err)
			}
		})
	}
}
