package entity_test

import (
	"strings"
	"testing"
	"time"

	"github.com/ddbmodel/ddbmodel/entity"
)

type lintStock struct {
	ID       string    `dynamo:"id"`
	Count    int       `dynamo:"count"`           // stored at zero: a Default hides it
	Active   bool      `dynamo:"active"`          // likewise
	Since    time.Time `dynamo:"since"`           // likewise
	Reorder  *int      `dynamo:"reorder"`         // a pointer: nil takes the Default
	Shelf    int       `dynamo:"shelf,omitempty"` // never stored at zero
	Location string    `dynamo:"location"`        // "" is never stored
	Minimum  int       `dynamo:"minimum"`         // no Default
	Floor    int       `dynamo:"floor"`           // its Default is the zero: nothing hidden
	Bin      lintBin   `dynamo:"bin"`             // a struct: not a number, bool or time
	Sizes    [2]int    `dynamo:"sizes"`           // an array: likewise
	Note     *int      `dynamo:"note,null"`       // a pointer, stored as NULL at nil
}

type lintBin struct {
	Row int `dynamo:"row"`
}

// A Default on a number, bool or time a put stores at its zero is a
// default-hides-zero warning naming the attribute; pointer (also with the
// null option), omitempty, string, struct and array fields, fields without
// a Default and a Default that is the zero are not.
func TestLintDefaultHidesZero(t *testing.T) {
	t.Parallel()
	tb := &entity.Table{Name: "stock", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
	entity.MustDefine(tb, entity.Config[lintStock]{Name: "Stock", Key: entity.Key{Partition: "STOCK#${id}", Sort: "STOCK"},
		Attributes: map[string]entity.Attribute{
			"count": {Default: 10}, "active": {Default: true}, "since": {Default: func() any { return time.Now() }},
			"reorder": {Default: func() any { v := 5; return &v }}, "shelf": {Default: 1}, "location": {Default: "back"},
			"floor": {Default: 0}, "bin": {Default: lintBin{Row: 1}}, "sizes": {Default: [2]int{1, 2}}, "note": {Default: 3},
		}})
	var got []string
	for _, f := range tb.Lint(entity.LintOptions{}) {
		if f.Code != entity.LintDefaultHidesZero {
			continue
		}
		if f.Severity != entity.Warning || len(f.Entities) != 1 || f.Entities[0] != "Stock" || f.Index != "" {
			t.Errorf("finding %+v: want a warning on the table naming Stock", f)
		}
		got = append(got, strings.Fields(f.Message)[2])
	}
	if want := []string{"active", "count", "since"}; strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("default-hides-zero names %v, want %v", got, want)
	}
}
