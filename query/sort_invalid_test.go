package query_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/query"
)

// A sort condition the sort key cannot take is refused naming the entity,
// the sort key attribute and what it takes (review of #11, finding 3: the
// errors named neither).
func TestSortRefusalsNameEntityAndAttribute(t *testing.T) {
	t.Parallel()
	_, _, _, _, scores := newSchool()
	byPoints := query.New(scores).Index("ByPoints").Where(entity.Values{"game": "g"})
	cases := []struct {
		name       string
		q          query.Query[Score]
		attr, says string
	}{
		{"BeginsWith on a number sort key", byPoints.BeginsWith("1"), "points", "takes =, <, <=, >, >= and BETWEEN"},
		{"an unknown operator", byPoints.SortKey(query.SortOp("<>"), "1"), "", `"<>"`},
	}
	for _, c := range cases {
		_, err := c.q.Build()
		var ve *ddbmodel.ValidationError
		if !errors.As(err, &ve) || ve.Entity != "Score" || ve.Attribute != c.attr || !strings.Contains(err.Error(), c.says) {
			t.Errorf("%s: err = %v, want a *ValidationError naming Score and %q, saying %q", c.name, err, c.attr, c.says)
		}
	}
}
