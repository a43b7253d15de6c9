package entity_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
)

type unixSlice struct {
	ID    string      `dynamo:"id"`
	Times []time.Time `dynamo:"times,unixtime"`
}

type unixMap struct {
	ID    string               `dynamo:"id"`
	Times map[string]time.Time `dynamo:"times,unixtime"`
}

type unixInt struct {
	ID      string `dynamo:"id"`
	Seconds int64  `dynamo:"seconds,unixtime"`
}

type unixVisit struct {
	Place string      `dynamo:"place"`
	Times []time.Time `dynamo:"times,unixtime"`
}

type unixNested struct {
	ID     string      `dynamo:"id"`
	Visits []unixVisit `dynamo:"visits"`
}

type unixTimes struct {
	ID  string     `dynamo:"id"`
	At  time.Time  `dynamo:"at,unixtime"`
	End *time.Time `dynamo:"end,unixtime"`
	// The times of a slice element's own field, tagged on the field.
	Stops []struct {
		At time.Time `dynamo:"at,unixtime"`
	} `dynamo:"stops"`
}

// The unixtime option stores a time.Time as Unix seconds; on any other
// field the encoder ignores it (a []time.Time's times are stored as RFC
// 3339 text), so Define refuses it there, naming the attribute and the
// path, instead of storing text the model says is a number.
func TestDefineRefusesUnixtimeOnAFieldThatIsNoTime(t *testing.T) {
	t.Parallel()
	table := func() *entity.Table { // one each: the entities share a key layout
		return &entity.Table{Name: "unixtime", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
	}
	key := entity.Key{Partition: "X#${id}", Sort: "X"}
	for _, c := range []struct {
		name       string
		define     func() error
		attr, path string
	}{
		{"[]time.Time", func() error {
			_, err := entity.Define(table(), entity.Config[unixSlice]{Name: "S", Key: key})
			return err
		}, "times", "times"},
		{"map of times", func() error {
			_, err := entity.Define(table(), entity.Config[unixMap]{Name: "M", Key: key})
			return err
		}, "times", "times"},
		{"int64", func() error {
			_, err := entity.Define(table(), entity.Config[unixInt]{Name: "I", Key: key})
			return err
		}, "seconds", "seconds"},
		{"inside list elements", func() error {
			_, err := entity.Define(table(), entity.Config[unixNested]{Name: "N", Key: key})
			return err
		}, "visits", "visits[].times"},
	} {
		err := c.define()
		var ve *ddbmodel.ValidationError
		if !errors.As(err, &ve) || ve.Attribute != c.attr || !strings.Contains(err.Error(), c.path+" is tagged unixtime") {
			t.Errorf("%s: %v; want a ValidationError on %s naming %s as tagged unixtime", c.name, err, c.attr, c.path)
		}
	}
	e, err := entity.Define(table(), entity.Config[unixTimes]{Name: "T", Key: key})
	if err != nil {
		t.Fatalf("time.Time and *time.Time tagged unixtime: %v", err)
	}
	at := time.Unix(1767323045, 0).UTC()
	in, err := e.Put(unixTimes{ID: "1", At: at, End: &at}).Build()
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"at", "end"} {
		if n, ok := in.Item[name].(*types.AttributeValueMemberN); !ok || n.Value != "1767323045" {
			t.Errorf("%s stored as %#v, want the number 1767323045", name, in.Item[name])
		}
	}
}
