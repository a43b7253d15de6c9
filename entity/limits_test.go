package entity_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
)

type Readings struct {
	ID     string    `dynamo:"id"`
	Values []float64 `dynamo:"values"`
	Note   string    `dynamo:"note"`
}

// The item size check counts numbers as DynamoDB does: an item at the limit
// is written, one byte over is refused before sending, whatever numbers it
// holds (negative and fractional ones were under-counted, numbers with zeros
// over-counted).
func TestItemSizeLimitWithNumbers(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	table := newTable()
	readings := entity.MustDefine(table, entity.Config[Readings]{Name: "Readings", Key: entity.Key{Partition: "R#${id}", Sort: "R"}})
	db := entitytest.NewDB(t, table)
	for _, sample := range [][]float64{{-1.5, -0.25, -12.125}, {1e20, 1000, 0.001}} {
		var vals []float64
		for len(vals) < 3000 {
			vals = append(vals, sample...)
		}
		// Find the note length at which the library measures the item
		// (under one key) at the limit: it refuses one byte more with a
		// *LimitError.
		var le *ddbmodel.LimitError
		_, err := readings.Put(Readings{ID: "same", Values: vals, Note: "x"}).Build()
		if err != nil {
			t.Fatal(err)
		}
		_, err = readings.Put(Readings{ID: "same", Values: vals, Note: strings.Repeat("x", 500000)}).Build()
		if !errors.As(err, &le) {
			t.Fatalf("oversized item: err = %v, want *LimitError", err)
		}
		pad := 500000 - (le.Got - le.Limit)
		if _, err := readings.Put(Readings{ID: "same", Values: vals, Note: strings.Repeat("x", pad)}).Run(ctx, db); err != nil {
			t.Errorf("sample %v: an item the library measures at the limit: %v", sample, err)
		}
		_, err = readings.Put(Readings{ID: "same", Values: vals, Note: strings.Repeat("x", pad+1)}).Run(ctx, db)
		if !errors.As(err, &le) || le.Got != le.Limit+1 {
			t.Errorf("sample %v: one byte over: err = %v, want *LimitError", sample, err)
		}
	}
}
