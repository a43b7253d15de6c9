package query_test

import (
	"testing"

	"github.com/ddbmodel/ddbmodel/entity"
	"github.com/ddbmodel/ddbmodel/query"
)

// A zero entity.Cond[T]{} given to Ensure, Matching, And, Or or Not is
// refused at Build, as ItemKey.Check refuses one, rather than dropped; a
// zero receiver still starts a chain.
func TestZeroCondRefused(t *testing.T) {
	visits := newVisits(t)
	status := entity.StringOf(visits, func(v *Visit) *string { return &v.Status })
	zero := entity.Cond[Visit]{}
	key := entity.Values{"siteId": "s1", "visitId": "v1"}
	build := func(c entity.Condition) error {
		_, err := query.New(visits).Where(entity.Values{"siteId": "s1"}).Filter(c).Build()
		return err
	}
	for name, err := range map[string]error{
		"Or":  build(status.Eq("a").Or(zero).Condition()),
		"And": build(status.Eq("a").And(zero).Condition()),
		"Not": build(zero.Not().Condition()),
		"Matching": func() error {
			_, err := query.New(visits).Where(entity.Values{"siteId": "s1"}).Matching(status.Eq("a"), zero).Build()
			return err
		}(),
		"Ensure":           func() error { _, err := visits.Update(key).Set("status", "b").Ensure(zero).Build(); return err }(),
		"Ensure of Delete": func() error { _, err := visits.Delete(key).Ensure(status.Eq("a"), zero).Build(); return err }(),
	} {
		t.Run(name, func(t *testing.T) {
			refused(t, err, "Visit", "", "zero entity.Cond", "dropped silently")
		})
	}
	in, err := query.New(visits).Where(entity.Values{"siteId": "s1"}).Matching(zero.Or(status.Eq("a"), status.Eq("b"))).Build()
	if err != nil {
		t.Fatal(err)
	}
	if got := *in.FilterExpression; got != "(#status = :v2) OR (#status = :v3)" {
		t.Errorf("a chain from a zero receiver: %s", got)
	}
}
