package query_test

import (
	"errors"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/query"
)

// pfColour's own marshalling panics for "boom".
type pfColour string

func (c pfColour) MarshalDynamo() (types.AttributeValue, error) {
	if c == "boom" {
		panic("colour boom")
	}
	return &types.AttributeValueMemberS{Value: string(c)}, nil
}

type pfPaint struct {
	ID     string   `dynamo:"id"`
	Colour pfColour `dynamo:"colour"`
}

// A filter value whose own marshalling panics fails the scan or query
// built with it (Scanner.Build let the panic out): a *ValidationError of
// the entity wrapping ErrPanic.
func TestAFilterValuesPanickingMarshallerIsAnError(t *testing.T) {
	table := &entity.Table{Name: "paint", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
	paints := entity.MustDefine(table, entity.Config[pfPaint]{Name: "Paint", Key: entity.Key{Partition: "P#${id}", Sort: "P"}})
	boom := entity.Attr("colour").Eq(pfColour("boom"))
	for what, build := range map[string]func() error{
		"Scan.Filter":          func() error { _, err := query.Scan(paints).Filter(boom).Build(); return err },
		"Scan.Segments.Filter": func() error { _, err := query.Scan(paints).Segments(3).Filter(boom).Build(); return err },
		"Query.Filter": func() error {
			_, err := query.New(paints).Where(entity.Values{"id": "a"}).Filter(boom).Build()
			return err
		},
		"Collection.Where.Filter": func() error {
			_, err := query.Of(paints).Where(entity.Values{"id": "a"}).Filter(boom).Build()
			return err
		},
	} {
		err := callNoPanic(t, what, build)
		var ve *ddbmodel.ValidationError
		if !errors.As(err, &ve) || ve.Entity != "Paint" || !errors.Is(err, ddbmodel.ErrPanic) {
			t.Errorf("%s: got %v (%T), want a *ValidationError of Paint that wraps ErrPanic", what, err, err)
		}
	}
}

// callNoPanic calls f and returns its error, failing the test (and
// returning nil) when f panics.
func callNoPanic(t *testing.T, what string, f func() error) (err error) {
	t.Helper()
	defer func() {
		if x := recover(); x != nil {
			t.Errorf("%s: panicked: %v", what, x)
		}
	}()
	return f()
}
