package entity_test

import (
	"context"
	"errors"
	"math"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/entity/entitytest"
)

type f32Gauge struct {
	ID    string  `dynamo:"id"`
	Level float32 `dynamo:"level"`
}

// An Add to a float32 field whose sum would leave ±math.MaxFloat32 (and
// read back as an infinity, which a put then refuses) fails with an
// *entity.AddRangeError, the item unchanged; a sum in range is stored.
func TestFloat32AddStaysInRange(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	table := &entity.Table{Name: "f32add", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
	gauges := entity.MustDefine(table, entity.Config[f32Gauge]{Name: "Gauge", Key: entity.Key{Partition: "G#${id}", Sort: "G"}})
	db := entitytest.NewDB(t, table)
	key := map[string]types.AttributeValue{"PK": s("G#g1"), "SK": s("G")}
	for _, c := range []struct {
		name         string
		stored, add  float32
		want         float32 // the stored value after; unchanged on a range error
		outsideRange bool
	}{
		{"up past the maximum", 3e38, 3e38, 3e38, true},
		{"down past the minimum", -3e38, -3e38, -3e38, true},
		{"up within the range", 3e38, 1e37, 3.1e38, false},
		{"down within the range", 1, -2, -1, false},
	} {
		if _, err := gauges.Put(f32Gauge{ID: "g1", Level: c.stored}).Run(ctx, db); err != nil {
			t.Fatal(err)
		}
		_, err := gauges.Update(entity.Values{"id": "g1"}).Add("level", c.add).Run(ctx, db)
		var re *entity.AddRangeError
		if c.outsideRange {
			if !errors.As(err, &re) || re.Attribute != "level" || re.Type != "float32" || !errors.Is(err, ddbmodel.ErrConditionFailed) {
				t.Errorf("%s: %v, want an *entity.AddRangeError on level (float32)", c.name, err)
			}
		} else if err != nil {
			t.Errorf("%s: %v", c.name, err)
		}
		got, err := gauges.Decode(rawItem(t, db, key))
		if err != nil {
			t.Fatalf("%s: the item no longer decodes: %v", c.name, err)
		}
		if math.IsInf(float64(got.Level), 0) || math.Abs(float64(got.Level-c.want)) > math.Abs(float64(c.want))*1e-6 {
			t.Errorf("%s: level = %v, want %v", c.name, got.Level, c.want)
		}
	}
}
