package query_test

import (
	"errors"
	"fmt"
	"math"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/query"
)

type meterRead struct {
	ID    string    `dynamo:"id"`
	Meter string    `dynamo:"meter"`
	At    time.Time `dynamo:"at,unixtime"`
}

// Unix seconds given for a time stored as them (a With value, a
// multi-attribute key condition) are taken as the int64 a time.Time gives
// back: a uint64 past int64 is refused before sending, not sent as 0.
func TestUnixSecondsPastInt64AreRefused(t *testing.T) {
	t.Parallel()
	tb := &entity.Table{Name: "meters", PartitionKey: entity.S("PK"), SortKey: entity.S("SK"),
		Indexes: []entity.Index{{Name: "ByMeter", PartitionKeys: []entity.KeyAttribute{entity.S("meter")}, SortKeys: []entity.KeyAttribute{entity.N("at")}}}}
	reads := entity.MustDefine(tb, entity.Config[meterRead]{Name: "MeterRead", Key: entity.Key{Partition: "READ#${id}", Sort: "READ"},
		Indexes: []entity.IndexKey[meterRead]{{Index: "ByMeter", Sparse: true}}})
	for _, v := range []any{uint64(math.MaxUint64), uint64(1) << 63} {
		var ve *ddbmodel.ValidationError
		in, err := reads.Update(entity.Values{"id": "a"}).Set("meter", "m").With(entity.Values{"at": v}).Build()
		if in != nil || !errors.As(err, &ve) || ve.Entity != "MeterRead" || ve.Attribute != "at" {
			t.Errorf("With at=%v: %v, want a *ddbmodel.ValidationError for MeterRead at", v, err)
		}
		q, err := query.New(reads).Index("ByMeter").Where(entity.Values{"meter": "m", "at": v}).Build()
		if q != nil || !errors.As(err, &ve) || ve.Entity != "MeterRead" || ve.Attribute != "at" {
			t.Errorf("Where at=%v: %v, want a *ddbmodel.ValidationError for MeterRead at", v, err)
		}
	}
	// Any int64 is taken and sent as given, as is a uint64 up to it.
	for _, v := range []any{uint64(1_700_000_000), uint64(math.MaxInt64), int64(1e15), int64(-1e10), int64(math.MaxInt64), int64(math.MinInt64)} {
		q, err := query.New(reads).Index("ByMeter").Where(entity.Values{"meter": "m", "at": v}).Build()
		if err != nil {
			t.Errorf("Where at=%v: %v", v, err)
			continue
		}
		found := false
		for _, av := range q.ExpressionAttributeValues {
			if n, ok := av.(*types.AttributeValueMemberN); ok {
				found = true
				if want := fmt.Sprint(v); n.Value != want {
					t.Errorf("Where at=%v sends %s, want %s", v, n.Value, want)
				}
			}
		}
		if !found {
			t.Errorf("Where at=%v sends no number: %v", v, q.ExpressionAttributeValues)
		}
	}
}
