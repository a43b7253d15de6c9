package query_test

import (
	"errors"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/query"
)

type dayLog struct {
	Host  string    `dynamo:"host"`
	Level string    `dynamo:"level"`
	At    time.Time `dynamo:"at"`
}

// A sort-key bound is a key value, as README says: a time for a
// composite rendered by day is its day (Gt leaves the whole day out, Ge
// takes it all), and a bound outside the composite's Enum is refused as a
// put of it would be.
func TestASortKeyBoundIsAKeyValue(t *testing.T) {
	t.Parallel()
	table := &entity.Table{Name: "bounds", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
	logs := entity.MustDefine(table, entity.Config[dayLog]{Name: "DayLog",
		Key:        entity.Key{Partition: "HOST#${host}", Sort: "LEVEL#${level}#DAY#${at:date}"},
		Attributes: map[string]entity.Attribute{"level": {Enum: []string{"info", "error"}}}})
	afternoon := time.Date(2026, 5, 1, 13, 30, 0, 0, time.UTC)
	host := entity.Values{"host": "h1", "level": "info"}
	// The range is kept inside the entity's keys (BETWEEN its lower
	// bound and the end of the level's keys): its lower bound is the
	// day's key, for Gt just past it.
	for _, c := range []struct {
		op   string
		q    query.Query[dayLog]
		from string
	}{
		{"Gt", query.New(logs).Where(host).Gt(entity.Values{"at": afternoon}), "LEVEL#info#DAY#2026-05-01\x00"},
		{"Ge", query.New(logs).Where(host).Ge(entity.Values{"at": afternoon}), "LEVEL#info#DAY#2026-05-01"},
	} {
		in, err := c.q.Build()
		if err != nil {
			t.Fatalf("%s: %v", c.op, err)
		}
		if want := "#PK = :v0 AND #SK BETWEEN :v1 AND :v2"; *in.KeyConditionExpression != want {
			t.Errorf("%s: key condition %q, want %q", c.op, *in.KeyConditionExpression, want)
		}
		from, _ := in.ExpressionAttributeValues[":v1"].(*types.AttributeValueMemberS)
		if from == nil || from.Value != c.from {
			t.Errorf("%s: lower bound %#v, want %q", c.op, in.ExpressionAttributeValues[":v1"], c.from)
		}
	}
	_, err := query.New(logs).Where(entity.Values{"host": "h1"}).Ge(entity.Values{"level": "debug"}).Build()
	var ve *ddbmodel.ValidationError
	if !errors.As(err, &ve) || ve.Attribute != "level" {
		t.Errorf("a bound outside the Enum: %v; want a ValidationError on level", err)
	}
}
