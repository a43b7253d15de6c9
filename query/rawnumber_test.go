package query_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/ddbmodel/ddbmodel"
	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/query"
)

// Raw sort key text on a number (N) sort key must be a number: "abc"
// would otherwise be sent, and DynamoDB refuses it (or the query selects
// nothing).
func TestRawSortKeyTextOnNumberKey(t *testing.T) {
	t.Parallel()
	_, _, _, _, scores := newSchool()
	byPoints := query.New(scores).Index("ByPoints").Where(entity.Values{"game": "g"})
	for name, q := range map[string]query.Query[Score]{
		"SortKey":           byPoints.SortKey(query.SortEq, "abc"),
		"SortKey Gt":        byPoints.SortKey(query.SortGt, "1x"),
		"BetweenKeys low":   byPoints.BetweenKeys("abc", "10"),
		"BetweenKeys high":  byPoints.BetweenKeys("1", "ten"),
		"SortKey too large": byPoints.SortKey(query.SortLe, "1e200"),
	} {
		_, err := q.Build()
		var ve *ddbmodel.ValidationError
		if !errors.As(err, &ve) || ve.Entity != "Score" || ve.Attribute != "points" || !strings.Contains(err.Error(), "number sort key") {
			t.Errorf("%s: err = %v, want a *ValidationError naming Score and points, saying it is a number sort key", name, err)
		}
	}
	for name, q := range map[string]query.Query[Score]{
		"SortKey":     byPoints.SortKey(query.SortGe, "-12.5"),
		"BetweenKeys": byPoints.BetweenKeys("1", "10"),
	} {
		if _, err := q.Build(); err != nil {
			t.Errorf("%s with numbers: %v", name, err)
		}
	}
}

// A scan reads one index: a second Index naming another is refused, as the
// query builder refuses it, instead of silently replacing the first.
func TestScanIndexTwiceRefused(t *testing.T) {
	t.Parallel()
	_, _, _, _, scores := newSchool()
	_, err := query.Scan(scores).Index("ByPoints").Index("GSI1").Build()
	var ve *ddbmodel.ValidationError
	if !errors.As(err, &ve) || ve.Entity != "Score" || !strings.Contains(err.Error(), `"ByPoints", and then "GSI1"`) {
		t.Errorf("err = %v, want a *ValidationError naming Score and both indexes", err)
	}
	if _, err := query.Scan(scores).Index("ByPoints").Index("ByPoints").Build(); err != nil {
		t.Errorf("the same index twice: %v", err)
	}
}
