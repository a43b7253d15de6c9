package query_test

import (
	"testing"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/query"
)

// A BeginsWith prefix that no key the sort template renders can begin
// with is refused, with the prefix the caller likely meant; one under the
// template's literal, or a prefix of it, builds.
func TestBeginsWithOutsideTemplateLiteral(t *testing.T) {
	visits := newVisits(t)
	q := query.New(visits).Index("GSI1").Where(entity.Values{"siteId": "s1"})
	_, err := q.BeginsWith("2026-05").Build()
	refused(t, err, "Visit", "GSI1SK", `BeginsWith("2026-05") can never match`, "AT#${at:time}", `"AT#2026-05"`)
	for _, ok := range []string{"AT#2026-05", "AT#", "AT", "A"} {
		in, err := q.BeginsWith(ok).Build()
		if err != nil {
			t.Fatalf("BeginsWith(%q): %v", ok, err)
		}
		if got := *in.KeyConditionExpression; got != "#GSI1PK = :v0 AND begins_with(#GSI1SK, :v1)" {
			t.Errorf("BeginsWith(%q): %s", ok, got)
		}
	}
	// On the table, the sort template VISIT#${visitId}; a collection is
	// checked against its members' templates.
	_, err = query.New(visits).Where(entity.Values{"siteId": "s1"}).BeginsWith("v1").Build()
	refused(t, err, "Visit", "SK", `"VISIT#v1"`)
	_, err = query.Of(visits).Where(entity.Values{"siteId": "s1"}).BeginsWith("v1").Build()
	refused(t, err, "Visit", "SK", `"VISIT#v1"`)
}
