package entity_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/internal/testenv"
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
// accepts is stored, one byte more is refused before sending.
func TestFastPathItemSizeLimit(t *testing.T) {
	ctx := context.Background()
	table := newTable()
	notes := entity.MustDefine(table, entity.Config[plainNote]{
		Name:    "Note",
		Key:     entity.Key{Partition: "NOTE#${id}", Sort: "N"},
		Indexes: []entity.IndexKey[plainNote]{{Index: "GSI1", Partition: "OWNER#${owner}", Sort: "NOTE#${id}"}},
	})
	db := entity.NewDB(testenv.Client(t), testenv.NewTable(t, table.CreateTableInput()))
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
}
