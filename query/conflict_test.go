package query_test

import (
	"testing"
	"time"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/query"
)

// A second sort condition, a composite Where gives twice with another
// value, or a second index is refused at Build: each would otherwise
// replace the first silently.
func TestConflictingSettingsRefused(t *testing.T) {
	visits := newVisits(t)
	from := time.Date(2026, 5, 1, 0, 0, 0, 0, time.UTC)
	to := from.AddDate(0, 1, 0)
	base := query.New(visits).Index("GSI1").Where(entity.Values{"siteId": "s1"})
	cases := []struct {
		name  string
		q     query.Query[Visit]
		attr  string
		parts []string
	}{
		{"Gt then Lt", base.Gt(entity.Values{"at": from}).Lt(entity.Values{"at": to}), "at",
			[]string{"one sort-key condition", "already has Gt(at)", "Lt(at)", "use Between for two bounds"}},
		{"Lt then Gt", base.Lt(entity.Values{"at": to}).Gt(entity.Values{"at": from}), "at",
			[]string{"already has Lt(at)", "use Between"}},
		{"Between then Ge", base.Between(entity.Values{"at": from}, entity.Values{"at": to}).Ge(entity.Values{"at": from}), "at",
			[]string{"already has Between(at)", "Ge(at)"}},
		{"SortKey then Lt", base.SortKey(query.SortGt, "AT#2026").Lt(entity.Values{"at": to}), "GSI1SK",
			[]string{`already has SortKey(">", "AT#2026")`, "Lt(at)"}},
		{"Gt then BeginsWith", base.Gt(entity.Values{"at": from}).BeginsWith("AT#2026"), "at",
			[]string{"already has Gt(at)", `BeginsWith("AT#2026")`, "keep one"}},
		{"SortKey twice", base.SortKey(query.SortGt, "AT#1").SortKey(query.SortLt, "AT#3"), "GSI1SK",
			[]string{"use BetweenKeys for two bounds"}},
		{"Where twice", base.Where(entity.Values{"siteId": "s2"}), "siteId",
			[]string{"Where gives siteId twice, s1 and then s2"}},
		{"Index twice", query.New(visits).Index("GSI1").Index("GSI2").Where(entity.Values{"siteId": "s1"}), "",
			[]string{`index "GSI1", and then index "GSI2"`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			in, err := c.q.Build()
			if in != nil {
				t.Fatalf("built %v", *in.KeyConditionExpression)
			}
			refused(t, err, "Visit", c.attr, c.parts...)
		})
	}
	// The base query is unchanged by its refinements (builders are
	// immutable), and repeating the same setting is no conflict.
	for _, q := range []query.Query[Visit]{
		base,
		base.Gt(entity.Values{"at": from}),
		base.Gt(entity.Values{"at": from}).Gt(entity.Values{"at": from}),
		base.Where(entity.Values{"siteId": "s1"}).Index("GSI1"),
	} {
		if _, err := q.Build(); err != nil {
			t.Fatal(err)
		}
	}
	// A collection keeps one sort condition too.
	_, err := query.Of(visits).BeginsWith("VISIT#1").BetweenKeys("VISIT#1", "VISIT#2").Where(entity.Values{"siteId": "s1"}).Build()
	refused(t, err, "Visit", "SK", "already has BeginsWith")
}
