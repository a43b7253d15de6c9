package entity_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
)

type ordered struct {
	ID    string            `dynamo:"id"`
	Tags  []string          `dynamo:"tags"`
	Set   []string          `dynamo:"labels,set"`
	Meta  map[string]string `dynamo:"meta"`
	OK    bool              `dynamo:"ok"`
	Score int               `dynamo:"score"`
	Name  string            `dynamo:"name"`
}

// TestOrderingComparisonsTakeOrderableValues checks that <, <=, >, >= and
// BETWEEN on a list, set, map or boolean (which DynamoDB refuses when the
// request arrives) are refused at Build in the string form, naming the
// entity and the attribute, while strings and numbers still build. (The
// typed handles of those kinds have no ordering comparisons: see
// testdata/compilefail.)
func TestOrderingComparisonsTakeOrderableValues(t *testing.T) {
	t.Parallel()
	table := &entity.Table{Name: "t", PartitionKey: entity.S("PK"), SortKey: entity.S("SK")}
	e := entity.MustDefine(table, entity.Config[ordered]{Name: "Ordered", Key: entity.Key{Partition: "O#${id}", Sort: "O"}})
	put := func() entity.PutOp[ordered] { return e.Put(ordered{ID: "1"}) }
	for name, op := range map[string]entity.PutOp[ordered]{
		"list Lt":         put().If(entity.Attr("tags").Lt([]string{"a"})),
		"set Gt":          put().If(entity.Attr("labels").Gt([]string{"a"})),
		"map Le":          put().If(entity.Attr("meta").Le(map[string]string{"a": "b"})),
		"bool Gt":         put().If(entity.Attr("ok").Gt(true)),
		"bool Between":    put().If(entity.Attr("ok").Between(false, true)),
		"list element Gt": put().If(entity.Attr("tags[0]").Gt("a")), // a string: fine
	} {
		_, err := op.Build()
		if name == "list element Gt" {
			if err != nil {
				t.Errorf("%s: %v, want it to build", name, err)
			}
			continue
		}
		var ve *ddbmodel.ValidationError
		if !errors.As(err, &ve) || ve.Entity != "Ordered" || ve.Attribute == "" || !strings.Contains(err.Error(), "orders strings, numbers and binary") {
			t.Errorf("%s: err = %v, want a *ValidationError naming Ordered and the attribute", name, err)
		}
	}
	for name, c := range map[string]entity.Condition{
		"string":  entity.Attr("name").Gt("m"),
		"number":  entity.Attr("score").Between(1, 5),
		"unknown": entity.Attr("score").Ge(0),
	} {
		if _, err := put().If(c).Build(); err != nil {
			t.Errorf("%s: %v, want it to build", name, err)
		}
	}
}
